// Shared by the Chromium suites of TransactionDetail: a transaction already in the cache, so the
// card renders its success state at once and nothing is fetched.
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { type LegacyTransaction, type Transaction, paymentsKeys, type PaymentsFetcher, PaymentsProvider, TransactionDetail } from 'payments-kit';
import type { PaymentsMessages } from 'payments-kit/messages';

const fetcher: PaymentsFetcher = () => Promise.reject(new Error('everything is in the cache'));

export interface CachedDetail {
  generation: 'v2' | 'legacy';
  id: string;
  data: Transaction | LegacyTransaction | undefined;
  /** The container's inline size, in CSS pixels. */
  width: number;
  dir?: 'ltr' | 'rtl';
  /**
   * The provider's locale and words (default English). The card sets its own `dir` from the
   * locale, so a right-to-left page needs a right-to-left locale for the card to be one too.
   */
  locale?: string;
  messages?: PaymentsMessages;
  fontFamily?: string;
}

/** Renders `<TransactionDetail>` over `data` in the cache and returns its root, in the success state. */
export function renderCachedDetail({ generation, id, data, width, dir, locale, messages, fontFamily = 'sans-serif' }: CachedDetail): HTMLElement {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  queryClient.setQueryData(paymentsKeys.transaction(generation, id), data);
  render(
    <div dir={dir} lang={locale} style={{ inlineSize: `${String(width)}px`, fontFamily }}>
      <PaymentsProvider fetcher={fetcher} queryClient={queryClient} locale={locale} messages={messages}>
        <TransactionDetail transactionId={id} generation={generation} />
      </PaymentsProvider>
    </div>,
  );
  const card = document.querySelector<HTMLElement>('.pk-transaction');
  if (card?.dataset.state !== 'success') throw new Error('the cached transaction is not shown');
  return card;
}
