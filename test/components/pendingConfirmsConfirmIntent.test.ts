// The confirms useConfirmIntent keeps in the tab's storage (src/components/headless/pendingConfirms.ts),
// on a storage of the test's own: bounded, a day at most, one subject's, and never a throw.
import { describe, expect, it } from 'vitest';
// eslint-disable-next-line no-restricted-imports -- dropPendingConfirm, keepPendingConfirm, readPendingConfirm, subjectOf of components/headless/pendingConfirms, which no entry exports
import {
  dropPendingConfirm,
  keepPendingConfirm,
  readPendingConfirm,
  subjectOf,
} from '../../src/components/headless/pendingConfirms.js';

/** A Storage over a Map, with `fail` naming the methods that throw. */
function fakeStorage(fail: readonly (keyof Storage)[] = []): Storage {
  const items = new Map<string, string>();
  const guard = (name: keyof Storage) => {
    if (fail.includes(name)) throw new DOMException(`${String(name)} refused`, 'QuotaExceededError');
  };
  return {
    get length() {
      return items.size;
    },
    key: (index) => (guard('key'), [...items.keys()][index] ?? null),
    getItem: (name) => (guard('getItem'), items.get(name) ?? null),
    setItem: (name, value) => {
      guard('setItem');
      items.set(name, value);
    },
    removeItem: (name) => {
      guard('removeItem');
      items.delete(name);
    },
    clear: () => {
      items.clear();
    },
  };
}

const pending = (id: string, subject = 's1') => ({ paymentIntentId: id, paymentMethodId: 'pm_1', idempotencyKey: `key-${id}`, subject });
const HOUR = 60 * 60 * 1000;

describe('given the confirms kept in a tab', () => {
  it('should keep at most 16, letting the oldest go', () => {
    const storage = fakeStorage();
    for (let index = 0; index < 20; index += 1) keepPendingConfirm(storage, pending(`pi_${String(index)}`), 1_000 + index);
    expect(storage.length).toBe(16);
    expect(readPendingConfirm(storage, 'pi_3', 's1', 2_000)).toBeUndefined();
    expect(readPendingConfirm(storage, 'pi_19', 's1', 2_000)).toMatchObject({ idempotencyKey: 'key-pi_19' });
  });

  it('should forget one older than a day, and those of another subject', () => {
    const storage = fakeStorage();
    keepPendingConfirm(storage, pending('pi_old'), 0);
    keepPendingConfirm(storage, pending('pi_other', 's2'), 20 * HOUR);
    keepPendingConfirm(storage, pending('pi_new'), 20 * HOUR);
    expect(readPendingConfirm(storage, 'pi_old', 's1', 25 * HOUR)).toBeUndefined();
    expect(readPendingConfirm(storage, 'pi_new', 's1', 25 * HOUR)).toMatchObject({ paymentMethodId: 'pm_1' });
    expect(storage.length).toBe(1);
    dropPendingConfirm(storage, 'pi_new');
    expect(storage.length).toBe(0);
  });

  it('should never throw, whatever the storage refuses', () => {
    for (const refused of ['key', 'getItem', 'setItem', 'removeItem'] as const) {
      const storage = fakeStorage([refused]);
      expect(() => {
        keepPendingConfirm(storage, pending('pi_1'));
        readPendingConfirm(storage, 'pi_1', 's1');
        dropPendingConfirm(storage, 'pi_1');
      }).not.toThrow();
    }
  });
});

describe('given a session token', () => {
  const token = (claims: object) => `h.${btoa(JSON.stringify(claims)).replace(/=+$/u, '')}.sig`;
  it('should tell subjects apart by their sub claim only, without keeping it', () => {
    expect(subjectOf(token({ sub: 'user_1', exp: 1 }))).toBe(subjectOf(token({ sub: 'user_1', exp: 2 })));
    expect(subjectOf(token({ sub: 'user_1' }))).not.toBe(subjectOf(token({ sub: 'user_2' })));
    expect(subjectOf(token({ sub: 'user_1' }))).not.toContain('user_1');
  });

  it('should name no subject for a token without one, and the empty one without a session', () => {
    expect(subjectOf('not-a-jwt')).toBeUndefined();
    expect(subjectOf(token({ exp: 1 }))).toBeUndefined();
    expect(subjectOf(undefined)).toBe('');
  });
});
