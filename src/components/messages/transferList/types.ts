import type { PluralMessage } from '../types.js';

/**
 * Words of `TransferList` that no other component shows, in a catalogue of their own per
 * language (`transferListMessagesFr`…), so that the other components' catalogues do not grow.
 * The statuses, types and error words come from the kit's main catalogue (`messagesFr`…).
 */
export interface TransferListMessages {
  /** Heading of the list. */
  transferListTitle: string;
  /** Accessible name of the filters (a group of fields above the list). */
  transferListFilters: string;
  /** Label of the status filter, and of the status in a row. */
  transferListStatus: string;
  /** Label of the type filter, and of the type in a row. */
  transferListType: string;
  /** The status filter's choice that filters nothing. */
  transferListAnyStatus: string;
  /** The type filter's choice that filters nothing. */
  transferListAnyType: string;
  /** Label of the first day of the date range (a date field). */
  transferListFrom: string;
  /** Label of the last day of the date range (a date field; that day included). */
  transferListTo: string;
  /** Button that clears every filter. */
  transferListClearFilters: string;
  /** Label of the amount in a row (money, from cents). */
  transferListAmount: string;
  /** Label of the date in a row (when the transfer was created). */
  transferListDate: string;
  /** Accessible name of the rows (a list box): `{page}` is the page number. */
  transferListRows: string;
  /** Button to the previous page. */
  transferListPrevious: string;
  /** Button to the next page. */
  transferListNext: string;
  /** The page shown, between the two buttons. Placeholder: `{page}`. */
  transferListPage: string;
  /**
   * Announced (live region) when a page has loaded after a wait or a change of page or filters.
   * Placeholders: `{page}`, `{count}` (the rows on that page; the API gives no total).
   */
  transferListPageShown: PluralMessage;
  /** The empty state when filters are set: nothing matches them. */
  transferListEmpty: string;
  /** Under `transferListEmpty`: what to do. */
  transferListEmptyDescription: string;
  /** The empty state when no filter is set: there are no transfers at all. */
  transferListNone: string;
  /** Heading of the detail shown beside the list for the chosen row. */
  transferListDetail: string;
  /** Button that closes the detail. */
  transferListCloseDetail: string;
  /** Heading of the detail's transactions. */
  transferListTransactions: string;
  /** Shown when the transfer has no transactions. */
  transferListNoTransactions: string;
  /** Heading of the detail's status history (when the API sends one). */
  transferListHistory: string;
  /** Button that downloads the filtered list as a CSV file. */
  transferListExport: string;
}
