/**
 * What the payments API said when it refused a call: its `error_code` and `message`
 * (docs/api.md#errors), as `PaymentsError` carries them.
 */
export interface UpstreamReason {
  upstreamCode?: string | undefined;
  upstreamMessage?: string | undefined;
}

/** Longest `upstreamCode` the proxy passes on: the documented codes are short words joined by `-`. */
export const MAX_UPSTREAM_CODE = 64;
/** Longest `upstreamMessage` the proxy passes on, the `…` that marks a cut included. */
export const MAX_UPSTREAM_MESSAGE = 300;

/**
 * The API's `error_code` and `message` in an error body `{ success: false, message, error_code }`
 * (or a legacy `success: false` envelope), as strings: a code may be a string or an integer
 * (docs/api.md#errors); anything else is left out. Read as given: the proxy cleans them before
 * they reach the browser, and passes them on for a 4xx only, when they read as plain text
 * (src/server/upstream/cleanUpstreamReason.ts), so the browser reads them as is.
 */
export function upstreamReason(body: unknown): UpstreamReason {
  if (typeof body !== 'object' || body === null) return {};
  const { error_code: code, message } = body as Record<string, unknown>;
  return {
    upstreamCode: typeof code === 'string' ? code : Number.isSafeInteger(code) ? String(code) : undefined,
    upstreamMessage: typeof message === 'string' ? message : undefined,
  };
}
