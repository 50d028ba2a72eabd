import { clientAddress } from './limits/rateLimitSubject.js';
import type { PaymentsProxyContext, PaymentsProxyOptions } from './options.js';
import { proxyError } from './proxyError.js';
import type { ProxyIncoming } from './request/ProxyIncoming.js';
import type { ProxyRequest } from './request/readProxyRequest.js';
import type { PaymentsSessionClaims } from './sessions/paymentsGrant.js';

/** The merchant's own decisions about a call: `authorize`, `rateLimitKey` and `idempotencyScope`. */
export type MerchantHooks = Pick<PaymentsProxyOptions, 'authorize' | 'rateLimitKey' | 'idempotencyScope'>;

/**
 * What the hooks get about one call; `undefined` when no hook will read it (an object literal
 * with a getter is slow to create). `request` is read only when a hook asks for it: the Node
 * path builds it on first use.
 */
export function hookContext(
  hooks: MerchantHooks,
  incoming: ProxyIncoming,
  call: ProxyRequest,
  session: PaymentsSessionClaims | undefined,
): PaymentsProxyContext | undefined {
  if (!hooks.authorize && !hooks.idempotencyScope && !(hooks.rateLimitKey && !session)) return undefined;
  const { name, params, query, body } = call;
  return {
    operation: name,
    params,
    query,
    body,
    session,
    get request() {
      return incoming.request;
    },
  } as PaymentsProxyContext;
}

/** Throws 403 `forbidden` unless `authorize` (when given) allows the call; a hook that throws refuses it too. */
export async function checkAuthorized(hooks: MerchantHooks, context: PaymentsProxyContext | undefined): Promise<void> {
  if (!hooks.authorize) return;
  const name = (context as PaymentsProxyContext).operation;
  let allowed: boolean;
  try {
    allowed = await hooks.authorize(context as PaymentsProxyContext);
  } catch (error) {
    throw proxyError(403, 'forbidden', `You may not use ${name}.`, name, error);
  }
  if (!allowed) throw proxyError(403, 'forbidden', `You may not use ${name}.`, name);
}

/**
 * Whom the rate limits count: the session's subject, else the merchant's `rateLimitKey`, else the
 * client's address. Each kind is prefixed, so no address can pass for a user id.
 */
export async function limitSubject(
  hooks: MerchantHooks,
  context: PaymentsProxyContext | undefined,
  session: PaymentsSessionClaims | undefined,
  incoming: ProxyIncoming,
  trustProxy: number,
): Promise<string> {
  if (session) return `session:${session.subject}`;
  if (hooks.rateLimitKey) return `key:${await hooks.rateLimitKey(context as PaymentsProxyContext)}`;
  return `address:${clientAddress(incoming, trustProxy) ?? ''}`;
}

/**
 * The merchant user a confirm's `Idempotency-Key` belongs to: `idempotencyScope`, else the
 * session's subject, else one scope for all.
 */
export async function confirmScope(
  hooks: MerchantHooks,
  context: PaymentsProxyContext | undefined,
  session: PaymentsSessionClaims | undefined,
): Promise<string> {
  return hooks.idempotencyScope ? await hooks.idempotencyScope(context as PaymentsProxyContext) : (session?.subject ?? '');
}
