import { MAX_UPSTREAM_CODE, MAX_UPSTREAM_MESSAGE, upstreamReason, type UpstreamReason } from '../../api/upstreamReason.js';

// Control characters, invisible formatting (bidi overrides, zero-width characters) and line
// breaks: a log line or a page must show what the API wrote, not be steered by it.
const INVISIBLE = /[\p{Cc}\p{Cf}\u2028\u2029]/gu;

/**
 * What the API said in an error body, as the proxy passes it on (docs/api.md#errors): each part
 * stripped of invisible characters, passed through `redact` (the credentials' redaction) and cut
 * to its bound; nothing left after cleaning is left out.
 */
export function cleanUpstreamReason(body: unknown, redact: (text: string) => string): UpstreamReason {
  const { upstreamCode, upstreamMessage } = upstreamReason(body);
  const clean = (value: string | undefined, max: number): string | undefined => {
    if (value === undefined) return undefined;
    // Stripped before redaction, so an invisible character cannot hide a credential from it.
    let text = redact(value.replace(INVISIBLE, '')).trim();
    // Cut after redaction, so no credential is cut short of being recognised; never inside a
    // surrogate pair.
    if (text.length > max) text = `${text.slice(0, max - 1).replace(/[\uD800-\uDBFF]$/, '')}…`;
    return text === '' ? undefined : text;
  };
  return { upstreamCode: clean(upstreamCode, MAX_UPSTREAM_CODE), upstreamMessage: clean(upstreamMessage, MAX_UPSTREAM_MESSAGE) };
}
