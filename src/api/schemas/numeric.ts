import * as z from 'zod/mini';

// Real traffic sometimes carries amounts as JSON strings ("1250") even where the API documents
// an integer or a number (docs/api.md#forward-compatibility). Both are accepted and normalised to a JS number; a string is
// only accepted when it is a plain decimal numeral, so "", " 1", "1e3", "0x10", "NaN" and
// "Infinity" are shape errors, not silently coerced values.
//
// Each is one `z.transform` that takes the number-or-numeral decision itself, rather than
// `z.pipe(z.union([z.number(), z.string().check(z.regex(…))]), z.transform(…))`: the same
// behaviour, but without zod/mini's union and pipe machinery in every browser bundle that reads
// an amount (docs/performance.md, "Bundle size").

/**
 * One amount schema: a JSON number, or a string matching `numeral`, read as a number that must
 * pass `inRange`; anything else is one issue whose message says what was expected.
 */
function amountSchema(
  numeral: RegExp,
  inRange: (n: number) => boolean,
  what: string,
  range: string,
  exact: (numeral: string) => boolean = () => true,
) {
  return z.transform((value: unknown, ctx): number => {
    const n = typeof value === 'number' ? value : typeof value === 'string' && numeral.test(value) ? Number(value) : undefined;
    if (n !== undefined && inRange(n) && (typeof value !== 'string' || exact(value))) return n;
    ctx.issues.push({
      code: 'custom',
      input: value,
      message:
        n !== undefined
          ? `expected ${range}`
          : typeof value === 'string'
            ? `expected ${what} numeral`
            : `expected a number or ${what} numeral`,
    });
    return z.NEVER;
  });
}

/**
 * An integer amount in minor units (cents). Accepts a safe integer or an integer numeral string;
 * anything beyond `Number.MAX_SAFE_INTEGER` is refused rather than rounded.
 */
export const integerSchema = amountSchema(
  /^-?\d+$/,
  Number.isSafeInteger,
  'an integer',
  'an integer amount within ±Number.MAX_SAFE_INTEGER',
);

/**
 * A finite number (the API's plain `number`), or a decimal numeral string (`"1000.0000000000"`,
 * `"12.5"`). A numeral is read only when a JS number holds it exactly: trailing zero decimals are
 * dropped (`"1000.0000000000"` → `1000`), but `"0.30000000000000001"` is refused, never rounded.
 */
export const numberSchema = amountSchema(
  /^-?\d+(\.\d+)?$/,
  (n) => Number.isFinite(n) && Math.abs(n) <= Number.MAX_SAFE_INTEGER,
  'a decimal',
  'an exact amount within ±Number.MAX_SAFE_INTEGER',
  // A safe integer is exact; a fraction is when it has at most 15 significant digits, the most
  // a double always holds exactly.
  (numeral) => !numeral.includes('.') || numeral.replace(/\D/g, '').replace(/^0+|0+$/g, '').length <= 15,
);
