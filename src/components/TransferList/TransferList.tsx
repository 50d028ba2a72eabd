'use client';
import { useId, useRef, useState, type ComponentPropsWithoutRef } from 'react';
import type { TransferResource } from '../../api/index.js';
import { isReadRefused } from '../../client/isReadRefused.js';
import type { TransferFilters as Filters } from '../../client/transferQueries.js';
import { useTransfers } from '../../client/useTransfers.js';
import { ErrorState } from '../shared/ErrorState.js';
import { LiveRegion } from '../shared/LiveRegion.js';
import { LoadingState } from '../shared/LoadingState.js';
import { cx } from '../shared/cx.js';
import { formatMessage } from '../shared/formatMessage.js';
import { formatPlural } from '../shared/formatPlural.js';
import { numberFormat } from '../shared/intl.js';
import { useHasWaited } from '../shared/useHasWaited.js';
import { useReportError } from '../shared/useReportError.js';
import { usePaymentsUI } from '../usePaymentsUI.js';
import type { ReadProps } from '../shared/ReadProps.js';
import { dayBounds } from './dayBounds.js';
import { defaultMessages, type TransferListMessageOverrides } from './defaultMessages.js';
import { TransferFilters, hasFilters } from './TransferFilters.js';
import { TransferPanel } from './TransferPanel.js';
import { TransferRows } from './TransferRows.js';

/** Props of {@link TransferList}. */
export interface TransferListProps extends Omit<ComponentPropsWithoutRef<'section'>, 'children' | 'onError'>, ReadProps {
  /**
   * Filters the list starts with, under the API's own names: `status`, `type`, and the days
   * `start_date` and `end_date` (`YYYY-MM-DD`, days of `timeZone`, both included).
   */
  defaultFilters?: Filters | undefined;
  /** Called when the user changes a filter, with every filter. */
  onFiltersChange?: ((filters: Filters) => void) | undefined;
  /** Rows per page, 1 to 100 (the API's limit). Default `20`. */
  pageSize?: number | undefined;
  /** Called when a row's detail opens. */
  onOpenTransfer?: ((transfer: TransferResource) => void) | undefined;
  /**
   * Words for this component only, merged over the provider's: the kit's catalogue
   * (`messagesFr`) for states, statuses and types, and the list's own words
   * (`transferListMessagesFr` or `loadTransferListMessages(locale)` from `payments-kit/transfers/messages`).
   */
  messages?: TransferListMessageOverrides | undefined;
}

/** What the list shows; `data-state` on its root. */
export type TransferListState = 'loading' | 'error' | 'refused' | 'empty' | 'success';

/**
 * A list of transfers (docs/api.md#list-transfers) to find where the money went: filters for
 * status, type and dates sent as the API's own parameters, pages of the host's size with Previous
 * and Next (the API gives no total), each row's amount, status, type and date, and the chosen
 * row's detail beside the list (its transactions, its status history when the API sends one).
 * Loading, empty, refused (the session does not grant the list) and error states; page changes
 * are announced. Narrow containers get a stacked layout. Load `payments-kit/transfers.css`
 * beside `payments-kit/styles.css`.
 *
 * @example
 * <TransferList pageSize={50} defaultFilters={{ type: 'payout' }} />
 */
