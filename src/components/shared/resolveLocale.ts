/** The locale every formatter falls back to, whatever the runtime's default is. */
export const fallbackLocale = 'en';

/** Tags already resolved: every formatted value asks, and the answer never changes. */
const resolvedTags = new Map<string, string>();

/**
 * Canonicalises a BCP 47 tag, or returns `en` when the tag is malformed or has no data here.
 *
 * Why not let `Intl` fall back by itself: `Intl` throws on a malformed tag (a host's typo must
 * not crash its page), and for an unsupported tag it silently uses the *runtime's* default
 * locale, which differs between the server and the browser and would break hydration.
 */
export function resolveLocale(locale: string | undefined): string {
  if (locale === undefined || locale === '') return fallbackLocale;
  let resolved = resolvedTags.get(locale);
  if (resolved === undefined) {
    try {
      // `pt_BR` (POSIX, as some servers send it) is read as `pt-BR`.
      resolved = Intl.NumberFormat.supportedLocalesOf([locale.replaceAll('_', '-')])[0] ?? fallbackLocale;
    } catch {
      resolved = fallbackLocale;
    }
    if (resolvedTags.size >= 64) resolvedTags.clear();
    resolvedTags.set(locale, resolved);
  }
  return resolved;
}
