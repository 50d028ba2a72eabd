import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  isFinalTransferStatus,
  useConfirmIntent,
  useHostedFlow,
  useTransaction,
  type HostedFlowState,
  type HostedFlowStyles,
  type KnownFlowStep,
  type PaymentIntent,
  type UseConfirmIntentResult,
} from 'payments-kit';
import { sandboxIds } from 'payments-kit/testing';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { expect, waitFor, within } from 'storybook/test';
import './CustomUI.css';
import { sandboxFlowOrigins, sandboxOf, sandboxParameters, usd } from './support.js';

// Your own designs over the kit's headless hooks (docs/hooks.md): `useConfirmIntent` behind a
// checkout, `useHostedFlow` behind an onboarding checklist, `useTransaction` with `liveStatus`
// behind a transfer tracker. None of them renders a kit component; the behaviour — one confirm per
// intent across the page, the Idempotency-Key lifecycle, the flow link's checks and messages, the
// live refresh — is the hooks'. The words are the host's own (English here, whatever the locale
// toolbar says); the colours are the kit's theme variables, so they follow the theme toolbar.

const intents = sandboxIds.paymentIntents;
/** The sandbox's amounts: 4999 + 1000 × the status's place in the API's list (src/testing/fixtures.ts). */
const AMOUNTS: Record<string, number> = {
  [intents.requires_action]: 8_999,
  [intents.succeeded]: 10_999,
  [intents.failed]: 13_999,
};

/** A region for announcements, in the page from the start so that changes are read. */
function Announcer({ children }: { children: ReactNode }) {
  return (
    <div role="status" aria-live="polite" className="pk-visually-hidden">
      {children}
    </div>
  );
}

/** The outcome panel of the checkout: an icon, a title and a sentence. */
function Result({ tone, icon, title, children }: { tone: string; icon: string; title: string; children: ReactNode }) {
  return (
    <div className="cu-result" data-tone={tone}>
      <span className="cu-result__icon" aria-hidden="true">
        {icon}
      </span>
      <p className="cu-result__title">{title}</p>
      <p className="cu-result__text">{children}</p>
    </div>
  );
}

/** What the checkout says after an answer, in the host's words. */
function outcomeOf(pay: UseConfirmIntentResult, shown: string): { tone: string; icon: string; title: string; text: string } | undefined {
  const intent: PaymentIntent | undefined = pay.intent;
  const paid = intent ? usd(intent.amount, 'en-US') : shown;
  switch (pay.state) {
    case 'confirmed':
      return intent?.status === 'succeeded'
        ? { tone: 'success', icon: '✓', title: `Paid ${paid}`, text: 'Thank you. Your plan is active.' }
        : { tone: 'success', icon: '✓', title: `${paid} on its way`, text: 'Your bank is finishing the payment. There is nothing more to do.' };
    case 'requires-action':
      return { tone: 'warning', icon: '!', title: 'Your bank wants to check it is you', text: 'Approve it in your banking app: the payment goes on once you have.' };
    case 'failed':
      return { tone: 'danger', icon: '×', title: 'The card was declined', text: 'Nothing was charged. You can try again.' };
    case 'not-confirmed':
      return { tone: 'neutral', icon: 'i', title: 'Not charged yet', text: 'The payment still needs your confirmation.' };
    case 'canceled':
      return { tone: 'neutral', icon: '–', title: 'Payment canceled', text: 'This order can no longer be paid here.' };
    case 'unknown':
      return { tone: 'neutral', icon: '?', title: `Status: ${intent?.status ?? 'unknown'}`, text: 'Check your orders before paying again.' };
    case 'amount-mismatch':
      return {
        tone: 'danger',
        icon: '!',
        title: `Charged ${pay.mismatch?.confirmed ?? paid}`,
        text: `Not the ${pay.mismatch?.shown ?? shown} shown. Contact support before doing anything else.`,
      };
    case 'error':
      return pay.canRetry
        ? { tone: 'warning', icon: '!', title: 'We could not tell if it went through', text: 'Retrying is safe: you will not be charged twice.' }
        : { tone: 'danger', icon: '×', title: 'The payment was refused', text: 'Nothing more can be done from here.' };
    default:
      return undefined;
  }
}

