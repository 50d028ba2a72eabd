/**
 * What the payments API said when it refused a call: its `error_code` and `message`
 * (docs/api.md#errors), as `PaymentsError` carries them.
 */
export interface UpstreamReason {
  upstreamCode?: string | undefined;
  upstreamMessage?: string | undefined;
}

/** Longest `upstreamCode` kept: the documented codes are short words joined by `-`. */
export const MAX_UPSTREAM_CODE = 64;
/** Longest `upstreamMessage` kept, the `…` that marks a cut included. */
export const MAX_UPSTREAM_MESSAGE = 300;

// Control characters, invisible formatting (bidi overrides, zero-width characters) and line
// breaks: a log line or a page must show what the API wrote, not be steered by it.
const INVISIBLE = /[\p{Cc}\p{Cf}\u2028\u2029]/gu;

/**
 * The API's `error_code` and `message` in an error body `{ success: false, message, error_code }`
 * (or a legacy `success: false` envelope), each stripped of invisible characters, passed through
 * `clean` (the proxy's credential redaction) and cut to its bound. A code may be a string or an
 * integer (docs/api.md#errors); anything else, or nothing left after cleaning, is left out.
 */
export function upstreamReason(body: unknown, clean: (text: string) => string = (text) => text): UpstreamReason {
  if (typeof body !== 'object' || body === null) return {};
  const { error_code: code, message } = body as Record<string, unknown>;
  const part = (value: unknown, max: number): string | undefined => {
    if (typeof value !== 'string') return undefined;
    // Stripped before redaction, so an invisible character cannot hide a credential from it.
    let text = clean(value.replace(INVISIBLE, '')).trim();
    // Cut after redaction, so no credential is cut short of being recognised; never inside a
    // surrogate pair.
    if (text.length > max) text = `${text.slice(0, max - 1).replace(/[\uD800-\uDBFF]$/, '')}…`;
    return text === '' ? undefined : text;
  };
  return {
    upstreamCode: part(Number.isSafeInteger(code) ? String(code) : code, MAX_UPSTREAM_CODE),
    upstreamMessage: part(message, MAX_UPSTREAM_MESSAGE),
  };
}
