import { neutralizeBidi } from './neutralizeBidi.js';

/**
 * The word for a value of an open enum (docs/api.md#forward-compatibility), or
 * the raw value when the kit has no word for it: an unknown step or period shows as sent,
 * never as an error (its bidi controls neutralised: `neutralizeBidi`). Only own entries count,
 * so `"constructor"` is shown raw too.
 */
export function openEnumLabel(value: string, labels: Readonly<Partial<Record<string, string>>>): string {
  return (Object.hasOwn(labels, value) ? labels[value] : undefined) ?? neutralizeBidi(value);
}
