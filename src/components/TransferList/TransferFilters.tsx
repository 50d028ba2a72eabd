import { useId } from 'react';
import type { TransferFilters as Filters } from '../../client/transferQueries.js';
import { defaultMessages, type TransferListWords } from './defaultMessages.js';

// The values the API documents (docs/api.md#list-transfers), in its order: the keys of the English
// words, which name exactly those; the contract's lists would bring its schemas into the page.
const statuses = Object.keys(defaultMessages.transferStatuses) as (keyof TransferListWords['transferStatuses'])[];
const types = Object.keys(defaultMessages.transferTypes) as (keyof TransferListWords['transferTypes'])[];

/** Props of {@link TransferFilters}. */
export interface TransferFiltersProps {
  filters: Filters;
  onChange: (filters: Filters) => void;
  messages: TransferListWords;
}

/** Whether any filter is set. */
export const hasFilters = (filters: Filters): boolean => Object.values(filters).some((value) => value !== undefined && value !== '');

/**
 * The list's filters, each one of the API's own parameters: status and type among the values the
 * API documents (docs/api.md#list-transfers), and a range of days. A change applies at once.
 */
export function TransferFilters({ filters, onChange, messages }: TransferFiltersProps) {
  const id = useId();
  const set = (name: keyof Filters) => (event: { currentTarget: { value: string } }) => {
    onChange({ ...filters, [name]: event.currentTarget.value === '' ? undefined : event.currentTarget.value });
  };
  return (
    <div className="pk-transfers__filters" role="group" aria-label={messages.transferListFilters}>
      <div className="pk-transfers__filter">
        <label htmlFor={`${id}-status`}>{messages.transferListStatus}</label>
        <select id={`${id}-status`} className="pk-input" value={filters.status ?? ''} onChange={set('status')}>
          <option value="">{messages.transferListAnyStatus}</option>
          {statuses.map((status) => (
            <option key={status} value={status}>
              {messages.transferStatuses[status]}
            </option>
          ))}
        </select>
      </div>
      <div className="pk-transfers__filter">
        <label htmlFor={`${id}-type`}>{messages.transferListType}</label>
        <select id={`${id}-type`} className="pk-input" value={filters.type ?? ''} onChange={set('type')}>
          <option value="">{messages.transferListAnyType}</option>
          {types.map((type) => (
            <option key={type} value={type}>
              {messages.transferTypes[type]}
            </option>
          ))}
        </select>
      </div>
      <div className="pk-transfers__filter">
        <label htmlFor={`${id}-from`}>{messages.transferListFrom}</label>
        <input
          id={`${id}-from`}
          className="pk-input"
          type="date"
          value={filters.start_date ?? ''}
          max={filters.end_date}
          onChange={set('start_date')}
        />
      </div>
      <div className="pk-transfers__filter">
        <label htmlFor={`${id}-to`}>{messages.transferListTo}</label>
        <input
          id={`${id}-to`}
          className="pk-input"
          type="date"
          value={filters.end_date ?? ''}
          min={filters.start_date}
          onChange={set('end_date')}
        />
      </div>
      {hasFilters(filters) ? (
        <button type="button" className="pk-button" data-variant="secondary" onClick={() => { onChange({}); }}>
          {messages.transferListClearFilters}
        </button>
      ) : null}
    </div>
  );
}
