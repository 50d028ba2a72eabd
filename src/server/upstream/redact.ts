import { basicAuthorization } from '../../api/index.js';

/** What replaces a credential found in an upstream text bound for the browser. */
export const REDACTED = '[redacted]';

/**
 * Keeps the API credentials out of every upstream text that reaches the browser. It knows each
 * form they can take: the raw client id and API key, `id:key`, its base64 (padded or not,
 * standard or URL alphabet; `Basic …` holds it), and the percent-encoded forms of each. Matching
 * ignores case, so `%3a` and `%3A` are both found (a false alarm only redacts a little more).
 */
export interface Redactor {
  /** Whether `text` holds any form of the credentials. */
  holdsSecret(text: string): boolean;
  /** `text` with every form of the credentials replaced by `[redacted]`. */
  redactText: (text: string) => string;
  /**
   * A JSON answer's text with every string (keys too) cleaned of the credentials, or `text`
   * itself when it holds none. `value` is `text` parsed.
   */
  redactJson(text: string, value: unknown): string;
}

export function createRedactor(clientId: string, apiKey: string): Redactor {
  const pair = `${clientId}:${apiKey}`;
  // The token of the header the proxy sends upstream: base64 of `id:key`.
  const base64 = basicAuthorization(clientId, apiKey).slice('Basic '.length);
  const raw = [clientId, apiKey, pair, base64, base64.replace(/=+$/, ''), base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')];
  const encoded = raw.flatMap((form) => [encodeURIComponent(form), new URLSearchParams({ q: form }).toString().slice(2)]);
  const forms = [...new Set([...raw, ...encoded])]
    // Longest first, so `id:key` is replaced whole before `id` alone.
    .sort((a, b) => b.length - a.length);
  // Without the `u` flag, `i` compares one UTF-16 unit at a time: no case mapping can shift
  // what is matched (a `toLowerCase()` of the text could change its length).
  const pattern = new RegExp(forms.map(escapeRegExp).join('|'), 'gi');

  const holdsSecret = (text: string): boolean => {
    pattern.lastIndex = 0;
    return pattern.test(text);
  };
  const clean = (text: string): string => text.replace(pattern, REDACTED);
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return clean(value);
    if (Array.isArray(value)) return value.map(walk);
    if (typeof value === 'object' && value !== null) {
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [clean(key), walk(inner)]));
    }
    return value;
  };
  return {
    holdsSecret,
    redactText: clean,
    redactJson(text, value) {
      // A JSON escape (`\u0061`, `\/`) could spell a credential the raw text does not show.
      if (!text.includes('\\') && !holdsSecret(text)) return text;
      const cleaned = walk(value);
      const again = JSON.stringify(cleaned);
      return again === JSON.stringify(value) ? text : again;
    },
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

