import type { PaymentIntent } from '../../api/index.js';
import { newIdempotencyKey } from './newIdempotencyKey.js';

/**
 * One confirm per payment intent across the tabs of one origin
 * (docs/hooks.md#a-confirm-across-reloads-and-tabs): a tab confirms while holding a Web Lock
 * named for the intent, and tells the others through a `BroadcastChannel` that it started and
 * how it ended. Where a browser has neither, each tab is on its own, as a page without this.
 */

/**
 * What of an answer crosses to the other tabs: what they show and compare, nothing more. Any page
 * of the origin can listen on the channel, and an answer may hold a `client_secret`
 * (docs/api.md#confirm-a-payment-intent).
 */
export type TabIntent = Pick<PaymentIntent, 'id' | 'amount' | 'currency' | 'status'>;

/** What a tab tells the others about a confirm of one payment intent. */
export interface TabNews {
  paymentIntentId: string;
  /** `started`: a confirm is in flight; `settled`: it has a definitive answer (`intent`) or none known. */
  phase: 'started' | 'settled';
  intent?: TabIntent | undefined;
  /** `shortHash` of the confirm's key: a duplicated tab keeps the same key, and so knows its answer. */
  ref?: string | undefined;
  /** The answer is definitive (`intent`, or a refusal): the key need not be sent again. */
  known?: boolean | undefined;
}

const NAME = 'payments-kit:confirm:';
const CHANNEL = 'payments-kit:confirm';
/** Every channel of the origin hears a post, this document's own included: news carries who sent it. */
let thisTab: string | undefined;
const tabId = () => (thisTab ??= newIdempotencyKey());

type Posted = TabNews & { from: string };

/**
 * The intents whose lock this document holds. Locks are the tabs' business: two providers of one
 * page (each with its own cache) are not held back by each other's lock, as before.
 */
const heldHere = new Map<string, number>();

const locksOf = (): LockManager | undefined =>
  typeof navigator === 'undefined' ? undefined : (navigator as Partial<Navigator>).locks;

/**
 * Runs `confirm` while this tab holds the intent's lock, or calls `busy` when another tab holds
 * it (then nothing is sent here); without `busy`, waits for the lock. Without Web Locks, runs
 * `confirm` at once.
 */
export function withIntentLock(paymentIntentId: string, confirm: () => Promise<void>, busy?: () => void): Promise<void> {
  const locks = locksOf();
  if (locks === undefined || heldHere.has(paymentIntentId)) return confirm();
  return locks
    .request(NAME + paymentIntentId, { ifAvailable: busy !== undefined }, async (lock) => {
      if (lock === null) {
        busy?.();
        return;
      }
      heldHere.set(paymentIntentId, (heldHere.get(paymentIntentId) ?? 0) + 1);
      try {
        await confirm();
      } finally {
        const left = (heldHere.get(paymentIntentId) ?? 1) - 1;
        if (left > 0) heldHere.set(paymentIntentId, left);
        else heldHere.delete(paymentIntentId);
      }
    })
    .then(() => undefined, () => confirm());
}

/** Resolves when no tab holds the intent's lock (at once without Web Locks). */
export function whenIntentFree(paymentIntentId: string): Promise<void> {
  const locks = locksOf();
  if (locks === undefined || heldHere.has(paymentIntentId)) return Promise.resolve();
  return locks.request(NAME + paymentIntentId, () => undefined).then(
    () => undefined,
    () => undefined,
  );
}

/** Whether another tab holds the intent's lock now (false without Web Locks). */
export async function isIntentBusy(paymentIntentId: string): Promise<boolean> {
  const locks = locksOf();
  if (locks === undefined || heldHere.has(paymentIntentId)) return false;
  try {
    const { held = [] } = await locks.query();
    return held.some((lock) => lock.name === NAME + paymentIntentId);
  } catch {
    return false;
  }
}

/** Listens to the other tabs' news; returns the function that stops listening. */
export function listenToTabs(onNews: (news: TabNews) => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event: MessageEvent<Posted>) => {
    const { from, ...news } = event.data;
    if (from !== tabId()) onNews(news);
  };
  return () => {
    channel.close();
  };
}

/** Tells the other tabs, with only the {@link TabIntent} fields of an answer. */
export function tellTabs({ intent, ...news }: TabNews): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  const told = intent && { id: intent.id, amount: intent.amount, currency: intent.currency, status: intent.status };
  channel.postMessage({ ...news, intent: told, from: tabId() } satisfies Posted);
  channel.close();
}
