'use client';
import { cx } from '../shared/cx.js';
import { neutralizeBidi } from '../shared/neutralizeBidi.js';

/** Ids up to this length are short enough to show whole. */
const SHOW_WHOLE = 14;
/** The end of an id stays visible: ids of one account often share their beginning. */
const TAIL = 6;

/** Props of {@link Identifier}. */
export interface IdentifierProps {
  /** The full id, as the API sent it. */
  value: string;
  /** Extra class names, after the kit's own. */
  className?: string | undefined;
}

/**
 * An id (UUID, account or external id), shown shortened (`6b1f4a2e…000001`) but whole in the
 * DOM: the head is cut with a CSS ellipsis, so copying the text, a screen reader and the
 * `title` tooltip all get the full value, and nothing is lost if the stylesheet is missing.
 * Always left to right (`dir="ltr"`): an id is a token of Latin letters and digits, and in a
 * right-to-left page its head, ellipsis and tail must keep that order. A bidi control in it is
 * shown as U+FFFD (`neutralizeBidi`): `acct\u202E1234` must not read `acct4321`.
 *
 * Holds no hooks: lists call it as a function, so that each value is elements only
 * (test/components/shared/hookFree.test.tsx).
 */
export function Identifier({ value: raw, className }: IdentifierProps) {
  // One character for one, so the head and tail split where they would have.
  const value = neutralizeBidi(raw);
  if (value.length <= SHOW_WHOLE) {
    return (
      <code className={cx('pk-code', 'pk-id', className)} dir="ltr">
        {value}
      </code>
    );
  }
  return (
    <code className={cx('pk-code', 'pk-id', className)} dir="ltr" title={value} data-shortened="true">
      <span className="pk-id__head">{value.slice(0, -TAIL)}</span>
      <span className="pk-id__tail">{value.slice(-TAIL)}</span>
    </code>
  );
}