export function TransferList({
  defaultFilters,
  onFiltersChange,
  pageSize,
  onError,
  onOpenTransfer,
  locale,
  timeZone,
  messages: messageOverrides,
  headingLevel = 2,
  liveStatus,
  className,
  ...rest
}: TransferListProps) {
  const ui = usePaymentsUI('<TransferList>', defaultMessages, {
    locale,
    timeZone,
    // The list's own words ride along with the kit's: merged by key, as any override.
    messages: messageOverrides,
  });
  const { messages } = ui;
  const [filters, setFilters] = useState<Filters>(defaultFilters ?? {});
  // The date fields hold days of the page's time zone; the API is sent the instants they cover.
  const sent: Filters = {
    ...filters,
    start_date: dayBounds(filters.start_date, ui.timeZone, 'start'),
    end_date: dayBounds(filters.end_date, ui.timeZone, 'end'),
  };
  const transfers = useTransfers({ filters: sent, pageSize, liveStatus });
  const [selected, setSelected] = useState<TransferResource | undefined>(undefined);
  const id = useId();
  useReportError(transfers.error, onError);

  const data = isReadRefused(transfers.error) ? undefined : transfers.data;
  const rows = data?.data ?? [];
  // Outside the session's grant (the proxy's 403 `not_granted`) or refused by the payments API.
  const refused = transfers.error?.kind === 'http' && transfers.error.status === 403;
  const state: TransferListState =
    data !== undefined
      ? rows.length === 0
        ? 'empty'
        : 'success'
      : transfers.status === 'pending' || transfers.isFetching
        ? 'loading'
        : refused
          ? 'refused'
          : 'error';
  const waited = useHasWaited(state === 'loading' || transfers.isPlaceholderData);
  const page = numberFormat(ui.locale).format(transfers.page);

  // A settled page is announced after a wait (a change of page or filters), never from the cache
  // on first paint.
  const announcement =
    waited && !transfers.isPlaceholderData && data !== undefined
      ? formatPlural(messages.transferListPageShown, rows.length, ui.locale, { page })
      : '';

  const bodyRef = useRef<HTMLDivElement>(null);
  const close = () => {
    setSelected(undefined);
    // Closed from the detail, whose button goes with it: the focus goes back to the row it showed.
    bodyRef.current?.querySelector<HTMLElement>('[role="option"][tabindex="0"]')?.focus();
  };
  const changeFilters = (next: Filters) => {
    setFilters(next);
    setSelected(undefined);
    onFiltersChange?.(next);
  };
  const open = (transfer: TransferResource) => {
    setSelected(transfer);
    onOpenTransfer?.(transfer);
  };
  const Heading = `h${headingLevel}` as const;
  const detailLevel = (headingLevel + 1) as 3 | 4 | 5 | 6;
  // The chosen row as the page now shows it (live status), or as it was chosen.
  const shown = selected === undefined ? undefined : (rows.find((row) => row.id === selected.id) ?? selected);

  let body;
  if (state === 'loading') {
    body = <LoadingState messages={messages} lines={6} />;
  } else if (state === 'error' || state === 'refused') {
    const error = transfers.error;
    const kind = error?.kind ?? 'invalid_response';
    body = (
      <ErrorState
        error={error ?? { kind }}
        messages={messages}
        onRetry={kind === 'invalid_request' ? undefined : () => void transfers.refetch()}
      />
    );
  } else if (state === 'empty') {
    const filtered = hasFilters(filters);
    body = (
      <div className="pk-state pk-transfers__empty" role="status" data-state="empty">
        <p className="pk-state__title">{filtered ? messages.transferListEmpty : messages.transferListNone}</p>
        {filtered ? <p className="pk-state__message">{messages.transferListEmptyDescription}</p> : null}
      </div>
    );
  } else {
    body = (
      <TransferRows
        rows={rows}
        label={formatMessage(messages.transferListRows, { page })}
        selectedId={shown?.id}
        onOpen={open}
        busy={transfers.isPlaceholderData}
        messages={messages}
        locale={ui.locale}
        timeZone={ui.timeZone}
      />
    );
  }

  const pager =
    transfers.hasPreviousPage || transfers.hasNextPage ? (
      <div className="pk-transfers__pager">
        <button type="button" className="pk-button" data-variant="secondary" disabled={!transfers.hasPreviousPage} onClick={transfers.previousPage}>
          {messages.transferListPrevious}
        </button>
        <span className="pk-transfers__page">{formatMessage(messages.transferListPage, { page })}</span>
        <button type="button" className="pk-button" data-variant="secondary" disabled={!transfers.hasNextPage} onClick={transfers.nextPage}>
          {messages.transferListNext}
        </button>
      </div>
    ) : null;

  return (
    <section
      className={cx('pk-root', 'pk-card', 'pk-transfers', className)}
      data-state={state}
      data-pk-theme={ui.theme}
      data-detail={shown ? 'open' : 'closed'}
      {...ui.language}
      aria-labelledby={`${id}-title`}
      {...rest}
    >
      <header className="pk-card__header">
        <Heading id={`${id}-title`} className="pk-card__title">
          {messages.transferListTitle}
        </Heading>
      </header>
      <TransferFilters filters={filters} onChange={changeFilters} messages={messages} />
      {/* Escape closes the detail from the rows and from inside the detail alike. */}
      <div
        ref={bodyRef}
        className="pk-transfers__body"
        onKeyDown={(event) => {
          if (event.key === 'Escape' && shown) {
            event.preventDefault();
            close();
          }
        }}
      >
        <div className="pk-transfers__main">
          {body}
          {pager}
        </div>
        {shown && state === 'success' ? (
          <TransferPanel
            key={shown.id}
            row={shown}
            onClose={close}
            messages={messages}
            locale={ui.locale}
            timeZone={ui.timeZone}
            headingId={`${id}-detail`}
            level={detailLevel}
          />
        ) : null}
      </div>
      {/* Rendered in every state, at the same place, so that changing its text is announced. */}
      <LiveRegion>{announcement}</LiveRegion>
    </section>
  );
}
