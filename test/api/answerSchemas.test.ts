// The browser's answer checker reads each answer schema from its own table (answerSchemas.ts),
// without the operations' addresses and request schemas: it must be the operations table's own.
import { describe, expect, it } from 'vitest';
// eslint-disable-next-line no-restricted-imports -- api/answerSchemas, the module this file tests
import { answerSchemas } from '../../src/api/answerSchemas.js';
// eslint-disable-next-line no-restricted-imports -- operations of api/operations, which no entry exports
import { operations, type OperationName } from '../../src/api/operations.js';

describe('given the answer schemas the browser checks with', () => {
  it('should hold, for every operation and no other, the schema its entry answers with', () => {
    expect(Object.keys(answerSchemas).sort()).toEqual(Object.keys(operations).sort());
    const differing = (Object.keys(operations) as OperationName[]).filter((name) => answerSchemas[name] !== operations[name].response);
    expect(differing).toEqual([]);
  });
});
