import { isPaymentsError, type PaymentsError } from 'payments-kit';

/** Awaits `promise` and returns the `PaymentsError` it rejected with; fails if it resolved or threw anything else. */
export async function rejection(promise: Promise<unknown>): Promise<PaymentsError> {
  try {
    await promise;
  } catch (error) {
    if (isPaymentsError(error)) return error;
    throw new Error(`expected a PaymentsError, got ${String(error)}`, { cause: error });
  }
  throw new Error('expected a rejection, the call resolved');
}
