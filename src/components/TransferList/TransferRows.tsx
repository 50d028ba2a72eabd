import { useRef, useState, type KeyboardEvent } from 'react';
import type { TransferResource } from '../../api/index.js';
import type { TransferListWords } from './defaultMessages.js';
import { transferCells } from './transferCells.js';

/** Props of {@link TransferRows}. */
export interface TransferRowsProps {
  rows: readonly TransferResource[];
  /** Accessible name of the list box. */
  label: string;
  selectedId: string | undefined;
  onOpen: (transfer: TransferResource) => void;
  /** A page is loading in its place: the rows shown are the page before. */
  busy: boolean;
  messages: TransferListWords;
  locale: string;
  timeZone: string;
}

/**
 * The rows, as a list box with one tab stop (roving focus): ↑ and ↓ move between rows, Home and
 * End go to the first and last, Enter or Space opens the row's detail (the selected option);
 * Escape closes it (TransferList, from the rows and the detail alike). Each row reads as its
 * labelled values ("Amount $10.00, Status Completed…"): the labels are visible on narrow screens
 * and visually hidden under the column headings on wide ones.
 */
export function TransferRows({ rows, label, selectedId, onOpen, busy, messages, locale, timeZone }: TransferRowsProps) {
  const [active, setActive] = useState(0);
  const list = useRef<HTMLUListElement>(null);
  const current = Math.min(active, rows.length - 1);

  const focusRow = (index: number) => {
    const next = Math.max(0, Math.min(rows.length - 1, index));
    setActive(next);
    list.current?.querySelectorAll<HTMLElement>('[role="option"]')[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const moves: Record<string, number> = { ArrowDown: current + 1, ArrowUp: current - 1, Home: 0, End: rows.length - 1 };
    const to = moves[event.key];
    if (to !== undefined) {
      event.preventDefault();
      focusRow(to);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      const row = rows[current];
      if (row) onOpen(row);
    }
  };
  return (
    <div className="pk-transfers__table">
      <div className="pk-transfer-row pk-transfer-row--head" aria-hidden="true">
        <span>{messages.transferListAmount}</span>
        <span>{messages.transferListStatus}</span>
        <span>{messages.transferListType}</span>
        <span>{messages.transferListDate}</span>
      </div>
      <ul ref={list} className="pk-transfers__rows" role="listbox" aria-label={label} aria-busy={busy} onKeyDown={onKeyDown}>
        {rows.map((row, index) => (
            <li
              key={row.id}
              className="pk-transfer-row"
              role="option"
              aria-selected={row.id === selectedId}
              tabIndex={index === current ? 0 : -1}
              data-status={row.status ?? undefined}
              // A click focuses the row first (it is focusable), which makes it the tab stop.
              onClick={() => { onOpen(row); }}
              onFocus={() => { setActive(index); }}
            >
              {transferCells(row, messages, locale, timeZone).map(([column, label, value]) => (
                <span key={column} className="pk-transfer-row__cell" data-column={column}>
                  <span className="pk-transfer-row__label pk-visually-hidden">{label}</span>
                  <span className="pk-transfer-row__value">{value}</span>
                </span>
              ))}
            </li>
        ))}
      </ul>
    </div>
  );
}
