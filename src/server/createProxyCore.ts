import { buildPath, leavesOutcomeUnknown, SESSION_HEADER, startDeadline, type CreateFlowBody, type OperationName, type PaymentsError } from '../api/index.js';
import { callUpstream } from './callUpstream.js';
import { createIdempotencyGate, type GatedOutcome } from './createIdempotencyGate.js';
import { createMemoryIdempotencyStore } from './createMemoryIdempotencyStore.js';
import { errorAnswer } from './errorAnswer.js';
import { proxyError } from './proxyError.js';
import { checkOrigin } from './checkOrigin.js';
import { corsHeadersFor, preflightAnswer } from './cors.js';
import { createSessionVerifier } from './createSessionVerifier.js';
import { createFairShare } from './createFairShare.js';
import { createRateLimiter } from './rateLimits.js';
import { clientAddress } from './rateLimitSubject.js';
import { checkFlowLink } from './checkFlowLink.js';
import { grantedFlowBody, notGranted } from './paymentsGrant.js';
import { matchProxyRoute, readProxyRequest, toSearch } from './readProxyRequest.js';
import { createRedactor } from './redact.js';
import { resolveProxyConfig, type ProxyConfig } from './resolveProxyConfig.js';
import type { PaymentsProxyContext, PaymentsProxyOptions, ProxyAnswer, ProxyCore, ProxyIncoming } from './types.js';
import type { UpstreamClient, UpstreamRequest } from './UpstreamClient.js';

/**
 * A confirm's claim outlives its upstream call by this much (the store's own round trips), and
 * no longer: a crashed instance never holds a key for more than the deadline, the wait for an
 * upstream slot and this margin.
 */
