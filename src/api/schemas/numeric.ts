import * as z from 'zod/mini';

// Real traffic sometimes carries amounts as JSON strings ("1250") even where the spec says
// integer or number (issue #2). Both are accepted and normalised to a JS number; a string is
// only accepted when it is a plain decimal numeral, so "", " 1", "1e3", "0x10", "NaN" and
// "Infinity" are shape errors, not silently coerced values.
const INTEGER_NUMERAL = /^-?\d+$/;
const DECIMAL_NUMERAL = /^-?\d+(\.\d+)?$/;

/**
 * An integer amount in minor units (cents). Accepts a safe integer or an integer numeral string;
 * anything beyond `Number.MAX_SAFE_INTEGER` is refused rather than rounded.
 */
export const integerSchema = z.pipe(
  z.union([z.number(), z.string().check(z.regex(INTEGER_NUMERAL, 'expected an integer numeral'))]),
  z.transform((value, ctx) => {
    const n = typeof value === 'number' ? value : Number(value);
    if (!Number.isSafeInteger(n)) {
      ctx.issues.push({
        code: 'custom',
        input: value,
        message: 'expected an integer amount within ±Number.MAX_SAFE_INTEGER',
      });
      return z.NEVER;
    }
    return n;
  }),
);

/** A finite number (the spec's plain `number`), or a decimal numeral string. */
export const numberSchema = z.pipe(
  z.union([z.number(), z.string().check(z.regex(DECIMAL_NUMERAL, 'expected a decimal numeral'))]),
  z.transform((value, ctx) => {
    const n = typeof value === 'number' ? value : Number(value);
    if (!Number.isFinite(n) || Math.abs(n) > Number.MAX_SAFE_INTEGER) {
      ctx.issues.push({
        code: 'custom',
        input: value,
        message: 'expected a finite amount within ±Number.MAX_SAFE_INTEGER',
      });
      return z.NEVER;
    }
    return n;
  }),
);