/**
 * A checkout over `useConfirmIntent`: a summary, one large pay button, an explicit question
 * before charging, and the outcome in the host's words.
 */
function Checkout({ paymentIntentId, heading = 'Pro plan · yearly', compact = false }: { paymentIntentId: string; heading?: string; compact?: boolean }) {
  const amount = AMOUNTS[paymentIntentId] ?? 10_999;
  const total = usd(amount, 'en-US');
  const pay = useConfirmIntent({ paymentIntentId, paymentMethodId: sandboxIds.paymentMethod, amount, requireConfirmation: true });
  const headingId = useId();
  const backRef = useRef<HTMLButtonElement>(null);
  // The question appears where the button was: focus goes to the safe answer.
  useEffect(() => {
    if (pay.state === 'prompt') backRef.current?.focus();
  }, [pay.state]);

  const outcome = outcomeOf(pay, total);
  const announcement = pay.state === 'confirming' ? 'Charging…' : outcome ? outcome.title : '';

  return (
    <section className="pk-root cu-panel" aria-labelledby={headingId} data-state={pay.state}>
      <p className="cu-eyebrow">Checkout</p>
      <h3 id={headingId} className="cu-title">
        {heading}
      </h3>
      {compact ? null : (
        <dl className="cu-lines">
          <div className="cu-line">
            <dt>Subtotal</dt>
            <dd>{total}</dd>
          </div>
          <div className="cu-line">
            <dt>Tax</dt>
            <dd>{usd(0, 'en-US')}</dd>
          </div>
          <div className="cu-line" data-total="">
            <dt>Total</dt>
            <dd>{total}</dd>
          </div>
        </dl>
      )}
      {outcome ? (
        <Result tone={outcome.tone} icon={outcome.icon} title={outcome.title}>
          {outcome.text}
        </Result>
      ) : null}
      {pay.state === 'prompt' ? (
        <div className="cu-ask" role="group" aria-labelledby={`${headingId}-ask`}>
          <p id={`${headingId}-ask`}>{`Charge ${total} to Visa •••• 4242?`}</p>
          <div className="cu-row">
            <button type="button" className="cu-pay" onClick={pay.accept}>
              Yes, charge
            </button>
            <button ref={backRef} type="button" className="cu-pay" data-variant="quiet" onClick={pay.cancel}>
              Back
            </button>
          </div>
        </div>
      ) : pay.state === 'confirming' ? (
        <button type="button" className="cu-pay" disabled aria-busy="true">
          <span className="cu-spinner" aria-hidden="true" />
          Charging…
        </button>
      ) : pay.canRetry ? (
        <button type="button" className="cu-pay" onClick={pay.retry}>
          Retry
        </button>
      ) : pay.canStart ? (
        <button type="button" className="cu-pay" onClick={pay.start}>
          {pay.state === 'idle' ? `Pay ${total}` : 'Try again'}
        </button>
      ) : null}
      <Announcer>{announcement}</Announcer>
    </section>
  );
}

const STEP_WORDS: Record<KnownFlowStep, string> = {
  compliance: 'Business details',
  'id-verification': 'Your identity',
  'background-check': 'Background check',
  'manage-payments': 'Payments',
  'manage-payouts': 'Payouts',
  payout: 'Payout account',
  redirect: 'Back to the shop',
  'pdf-form-fill': 'Tax form',
};
const ONBOARDING_STEPS = ['compliance', 'id-verification', 'payout'] as const;

