import { paymentsErrorKinds, type PaymentsErrorBody } from './errors.js';

const TEXT_FIELDS = ['code', 'operation', 'requestId', 'upstreamCode', 'upstreamMessage'] as const;

/**
 * The one error shape that leaves the proxy (docs/api.md#errors), read without a schema library
 * so the browser can read every error the proxy writes: the fields it knows, each of its type, or
 * undefined when `value` is not that shape. `paymentsErrorBodySchema` is the same rule as a schema.
 */
export function readErrorBody(value: unknown): PaymentsErrorBody['error'] | undefined {
  const error: unknown = typeof value === 'object' && value !== null ? (value as { error?: unknown }).error : undefined;
  if (typeof error !== 'object' || error === null) return undefined;
  const { kind, message, status } = error as Record<string, unknown>;
  if (!(paymentsErrorKinds as readonly unknown[]).includes(kind) || typeof message !== 'string') return undefined;
  if (status !== undefined && !Number.isInteger(status)) return undefined;
  const read: PaymentsErrorBody['error'] = { kind: kind as PaymentsErrorBody['error']['kind'], message };
  if (status !== undefined) read.status = status as number;
  for (const field of TEXT_FIELDS) {
    const text = (error as Record<string, unknown>)[field];
    if (text === undefined) continue;
    if (typeof text !== 'string') return undefined;
    read[field] = text;
  }
  return read;
}
