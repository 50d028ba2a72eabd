import type { Meta, StoryObj } from '@storybook/react-vite';
import { ConfirmIntentButton, type KnownPaymentIntentStatus } from 'payments-kit';
import { sandboxIds, UNKNOWN_INTENT_STATUS } from 'payments-kit/testing';
import { expect, fn, waitFor, within } from 'storybook/test';
import { fill, localeOf, messagesFor, rateLimitedByProxy, refusedByApi, refusedByProxy, sandboxOf, usd, withFault } from './support.js';

const intents = sandboxIds.paymentIntents;

// Confirms a payment intent (docs/api.md#confirm-a-payment-intent) and shows the status it ends in. Each story presses the
// button (its play function) and lands in one outcome; the sandbox's `pi_<status>` intents end
// in that status when confirmed.
const meta = {
  title: 'Components/ConfirmIntentButton',
  component: ConfirmIntentButton,
  args: {
    paymentIntentId: intents.succeeded,
    paymentMethodId: sandboxIds.paymentMethod,
    onConfirmed: fn(),
    onRequiresAction: fn(),
    onOutcome: fn(),
    onError: fn(),
  },
  argTypes: { children: { control: 'text' } },
} satisfies Meta<typeof ConfirmIntentButton>;

export default meta;
type Story = StoryObj<typeof meta>;
type Context = Parameters<NonNullable<Story['play']>>[0];

/** The component's root (`.pk-confirm`): it has no role of its own, it is a group of controls. */
function rootOf(context: Context): HTMLElement {
  const root = context.canvasElement.querySelector<HTMLElement>('.pk-confirm');
  if (!root) throw new Error('No ConfirmIntentButton rendered.');
  return root;
}

/** The Idempotency-Key of each confirm that reached the sandbox, in order. */
const sentKeys = (context: Context) =>
  sandboxOf(context)
    .callsFor('confirmPaymentIntent')
    .map((call) => call.headers['idempotency-key']);

interface Expected {
  /** `data-state` of the root. */
  state: string;
  /** The callback that reports it, besides onOutcome. */
  callback?: 'onConfirmed' | 'onRequiresAction';
  /** The one button offered afterwards (a new action), or none where money moved or may have. */
  again: 'confirm' | 'retry' | null;
  /** The explanation under the badge. */
  notice?: 'confirmProcessingExplanation' | 'confirmRequiresCaptureExplanation' | 'requiresActionExplanation'
    | 'confirmFailedExplanation' | 'confirmCanceledExplanation' | 'confirmNotConfirmedExplanation' | 'confirmUnknownExplanation';
}

/** A story that presses "Confirm payment" on `paymentIntentId` and checks the outcome. */
function endsIn(paymentIntentId: string, status: KnownPaymentIntentStatus | typeof UNKNOWN_INTENT_STATUS, expected: Expected): Story {
  return {
    args: { paymentIntentId },
    // An intent that failed puts the root in its error state, with the outcome in it, not an error region.
    parameters: { showsError: expected.state === 'error' ? ['error'] : [] },
    play: async (context) => {
      const m = messagesFor(context);
      const { args, canvas, userEvent } = context;
      await userEvent.click(canvas.getByRole('button', { name: m.confirmButton }));
      const label = status in m.paymentIntentStatuses ? m.paymentIntentStatuses[status as KnownPaymentIntentStatus] : status;
      const badge = await canvas.findByText(label, { selector: '.pk-badge' });
      await expect(rootOf(context)).toHaveAttribute('data-state', expected.state);
      await expect(canvas.getByRole('status')).toHaveTextContent(fill(m.confirmResult, { status: label }));
      if (expected.notice) await expect(canvas.getByText(m[expected.notice])).toBeVisible();
      if (status === UNKNOWN_INTENT_STATUS) await expect(badge).toHaveAttribute('data-known', 'false');
      await expect(args.onOutcome).toHaveBeenCalledTimes(1);
      await expect(args.onConfirmed).toHaveBeenCalledTimes(expected.callback === 'onConfirmed' ? 1 : 0);
      await expect(args.onRequiresAction).toHaveBeenCalledTimes(expected.callback === 'onRequiresAction' ? 1 : 0);
      await expect(args.onError).not.toHaveBeenCalled();
      // A new action is offered only where it makes sense; where money moved, never.
      const names = canvas.queryAllByRole('button').map((button) => button.textContent);
      const again = expected.again === 'confirm' ? m.confirmButton : expected.again === 'retry' ? m.retry : null;
      await expect(names).toEqual(again === null ? [] : [again]);
      await expect(sandboxOf(context).callsFor('confirmPaymentIntent')).toHaveLength(1);
    },
  };
}

