const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether `value` is a URL the kit will hand to the browser as a page to show or go to:
 * absolute, `https:`, or `http:` on a loopback host only (the local sandbox). No credentials
 * in it (`https://user@evil.example`), nothing but a real host.
 */
export function parseSafeUrl(value: string): URL | null {
  // WHATWG parsing strips tabs/newlines and leading/trailing C0 spaces; refusing them up front
  // keeps "what we checked" and "what the browser loads" the same string.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (value !== value.trim() || /[\u0000-\u001f\u007f\s\\]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.username !== '' || url.password !== '' || url.hostname === '') return null;
  if (url.protocol === 'https:') return url;
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return url;
  return null;
}