const LOCK_MARGIN_MS = 5_000;

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
  const { bases, authorization, basePath, timeoutMs, maxBodyBytes, idempotencyTtlMs, upstream, allowedOrigins, flowOrigins, rateLimits, trustProxy } = config;
  const verifySession = config.sessionSecrets ? createSessionVerifier(config.sessionSecrets) : undefined;
  const spendBudget = createRateLimiter(rateLimits);
  const fairShare = rateLimits.inFlight ? createFairShare(rateLimits.inFlight) : undefined;
  const gate = createIdempotencyGate({
    store: options.idempotencyStore ?? createMemoryIdempotencyStore(),
    ttlMs: idempotencyTtlMs,
    lockMs: timeoutMs + (rateLimits.inFlight?.waitMs ?? 0) + LOCK_MARGIN_MS,
  });
  const redactor = createRedactor(options.credentials.clientId, options.credentials.apiKey);
  const { authorize, idempotencyScope, rateLimitKey, onError } = options;

  const answerCall = async (incoming: ProxyIncoming): Promise<ProxyAnswer> => {
    let operationName: OperationName | undefined;
    const report = (error: PaymentsError) => {
      if (!onError) return;
      try {
        onError(error, incoming.request);
      } catch {
        // A logging hook must not change the answer.
      }
    };
    try {
      const route = matchProxyRoute(incoming, basePath);
      const name = route.name;
      operationName = name;
      // Who is calling is settled before the body is read: a stranger's call costs no parsing.
      checkOrigin(incoming, allowedOrigins, name);
      const session = verifySession ? await verifySession(incoming.header(SESSION_HEADER), name) : undefined;
      const { operation, params, query, idempotencyKey, ...read } = await readProxyRequest(incoming, route, maxBodyBytes);
      let body = read.body;
      if (session) {
        const refused = notGranted(session.allow, { name, params, body });
        if (refused !== undefined) {
          throw proxyError(403, 'not_granted', `This payments session does not grant ${refused} (${name}).`, name);
        }
        if (name === 'createFlow') body = grantedFlowBody(session.allow, body as CreateFlowBody);
      }

      // Made only for the hooks (an object literal with a getter is slow to create), and
      // `request` is read only when a hook asks for it (the Node path builds it on first use).
      const context =
        authorize || idempotencyScope || (rateLimitKey && !session)
          ? ({
              operation: name,
              params,
              query,
              body,
              session,
              get request() {
                return incoming.request;
              },
            } as PaymentsProxyContext)
          : undefined;
      if (authorize) {
        let allowed: boolean;
        try {
          allowed = await authorize(context as PaymentsProxyContext);
        } catch (error) {
          throw proxyError(403, 'forbidden', `You may not use ${name}.`, name, error);
        }
        if (!allowed) throw proxyError(403, 'forbidden', `You may not use ${name}.`, name);
      }

      // Who the limits count (each kind of subject apart, so no address can pass for a user id).
      const subject = session
        ? `session:${session.subject}`
        : rateLimitKey
          ? `key:${await rateLimitKey(context as PaymentsProxyContext)}`
          : `address:${clientAddress(incoming, trustProxy) ?? ''}`;
      // Spent before anything else happens for the call: a refused call makes no idempotency
      // entry and sends nothing upstream.
      if (spendBudget) await spendBudget(name, subject);

      // The upstream request is built only from validated pieces: the configured base, the API
      // path, validated params, the operation's own query parameters, and a body re-serialised
      // from the validated fields (unknown fields were stripped by the schema).
      const search = query ? toSearch(query) : '';
      const bodyText = body === undefined ? undefined : JSON.stringify(body);
      const headers: Record<string, string> = { accept: 'application/json', 'accept-encoding': 'identity', authorization };
      if (bodyText !== undefined) headers['content-type'] = 'application/json';
      if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey;
      const upstreamUrl = bases[operation.base] + buildPath(operation.path, params) + search;
      const callNow = async (): Promise<ProxyAnswer> => {
        // A money-moving call, once sent, runs to its end so its outcome can be stored and
        // replayed; a read stops when the browser goes away.
        const deadline = startDeadline(timeoutMs, operation.idempotent ? undefined : incoming.signal);
        const request: UpstreamRequest = {
          url: upstreamUrl,
          method: operation.method,
          headers,
          body: bodyText,
          signal: deadline,
          movesMoney: operation.idempotent,
        };
        try {
          const result = await callUpstream(upstream, operation, request, redactor, timeoutMs);
          if (name === 'createFlow') checkFlowLink(result, flowOrigins, name);
          return { status: result.status, body: result.body, headers: undefined };
        } finally {
          deadline.clear();
        }
      };
      const call = fairShare ? () => fairShare(subject, name, callNow) : callNow;

      if (idempotencyKey === undefined) return await call();
      const scope = idempotencyScope ? await idempotencyScope(context as PaymentsProxyContext) : (session?.subject ?? '');
      return await gate({
        // Scoped per operation, payment intent and merchant user (the session's subject, or the
        // merchant's own scope); JSON keeps the parts apart whatever characters the scope holds.
        key: JSON.stringify([name, params?.payment_intent_id, idempotencyKey, scope]),
        subject,
        fingerprint: await sha256(bodyText ?? ''),
        operation: name,
        execute: async (): Promise<GatedOutcome> => {
          try {
            return { ...(await call()), definitive: true };
          } catch (error) {
            const answered = errorAnswer(error, name);
            report(answered.error);
            return { ...answered.answer, definitive: !leavesOutcomeUnknown(answered.error.status, answered.error.code) };
          }
        },
        report: (error) => {
          report(errorAnswer(proxyError(500, 'idempotency_store_failed', `The idempotency store failed after ${name} was answered.`, name, error), name).error);
        },
      });
    } catch (error) {
      const answered = errorAnswer(error, operationName);
      report(answered.error);
      return answered.answer;
    }
  };

  return async function paymentsProxy(incoming) {
    const cors = allowedOrigins.size === 0 ? undefined : corsHeadersFor(incoming, allowedOrigins);
    if (cors === undefined) return answerCall(incoming);
    if (incoming.method === 'OPTIONS' && incoming.header('access-control-request-method') !== null) {
      return preflightAnswer(incoming, basePath, cors);
    }
    const answer = await answerCall(incoming);
    return { ...answer, headers: { ...answer.headers, ...cors } };
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
