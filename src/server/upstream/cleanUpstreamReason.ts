import { MAX_UPSTREAM_CODE, MAX_UPSTREAM_MESSAGE, upstreamReason, type UpstreamReason } from '../../api/upstreamReason.js';
import type { Redactor } from './redact.js';

// Control characters, invisible formatting (bidi overrides, zero-width characters) and line
// breaks: a log line or a page must show what the API wrote, not be steered by it.
const INVISIBLE = /[\p{Cc}\p{Cf}\u2028\u2029]/gu;

/**
 * What reads as the API's insides rather than a sentence about the call: markup; a URL (any
 * scheme) or `www.`; an address (an IPv4 or bracketed IPv6 literal, `localhost`, a host and port);
 * a file path (two or more `/` segments, a drive letter, any backslash). A failing service writes
 * these into its error messages (docs/api.md#errors: the message is free text), and none of them
 * is for a browser.
 */
const ADDRESS_OR_MARKUP = new RegExp(
  [
    String.raw`[<>{}\\]`,
    String.raw`[a-z][\w+.-]*:\/\/`,
    String.raw`\bwww\.`,
    String.raw`\b\d{1,3}(?:\.\d{1,3}){3}\b`,
    String.raw`\[[\da-f]*:[\da-f:.]*\]`,
    String.raw`\blocalhost\b`,
    String.raw`\b[\w.-]*[a-z][\w.-]*:\d{2,5}\b`,
    String.raw`(?:^|[\s"'(=,:])~?\/[\w.@%+-]+\/`,
    String.raw`\b[a-z]:[\\/]`,
  ].join('|'),
  'i',
);

/** What reads as a credential of any service: `user:pass@`, `password=`, `Basic …`, `Bearer …`. */
const CREDENTIAL_LIKE = /[^\s:@/]+:[^\s@/]+@|\b(?:password|passwd|pwd|secret|token|api[_-]?key)\s*[=:]|\b(?:basic|bearer)\s/i;

/**
 * Whether an upstream text may be shown to the browser: no markup, no URL or internal address, no
 * file path, nothing credential-like, and no form of the proxy's own credentials. The one filter
 * for both the error's `message` and `upstreamMessage` (docs/server.md#what-it-forwards-and-what-it-refuses).
 */
export function readsAsPlainText(text: string, redactor: Pick<Redactor, 'holdsSecret'>): boolean {
  return !ADDRESS_OR_MARKUP.test(text) && !CREDENTIAL_LIKE.test(text) && !redactor.holdsSecret(text);
}

/** What the API said with an error answer: as the browser may see it, and as the merchant's logs get it. */
export interface CleanedUpstreamReason {
  /**
   * For the browser: each part only when it reads as plain text (`readsAsPlainText`; a code only
   * needs no markup or address, its credentials are redacted).
   */
  shown: UpstreamReason;
  /** For `onError` only: each part cleaned and redacted, but not filtered. */
  logged: UpstreamReason;
}

/**
 * What the API said in an error body (docs/api.md#errors): each part stripped of invisible
 * characters, passed through the credentials' redaction and cut to its bound (`logged`); of
 * those, what reads as plain text (`shown`). Nothing left after cleaning is left out.
 */
export function cleanUpstreamReason(body: unknown, redactor: Redactor): CleanedUpstreamReason {
  const { upstreamCode, upstreamMessage } = upstreamReason(body);
  const clean = (value: string | undefined, max: number): { text: string | undefined; heldSecret: boolean } => {
    if (value === undefined) return { text: undefined, heldSecret: false };
    // Stripped before redaction, so an invisible character cannot hide a credential from it.
    const visible = value.replace(INVISIBLE, '');
    let text = redactor.redactText(visible).trim();
    // Cut after redaction, so no credential is cut short of being recognised; never inside a
    // surrogate pair.
    if (text.length > max) text = `${text.slice(0, max - 1).replace(/[\uD800-\uDBFF]$/, '')}…`;
    return { text: text === '' ? undefined : text, heldSecret: redactor.holdsSecret(visible) };
  };
  const code = clean(upstreamCode, MAX_UPSTREAM_CODE);
  const message = clean(upstreamMessage, MAX_UPSTREAM_MESSAGE);
  return {
    logged: { upstreamCode: code.text, upstreamMessage: message.text },
    shown: {
      // A code is an identifier (`transaction-insufficient-funds`): kept with its credentials
      // redacted, unless it carries markup or an address.
      upstreamCode: code.text !== undefined && !ADDRESS_OR_MARKUP.test(code.text) ? code.text : undefined,
      upstreamMessage: message.text !== undefined && !message.heldSecret && readsAsPlainText(message.text, redactor) ? message.text : undefined,
    },
  };
}
