// `payments-kit/…` named in a test or a story resolves to the sources on Vitest's browser side too
// (Vite's client conditions), as it does on the server side (kitEntries.node.test.ts).
import { describe, expect, it } from 'vitest';
import { paymentsKeys as paymentsKeysByName } from 'payments-kit/queries';
import { paymentsKeys } from 'payments-kit';

describe('given Vitest on the browser side', () => {
  it('should resolve payments-kit/… by name to the sources', () => {
    expect(paymentsKeysByName).toBe(paymentsKeys);
  });
});
