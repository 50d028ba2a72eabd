/**
 * The confirms of this tab whose outcome is not known yet, kept in `sessionStorage` so a reload or
 * a remount resolves them with the same `Idempotency-Key` instead of offering a new action
 * (docs/hooks.md#a-confirm-across-reloads-and-tabs). One entry per payment intent, holding the
 * payment method's id, the key, a hash of the session's subject and when it was kept: no token, no
 * amount, nothing a key alone lets anyone use (the proxy scopes keys to the subject that sent them).
 *
 * Every access is guarded: storage that is missing, blocked, full or throws makes the kit keep
 * nothing, which is the behaviour of a page without this.
 */

import { sessionSubject } from '../../client/sessionSubject.js';

/** What is kept for one payment intent. */
export interface PendingConfirm {
  paymentIntentId: string;
  paymentMethodId: string;
  idempotencyKey: string;
  /** {@link subjectOf} the session that sent it. */
  subject: string;
}

const PREFIX = 'payments-kit:confirm:';
/** A page confirms a handful of intents; more than this and the oldest is let go. */
const MAX_KEPT = 16;
/** The proxy replays a key's answer for 24 h by default (`idempotencyTtlMs`); after that a key says nothing. */
const MAX_AGE_MS = 24 * 60 * 60 * 1000;

interface Stored {
  m: string;
  k: string;
  s: string;
  t: number;
}

/**
 * The tab's `sessionStorage` for the confirms of a fetcher whose sessions the kit knows (`sessions`,
 * from `fetcherSessions`); undefined without them (a fetcher of the host's own: no subject to keep
 * a confirm for), where there is no storage, or where it cannot be read.
 */
export function tabStorage(sessions: object | undefined): Storage | undefined {
  try {
    return sessions === undefined || typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    // A sandboxed frame or blocked site data throws on the getter itself.
    return undefined;
  }
}

function parse(raw: string | null): Stored | undefined {
  if (raw === null) return undefined;
  try {
    const value = JSON.parse(raw) as Partial<Stored> | null;
    if (typeof value?.m === 'string' && typeof value.k === 'string' && typeof value.s === 'string' && typeof value.t === 'number') {
      return { m: value.m, k: value.k, s: value.s, t: value.t };
    }
  } catch {
    // Not ours, or damaged: dropped below.
  }
  return undefined;
}

function entries(storage: Storage): { name: string; stored: Stored | undefined }[] {
  const found: { name: string; stored: Stored | undefined }[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const name = storage.key(index);
    if (name?.startsWith(PREFIX)) found.push({ name, stored: parse(storage.getItem(name)) });
  }
  return found;
}

/** Whether anything is kept for `paymentIntentId`, whoever sent it: read at once, before the subject is known. */
export function hasPendingConfirm(storage: Storage | undefined, paymentIntentId: string): boolean {
  try {
    return storage?.getItem(PREFIX + paymentIntentId) != null;
  } catch {
    return false;
  }
}

/** The key kept for `paymentIntentId`, whoever sent it. */
export function keptKey(storage: Storage | undefined, paymentIntentId: string): string | undefined {
  try {
    return parse(storage?.getItem(PREFIX + paymentIntentId) ?? null)?.k;
  } catch {
    return undefined;
  }
}

/**
 * The confirm kept for `paymentIntentId` by `subject`, if any. Entries of another subject (the
 * page now speaks for someone else), older than a day or unreadable are removed on the way.
 */
export function readPendingConfirm(storage: Storage | undefined, paymentIntentId: string, subject: string, now = Date.now()): PendingConfirm | undefined {
  if (storage === undefined) return undefined;
  try {
    let mine: PendingConfirm | undefined;
    for (const { name, stored } of entries(storage)) {
      if (stored === undefined || stored.s !== subject || now - stored.t > MAX_AGE_MS) storage.removeItem(name);
      else if (name === PREFIX + paymentIntentId) {
        mine = { paymentIntentId, paymentMethodId: stored.m, idempotencyKey: stored.k, subject: stored.s };
      }
    }
    return mine;
  } catch {
    return undefined;
  }
}

/** Keeps `pending` until {@link dropPendingConfirm}; the oldest entries go beyond {@link MAX_KEPT}. Never throws. */
export function keepPendingConfirm(storage: Storage | undefined, pending: PendingConfirm, now = Date.now()): void {
  if (storage === undefined) return;
  try {
    const others = entries(storage)
      .filter(({ name }) => name !== PREFIX + pending.paymentIntentId)
      .sort((a, b) => (a.stored?.t ?? 0) - (b.stored?.t ?? 0));
    for (const { name } of others.slice(0, Math.max(0, others.length - (MAX_KEPT - 1)))) storage.removeItem(name);
    const stored: Stored = { m: pending.paymentMethodId, k: pending.idempotencyKey, s: pending.subject, t: now };
    storage.setItem(PREFIX + pending.paymentIntentId, JSON.stringify(stored));
  } catch {
    // Full or blocked: this confirm is not kept, as before the kit kept any.
  }
}

/** Forgets the confirm kept for `paymentIntentId` once its answer is definitive. Never throws. */
export function dropPendingConfirm(storage: Storage | undefined, paymentIntentId: string): void {
  try {
    storage?.removeItem(PREFIX + paymentIntentId);
  } catch {
    // Nothing to forget where nothing could be kept.
  }
}

/**
 * Who a session token speaks for, as a short hash of its `sub` claim, read without verifying it
 * (the proxy verifies; here it only tells one user's kept keys from another's): `''` with no
 * session at all, undefined when the token does not say.
 */
export function subjectOf(token: string | undefined): string | undefined {
  if (token === undefined) return '';
  const subject = sessionSubject(token);
  // The user's id itself is not kept.
  return subject === undefined ? undefined : shortHash(subject);
}

/**
 * FNV-1a of `text`, 8 hex digits: enough to tell two subjects, or two keys, apart without
 * keeping or telling the value itself.
 */
export function shortHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, '0');
}