/** Before anything is pressed. */
export const Idle: Story = {
  play: async (context) => {
    const m = messagesFor(context);
    await expect(context.canvas.getByRole('button', { name: m.confirmButton })).toBeEnabled();
    await expect(rootOf(context)).toHaveAttribute('data-state', 'idle');
  },
};

/** While the confirm is in flight (fault `hang`): the button is disabled and busy. */
export const Confirming: Story = {
  parameters: withFault({ kind: 'hang' }, { operation: 'confirmPaymentIntent' }, '160px'),
  play: async (context) => {
    const m = messagesFor(context);
    const { canvas, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: m.confirmButton }));
    const button = await canvas.findByRole('button', { name: m.confirmPending });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(rootOf(context)).toHaveAttribute('aria-busy', 'true');
    await expect(rootOf(context)).toHaveAttribute('data-state', 'confirming');
    // The button shows `confirming` before its request has left the page: wait for the sandbox to
    // hold it, or it would reach the page's one sandbox after the next story's reset and be counted
    // there (that story expects exactly the key it kept).
    await waitFor(() => expect(sentKeys(context)).toHaveLength(1));
  },
};

/** The key of a confirm sent before the page was reloaded, as the tab's storage keeps it. */
const KEPT_KEY = '5f0c6f2e-8a4b-4c1d-9e7f-2b3a4c5d6e7f';

/**
 * The page was reloaded while a confirm was on its way: the tab's storage kept its key, and the
 * button checks the earlier payment with that same key before offering anything (its answer
 * held here by the fault `hang`).
 */
export const CheckingEarlierPayment: Story = {
  parameters: withFault({ kind: 'hang' }, { operation: 'confirmPaymentIntent' }, '160px'),
  beforeEach: () => {
    const name = `payments-kit:confirm:${intents.succeeded}`;
    sessionStorage.setItem(name, JSON.stringify({ m: sandboxIds.paymentMethod, k: KEPT_KEY, s: '', t: Date.now() }));
    return () => {
      sessionStorage.removeItem(name);
    };
  },
  play: async (context) => {
    const m = messagesFor(context);
    const button = await context.canvas.findByRole('button', { name: m.confirmRecovering });
    await expect(button).toBeDisabled();
    await expect(rootOf(context)).toHaveAttribute('data-state', 'recovering');
    await expect(rootOf(context)).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(sentKeys(context)).toEqual([KEPT_KEY]));
  },
};

/**
 * The page was reloaded while a confirm with another payment method was on its way, and now shows
 * this method: the earlier confirm may have gone through, so no new one is offered, and it is not
 * sent again unasked with a method the page no longer shows. "Try again" re-sends it, with its
 * method and its key.
 */
export const EarlierPaymentWithAnotherMethod: Story = {
  name: 'Earlier payment with another method',
  beforeEach: () => {
    const name = `payments-kit:confirm:${intents.succeeded}`;
    sessionStorage.setItem(name, JSON.stringify({ m: 'pm_card_mastercard', k: KEPT_KEY, s: '', t: Date.now() }));
    return () => {
      sessionStorage.removeItem(name);
    };
  },
  play: async (context) => {
    const m = messagesFor(context);
    const { canvas, userEvent } = context;
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(m.confirmOutcomeUnknown);
    await expect(rootOf(context)).toHaveAttribute('data-state', 'error');
    await expect(canvas.getAllByRole('button').map((button) => button.textContent)).toEqual([m.retry]);
    await expect(sentKeys(context)).toEqual([]);
    await userEvent.click(canvas.getByRole('button', { name: m.retry }));
    await canvas.findByText(m.paymentIntentStatuses.succeeded, { selector: '.pk-badge' });
    await expect(sentKeys(context)).toEqual([KEPT_KEY]);
    await expect(canvas.queryAllByRole('button')).toEqual([]);
  },
};

