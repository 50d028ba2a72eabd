'use server';
import { mintPaymentsSession } from './payments-session';

/** A new payment session for the page, when the proxy says the one it had expired. */
export async function refreshPaymentsSession(): Promise<string> {
  return mintPaymentsSession();
}