/** The theme and a few colours in effect on `element`, for the hosted page's `styles` parameter. */
function themeOf(element: HTMLElement | null): HostedFlowStyles {
  const declared = element?.closest('[data-pk-theme]')?.getAttribute('data-pk-theme');
  const dark = declared === 'dark' || (declared === 'auto' && matchMedia('(prefers-color-scheme: dark)').matches);
  const variables: Record<string, string> = {};
  if (element) {
    const computed = getComputedStyle(element);
    for (const name of ['--pk-color-surface', '--pk-color-text', '--pk-color-text-muted', '--pk-color-border', '--pk-color-accent', '--pk-color-on-accent']) {
      const value = computed.getPropertyValue(name).trim();
      if (value !== '') variables[name] = value;
    }
  }
  return { theme: dark ? 'dark' : 'light', variables };
}

/** What the checklist announces for each state of the flow. */
const FLOW_WORDS: Record<HostedFlowState, string> = {
  idle: '',
  creating: 'Preparing your checklist…',
  open: '',
  complete: 'You are all set.',
  expired: 'This link has expired.',
  error: 'We could not start the verification.',
};

/**
 * An onboarding checklist over `useHostedFlow`: the steps as a checklist with a meter, the
 * hosted page in an iframe the host renders from `frameProps`, and its own expiry and error words.
 */
function Onboarding({ userId }: { userId?: string }) {
  const rootRef = useRef<HTMLElement>(null);
  const flow = useHostedFlow({
    steps: ONBOARDING_STEPS,
    userId,
    title: 'Verification',
    // The sandbox serves the hosted pages from this page's own origin (development builds only).
    allowedOrigins: sandboxFlowOrigins,
    // The hosted page takes the panel's colours, so a dark dashboard shows a dark flow.
    styles: () => themeOf(rootRef.current),
  });
  const headingId = useId();
  const { progress } = flow;
  const done = progress?.done ?? 0;
  const current = progress ? progress.current : flow.state === 'idle' || flow.state === 'creating' ? 0 : -1;
  const announcement = progress && flow.state === 'open' ? `${String(done)} of 3 done` : FLOW_WORDS[flow.state];

  return (
    <section ref={rootRef} className="pk-root cu-panel" aria-labelledby={headingId} data-state={flow.state}>
      <p className="cu-eyebrow">Onboarding</p>
      <h3 id={headingId} className="cu-title">
        Get paid faster
      </h3>
      <p className="cu-muted">Three steps, about five minutes. You can stop and come back.</p>
      <div className="cu-meter">
        <span className="cu-muted" id={`${headingId}-meter`}>{`${String(done)} of 3 done`}</span>
        <span className="cu-meter__bar" role="progressbar" aria-labelledby={`${headingId}-meter`} aria-valuemin={0} aria-valuemax={3} aria-valuenow={done}>
          <span className="cu-meter__fill" data-done={String(done)} />
        </span>
      </div>
      <ol className="cu-checklist" aria-label="Steps">
        {ONBOARDING_STEPS.map((step, index) => {
          const state = progress?.completed.includes(step) ? 'done' : index === current ? 'current' : 'todo';
          return (
            <li key={step} className="cu-check" data-state={state} aria-current={state === 'current' ? 'step' : undefined}>
              <span className="cu-check__mark" aria-hidden="true">
                {state === 'done' ? '✓' : String(index + 1)}
              </span>
              <span className="cu-check__label">{STEP_WORDS[step]}</span>
              {state === 'done' ? <span className="pk-visually-hidden">, done</span> : null}
            </li>
          );
        })}
      </ol>
      {flow.state === 'complete' ? (
        <Result tone="success" icon="✓" title="You are all set">
          Payouts start with your next sale.
        </Result>
      ) : null}
      {flow.state === 'expired' ? (
        <Result tone="warning" icon="!" title="This link has expired">
          The verification page no longer opens. Get a new link to go on.
        </Result>
      ) : null}
      {flow.state === 'error' ? (
        <Result tone="danger" icon="×" title="We could not start the verification">
          {flow.linkRefusal ? 'The verification page is not one we can show here.' : 'Check your connection, then try again.'}
        </Result>
      ) : null}
      {flow.frameProps ? <iframe key={flow.flow?.id} className="cu-frame" {...flow.frameProps} /> : null}
      <div className="cu-row">
        {flow.state === 'idle' ? (
          <button type="button" className="cu-pay" onClick={flow.start}>
            Start verification
          </button>
        ) : null}
        {flow.state === 'creating' ? (
          <button type="button" className="cu-pay" disabled aria-busy="true">
            <span className="cu-spinner" aria-hidden="true" />
            Preparing…
          </button>
        ) : null}
        {flow.state === 'expired' ? (
          <button type="button" className="cu-pay" onClick={flow.restart}>
            Get a new link
          </button>
        ) : null}
        {flow.state === 'error' && flow.canRetry ? (
          <button type="button" className="cu-pay" onClick={flow.start}>
            Try again
          </button>
        ) : null}
        {flow.state === 'open' ? (
          <button type="button" className="cu-pay" data-variant="quiet" onClick={flow.close}>
            Stop for now
          </button>
        ) : null}
      </div>
      <Announcer>{announcement}</Announcer>
    </section>
  );
}