/**
 * The proxy refuses the confirm for an expired payment session and the provider has no
 * `getSession`: "Your session has expired" and no retry. A 401 means nothing reached the
 * payments API: no money moved.
 */
export const SessionExpired: Story = {
  name: 'Session expired',
  parameters: { ...refusedByProxy('confirmPaymentIntent', 401, 'session_expired', '200px'), showsError: ['error:http/session'] },
  play: async (context) => {
    const m = messagesFor(context);
    const { canvas, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: m.confirmButton }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(m.sessionExpiredTitle);
    await expect(alert).not.toHaveTextContent(m.confirmRefused);
    await expect(canvas.queryByRole('button', { name: m.retry })).toBeNull();
    await expect(context.args.onError).toHaveBeenCalledWith(expect.objectContaining({ status: 401, code: 'session_expired' }));
  },
};

/** The session does not grant this payment intent (403 `not_granted`): "You don’t have access to this", no retry. */
export const NotGranted: Story = {
  name: 'Not granted',
  parameters: { ...refusedByProxy('confirmPaymentIntent', 403, 'not_granted', '200px'), showsError: ['error:http/not-granted'] },
  play: async (context) => {
    const m = messagesFor(context);
    const { canvas, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: m.confirmButton }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(m.notGrantedTitle);
    await expect(canvas.queryByRole('button', { name: m.retry })).toBeNull();
  },
};

// ─── each status the API lists, and one the kit does not know ───

export const EndsSucceeded: Story = {
  name: 'Ends in succeeded',
  ...endsIn(intents.succeeded, 'succeeded', { state: 'confirmed', callback: 'onConfirmed', again: null }),
};
export const EndsProcessing: Story = {
  name: 'Ends in processing',
  ...endsIn(intents.processing, 'processing', { state: 'confirmed', callback: 'onConfirmed', again: null, notice: 'confirmProcessingExplanation' }),
};
export const EndsRequiresCapture: Story = {
  name: 'Ends in requires_capture',
  ...endsIn(intents.requires_capture, 'requires_capture', { state: 'confirmed', callback: 'onConfirmed', again: null, notice: 'confirmRequiresCaptureExplanation' }),
};
/**
 * Confirmed, waiting on the customer (e.g. 3-D Secure): the notice says what happens next, and no
 * button would send the same confirm again.
 */
export const EndsRequiresAction: Story = {
  name: 'Ends in requires_action',
  ...endsIn(intents.requires_action, 'requires_action', { state: 'requires-action', callback: 'onRequiresAction', again: null, notice: 'requiresActionExplanation' }),
};
export const EndsRequiresPaymentMethod: Story = {
  name: 'Ends in requires_payment_method',
  ...endsIn(intents.requires_payment_method, 'requires_payment_method', { state: 'error', again: 'retry', notice: 'confirmFailedExplanation' }),
};
export const EndsFailed: Story = {
  name: 'Ends in failed',
  ...endsIn(intents.failed, 'failed', { state: 'error', again: 'retry', notice: 'confirmFailedExplanation' }),
};
export const EndsCanceled: Story = {
  name: 'Ends in canceled',
  ...endsIn(intents.canceled, 'canceled', { state: 'canceled', again: null, notice: 'confirmCanceledExplanation' }),
};
export const EndsInitialized: Story = {
  name: 'Ends in initialized',
  ...endsIn(intents.initialized, 'initialized', { state: 'idle', again: 'confirm', notice: 'confirmNotConfirmedExplanation' }),
};
export const EndsCreated: Story = {
  name: 'Ends in created',
  ...endsIn(intents.created, 'created', { state: 'idle', again: 'confirm', notice: 'confirmNotConfirmedExplanation' }),
};
export const EndsRequiresConfirmation: Story = {
  name: 'Ends in requires_confirmation',
  ...endsIn(intents.requires_confirmation, 'requires_confirmation', { state: 'idle', again: 'confirm', notice: 'confirmNotConfirmedExplanation' }),
};
/** A status no version of the kit knows: raw text, neutral, and no second confirm on a guess. */
export const EndsUnknownStatus: Story = {
  name: 'Ends in an unknown status',
  ...endsIn(intents.unknown, UNKNOWN_INTENT_STATUS, { state: 'unknown', again: null, notice: 'confirmUnknownExplanation' }),
};

