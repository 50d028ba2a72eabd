import type { PaymentsError } from '../../api/index.js';
import type { LiveStatusOptions } from '../../client/index.js';

/** Props that `TransactionDetail` and `TransferList`, the components that read and stay live, share. */
export interface ReadProps {
  /** Called once per failed load with the typed error (not for a load that is retried and succeeds). */
  onError?: ((error: PaymentsError) => void) | undefined;
  /** BCP 47 locale for this component only (money, dates, words); default: the provider's. */
  locale?: string | undefined;
  /** IANA time zone the dates are shown in, for this component only; default: the provider's (`UTC`). */
  timeZone?: string | undefined;
  /** Level of the component's heading (`h2` by default); its sections and details use the next level. */
  headingLevel?: 2 | 3 | 4 | 5 | undefined;
  /**
   * Keep what is shown live while a transfer is under way (status `created`, `pending` or
   * `flagged`): it is read again after 5 s, then at doubling waits up to 60 s, never while the
   * page is hidden, and no more after a final status or 10 minutes; a change of status is
   * announced once. `false` turns it off; `{ initialIntervalMs, maxIntervalMs, maxMs, isFinal }`
   * tunes it. Default: on. See docs/hooks.md#live-status.
   *
   * @example
   * <TransactionDetail transactionId="1001" liveStatus={{ maxMs: 30 * 60_000 }} />
   */
  liveStatus?: boolean | LiveStatusOptions | undefined;
}