const TRANSFER_WORDS: Record<string, string> = {
  created: 'Created',
  pending: 'Pending',
  flagged: 'Under review',
  completed: 'Settled',
  failed: 'Failed',
  reversed: 'Reversed',
  canceled: 'Canceled',
};
const wordFor = (status: string) => TRANSFER_WORDS[status] ?? status;

/**
 * A transfer tracker over `useTransaction` with `liveStatus`: a timeline of the statuses seen
 * while the page is open, and a badge that says whether it is still live. Faster than the default
 * waits (1 s, then 2 s) so the story moves while you watch.
 */
function TransferTracker({ transactionId }: { transactionId: string }) {
  const { data } = useTransaction(transactionId, { liveStatus: { initialIntervalMs: 1_000, maxIntervalMs: 2_000 } });
  const status = data?.transfer?.status ?? undefined;
  const [seen, setSeen] = useState<string[]>([]);
  // The timeline grows with each status seen (state adjusted while rendering, no effect).
  if (status !== undefined && seen.at(-1) !== status) setSeen([...seen, status]);
  const final = status !== undefined && isFinalTransferStatus(status);
  const headingId = useId();

  return (
    <section className="pk-root cu-panel" aria-labelledby={headingId} data-state={data ? 'success' : 'loading'} aria-busy={data ? undefined : true}>
      <div className="cu-tracker__head">
        <p className="cu-eyebrow" id={headingId}>
          {`Transfer · transaction ${transactionId}`}
        </p>
        {status === undefined ? null : (
          <span className="cu-live" data-final={final ? '' : undefined}>
            <span className="cu-live-dot" data-live={final ? undefined : ''} aria-hidden="true" />
            {final ? 'Final' : 'Live'}
          </span>
        )}
      </div>
      {data ? (
        <>
          <p className="cu-amount">{usd(data.amount, 'en-US')}</p>
          <p className="cu-muted">{`${data.source_name ?? '—'} → ${data.destination_name ?? '—'}`}</p>
          <ol className="cu-timeline" aria-label="Transfer status">
            {seen.map((step, index) => (
              <li key={`${step}-${String(index)}`} aria-current={index === seen.length - 1 ? 'step' : undefined}>
                {wordFor(step)}
              </li>
            ))}
          </ol>
        </>
      ) : (
        <p className="cu-muted">Loading…</p>
      )}
      <Announcer>{seen.length > 1 && status !== undefined ? `Transfer is now ${wordFor(status)}` : ''}</Announcer>
    </section>
  );
}

