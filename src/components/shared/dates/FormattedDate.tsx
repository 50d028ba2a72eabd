import type { ComponentPropsWithoutRef } from 'react';
import { cx } from '../cx.js';
import { prepareDate, type DateFormat, type PreparedDate } from './prepareDate.js';

/** Props of {@link FormattedDate}. */
export interface FormattedDateProps extends Omit<ComponentPropsWithoutRef<'time'>, 'children' | 'dateTime'> {
  /** An ISO 8601 timestamp, or any text (shown verbatim when it is not one). */
  value: string;
  /** BCP 47 locale for `Intl.DateTimeFormat`. */
  locale: string;
  /** IANA zone to show the instant in; defaults to `UTC` so server and browser agree. */
  timeZone?: string | undefined;
  /** Fields to show; see `defaultDateTimeFormat`. */
  format?: DateFormat | undefined;
}

/**
 * A date or date-time in a `<time dateTime>` element, formatted in an explicit time zone.
 * Text that is not an ISO 8601 timestamp (the API does not document the legacy `date` format), or
 * an unknown `timeZone`, renders verbatim in a `<span data-state="unparsed">`. Either is isolated
 * from the text around it (`dir="auto"`, as `<bdi>`), so a date keeps its own order in
 * right-to-left text (docs/components-shared.md#right-to-left).
 *
 * Holds no hooks: lists call it as a function, so that each value is elements only
 * (test/components/shared/hookFree.test.tsx).
 */
export function FormattedDate({ value, locale, timeZone, format, className, ...rest }: FormattedDateProps) {
  let prepared: PreparedDate | null;
  try {
    prepared = prepareDate(value, { locale, timeZone, format });
  } catch {
    prepared = null; // unknown time zone: the raw text is still true, a guessed zone would not be
  }
  if (prepared === null) {
    return (
      <span className={cx('pk-date', className)} data-state="unparsed" dir="auto" {...rest}>
        {value}
      </span>
    );
  }
  const { parsed, formatter } = prepared;
  return (
    <time
      className={cx('pk-date', className)}
      data-state="parsed"
      dir="auto"
      dateTime={parsed.dateOnly ? value.trim().slice(0, 10) : parsed.date.toISOString()}
      {...rest}
    >
      {formatter.format(parsed.date)}
    </time>
  );
}
