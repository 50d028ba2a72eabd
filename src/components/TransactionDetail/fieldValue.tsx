'use client';
import { FormattedDate } from '../shared/dates/FormattedDate.js';
import { Money } from '../shared/money/Money.js';
import { StatusBadge } from '../shared/StatusBadge.js';
import { formatPlural } from '../shared/formatPlural.js';
import type { TransactionDetailWords } from './defaultMessages.js';
import { neutralizeBidi } from '../shared/neutralizeBidi.js';
import { openEnumLabel } from '../shared/openEnumLabel.js';
import { platformNames } from '../shared/platformNames.js';
import { Identifier } from './Identifier.js';
import type { FieldValue } from './toTransactionView.js';

/** What {@link fieldValue} shows, and how. */
export interface FieldValueInput {
  /** The field, from `toTransactionView`. */
  value: FieldValue;
  /** Resolved BCP 47 locale for money, dates, numbers and plurals. */
  locale: string;
  /** IANA zone the dates are shown in. */
  timeZone: string;
  /** The resolved catalogue: enum words, yes/no, plurals, "None". */
  messages: TransactionDetailWords;
}

/**
 * One field of the view model in the locale, as elements; the words come from `messages`.
 *
 * A function the card calls for each field, not a component: a list of cards shows thousands of
 * values, and each would otherwise be a component of its own for React to create, render and
 * tear down. So it, and what it calls as functions (`Money`, `FormattedDate`, `Identifier`,
 * `StatusBadge`), hold no hooks: its lower-case name makes the hooks lint refuse one here, and
 * test/components/shared/hookFree.test.tsx fails if one of the others gains one.
 */
export function fieldValue({ value, locale, timeZone, messages }: FieldValueInput) {
  switch (value.kind) {
    case 'missing':
      return <span className="pk-value-missing">{messages.valueMissing}</span>;
    case 'money':
      return Money({ amount: value.amount, unit: value.unit, locale, messages });
    case 'date':
      return FormattedDate({ value: value.value, locale, timeZone });
    case 'text':
      // <bdi>: names may be right-to-left (Arabic, Hebrew) and must not reorder the row around
      // them; neutralizeBidi: nor may a control character inside reorder the name itself.
      return <bdi>{neutralizeBidi(value.text)}</bdi>;
    case 'code':
      return value.text === '' ? (
        <span className="pk-value-missing">{messages.valueMissing}</span>
      ) : (
        <code className="pk-code">
          <bdi>{neutralizeBidi(value.text)}</bdi>
        </code>
      );
    case 'id':
      return Identifier({ value: value.value });
    case 'enum': {
      // Brand platforms are named in code, once for every language; the catalogue may rename them.
      const labels: Readonly<Partial<Record<string, string>>> =
        value.labels === 'transferPlatforms' ? { ...platformNames, ...messages.transferPlatforms } : messages[value.labels];
      const known = Object.hasOwn(labels, value.value);
      // Open enums (docs/api.md#forward-compatibility): a value the kit
      // has no word for is shown as sent, in a neutral badge, never as an error.
      return known ? (
        <>{openEnumLabel(value.value, labels)}</>
      ) : (
        <span className="pk-badge" data-tone="neutral" data-known="false" dir="auto">
          {neutralizeBidi(value.value)}
        </span>
      );
    }
    case 'status':
      return StatusBadge({ kind: 'transfer', status: value.status, messages });
    case 'boolean':
      return <>{value.value ? messages.yes : messages.no}</>;
    case 'count':
      return <>{formatPlural(messages[value.message], value.count, locale)}</>;
  }
}
