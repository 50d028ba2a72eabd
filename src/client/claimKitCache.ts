import type { QueryClient } from '@tanstack/react-query';
import { paymentsKeys } from './queries.js';
import type { SessionSource } from './sessionSource.js';
import { sessionSubject } from './sessionSubject.js';

/**
 * Whose answers a fetcher's reads bring: its token's subject, `''` without any session,
 * undefined while its first token is on its way (`getSession`). A token that names no subject
 * stands for itself: the kit cannot tell whether the next one is the same user's.
 */
export function sessionIdentity(sessions: SessionSource): string | undefined {
  const token = sessions.known();
  if (token === undefined) return sessions.canRenew ? undefined : '';
  const subject = sessionSubject(token);
  return subject === undefined ? token : `sub:${subject}`;
}

const owners = new WeakMap<QueryClient, string | undefined>();

/**
 * Records that the kit's entries in `client` now belong to `identity`. If they belonged to
 * another subject, they go first: every query under `'payments-kit'` (an answer on its way is
 * cancelled, never written) and every settled mutation under it; a confirm still in flight stays,
 * its outcome unknown until answered (docs/api.md#idempotency). The host's own entries are never
 * touched. Entries made while the first token was on its way belong to whoever it turns out to
 * be (docs/spa.md#when-the-user-changes).
 */
export function claimKitCache(client: QueryClient, identity: string | undefined): void {
  const owner = owners.get(client);
  if (owner !== undefined && owner !== identity) {
    client.removeQueries({ queryKey: paymentsKeys.all });
    const mutations = client.getMutationCache();
    for (const mutation of mutations.findAll({ mutationKey: paymentsKeys.all })) {
      if (mutation.state.status !== 'pending') mutations.remove(mutation);
    }
  }
  owners.set(client, identity);
}
