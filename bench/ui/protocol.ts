// The contract between the bench page (bench/ui/page/*, running in Chromium) and its driver
// (bench/index.ts, running in Node through playwright-core): the page installs one object,
// `window.paymentsBench`, and the driver calls its methods with `page.evaluate`. Types only: both
// sides import this file, so nothing here may touch the DOM or Node.

/** Which side of a side-by-side comparison renders. */
export type Contender = 'kit' | 'baseline';

/**
 * Figure 3's contenders: the two sides, plus `kit-dom`, a diagnostic: the kit's rows rebuilt as
 * static React elements (the same elements, attributes and text, with no component, hook or
 * formatting behind them), to tell what the DOM itself costs from what the kit's code does.
 */
export type RowsContender = Contender | 'kit-dom';

/** The four components of the kit, as cycled by the lifecycle figure. */
export type LifecycleComponent = 'TransactionDetail' | 'ConfirmIntentButton' | 'FlowLauncher' | 'VolumeCard';

export const LIFECYCLE_COMPONENTS: readonly LifecycleComponent[] = [
  'TransactionDetail',
  'ConfirmIntentButton',
  'FlowLauncher',
  'VolumeCard',
];

/**
 * What the lifecycle figure cycles: a component of the kit, or the control — the hand-written
 * fetch + JSX baseline, cycled the same way, to tell the kit's growth from the page's own
 * (resource timing entries, V8's code and feedback, the harness).
 */
export type LifecycleSubject = LifecycleComponent | 'baseline';

/** What is left in the page after a lifecycle run, counted in the page itself. */
export interface PageLeftovers {
  /** `<iframe>` elements anywhere in the document. */
  iframes: number;
  /** Entries of the harness's QueryClient (kept for `gcTime` after unmount, by react-query's design). */
  cachedQueries: number;
  cachedMutations: number;
}

export interface PaymentsBench {
  /**
   * Figure 1. Mounts a fresh root with a fresh cache and resolves the ms from just before
   * `root.render` to the moment the transaction's data is in the DOM (`[data-state="success"]`
   * observed by a MutationObserver), then unmounts. Each call is one real request to the proxy.
   * Throws when the rendered text lacks `expectText` (e.g. the formatted amount).
   */
  mountToData: (contender: Contender, transactionId: string, expectText: string) => Promise<number>;
  /**
   * Figure 2. Renders `count` TransactionDetail of one id under one provider (fresh cache), waits
   * until every one shows its data and then `settleMs` more, and resolves how many did.
   */
  manyInstances: (transactionId: string, count: number, settleMs: number) => Promise<number>;
  /**
   * Figure 3, set-up: reads one transaction through the kit and derives `count` distinct ones
   * from it, each put in the kit's cache under its `paymentsKeys` key.
   */
  fillCache: (transactionId: string, count: number) => Promise<void>;
  /**
   * Figure 3. Renders the `count` cached transactions (synchronously, `flushSync`) and returns the
   * ms from just before the render to the end of its commit; then unmounts.
   */
  renderFromCache: (contender: RowsContender, count: number) => number;
  /** Figure 4, set-up: one persistent root and provider that the cycles mount components under. */
  lifecycleSetup: (flowOrigin: string) => void;
  /**
   * Figure 4. `cycles` times: mount the component, let it reach its settled state (data shown,
   * payment confirmed, flow page loaded in its iframe), unmount it.
   */
  lifecycleCycles: (subject: LifecycleSubject, cycles: number) => Promise<void>;
  lifecycleLeftovers: () => PageLeftovers;
}

declare global {
  interface Window {
    paymentsBench?: PaymentsBench;
  }
}
