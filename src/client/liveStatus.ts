import type { Transaction, TransferStatus } from '../api/index.js';

/**
 * How a v2 transaction is kept live while its transfer's status is not final: read again after
 * `initialIntervalMs`, then at doubling waits up to `maxIntervalMs` (starting again from
 * `initialIntervalMs` after each change of status), never while the page is hidden, and no more
 * once the status is final or `maxMs` have passed since the component or hook started watching.
 * See docs/hooks.md#live-status.
 */
export interface LiveStatusOptions {
  /** First wait between two reads, in ms. Default `5000`. */
  initialIntervalMs?: number | undefined;
  /**
   * Longest wait between two reads, in ms, and every wait while an event stream is open
   * (`payments-kit/live`). Default `60000`.
   */
  maxIntervalMs?: number | undefined;
  /** No read later than this after watching started, in ms. Default `600000` (10 minutes). */
  maxMs?: number | undefined;
  /** Whether a transfer status is final: no more reads. Default {@link isFinalTransferStatus}. */
  isFinal?: ((status: TransferStatus) => boolean) | undefined;
}

/**
 * The transfer statuses read as "still under way", of those the API documents
 * (docs/api.md#read-a-transaction): `created`, `pending`, and `flagged` (held for review, it may
 * still complete or fail). See docs/hooks.md#live-status for why every other status counts as final.
 */
export const liveTransferStatuses: readonly string[] = ['created', 'pending', 'flagged'];

/**
 * Whether a transfer status is final for the live refresh: anything but `created`, `pending`
 * and `flagged`, statuses the kit does not know included, so a settled transfer is never
 * polled on a guess.
 */
export function isFinalTransferStatus(status: TransferStatus): boolean {
  return !liveTransferStatuses.includes(status);
}

type ResolvedLiveStatus = Required<{ [K in keyof LiveStatusOptions]: NonNullable<LiveStatusOptions[K]> }>;

/** `liveStatus` as given (`true`, `false`, options, or nothing: on), with its defaults. */
export function resolveLiveStatus(liveStatus: boolean | LiveStatusOptions | undefined): ResolvedLiveStatus | undefined {
  if (liveStatus === false) return undefined;
  const given = liveStatus === true || liveStatus === undefined ? {} : liveStatus;
  return {
    initialIntervalMs: positive(given.initialIntervalMs, 5_000),
    maxIntervalMs: positive(given.maxIntervalMs, 60_000),
    maxMs: positive(given.maxMs, 600_000),
    isFinal: given.isFinal ?? isFinalTransferStatus,
  };
}

/** `value` when it is a positive number of ms, else `fallback` (NaN, 0 and negatives are not). */
function positive(value: number | undefined, fallback: number): number {
  return value !== undefined && value > 0 ? value : fallback;
}

/**
 * The query clients whose event stream (`payments-kit/live`) is open. Their live reads slow to a
 * safety poll, `maxIntervalMs` apart: the stream says when to read, and the poll catches a change
 * it missed.
 */
export const streamingClients = new WeakSet<object>();

/** What one watcher (a component or hook instance) remembers between reads. */
export interface LiveStatusWatch {
  id: string;
  /** When watching this id started. */
  since: number;
  status: string;
  /** When this status was first seen. */
  statusSince: number;
}

/**
 * The wait before the next read of `transaction`, or `false` when it is not live (no data yet,
 * a final status, or past `maxMs`). Waits double from `initialIntervalMs` with the time the
 * status has stayed the same (5, 10, 20, 40 s…, at most `maxIntervalMs`): a value that only
 * changes at each step, so a re-render does not restart the timer. `watch` is updated in place.
 * While an event stream is open (`streaming`), every wait is `maxIntervalMs`.
 */
export function nextLiveStatusRead(
  live: ResolvedLiveStatus,
  watch: { current: LiveStatusWatch | null },
  id: string,
  transaction: Transaction | undefined,
  now: number,
  streaming?: boolean,
): number | false {
  // No transfer (it is sent only when asked for) or no status: nothing to watch.
  const status = transaction?.transfer?.status;
  if (status === undefined || status === null || live.isFinal(status)) return false;
  let current = watch.current;
  if (current?.id !== id) current = { id, since: now, status, statusSince: now };
  else if (current.status !== status) current = { ...current, status, statusSince: now };
  watch.current = current;
  const remaining = current.since + live.maxMs - now;
  if (remaining <= 0) return false;
  let step = streaming ? live.maxIntervalMs : live.initialIntervalMs;
  while (step < live.maxIntervalMs && step * 2 <= now - current.statusSince) step *= 2;
  return Math.min(remaining, step, live.maxIntervalMs);
}
