import { leavesOutcomeUnknown, SESSION_HEADER, type OperationName, type PaymentsError } from '../api/index.js';
import { createIdempotencyGate, type GateRun } from './idempotency/createIdempotencyGate.js';
import { createMemoryIdempotencyStore } from './idempotency/createMemoryIdempotencyStore.js';
import { createFairShare } from './limits/createFairShare.js';
import { createRateLimiter } from './limits/rateLimits.js';
import { checkAuthorized, confirmScope, hookContext, limitSubject } from './merchantHooks.js';
import type { PaymentsProxyOptions } from './options.js';
import { errorAnswer, proxyError, type ProxyAnswer } from './proxyError.js';
import { checkOrigin } from './request/checkOrigin.js';
import { corsHeadersFor, preflightAnswer } from './request/cors.js';
import type { ProxyIncoming } from './request/ProxyIncoming.js';
import { matchProxyRoute, readProxyRequest } from './request/readProxyRequest.js';
import { resolveProxyConfig, type ProxyConfig } from './resolveProxyConfig.js';
import { createSessionVerifier, withoutSessionToken } from './sessions/createSessionVerifier.js';
import { grantedBody } from './sessions/grantedBody.js';
import { prepareUpstreamCall } from './upstream/prepareUpstreamCall.js';
import { createRedactor } from './upstream/redact.js';
import type { UpstreamClient } from './upstream/UpstreamClient.js';

/**
 * A confirm's claim outlives its upstream call by this much (the store's own round trips), and
 * no longer: a crashed instance never holds a key for more than the deadline, the wait for an
 * upstream slot and this margin.
 */
const LOCK_MARGIN_MS = 5_000;

/** The proxy itself, independent of how requests arrive and answers leave. Never rejects. */
export type ProxyCore = (incoming: ProxyIncoming) => Promise<ProxyAnswer>;

/**
 * The merchant-side proxy between the kit's components and the payments API: the only place
 * the API credentials live. It forwards exactly the five operations of the operations table
 * (docs/api.md#operations), each rebuilt from validated pieces, for users `authorize` allows,
 * and answers everything else with the kit's one error shape.
 *
 * Upstream 2xx bodies are checked against the operation's response schema (a wrong shape is a
 * 502) but forwarded as received (credentials redacted): the check keeps a broken answer from
 * being stored and replayed for a day as a confirm's outcome, and forwarding the original text
 * leaves unknown fields and values to the browser's own parse (docs/api.md#forward-compatibility).
 *
 * `defaultUpstream` makes the upstream client when the options give none (each entry has its own).
 */
