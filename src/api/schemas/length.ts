import * as z from 'zod/mini';

/**
 * A string of `min`–`max` UTF-16 code units (as zod's own length checks count), as one
 * `z.refine`. zod/mini's `z.minLength` and `z.maxLength` each bring their own check class into a
 * browser bundle, where `refine` is there anyway (docs/performance.md, "Bundle size").
 */
export function lengthWithin(min: number, max: number) {
  return z.refine<string>(
    (value: string) => value.length >= min && value.length <= max,
    min === 0 ? `must be at most ${String(max)} characters` : `must be ${String(min)}–${String(max)} characters`,
  );
}