const meta = {
  title: 'Custom UI',
  parameters: { docs: { story: { height: '640px' } } },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;
type Context = Parameters<NonNullable<Story['play']>>[0];

/** The section of the story's UI named `name`. */
const sectionOf = (context: Context, name: string | RegExp) => context.canvas.getByRole('region', { name });

/** The checkout asks before charging: the question replaces the button, focus on "Back", nothing sent. */
export const CheckoutAsks: Story = {
  name: 'Checkout · asks before charging',
  render: () => <Checkout paymentIntentId={intents.succeeded} />,
  parameters: sandboxParameters(() => undefined, '420px'),
  play: async (context) => {
    const { canvas, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: 'Pay $109.99' }));
    const ask = canvas.getByRole('group', { name: 'Charge $109.99 to Visa •••• 4242?' });
    await expect(within(ask).getByRole('button', { name: 'Back' })).toHaveFocus();
    await expect(sectionOf(context, 'Pro plan · yearly')).toHaveAttribute('data-state', 'prompt');
    await expect(sandboxOf(context).calls).toHaveLength(0);
  },
};

/** The checkout: Pay asks first, Yes charges once, and the outcome is shown in the host's words. */
export const CheckoutPays: Story = {
  name: 'Checkout · pays once',
  render: () => <Checkout paymentIntentId={intents.succeeded} />,
  parameters: sandboxParameters((sandbox) => {
    sandbox.inject({ kind: 'latency', ms: 400 }, { operation: 'confirmPaymentIntent' });
  }, '420px'),
  play: async (context) => {
    const { canvas, userEvent } = context;
    const checkout = sectionOf(context, 'Pro plan · yearly');
    await userEvent.click(canvas.getByRole('button', { name: 'Pay $109.99' }));
    const ask = canvas.getByRole('group', { name: 'Charge $109.99 to Visa •••• 4242?' });
    await expect(within(ask).getByRole('button', { name: 'Back' })).toHaveFocus();
    await expect(sandboxOf(context).calls).toHaveLength(0);
    await userEvent.click(within(ask).getByRole('button', { name: 'Yes, charge' }));
    await expect(await canvas.findByRole('button', { name: 'Charging…' })).toBeDisabled();
    await waitFor(() => expect(checkout).toHaveAttribute('data-state', 'confirmed'));
    await expect(canvas.getByText('Paid $109.99', { selector: 'p' })).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent('Paid $109.99');
    // Money moved: nothing more to press.
    await expect(canvas.queryAllByRole('button')).toEqual([]);
    await expect(sandboxOf(context).callsFor('confirmPaymentIntent')).toHaveLength(1);
  },
};

/**
 * One confirm per intent across the page: the same order's pay button in the summary and in a
 * compact bar elsewhere. Pressing one shows both charging; the other cannot send a second confirm.
 */
export const CheckoutTwoButtonsOneIntent: Story = {
  name: 'Checkout · two buttons, one intent',
  render: () => (
    <div className="cu-stack">
      <Checkout paymentIntentId={intents.succeeded} />
      <Checkout paymentIntentId={intents.succeeded} heading="Pay from the order bar" compact />
    </div>
  ),
  parameters: sandboxParameters((sandbox) => {
    sandbox.inject({ kind: 'latency', ms: 600 }, { operation: 'confirmPaymentIntent' });
  }, '460px'),
  play: async (context) => {
    const { userEvent } = context;
    const summary = sectionOf(context, 'Pro plan · yearly');
    const bar = sectionOf(context, 'Pay from the order bar');
    await userEvent.click(within(summary).getByRole('button', { name: 'Pay $109.99' }));
    await userEvent.click(within(summary).getByRole('button', { name: 'Yes, charge' }));
    // The other button for the same intent knows a confirm is in flight.
    await waitFor(() => expect(bar).toHaveAttribute('data-state', 'confirming'));
    await expect(within(bar).getByRole('button', { name: 'Charging…' })).toBeDisabled();
    await waitFor(() => expect(bar).toHaveAttribute('data-state', 'confirmed'));
    await expect(summary).toHaveAttribute('data-state', 'confirmed');
    await expect(within(bar).getByText('Paid $109.99', { selector: 'p' })).toBeVisible();
    await expect(sandboxOf(context).callsFor('confirmPaymentIntent')).toHaveLength(1);
  },
};