export function createProxyCore(options: PaymentsProxyOptions, defaultUpstream: () => UpstreamClient): ProxyCore {
  let config: ProxyConfig;
  try {
    config = resolveProxyConfig(options, defaultUpstream);
  } catch (error) {
    return misconfigured(error instanceof Error ? error.message : String(error));
  }
  const { basePath, maxBodyBytes, idempotencyTtlMs, allowedOrigins, rateLimits, trustProxy, operations } = config;
  const { timeoutMs } = config.upstream;
  const verifySession = config.sessions ? createSessionVerifier(config.sessions) : undefined;
  const spendBudget = createRateLimiter(rateLimits);
  const fairShare = rateLimits.inFlight ? createFairShare(rateLimits.inFlight) : undefined;
  const gate = createIdempotencyGate({
    store: options.idempotencyStore ?? createMemoryIdempotencyStore(),
    ttlMs: idempotencyTtlMs,
    lockMs: timeoutMs + (rateLimits.inFlight?.waitMs ?? 0) + LOCK_MARGIN_MS,
  });
  const redactor = createRedactor(options.credentials.clientId, options.credentials.apiKey);
  const { authorize, rateLimitKey, idempotencyScope, onError } = options;
  const hooks = { authorize, rateLimitKey, idempotencyScope };
  const report = (error: PaymentsError, incoming: ProxyIncoming) => {
    try {
      onError?.(error, withoutSessionToken(incoming.request, SESSION_HEADER));
    } catch {
      // A logging hook must not change the answer.
    }
  };

  // Read, check, then call (or, for a confirm, pass the gate): each step throws the proxy error
  // that answers the request, and nothing later runs.
  const answerCall = async (incoming: ProxyIncoming): Promise<ProxyAnswer> => {
    let operation: OperationName | undefined; // for the error's answer
    try {
      const route = matchProxyRoute(incoming, basePath, operations.table);
      const { name } = route;
      operation = name;
      // Who is calling is settled before the body is read: a stranger's call costs no parsing.
      checkOrigin(incoming, allowedOrigins, name);
      const session = verifySession ? await verifySession(incoming.header(SESSION_HEADER), name) : undefined;
      const call = await readProxyRequest(incoming, route, maxBodyBytes);
      const set = operations.setOf[name];
      if (session) {
        call.body = grantedBody(session.allow, call, set);
        if (set) call.query = set.grantedQuery(session.allow, call);
      }
      const context = hookContext(hooks, incoming, call, session);
      await checkAuthorized(hooks, context);
      const subject = await limitSubject(hooks, context, session, incoming, trustProxy);
      // Spent before anything else happens: a refused call makes no idempotency entry and sends
      // nothing upstream.
      if (spendBudget) await spendBudget(name, subject);

      const upstream = prepareUpstreamCall(config.upstream, call, incoming.signal, redactor);
      const sendUpstream = fairShare ? () => fairShare(subject, name, upstream.send) : upstream.send;
      // Whose resources an answer holds may be known only from the answer (a set's checkAnswer).
      const send = session && set ? async () => set.checkAnswer(session.allow, name, await sendUpstream()) : sendUpstream;
      if (call.idempotencyKey === undefined) return await send();
      return await gate({
        // Scoped per operation, payment intent and merchant user; JSON keeps the parts apart
        // whatever characters the scope holds.
        key: JSON.stringify([name, call.params?.payment_intent_id, call.idempotencyKey, await confirmScope(hooks, context, session)]),
        subject,
        intent: call.params?.payment_intent_id,
        fingerprint: await sha256(upstream.bodyText ?? ''),
        operation: name,
        execute: sendOnce(send, name, (error) => { report(error, incoming); }),
        report: (error) => {
          const failed = proxyError(500, 'idempotency_store_failed', `The idempotency store failed after ${name} was answered.`, name, error);
          report(errorAnswer(failed, name).error, incoming);
        },
      });
    } catch (error) {
      const answered = errorAnswer(error, operation);
      report(answered.error, incoming);
      return answered.answer;
    }
  };

  return async function paymentsProxy(incoming) {
    const cors = allowedOrigins.size === 0 ? undefined : corsHeadersFor(incoming, allowedOrigins);
    if (cors === undefined) return answerCall(incoming);
    if (incoming.method === 'OPTIONS' && incoming.header('access-control-request-method') !== null) {
      return preflightAnswer(incoming, basePath, cors, operations.table);
    }
    const answer = await answerCall(incoming);
    return { ...answer, headers: { ...answer.headers, ...cors } };
  };
}

/**
 * A confirm's one upstream call for the gate: an answer, or the error's answer, never a
 * rejection; `definitive` unless the error leaves the outcome unknown (`leavesOutcomeUnknown`).
 */
function sendOnce(send: () => Promise<ProxyAnswer>, name: OperationName, report: (error: PaymentsError) => void): GateRun['execute'] {
  return async () => {
    try {
      return { ...(await send()), definitive: true };
    } catch (error) {
      const answered = errorAnswer(error, name);
      report(answered.error);
      return { ...answered.answer, definitive: !leavesOutcomeUnknown(answered.error.status, answered.error.code) };
    }
  };
}

/** Every request answers 500 naming the wrong setting; one log line says so when it is made. */
function misconfigured(problem: string): ProxyCore {
  console.error(`payments-kit: ${problem} Every request to the payments proxy answers 500 until this is fixed.`);
  const answer = errorAnswer(
    proxyError(500, 'proxy_misconfigured', `The payments proxy is not configured: ${problem.replace(/^createPaymentsProxy: /, '')}`, undefined),
    undefined,
  ).answer;
  return () => Promise.resolve(answer);
}

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
