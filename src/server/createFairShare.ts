import type { OperationName } from '../api/index.js';
import { rateLimited } from './rateLimits.js';
import type { InFlightLimit } from './rateLimits.js';

interface Share {
  active: number;
  waiting: (() => void)[];
}

/**
 * Each subject's share of the upstream pool on this instance: at most `perSubject` of its calls
 * in flight, `queue` more waiting up to `waitMs` for a slot, and the rest answered 429 at once.
 * One client then cannot fill the pool every other user's calls go through.
 *
 * `run(subject, operation, call)` runs `call` in one of the subject's slots.
 */
export function createFairShare({ perSubject, queue, waitMs }: Required<InFlightLimit>) {
  const shares = new Map<string, Share>();

  const release = (subject: string, share: Share) => {
    const next = share.waiting.shift();
    // The slot passes straight to the next waiting call; the count stays.
    if (next) next();
    else if (--share.active === 0) shares.delete(subject);
  };

  const acquire = (subject: string, share: Share, operation: OperationName): Promise<void> => {
    if (share.waiting.length >= queue) return Promise.reject(busy(operation));
    return new Promise((resolve, reject) => {
      const grant = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        const at = share.waiting.indexOf(grant);
        if (at !== -1) share.waiting.splice(at, 1);
        reject(busy(operation));
      }, waitMs);
      share.waiting.push(grant);
    });
  };

  return async function run<T>(subject: string, operation: OperationName, call: () => Promise<T>): Promise<T> {
    let share = shares.get(subject);
    if (!share) {
      share = { active: 0, waiting: [] };
      shares.set(subject, share);
    }
    if (share.active < perSubject) share.active += 1;
    else await acquire(subject, share, operation);
    try {
      return await call();
    } finally {
      release(subject, share);
    }
  };
}

const busy = (operation: OperationName) => rateLimited(operation, 'Too many calls of this user are in progress', 1);
