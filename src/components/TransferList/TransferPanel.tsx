import { useEffect, useRef, useState } from 'react';
import type { TransferResource } from '../../api/index.js';
import { useTransfer } from '../../client/useTransfer.js';
import { isReadRefused } from '../../client/isReadRefused.js';
import { ErrorState } from '../shared/ErrorState.js';
import { FormattedDate } from '../shared/dates/FormattedDate.js';
import { formatMessage } from '../shared/formatMessage.js';
import { LiveRegion } from '../shared/LiveRegion.js';
import { Money } from '../shared/money/Money.js';
import { openEnumLabel } from '../shared/openEnumLabel.js';
import { StatusBadge } from '../shared/StatusBadge.js';
import type { TransferListWords } from './defaultMessages.js';
import { transferCells } from './transferCells.js';

/** Props of {@link TransferPanel}. */
export interface TransferPanelProps {
  /** The chosen row, shown at once while the transfer is read again. */
  row: TransferResource;
  onClose: () => void;
  messages: TransferListWords;
  locale: string;
  timeZone: string;
  headingId: string;
  level: 3 | 4 | 5 | 6;
}

/**
 * The detail of the chosen transfer, beside the list: its amount, status, type and date, its
 * transactions, and its status history when the API sends one. It opens with the row's own data
 * (the list's answer carries each transfer with its transactions), so it never shows empty, and
 * reads the transfer itself for what a list row may lack.
 */
export function TransferPanel({ row, onClose, messages, locale, timeZone, headingId, level }: TransferPanelProps) {
  const query = useTransfer(row.id, { placeholder: row });
  // Opened below the list (a narrow list stacks), the detail would be out of sight: brought into
  // view once, as it opens, never again while the user reads or scrolls. The focus stays on the row.
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const node = ref.current;
    if (node !== null && 'scrollIntoView' in node) node.scrollIntoView({ block: 'nearest' });
  }, []);
  const refused = isReadRefused(query.error);
  const transfer = refused ? undefined : (query.data ?? row);
  // Its status as the detail opened: a change while it is open (live status) is said once.
  const [opened] = useState(row.status);
  const changed = transfer?.status !== opened && transfer?.status;
  const Heading = `h${level}` as const;
  const Sub = `h${Math.min(level + 1, 6) as 4 | 5 | 6}` as const;
  // A transaction or history entry without its date (absent, null or empty) shows none.
  const date = (value: string | null | undefined) => (value ? <FormattedDate value={value} locale={locale} timeZone={timeZone} /> : null);

  let body;
  if (transfer === undefined) {
    const error = query.error;
    body = error ? (
      <ErrorState error={error} messages={messages} />
    ) : null;
  } else {
    const transactions = transfer.transactions ?? [];
    // The payouts guide's example carries a status history; the API's schema does not.
    const history = transfer.status_history ?? [];
    body = (
      <>
        <dl className="pk-fields">
          {transferCells(transfer, messages, locale, timeZone).map(([column, label, value]) => (
            <div key={column} className="pk-field" data-field={column}>
              <dt className="pk-field__label">{label}</dt>
              <dd className="pk-field__value">{value}</dd>
            </div>
          ))}
        </dl>
        <section className="pk-section" aria-labelledby={`${headingId}-transactions`}>
          <Sub id={`${headingId}-transactions`} className="pk-section__title">
            {messages.transferListTransactions}
          </Sub>
          {transactions.length === 0 ? (
            <p className="pk-value-missing">{messages.transferListNoTransactions}</p>
          ) : (
            <ul className="pk-transfer-detail__list">
              {transactions.map(({ amount, type, source_name: from, destination_name: to, created }, index) => (
                // The list is the transfer's, shown as sent: never reordered, so its index keys it.
                <li key={index} className="pk-transfer-detail__item">
                  <span className="pk-transfer-detail__main">
                    <Money amount={amount} locale={locale} messages={messages} />
                    {type ? <bdi>{openEnumLabel(type, messages.transactionTypes)}</bdi> : null}
                  </span>
                  <span className="pk-transfer-detail__meta">
                    {from || to ? (
                      <bdi dir="auto">
                        {from || messages.valueMissing} → {to || messages.valueMissing}
                      </bdi>
                    ) : null}
                    {date(created)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
        {history.length > 0 ? (
          <section className="pk-section" aria-labelledby={`${headingId}-history`}>
            <Sub id={`${headingId}-history`} className="pk-section__title">
              {messages.transferListHistory}
            </Sub>
            <ol className="pk-transfer-detail__list">
              {history.map((entry, index) => (
                <li key={index} className="pk-transfer-detail__item">
                  <StatusBadge kind="transfer" status={entry.status || undefined} messages={messages} />
                  {date(entry.timestamp)}
                </li>
              ))}
            </ol>
          </section>
        ) : null}
      </>
    );
  }

  return (
    <section ref={ref} className="pk-transfers__detail" aria-labelledby={headingId} data-state={transfer ? 'success' : 'error'}>
      <header className="pk-transfers__detail-header">
        <Heading id={headingId} className="pk-section__title">
          {messages.transferListDetail}
        </Heading>
        <button type="button" className="pk-button" data-variant="secondary" onClick={onClose}>
          {messages.transferListCloseDetail}
        </button>
      </header>
      {body}
      <LiveRegion>{changed && formatMessage(messages.transferStatusChanged, { status: openEnumLabel(changed, messages.transferStatuses) })}</LiveRegion>
    </section>
  );
}
