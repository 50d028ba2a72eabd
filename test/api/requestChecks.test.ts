// The browser's own checks before sending (requestChecks.ts) and the proxy's schemas are one rule:
// each check accepts exactly what its schema accepts. A confirm's payment method, a flow's steps,
// the volume's period and type and a list's limit, type, status and booleans are the proxy's alone
// (test/components/proxyRefusesInput.test.tsx, test/client/callOperation.test.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
// eslint-disable-next-line no-restricted-imports -- api/requestChecks, the module this file tests
import { checkIdempotencyKey, checkLegacyId, checkOpaqueId, checkTz, type Check } from '../../src/api/requestChecks.js';
// eslint-disable-next-line no-restricted-imports -- idempotencyKeySchema, legacyTransactionIdSchema, transactionIdSchema, volumeQuerySchema of api/index, which no entry exports
import {
  idempotencyKeySchema,
  legacyTransactionIdSchema,
  transactionIdSchema,
  volumeQuerySchema,
} from '../../src/api/index.js';

// Strings near each rule's edges: its characters, lengths around its bounds, digits, UUIDs, and
// anything else.
const candidates = fc.oneof(
  fc.string({ unit: fc.constantFrom(...'aZ09_-./% é'.split('')), maxLength: 140 }),
  fc.stringMatching(/^\d{1,17}$/),
  fc.uuid(),
  fc.string({ unit: 'grapheme', maxLength: 300 }),
  fc.constantFrom(undefined, null, 42, '', 'UTC', 'utc', 'U1C', 'x'.repeat(64), 'x'.repeat(65), 'k'.repeat(128), 'k'.repeat(129)),
);

const pairs: [string, Check, (value: unknown) => boolean][] = [
  ['checkOpaqueId', checkOpaqueId, (value) => transactionIdSchema.safeParse(value).success],
  ['checkLegacyId', checkLegacyId, (value) => legacyTransactionIdSchema.safeParse(value).success],
  ['checkIdempotencyKey', checkIdempotencyKey, (value) => idempotencyKeySchema.safeParse(value).success],
  ['checkTz', checkTz, (value) => volumeQuerySchema.safeParse({ tz: value }).success],
];

describe('given the checks the browser makes before sending', () => {
  it.each(pairs)('should have %s accept exactly what the proxy schema accepts', (_name, check, schemaAccepts) => {
    fc.assert(
      fc.property(candidates, (value) => {
        expect(check(value) === undefined).toBe(schemaAccepts(value));
      }),
      { numRuns: 2_000 },
    );
  });
});