// ─── requireConfirmation ───

/** `requireConfirmation`: the question replaces the button; nothing is sent yet. */
export const RequireConfirmationPrompt: Story = {
  name: 'requireConfirmation · the question',
  args: { requireConfirmation: true, amount: 10_999, currency: 'usd' },
  play: async (context) => {
    const m = messagesFor(context);
    const { canvas, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: m.confirmButton }));
    const question = fill(m.confirmPrompt, { amount: usd(10_999, localeOf(context)) });
    // Intl may put a no-break space before the currency: compare names as the reader hears them.
    const group = await canvas.findByRole('group', { name: (name) => name.replace(/\s+/g, ' ') === question });
    // Focus goes to Cancel, the safe answer.
    await expect(within(group).getByRole('button', { name: m.confirmCancel })).toHaveFocus();
    await expect(within(group).getByRole('button', { name: m.confirmAccept })).toBeEnabled();
    await expect(sandboxOf(context).calls).toHaveLength(0);
  },
};

/** `requireConfirmation`, answered Confirm: one request, and the outcome. */
export const RequireConfirmationAccepted: Story = {
  name: 'requireConfirmation · confirmed',
  args: { requireConfirmation: true, amount: 10_999, currency: 'usd' },
  play: async (context) => {
    const m = messagesFor(context);
    const { canvas, userEvent, args } = context;
    await userEvent.click(canvas.getByRole('button', { name: m.confirmButton }));
    await userEvent.click(await canvas.findByRole('button', { name: m.confirmAccept }));
    await canvas.findByText(m.paymentIntentStatuses.succeeded, { selector: '.pk-badge' });
    await expect(args.onConfirmed).toHaveBeenCalledTimes(1);
    await expect(sandboxOf(context).callsFor('confirmPaymentIntent')).toHaveLength(1);
  },
};

/** `requireConfirmation`, answered Cancel: back to the button, focused, and nothing sent. */
export const RequireConfirmationCanceled: Story = {
  name: 'requireConfirmation · canceled',
  args: { requireConfirmation: true, amount: 10_999, currency: 'usd' },
  play: async (context) => {
    const m = messagesFor(context);
    const { canvas, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: m.confirmButton }));
    await userEvent.click(await canvas.findByRole('button', { name: m.confirmCancel }));
    await expect(await canvas.findByRole('button', { name: m.confirmButton })).toHaveFocus();
    await expect(sandboxOf(context).calls).toHaveLength(0);
  },
};

// ─── failures ───

/**
 * A 503 on the first attempt: the outcome is unknown, so the only action offered is a retry,
 * which re-sends the SAME Idempotency-Key (the money moves at most once), and succeeds.
 */
