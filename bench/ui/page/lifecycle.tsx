// Figure 4: mount/unmount cycles of each component, to find what a page keeps once the component
// is gone (heap, listeners, iframes). The driver measures heap and listeners over CDP before and
// after; this side runs the cycles and counts what the page itself can see.
//
// Set-up, as in an app that shows and hides a payments screen: one persistent root and one
// `PaymentsProvider` (a host QueryClient with react-query's defaults, so entries stay cached for
// `gcTime` = 5 min after their last observer leaves — by react-query's design), under which each
// cycle mounts the component, lets it reach its settled state through the real proxy, and
// unmounts it. Mount and unmount are `flushSync`, so each cycle's effects and cleanups have run
// when the next one starts. The control, `baseline`, is the hand-written fetch + JSX screen cycled
// the same way (it ignores the provider): what the page itself accumulates without the kit.
import { QueryClient } from '@tanstack/react-query';
import {
  ConfirmIntentButton,
  createProxyFetcher,
  FlowLauncher,
  PaymentsProvider,
  TransactionDetail,
  VolumeCard,
  type PaymentsFetcher,
} from 'payments-kit';
import { sandboxIds } from 'payments-kit/testing';
import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import type { LifecycleSubject, PageLeftovers } from '../protocol.js';
import { PlainTransactionFetch } from './baseline.js';
import { freshContainer, waitFor } from './waitFor.js';

interface Harness {
  root: Root;
  container: HTMLElement;
  client: QueryClient;
  fetcher: PaymentsFetcher;
  flowOrigin: string;
  /** Requests of the kit not yet settled (answered, failed or aborted). */
  inFlight: () => number;
  /** `load` events of iframes inside the container so far. */
  frameLoads: () => number;
  /** Confirms answered so far (successfully or not). */
  confirms: () => number;
}

let harness: Harness | undefined;

function current(): Harness {
  if (!harness) throw new Error('bench page: lifecycleSetup() first');
  return harness;
}

export function lifecycleSetup(flowOrigin: string): void {
  if (harness) return;
  const container = freshContainer();
  let inFlight = 0;
  let frameLoads = 0;
  let confirms = 0;
  // `load` does not bubble, but it can be captured on an ancestor: no listener on the frame.
  container.addEventListener(
    'load',
    (event) => {
      if (event.target instanceof HTMLIFrameElement) frameLoads += 1;
    },
    true,
  );
  const proxyFetcher = createProxyFetcher();
  // The kit's default fetcher, counting requests in flight so a cycle can wait for them.
  const fetcher: PaymentsFetcher = async (request) => {
    inFlight += 1;
    try {
      return await proxyFetcher(request);
    } finally {
      inFlight -= 1;
      if (request.operation === 'confirmPaymentIntent') confirms += 1;
    }
  };
  harness = {
    root: createRoot(container),
    container,
    client: new QueryClient(),
    fetcher,
    flowOrigin,
    inFlight: () => inFlight,
    frameLoads: () => frameLoads,
    confirms: () => confirms,
  };
}

function render(h: Harness, child: ReactNode): void {
  flushSync(() => {
    h.root.render(
      <PaymentsProvider queryClient={h.client} fetcher={h.fetcher}>
        {child}
      </PaymentsProvider>,
    );
  });
}

const rootState = (h: Harness) => h.container.querySelector('.pk-root')?.getAttribute('data-state');

/** Mounts one instance, brings it to its settled state, unmounts it. */
async function cycle(h: Harness, subject: LifecycleSubject, key: number): Promise<void> {
  const idle = () => h.inFlight() === 0;
  switch (subject) {
    case 'TransactionDetail':
      // Cached after the first cycle and stale (staleTime 0): shown at once, refetched in the
      // background; the cycle waits for that request too.
      render(h, <TransactionDetail key={key} transactionId={sandboxIds.transactions.created} />);
      await waitFor(() => rootState(h) === 'success' && idle(), 'TransactionDetail to show its data');
      break;
    case 'VolumeCard':
      render(h, <VolumeCard key={key} period="month" type="receive" tz="UTC" />);
      await waitFor(() => rootState(h) === 'success' && idle(), 'VolumeCard to show its data');
      break;
    case 'ConfirmIntentButton': {
      // `failed` offers a new attempt after each answer. A confirm is a fact of the
      // page's QueryClient: a new button for an intent that just *succeeded* shows that outcome
      // and offers nothing, so cycling one intent needs an outcome that allows another confirm.
      render(
        h,
        <ConfirmIntentButton
          key={key}
          paymentIntentId={sandboxIds.paymentIntents.failed}
          paymentMethodId={sandboxIds.paymentMethod}
          // The sandbox's amount for this intent (src/testing/fixtures.ts): the amount check runs
          // and agrees, as on a correct page.
          amount={13_999}
        />,
      );
      const button = h.container.querySelector<HTMLButtonElement>('.pk-confirm button');
      if (!button) throw new Error('bench page: ConfirmIntentButton rendered no button');
      // One confirm per cycle (a new Idempotency-Key each time): the mutation path runs too.
      const confirmsBefore = h.confirms();
      button.click();
      await waitFor(
        () => h.confirms() > confirmsBefore && rootState(h) === 'error' && idle(),
        'ConfirmIntentButton to confirm',
      );
      break;
    }
    case 'FlowLauncher': {
      const loadsBefore = h.frameLoads();
      render(h, <FlowLauncher key={key} steps={['compliance']} autoStart allowedOrigins={[h.flowOrigin]} />);
      await waitFor(
        () => h.frameLoads() > loadsBefore && h.container.querySelector('iframe') !== null && idle(),
        'FlowLauncher to load its flow page',
      );
      break;
    }
    case 'baseline':
      render(h, <PlainTransactionFetch key={key} transactionId={sandboxIds.transactions.created} />);
      await waitFor(() => h.container.querySelector('[data-state="success"]') !== null, 'the baseline to show its data');
      break;
  }
  render(h, null);
  if (h.container.firstChild) throw new Error(`bench page: ${subject} still in the DOM after unmount`);
}

export async function lifecycleCycles(subject: LifecycleSubject, cycles: number): Promise<void> {
  const h = current();
  for (let i = 0; i < cycles; i++) await cycle(h, subject, i);
  // Requests aborted by the last unmount settle asynchronously.
  await waitFor(() => h.inFlight() === 0, 'aborted requests to settle');
}

export function lifecycleLeftovers(): PageLeftovers {
  const h = current();
  return {
    iframes: document.querySelectorAll('iframe').length,
    cachedQueries: h.client.getQueryCache().getAll().length,
    cachedMutations: h.client.getMutationCache().getAll().length,
  };
}
