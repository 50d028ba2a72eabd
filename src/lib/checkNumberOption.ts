/**
 * `value` when it is a number from `min` to `max` (more than `min` when `above`; an integer when
 * `whole`), else a `TypeError` naming the option, the range and what was given: the fix, where a
 * developer reads it.
 */
export function checkNumberOption(option: string, value: number, min = 1, max = Infinity, whole = true, above = false): number {
  if (!((whole ? Number.isInteger(value) : Number.isFinite(value)) && (above ? value > min : value >= min) && value <= max)) {
    const range = max === Infinity ? `${above ? 'above' : 'of at least'} ${min}` : `${above ? 'above' : 'from'} ${min}${above ? ' and at most' : ' to'} ${max}`;
    throw new TypeError(`${option} must be ${whole ? 'a whole number' : 'a number'} ${range}, got ${String(value)}.`);
  }
  return value;
}