/** The first answer is lost (503): the outcome is unknown, Retry sends the SAME Idempotency-Key. */
export const CheckoutOutcomeUnknown: Story = {
  name: 'Checkout · outcome unknown, retried',
  render: () => <Checkout paymentIntentId={intents.succeeded} />,
  parameters: sandboxParameters((sandbox) => {
    sandbox.inject({ kind: 'status', status: 503 }, { operation: 'confirmPaymentIntent', times: 1 });
  }, '420px'),
  play: async (context) => {
    const { canvas, userEvent } = context;
    const checkout = sectionOf(context, 'Pro plan · yearly');
    await userEvent.click(canvas.getByRole('button', { name: 'Pay $109.99' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Yes, charge' }));
    await waitFor(() => expect(checkout).toHaveAttribute('data-state', 'error'));
    await expect(canvas.getByText('We could not tell if it went through', { selector: 'p' })).toBeVisible();
    // The only way on is Retry: a new action could charge twice.
    await expect(canvas.getAllByRole('button').map((button) => button.textContent)).toEqual(['Retry']);
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(checkout).toHaveAttribute('data-state', 'confirmed'));
    const keys = sandboxOf(context)
      .callsFor('confirmPaymentIntent')
      .map((call) => call.headers['idempotency-key']);
    await expect(keys).toHaveLength(2);
    await expect(keys[1]).toBe(keys[0]);
  },
};

/** A declined card: the host's words, and a new attempt (with a new key) offered. */
export const CheckoutDeclined: Story = {
  name: 'Checkout · declined',
  render: () => <Checkout paymentIntentId={intents.failed} heading="Team plan · monthly" />,
  parameters: sandboxParameters(() => undefined, '420px'),
  play: async (context) => {
    const { canvas, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: 'Pay $139.99' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Yes, charge' }));
    await expect(await canvas.findByText('The card was declined', { selector: 'p' })).toBeVisible();
    await expect(sectionOf(context, 'Team plan · monthly')).toHaveAttribute('data-state', 'failed');
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
};

/** Before the flow starts: the checklist with its first step current, one button, nothing sent. */
export const OnboardingIdle: Story = {
  name: 'Onboarding · before starting',
  render: () => <Onboarding />,
  parameters: sandboxParameters(() => undefined, '520px'),
  play: async (context) => {
    const { canvas } = context;
    await expect(sectionOf(context, 'Get paid faster')).toHaveAttribute('data-state', 'idle');
    await expect(canvas.getByRole('button', { name: 'Start verification' })).toBeEnabled();
    await expect(within(canvas.getByRole('list', { name: 'Steps' })).getByText('Business details').closest('li')).toHaveAttribute('aria-current', 'step');
    await expect(sandboxOf(context).calls).toHaveLength(0);
  },
};

/**
 * The onboarding checklist: Start creates one flow and shows the hosted page in the host's own
 * iframe; each step done in the page ticks the checklist, and the last one says "all set".
 */
export const OnboardingChecklist: Story = {
  name: 'Onboarding · checklist',
  render: () => <Onboarding />,
  parameters: sandboxParameters(() => undefined, '900px'),
  play: async (context) => {
    const { canvas, userEvent } = context;
    const onboarding = sectionOf(context, 'Get paid faster');
    await userEvent.click(canvas.getByRole('button', { name: 'Start verification' }));
    const frame = await canvas.findByTitle<HTMLIFrameElement>('Verification');
    // In a built Storybook the hosted page is another origin (`sandboxFlowOrigin`), out of reach.
    if (new URL(frame.src).origin !== window.location.origin) return;
    // The hosted page has loaded and drawn its steps.
    // The hosted page has loaded and drawn its steps.
    const drawn = () => frame.contentDocument?.querySelector('#steps li')?.closest('body') ?? undefined;
    await waitFor(() => expect(drawn()).toBeDefined());
    const page = drawn() as HTMLElement;
    await expect(onboarding).toHaveAttribute('data-state', 'open');
    const checklist = canvas.getByRole('list', { name: 'Steps' });
    await expect(within(checklist).getByText('Business details').closest('li')).toHaveAttribute('aria-current', 'step');
    for (const title of ['Compliance', 'Identity verification', 'Payout']) {
      await userEvent.click(within(page).getByRole('button', { name: `Complete step: ${title}` }));
    }
    await waitFor(() => expect(onboarding).toHaveAttribute('data-state', 'complete'));
    await expect(canvas.getByText('3 of 3 done')).toBeVisible();
    await expect(canvas.getByText('You are all set', { selector: 'p' })).toBeVisible();
    await expect(sandboxOf(context).callsFor('createFlow')).toHaveLength(1);
  },
};

/** An expired link (the sandbox's expired user): the host's words, and one click for a new link. */
export const OnboardingExpired: Story = {
  name: 'Onboarding · link expired',
  render: () => <Onboarding userId={sandboxIds.expiredFlowUser} />,
  parameters: { ...sandboxParameters(() => undefined, '560px'), showsError: ['expired'] },
  play: async (context) => {
    const { canvas, userEvent } = context;
    const onboarding = sectionOf(context, 'Get paid faster');
    await userEvent.click(canvas.getByRole('button', { name: 'Start verification' }));
    const again = await canvas.findByRole('button', { name: 'Get a new link' });
    await expect(onboarding).toHaveAttribute('data-state', 'expired');
    await expect(canvas.queryByTitle('Verification')).toBeNull();
    await expect(again).toBeEnabled();
  },
};

/**
 * A transfer whose status changes while you watch: the sandbox moves transaction 1001's transfer
 * from `created` to `pending`, then to `completed`; the tracker reads it again on its own (1 s,
 * then 2 s), grows its timeline, announces each change, and stops reading at the final status.
 */
export const TransferMovesWhileYouWatch: Story = {
  name: 'Transfer tracker · status changes while you watch',
  render: () => <TransferTracker transactionId={sandboxIds.transactions.created} />,
  parameters: sandboxParameters(() => undefined, '420px'),
  play: async (context) => {
    const { canvas } = context;
    const sandbox = sandboxOf(context);
    const id = sandboxIds.transactions.created;
    const seeded = sandbox.data.transactions.get(id);
    if (!seeded) throw new Error(`No transaction ${id} in the sandbox.`);
    // What the API would answer once the transfer has moved on.
    const moveTo = (status: string) => sandbox.data.transactions.set(id, { ...seeded, transfer: { ...seeded.transfer, status } });
    const timeline = await canvas.findByRole('list', { name: 'Transfer status' });
    await expect(within(timeline).getByText('Created')).toHaveAttribute('aria-current', 'step');
    await expect(canvas.getByText('Live')).toBeVisible();

    moveTo('pending');
    await waitFor(() => expect(within(timeline).getByText('Pending')).toHaveAttribute('aria-current', 'step'));
    await expect(canvas.getByRole('status')).toHaveTextContent('Transfer is now Pending');

    moveTo('completed');
    await waitFor(() => expect(within(timeline).getByText('Settled')).toHaveAttribute('aria-current', 'step'));
    await expect(canvas.getByText('Final')).toBeVisible();
    await expect(within(timeline).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Created', 'Pending', 'Settled']);
    // Final: no more reads.
    const reads = sandbox.callsFor('getTransaction').length;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    await expect(sandbox.callsFor('getTransaction')).toHaveLength(reads);
  },
};
