// Which of a set of locales serves a requested one, and which way a locale's text runs. Pure
// functions over `Intl.Locale`: no catalogue is imported here, and no tag, however malformed,
// makes them throw.

/** A BCP 47 tag as `Intl.Locale`, `_` read as `-` (`pt_BR`); undefined when it is not a tag. */
function parse(tag: string | undefined): Intl.Locale | undefined {
  if (tag === undefined || tag === '') return undefined;
  try {
    return new Intl.Locale(tag.replaceAll('_', '-'));
  } catch {
    return undefined; // '@@', 'x-invalid-', a typo: no locale, never an exception
  }
}

/** Language, script and region, with the likely script and region filled in (`pt` → `pt-Latn-BR`). */
function likely(locale: Intl.Locale): { language: string; script: string | undefined; region: string | undefined } {
  let full = locale;
  try {
    full = locale.maximize();
  } catch {
    // An engine without likely-subtags data: compare what the tag says.
  }
  return { language: full.language, script: full.script, region: full.region };
}

/**
 * The entry of `available` that best serves `requested`, or undefined when none does (the
 * caller's fallback, English for the kit's words, applies). Best first:
 * 1. the same tag (`en-GB` for `en-GB`);
 * 2. the same language, script and region once the likely ones are filled in (`pt` → `pt-BR`,
 *    `zh-TW` → `zh-Hant-TW`);
 * 3. the same language and script, any region (`fr-CH` → `fr`, `pt-PT` → `pt-BR`,
 *    `en-CA` → `en`), the shortest tag first, then the first listed;
 * never another language, nor another script of it (`sr-Latn` is not served by `sr`, Cyrillic).
 * `_` counts as `-`; a malformed tag (`''`, `'@@'`, `'x-invalid-'`) matches nothing.
 *
 * @example matchLocale('fr-CH', ['en', 'fr', 'pt-BR']) // 'fr'
 */
export function matchLocale(requested: string | undefined, available: readonly string[]): string | undefined {
  const wanted = parse(requested);
  if (!wanted) return undefined;
  const target = likely(wanted);
  let best: string | undefined;
  let bestScore = 0;
  let bestLength = Infinity;
  for (const tag of available) {
    const candidate = parse(tag);
    if (!candidate) continue;
    let score = 0;
    if (candidate.baseName === wanted.baseName) {
      score = 3;
    } else {
      const offered = likely(candidate);
      if (offered.language === target.language && offered.script === target.script) {
        score = offered.region === target.region ? 2 : 1;
      }
    }
    const length = candidate.baseName.length;
    if (score > bestScore || (score === bestScore && score > 0 && length < bestLength)) {
      best = tag;
      bestScore = score;
      bestLength = length;
    }
  }
  return best;
}

/**
 * Directions already worked out: every component asks on every render, and an `Intl.Locale`
 * with its likely subtags is costly to make once per row of a long list.
 */
const directions = new Map<string | undefined, 'ltr' | 'rtl'>();

/** Scripts written right to left (ISO 15924) among those of living languages' likely subtags. */
const rightToLeftScripts = new Set(['Adlm', 'Arab', 'Hebr', 'Mand', 'Mend', 'Nkoo', 'Rohg', 'Samr', 'Syrc', 'Thaa', 'Yezi']);

/**
 * `rtl` for a locale whose script runs right to left (`ar`, `he`, `fa`, `ur`, `ar-EG`,
 * `pa-Arab`…), else `ltr` (malformed tags included). For the `dir` attribute of the page or of
 * the container of the kit's components: the stylesheet follows it
 * (docs/components-shared.md#right-to-left).
 *
 * @example <html lang={locale} dir={localeDirection(locale)}>
 */
export function localeDirection(locale: string | undefined): 'ltr' | 'rtl' {
  let direction = directions.get(locale);
  if (direction === undefined) {
    const parsed = parse(locale);
    const script = parsed && (parsed.script ?? likely(parsed).script);
    direction = script && rightToLeftScripts.has(script) ? 'rtl' : 'ltr';
    if (directions.size >= 64) directions.clear();
    directions.set(locale, direction);
  }
  return direction;
}

