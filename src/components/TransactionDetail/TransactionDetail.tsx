'use client';
import { useId, type ComponentPropsWithoutRef } from 'react';
import { isNotFoundError } from '../../api/index.js';
import { useTransaction, type TransactionGeneration } from '../../client/index.js';
import { isReadRefused } from '../../client/isReadRefused.js';
import { useChangedValue } from '../shared/useChangedValue.js';
import { NotFoundState } from '../shared/NotFoundState.js';
import { ReadCard } from '../shared/ReadCard.js';
import { cx } from '../shared/cx.js';
import { formatMessage } from '../shared/formatMessage.js';
import { neutralizeBidi } from '../shared/neutralizeBidi.js';
import type { MessageOverrides } from '../messages/types.js';
import { statusTone } from '../shared/statusTone.js';
import { useHasWaited } from '../shared/useHasWaited.js';
import { useReportError } from '../shared/useReportError.js';
import { usePaymentsUI } from '../usePaymentsUI.js';
import type { ReadProps } from '../shared/ReadProps.js';
import { defaultMessages } from './defaultMessages.js';
import { ReceiptTable } from './ReceiptTable.js';
import { fieldValue } from './fieldValue.js';
import { toTransactionView, type FieldView } from './toTransactionView.js';

/** Props of {@link TransactionDetail}. */
export interface TransactionDetailProps extends Omit<ComponentPropsWithoutRef<'section'>, 'children' | 'onError'>, ReadProps {
  /**
   * Id of the transaction to show: for `v2` any token of letters, digits, `_` and `-` (e.g.
   * `1001`), for `legacy` an integer (e.g. `1`; anything else shows an error and sends nothing).
   */
  transactionId: string;
  /**
   * Which generation of the API to read: `v2` (default) shows the amount, names, type, metadata
   * and the embedded transfer; `legacy` shows usernames, notes and the receipt table, with
   * amounts in dollars. See docs/api.md#operations.
   */
  generation?: TransactionGeneration | undefined;
  /** Message overrides for this component only, merged over the provider's. */
  messages?: MessageOverrides | undefined;
}

/** What the component shows; `data-state` on its root. */
export type TransactionDetailState = 'loading' | 'error' | 'not-found' | 'success';

/**
 * One transaction of either interface generation (v2 with its embedded transfer, or legacy;
 * docs/api.md#read-a-transaction), as a card: a heading, the fields in a `<dl>`, the transfer,
 * and for a legacy transaction its notes and receipt table. Loading, error (with retry: the read
 * is safe to repeat), not-found and success states; state changes are announced in a live region.
 * While a v2 transfer is under way its status stays live (`liveStatus`).
 *
 * @example
 * <TransactionDetail transactionId="1001" />
 * <TransactionDetail transactionId="1" generation="legacy" timeZone="America/New_York" />
 */
export function TransactionDetail({
  transactionId,
  generation = 'v2',
  onError,
  locale,
  timeZone,
  messages: messageOverrides,
  headingLevel = 2,
  liveStatus,
  className,
  ...rest
}: TransactionDetailProps) {
  const ui = usePaymentsUI('<TransactionDetail>', defaultMessages, { locale, timeZone, messages: messageOverrides });
  const { messages } = ui;
  const query = useTransaction(transactionId, { generation, liveStatus });
  const headingId = useId();

  const { error } = query;
  useReportError(error, onError);

  // Data already shown stays shown when a background refetch fails (the error still goes to
  // onError), unless the answer is a refusal (401, 403, 404): then what was shown is no longer
  // the page's to show (docs/spa.md#when-the-user-changes). A retry after an error shows the
  // loading state so the press is visibly acted on.
  const data = isReadRefused(error) ? undefined : query.data;
  const state: TransactionDetailState =
    data !== undefined
      ? 'success'
      : query.status === 'pending' || query.isFetching
        ? 'loading'
        : isNotFoundError(error)
          ? 'not-found'
          : 'error';

  const waited = useHasWaited(state === 'loading');
  // A status that changed while the user watched (the live refresh), said once.
  const transfer = data !== undefined && 'transfer' in data ? data.transfer : undefined;
  const changedStatus = useChangedValue(transfer?.status, `${generation}:${transactionId}`);

  const SectionHeading = `h${(headingLevel + 1) as 3 | 4 | 5 | 6}` as const;
  // The id may come from the page's address: it must not reorder the heading either.
  const title = formatMessage(messages.transactionTitle, { id: neutralizeBidi(transactionId) });
  const fieldList = (fields: FieldView[]) => (
    <dl className="pk-fields">
      {fields.map((field) => (
        <div key={field.key} className="pk-field" data-field={field.key}>
          <dt className="pk-field__label">{messages[field.label]}</dt>
          <dd className="pk-field__value">
            {fieldValue({ value: field.value, locale: ui.locale, timeZone: ui.timeZone, messages })}
          </dd>
        </div>
      ))}
    </dl>
  );

  let body;
  let announcement = '';
  if (state === 'success' && data !== undefined) {
    const view = toTransactionView(data, generation);
    if (changedStatus !== undefined) {
      announcement = formatMessage(messages.transferStatusChanged, { status: statusTone('transfer', changedStatus, messages).label });
    } else if (waited) {
      announcement = formatMessage(messages.transactionLoaded, { id: transactionId });
    }
    body = (
      <div className="pk-card__body">
        {fieldList(view.fields)}
        {view.sections.map((section) => (
          <section key={section.key} className="pk-section" aria-labelledby={`${headingId}-${section.key}`}>
            <SectionHeading id={`${headingId}-${section.key}`} className="pk-section__title">
              {messages[section.title]}
            </SectionHeading>
            {fieldList(section.fields)}
          </section>
        ))}
        {view.notes ? (
          <section className="pk-section" aria-labelledby={`${headingId}-notes`}>
            <SectionHeading id={`${headingId}-notes`} className="pk-section__title">
              {messages.legacyNotes}
            </SectionHeading>
            {view.notes.length === 0 ? (
              <p className="pk-value-missing">{messages.valueMissing}</p>
            ) : (
              <dl className="pk-fields pk-notes">
                {view.notes.map((note) => (
                  <div key={note.key} className="pk-field">
                    <dt className="pk-field__label">
                      <bdi>{neutralizeBidi(note.key)}</bdi>
                    </dt>
                    <dd className="pk-field__value">
                      {note.json ? (
                        // JSON reads left to right; `dir` also isolates it from the row.
                        <code className="pk-code" dir="ltr">
                          {neutralizeBidi(note.text)}
                        </code>
                      ) : (
                        <bdi>{neutralizeBidi(note.text)}</bdi>
                      )}
                    </dd>
                  </div>
                ))}
              </dl>
            )}
          </section>
        ) : null}
        {view.receipt ? <ReceiptTable receipt={view.receipt} locale={ui.locale} messages={messages} /> : null}
      </div>
    );
  } else if (state === 'not-found') {
    body = <NotFoundState messages={messages} />;
    // NotFoundState's own status region is new in the page, which screen readers may not
    // announce; the live region below was there from the start.
    announcement = messages.notFoundTitle;
  }

  return (
    <ReadCard
      className={cx('pk-root', 'pk-transaction', 'pk-card', className)}
      state={state}
      data-generation={generation}
      theme={ui.theme}
      {...ui.language}
      aria-labelledby={headingId}
      headingId={headingId}
      level={headingLevel}
      heading={title}
      header="pk-card__header"
      announcement={announcement}
      messages={messages}
      lines={6}
      query={query}
      {...rest}
    >
      {body}
    </ReadCard>
  );
}
