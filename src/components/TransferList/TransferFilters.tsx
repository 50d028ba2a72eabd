import { useId, type ChangeEvent, type ReactNode } from 'react';
import type { TransferFilters as Filters } from '../../client/transferQueries.js';
import { defaultMessages, type TransferListWords } from './defaultMessages.js';

// The values the API documents (docs/api.md#list-transfers), in its order: the keys of the English
// words, which name exactly those; the contract's lists would bring its schemas into the page.
const statuses = Object.keys(defaultMessages.transferStatuses) as (keyof TransferListWords['transferStatuses'])[];
const types = Object.keys(defaultMessages.transferTypes) as (keyof TransferListWords['transferTypes'])[];

/** What each filter's control gets. */
interface FieldProps {
  id: string;
  className: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => void;
}

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
  /** A labelled field for the filter `name`; the control gets its id, value and change handler. */
  const field = (name: keyof Filters, label: string, control: (props: FieldProps) => ReactNode) => (
    <div className="pk-transfers__filter">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      {control({
        id: `${id}-${name}`,
        className: 'pk-input',
        value: filters[name] ?? '',
        onChange: (event) => {
          onChange({ ...filters, [name]: event.currentTarget.value || undefined });
        },
      })}
    </div>
  );
  const select = (any: string, values: readonly string[], words: Record<string, string>) => (props: FieldProps) => (
    <select {...props}>
      <option value="">{any}</option>
      {values.map((value) => (
        <option key={value} value={value}>
          {words[value]}
        </option>
      ))}
    </select>
  );
  return (
    <div className="pk-transfers__filters" role="group" aria-label={messages.transferListFilters}>
      {field('status', messages.transferListStatus, select(messages.transferListAnyStatus, statuses, messages.transferStatuses))}
      {field('type', messages.transferListType, select(messages.transferListAnyType, types, messages.transferTypes))}
      {field('start_date', messages.transferListFrom, (props) => <input {...props} type="date" max={filters.end_date} />)}
      {field('end_date', messages.transferListTo, (props) => <input {...props} type="date" min={filters.start_date} />)}
      {hasFilters(filters) ? (
        <button type="button" className="pk-button" data-variant="secondary" onClick={() => { onChange({}); }}>
          {messages.transferListClearFilters}
        </button>
      ) : null}
    </div>
  );
}
