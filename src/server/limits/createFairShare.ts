import type { OperationName } from '../../api/index.js';
import { rateLimited } from './rateLimits.js';
import type { InFlightLimit } from './rateLimits.js';

interface Share {
  active: number;
  waiting: (() => void)[];
  /** When it was last given a slot (a count of slots given), so that among equals the one served longest ago goes first. */
  served: number;
}

/**
 * The upstream pool on this instance, shared fairly: at most `pool` calls in flight, each of the
 * subjects active now (calls in flight or waiting) holding at most its share, `pool` divided by
 * their number (rounded up, at most `perSubject`). A call past its share or past a full pool
 * waits up to `waitMs`, `queue` per subject, and the rest are answered 429 at once. A freed slot
 * goes to the waiting subject holding the fewest, and among those to the one served longest ago:
 * many clients holding slow calls cannot keep a newcomer's call behind all of theirs.
 *
 * `run(subject, operation, call)` runs `call` in one of the subject's slots.
 */
export function createFairShare({ pool, perSubject, queue, waitMs }: Required<InFlightLimit>) {
  const shares = new Map<string, Share>();
  let inFlight = 0;
  let given = 0;

  // Recomputed on every decision: the share shrinks as subjects arrive and grows as they leave.
  // Rounded up, so that no slot of the pool idles while calls wait (the pool still bounds the sum).
  const cap = () => Math.min(perSubject, Math.ceil(pool / shares.size));

  const forget = (subject: string, share: Share) => {
    if (share.active === 0 && share.waiting.length === 0) shares.delete(subject);
  };

  const dispatch = () => {
    while (inFlight < pool) {
      const limit = cap();
      let next: Share | undefined;
      for (const share of shares.values()) {
        if (share.waiting.length === 0 || share.active >= limit) continue;
        if (next === undefined || share.active < next.active || (share.active === next.active && share.served < next.served)) next = share;
      }
      const grant = next?.waiting.shift();
      if (next === undefined || grant === undefined) return;
      take(next);
      grant();
    }
  };

  const take = (share: Share) => {
    share.active += 1;
    share.served = given++;
    inFlight += 1;
  };

  const release = (subject: string, share: Share) => {
    share.active -= 1;
    inFlight -= 1;
    forget(subject, share);
    dispatch();
  };

  const acquire = (subject: string, share: Share, operation: OperationName): Promise<void> => {
    if (share.waiting.length >= queue) {
      forget(subject, share);
      return Promise.reject(busy(operation));
    }
    return new Promise((resolve, reject) => {
      const grant = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        const at = share.waiting.indexOf(grant);
        if (at !== -1) share.waiting.splice(at, 1);
        forget(subject, share);
        // Its leaving may raise the others' share.
        dispatch();
        reject(busy(operation));
      }, waitMs);
      share.waiting.push(grant);
    });
  };

  return async function run<T>(subject: string, operation: OperationName, call: () => Promise<T>): Promise<T> {
    let share = shares.get(subject);
    if (!share) {
      share = { active: 0, waiting: [], served: -1 };
      shares.set(subject, share);
    }
    if (share.waiting.length === 0 && share.active < cap() && inFlight < pool) take(share);
    else await acquire(subject, share, operation);
    try {
      return await call();
    } finally {
      release(subject, share);
    }
  };
}

const busy = (operation: OperationName) => rateLimited(operation, 'Too many calls of this user are in progress', 1);
