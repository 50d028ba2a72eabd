'use client';
// payments-kit/live: the page's side of pushed status, apart from the root entry so that a page
// without an event stream loads none of it.
export { usePaymentsEvents } from './usePaymentsEvents.js';
export type { UsePaymentsEventsOptions } from './usePaymentsEvents.js';
export { PaymentsEvents } from './PaymentsEvents.js';
export type { PaymentsEventsProps } from './PaymentsEvents.js';
export { invalidatePaymentsChanges } from './readPaymentsEvents.js';
export type { PaymentsStreamChange, PaymentsStreamState } from './readPaymentsEvents.js';
