// The payments API's documented error answers (docs/api.md#errors), two ways: as the API sends
// them (the sandbox's `api-error` fault: what a server that passes them on gives the browser)
// and as the proxy forwards them (its one error shape with `upstreamCode` / `upstreamMessage`,
// pinned by test/server/upstreamReason.node.test.ts).
import { PaymentsError, type OperationName } from 'payments-kit';
import type { SandboxFault } from 'payments-kit/testing';

type ApiError = Extract<SandboxFault, { kind: 'api-error' }>['error'];

/** What the proxy answers for each documented error answer. */
const forwarded: Record<ApiError, { status: number; code: string; upstreamCode?: string; upstreamMessage: string }> = {
  'insufficient-funds': { status: 400, code: 'upstream_rejected', upstreamCode: 'transaction-insufficient-funds', upstreamMessage: 'Not enough funds in wallet' },
  busy: {
    status: 400,
    code: 'upstream_retry_later',
    upstreamCode: 'resource-busy',
    upstreamMessage: 'This is unavailable because one or more previous requests are still being processed.',
  },
  'invalid-input': { status: 400, code: 'upstream_rejected', upstreamCode: 'invalid-input', upstreamMessage: 'Missing parameter' },
  unauthorized: { status: 403, code: 'upstream_rejected', upstreamMessage: 'Resource not found or unauthorized' },
};

/** The fault that makes the browser meet `error` for `operation`, sent `via` the proxy or as the API's own body. */
export function apiErrorFault(error: ApiError, via: 'proxy' | 'api', operation: OperationName): SandboxFault {
  if (via === 'api') return { kind: 'api-error', error };
  const { status, ...rest } = forwarded[error];
  return { kind: 'status', status, body: new PaymentsError({ kind: 'http', status, operation, message: 'The payments API refused it.', ...rest }).toJSON() };
}

/** Both ways, for `it.each`. */
export const vias = ['proxy', 'api'] as const;
