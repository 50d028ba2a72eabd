import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
// eslint-disable-next-line no-restricted-imports -- knownTransferStatuses, paymentIntentStatuses of api/index, which no entry exports
import { knownTransferStatuses, paymentIntentStatuses } from '../../../src/api/index.js';
import { messagesEn as en, messagesEs as es } from 'payments-kit/messages';
// eslint-disable-next-line no-restricted-imports -- openEnumLabel of components/shared/openEnumLabel, which no entry exports
import { openEnumLabel } from '../../../src/components/shared/openEnumLabel.js';
// eslint-disable-next-line no-restricted-imports -- components/shared/statusTone, the module this file tests
import { statusTone } from '../../../src/components/shared/statusTone.js';

describe('given a payment intent status the API lists', () => {
  it('should give every one a word in each locale and a tone', () => {
    for (const status of paymentIntentStatuses) {
      const result = statusTone('paymentIntent', status, en);
      expect(result.label).toBe(en.paymentIntentStatuses[status]);
      expect(result.known).toBe(true);
      expect(['neutral', 'info', 'success', 'warning', 'danger']).toContain(result.tone);
      expect(statusTone('paymentIntent', status, es).label).toBe(es.paymentIntentStatuses[status]);
    }
    expect(statusTone('paymentIntent', 'succeeded', en).tone).toBe('success');
    expect(statusTone('paymentIntent', 'failed', en).tone).toBe('danger');
    expect(statusTone('paymentIntent', 'requires_action', en).tone).toBe('warning');
    expect(statusTone('transfer', 'created', es)).toEqual({ tone: 'info', label: 'Creada', known: true });
  });
});

describe('given a transfer status the API documents', () => {
  it('should read the failures as danger, completion as success, work under way as info and a review as a warning', () => {
    const tones = Object.fromEntries(knownTransferStatuses.map((status) => [status, statusTone('transfer', status, en).tone]));
    expect(tones).toEqual({
      created: 'info',
      pending: 'info',
      flagged: 'warning',
      completed: 'success',
      failed: 'danger',
      reversed: 'danger',
      canceled: 'danger',
    });
    for (const status of knownTransferStatuses) {
      expect(statusTone('transfer', status, es)).toMatchObject({ label: es.transferStatuses[status], known: true });
    }
    expect(statusTone('transfer', 'flagged', en).label).toBe('Under review');
  });
});

describe('given a status the kit does not know (open enum)', () => {
  it('should show its raw text in the neutral tone', () => {
    const known = new Set<string>([...paymentIntentStatuses, ...knownTransferStatuses]);
    fc.assert(
      fc.property(fc.string({ minLength: 1 }).filter((s) => !known.has(s)), fc.constantFrom('paymentIntent', 'transfer' as const), (status, kind) => {
        expect(statusTone(kind, status, en)).toEqual({ tone: 'neutral', label: status, known: false });
      }),
    );
    expect(statusTone('paymentIntent', 'constructor', en)).toEqual({ tone: 'neutral', label: 'constructor', known: false });
    expect(statusTone('transfer', 'succeeded', en).tone).toBe('neutral');
  });

  it('should say "Status unknown" when there is no status', () => {
    expect(statusTone('paymentIntent', undefined, en)).toEqual({ tone: 'neutral', label: 'Status unknown', known: false });
    expect(statusTone('paymentIntent', null, es).label).toBe('Estado desconocido');
  });

  it('should label open enum values with a word or their raw text', () => {
    expect(openEnumLabel('id-verification', en.flowSteps)).toBe('Identity verification');
    expect(openEnumLabel('quarter', en.volumeTypes)).toBe('quarter');
    expect(openEnumLabel('toString', en.volumeTypes)).toBe('toString');
  });
});
