'use client';
import { usePaymentsEvents, type UsePaymentsEventsOptions } from './usePaymentsEvents.js';

/** Props of {@link PaymentsEvents}: those of `usePaymentsEvents`. */
export type PaymentsEventsProps = UsePaymentsEventsOptions;

/**
 * {@link usePaymentsEvents} as an element that renders nothing: place it once inside
 * `<PaymentsProvider>`, and every component of the kit under it follows the stream.
 *
 * @example
 * <PaymentsProvider getSession={getSession}>
 *   <PaymentsEvents url="/api/payments-events" onStateChange={(state) => console.log(state)} />
 *   <TransactionDetail transactionId="1002" />
 * </PaymentsProvider>
 */
export function PaymentsEvents(props: PaymentsEventsProps): null {
  usePaymentsEvents(props);
  return null;
}