export const FailsThenRetried: Story = {
  name: 'Fails (503), then retried',
  parameters: withFault({ kind: 'status', status: 503 }, { operation: 'confirmPaymentIntent', times: 1 }),
  play: async (context) => {
    const m = messagesFor(context);
    const { canvas, userEvent, args } = context;
    await userEvent.click(canvas.getByRole('button', { name: m.confirmButton }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(m.errorTitles.http);
    await expect(canvas.getByText(m.confirmOutcomeUnknown)).toBeVisible();
    await expect(canvas.getAllByRole('button').map((button) => button.textContent)).toEqual([m.retry]);
    await expect(args.onError).toHaveBeenCalledWith(expect.objectContaining({ kind: 'http', status: 503 }));

    await userEvent.click(canvas.getByRole('button', { name: m.retry }));
    await canvas.findByText(m.paymentIntentStatuses.succeeded, { selector: '.pk-badge' });
    await expect(args.onConfirmed).toHaveBeenCalledTimes(1);
    const keys = sentKeys(context);
    await expect(keys).toHaveLength(2);
    await expect(keys[1]).toBe(keys[0]);
  },
};

/**
 * Too many requests (429 `rate_limited`, `Retry-After: 2`): nothing reached the payments API, but
 * the button treats it as every unknown outcome. It never re-sends by itself; "Try again" re-sends
 * the SAME Idempotency-Key, and the intent is confirmed once.
 */
export const RateLimitedThenRetried: Story = {
  name: 'Too many requests (429), then retried',
  parameters: rateLimitedByProxy('confirmPaymentIntent', 2, 1, '220px'),
  play: async (context) => {
    const m = messagesFor(context);
    const { canvas, userEvent, args } = context;
    await userEvent.click(canvas.getByRole('button', { name: m.confirmButton }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(m.rateLimitedTitle);
    await expect(alert).toHaveTextContent(m.confirmOutcomeUnknown);
    await expect(canvas.getAllByRole('button').map((button) => button.textContent)).toEqual([m.retry]);
    await expect(args.onError).toHaveBeenCalledWith(expect.objectContaining({ status: 429, code: 'rate_limited', retryAfterMs: 2_000 }));
    await expect(sentKeys(context)).toHaveLength(1);

    await userEvent.click(canvas.getByRole('button', { name: m.retry }));
    await canvas.findByText(m.paymentIntentStatuses.succeeded, { selector: '.pk-badge' });
    const keys = sentKeys(context);
    await expect(keys).toHaveLength(2);
    await expect(keys[1]).toBe(keys[0]);
    await expect(sandboxOf(context).data.paymentIntents.get(intents.succeeded)?.confirmations).toBe(1);
  },
};

/** The network drops (fault `network`): outcome unknown, a retry is offered; it stays here. */
export const NetworkError: Story = {
  parameters: { ...withFault({ kind: 'network' }, { operation: 'confirmPaymentIntent' }, '220px'), showsError: ['error:network'] },
  play: async (context) => {
    const m = messagesFor(context);
    const { canvas, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: m.confirmButton }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(m.errorTitles.network);
    // One sentence for this payment: it may have gone through, and retrying is safe.
    await expect(alert).toHaveTextContent(m.confirmOutcomeUnknown);
    await expect(alert).not.toHaveTextContent(m.errorDescriptions.network);
    await expect(canvas.getByRole('button', { name: m.retry })).toBeEnabled();
    await waitFor(() => expect(canvas.getByRole('button', { name: m.retry })).toHaveFocus());
  },
};

/**
 * A definite refusal the kit has no other words for: here the proxy's 409 `idempotency_conflict`
 * (this key was already used with another payment method). No retry, no new action.
 */
export const Refused: Story = {
  name: 'Refused (409 idempotency_conflict)',
  parameters: { ...refusedByProxy('confirmPaymentIntent', 409, 'idempotency_conflict', '200px'), showsError: ['error:http'] },
  play: async (context) => {
    const m = messagesFor(context);
    const { canvas, userEvent, args } = context;
    await userEvent.click(canvas.getByRole('button', { name: m.confirmButton }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(m.confirmRefused);
    await expect(canvas.queryByRole('button')).toBeNull();
    await expect(args.onError).toHaveBeenCalledWith(expect.objectContaining({ kind: 'http', status: 409, code: 'idempotency_conflict' }));
  },
};

// ─── the payments API's own refusals (docs/api.md#errors): the API received the call ───

/** Not enough funds in the wallet (`transaction-insufficient-funds`): says why, offers nothing to retry. */
export const InsufficientFunds: Story = {
  name: 'Refused by the API · insufficient funds',
  parameters: { ...refusedByApi('confirmPaymentIntent', 'insufficient-funds', '220px'), showsError: ['error:http/insufficient-funds'] },
  play: async (context) => {
    const m = messagesFor(context);
    const { canvas, userEvent, args } = context;
    await userEvent.click(canvas.getByRole('button', { name: m.confirmButton }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(m.insufficientFundsTitle);
    await expect(alert).toHaveTextContent(m.insufficientFundsDescription);
    await expect(canvas.queryByRole('button')).toBeNull();
    await expect(args.onError).toHaveBeenCalledWith(expect.objectContaining({ upstreamCode: 'transaction-insufficient-funds' }));
  },
};

/** The service is busy (`resource-busy`): an earlier request may still be processing; a retry sends the same key. */
export const ApiBusy: Story = {
  name: 'Refused by the API · busy, then retried',
  parameters: refusedByApi('confirmPaymentIntent', 'busy', '240px'),
  play: async (context) => {
    const m = messagesFor(context);
    const { canvas, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: m.confirmButton }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(m.busyTitle);
    await expect(alert).toHaveTextContent(m.confirmBusy);
    await userEvent.click(canvas.getByRole('button', { name: m.retry }));
    await canvas.findByText(m.paymentIntentStatuses.succeeded);
  },
};

/** The details were refused (`invalid-input`): never "nothing was sent", since the API received them. */
export const ApiRefusedDetails: Story = {
  name: 'Refused by the API · the details',
  parameters: { ...refusedByApi('confirmPaymentIntent', 'invalid-input', '220px'), showsError: ['error:http/invalid-input'] },
  play: async (context) => {
    const m = messagesFor(context);
    const { canvas, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: m.confirmButton }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(m.inputRefusedTitle);
    await expect(alert).not.toHaveTextContent(m.errorDescriptions.invalid_request);
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

/**
 * A code the kit has words of its own for (`user-info-missing-card`, docs/api.md#errors): loaded
 * for the button's language when it mounts, they say what is missing and what to do, in place of
 * the status's "refused the details"; the status still offers nothing to retry.
 */
export const ApiRefusedWithCode: Story = {
  name: 'Refused by the API · a code with words of its own',
  parameters: { ...refusedByApi('confirmPaymentIntent', 'card-missing', '220px'), showsError: ['error:http/invalid-input'] },
  play: async (context) => {
    const m = messagesFor(context);
    const { canvas, userEvent, args } = context;
    await userEvent.click(canvas.getByRole('button', { name: m.confirmButton }));
    const alert = await canvas.findByRole('alert');
    if (localeOf(context).startsWith('en')) {
      await expect(alert).toHaveTextContent('Your card details are missing');
      await expect(alert).toHaveTextContent('Add a card, then try again.');
    }
    await expect(alert).not.toHaveTextContent(m.inputRefusedTitle);
    await expect(canvas.queryByRole('button')).toBeNull();
    await expect(args.onError).toHaveBeenCalledWith(expect.objectContaining({ upstreamCode: 'user-info-missing-card' }));
  },
};

/** A 403 of the API: this account can't do this, a matter for support, not "try again". */
export const ApiNotAllowed: Story = {
  name: 'Refused by the API · this account can’t',
  parameters: { ...refusedByApi('confirmPaymentIntent', 'unauthorized', '220px'), showsError: ['error:http/not-allowed'] },
  play: async (context) => {
    const m = messagesFor(context);
    const { canvas, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: m.confirmButton }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(m.notAllowedTitle);
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

/**
 * The page showed $49.99 (`amount`), but the intent the API confirmed is for $109.99: the
 * component says so, reports `amount_mismatch` through `onError` and offers no new action.
 */
export const AmountMismatch: Story = {
  name: 'Confirmed for another amount',
  args: { amount: 4_999, requireConfirmation: true },
  play: async (context) => {
    const m = messagesFor(context);
    const { canvas, userEvent, args } = context;
    const locale = localeOf(context);
    await userEvent.click(canvas.getByRole('button', { name: m.confirmButton }));
    await expect(canvas.getByText(fill(m.confirmPrompt, { amount: usd(4_999, locale) }))).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: m.confirmAccept }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(fill(m.confirmAmountMismatch, { confirmed: usd(10_999, locale), shown: usd(4_999, locale) }));
    await expect(rootOf(context)).toHaveAttribute('data-state', 'amount-mismatch');
    // The mismatch is reported, and never announced as a success.
    await expect(args.onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'amount_mismatch' }));
    await expect(args.onConfirmed).not.toHaveBeenCalled();
    await expect(canvas.queryAllByRole('button')).toEqual([]);
  },
};

/** An intent the service does not know (404): "not found", a definite answer, so no retry. */
export const UnknownIntent: Story = {
  name: 'Unknown intent (404)',
  parameters: { showsError: ['error:http/not-found'] },
  args: { paymentIntentId: sandboxIds.missing.paymentIntent },
  play: async (context) => {
    const m = messagesFor(context);
    const { canvas, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: m.confirmButton }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(m.notFoundTitle);
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

/**
 * The API answered the confirm with its required fields only (no `status`): the confirm was
 * accepted, so it is reported as confirmed (`onConfirmed`), its status badge "Status unknown".
 */
export const EndsWithoutStatus: Story = {
  name: 'Ends without a status',
  args: { paymentIntentId: intents.succeeded, amount: 10_999 },
  parameters: withFault({ kind: 'status', status: 200, body: { id: intents.succeeded, amount: 10_999, currency: 'usd' } }, { operation: 'confirmPaymentIntent', times: 1 }),
  play: async (context) => {
    const m = messagesFor(context);
    const { args, canvas, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: m.confirmButton }));
    await expect(await canvas.findByText(m.paymentIntentStatusUnknown, { selector: '.pk-badge' })).toBeVisible();
    await expect(rootOf(context)).toHaveAttribute('data-state', 'confirmed');
    await expect(canvas.queryByText(m.confirmNotConfirmedExplanation)).toBeNull();
    await expect(args.onConfirmed).toHaveBeenCalledTimes(1);
    await expect(canvas.queryAllByRole('button')).toEqual([]);
  },
};

/** A custom label (`children`). */
export const CustomLabel: Story = {
  args: { children: 'Pay now' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Pay now' })).toBeEnabled();
  },
};

/**
 * Two buttons for one payment intent (a summary and a sticky bar, say): a confirm in flight is
 * the page's, so pressing one shows both confirming, the other cannot send a second confirm, and
 * both show the outcome. Only the button pressed calls its callbacks.
 */
export const TwoButtonsOneIntent: Story = {
  name: 'Two buttons, one intent',
  parameters: withFault({ kind: 'latency', ms: 500 }, { operation: 'confirmPaymentIntent' }, '320px'),
  render: (args) => (
    <div className="sb-dashboard">
      <ConfirmIntentButton {...args} data-testid="summary" />
      <ConfirmIntentButton {...args} data-testid="bar" onConfirmed={undefined} onOutcome={undefined} />
    </div>
  ),
  play: async (context) => {
    const m = messagesFor(context);
    const { canvas, userEvent, args } = context;
    const summary = canvas.getByTestId('summary');
    const bar = canvas.getByTestId('bar');
    await userEvent.click(within(summary).getByRole('button', { name: m.confirmButton }));
    await waitFor(() => expect(bar).toHaveAttribute('data-state', 'confirming'));
    await expect(within(bar).getByRole('button', { name: m.confirmPending })).toBeDisabled();
    await waitFor(() => expect(bar).toHaveAttribute('data-state', 'confirmed'));
    await expect(summary).toHaveAttribute('data-state', 'confirmed');
    await expect(args.onConfirmed).toHaveBeenCalledTimes(1);
    await expect(sandboxOf(context).callsFor('confirmPaymentIntent')).toHaveLength(1);
  },
};
