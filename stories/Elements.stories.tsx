import type { Meta, StoryObj } from '@storybook/react-vite';
import type { PaymentsTheme } from 'payments-kit';
import { localeDirection, messagesByLocale, pickMessages } from 'payments-kit/messages';
import { sandboxIds } from 'payments-kit/testing';
import { useEffect, useState, type HTMLAttributes, type ReactNode } from 'react';
import { expect, waitFor } from 'storybook/test';
// `payments-kit/elements` in an app; in this repository, its source. Importing it defines the tags.
import '../src/elements/index.js';
import { rootShowing } from '../test/support/elementRoot.js';
import { fill, localeOf, messagesFor, sandboxFlowOrigins, withFault } from './support.js';

// The custom tags in JSX. React 19 sets a property when the element has one of the prop's name
// (`messages`, `steps`, `period`) and an attribute otherwise (`transaction-id`), and the elements
// take either. TypeScript does not check hyphenated names.
type ElementProps = HTMLAttributes<HTMLElement> & { children?: ReactNode; [property: string]: unknown };
declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- how React's JSX types are extended
  namespace JSX {
    interface IntrinsicElements {
      'payments-provider': ElementProps;
      'payments-transaction-detail': ElementProps;
      'payments-confirm-button': ElementProps;
      'payments-flow-launcher': ElementProps;
      'payments-volume-card': ElementProps;
    }
  }
}

const ids = sandboxIds.transactions;
const intents = sandboxIds.paymentIntents;

/** The page's record of the kit's events: what a host hears on `document`. */
function EventLog() {
  const [last, setLast] = useState('');
  useEffect(() => {
    const onConfirmed = (event: HTMLElementEventMap['payments-confirmed']) => {
      setLast(`payments-confirmed: ${event.detail.id} ${event.detail.status}`);
    };
    const onError = (event: HTMLElementEventMap['payments-error']) => {
      setLast(`payments-error: ${String(event.detail.status ?? event.detail.kind)} ${event.detail.code ?? ''}`.trim());
    };
    document.addEventListener('payments-confirmed', onConfirmed);
    document.addEventListener('payments-error', onError);
    return () => {
      document.removeEventListener('payments-confirmed', onConfirmed);
      document.removeEventListener('payments-error', onError);
    };
  }, []);
  // The page's own text, in the kit's text colour of the story's theme.
  return (
    <p style={{ color: 'var(--pk-color-text)' }}>
      Last event: <output data-testid="event-log">{last || 'none'}</output>
    </p>
  );
}

/**
 * `<payments-provider>` around `children`, with the toolbar's locale, its catalogue and theme, as
 * a host page would set them.
 */
function Provider({ context, theme, children }: { context: Context; theme?: PaymentsTheme; children: ReactNode }) {
  const locale = localeOf(context);
  // The stories' sandbox stands in for a proxy without payment sessions: send at once, no wait.
  return (
    <payments-provider session-wait-ms="0" locale={locale} messages={pickMessages(locale, messagesByLocale)} theme={theme ?? (context.globals.theme as string)}>
      {children}
    </payments-provider>
  );
}

/**
 * The four components as custom elements, for pages in any framework or none
 * (docs/elements.md). Each element renders its component in an open shadow root, with the
 * kit's stylesheet adopted; a `<payments-provider>` around them carries the proxy, the session,
 * the locale and the theme, and its elements share one cache. Callbacks are DOM events
 * (`payments-confirmed`, `payments-error`, …) that bubble out of the shadow root.
 *
 * ```html
 * <script type="module">import 'payments-kit/elements';</script>
 * <payments-provider session="eyJ…">
 *   <payments-transaction-detail transaction-id="1001"></payments-transaction-detail>
 *   <payments-confirm-button payment-intent-id="pi_123" payment-method-id="pm_456"></payments-confirm-button>
 * </payments-provider>
 * ```
 */
export default {
  title: 'Custom elements/Elements',
  parameters: {
    // The code panel shows each story as written. Storybook's default rebuilds it from the rendered
    // JSX, props included, and the story context a `<Provider>` gets is too deep to print: in a
    // built Storybook every story here ended on its error page (a stack overflow).
    docs: { story: { height: '360px' }, source: { type: 'code' } },
  },
} satisfies Meta;

type Story = StoryObj;
type Context = Parameters<NonNullable<Story['play']>>[0];

/** The first `tag` of the story. */
function elementOf(context: Context, tag: keyof HTMLElementTagNameMap): HTMLElement {
  const element = context.canvasElement.querySelector<HTMLElement>(tag);
  if (element === null) throw new Error(`No <${tag}> in the story.`);
  return element;
}

/** The component's root inside `tag`'s shadow root, once it shows `state`. */
async function shown(context: Context, tag: keyof HTMLElementTagNameMap, state: string): Promise<HTMLElement> {
  const element = elementOf(context, tag);
  return waitFor(() => rootShowing(element, state));
}

function pressButton(root: HTMLElement): void {
  const button = root.querySelector<HTMLButtonElement>('button.pk-button');
  if (!button) throw new Error('No button.');
  button.click();
}

const eventLog = (context: Context) => context.canvas.getByTestId('event-log');

// ─── <payments-transaction-detail> ───

/** A seeded transaction: `<payments-transaction-detail transaction-id="1003">`. */
export const TransactionDetail: Story = {
  render: (_args, context) => (
    <Provider context={context}>
      <payments-transaction-detail transaction-id={ids.completed} />
    </Provider>
  ),
  play: async (context) => {
    const root = await shown(context, 'payments-transaction-detail', 'success');
    await expect(root.querySelector('h2')).toHaveTextContent(fill(messagesFor(context).transactionTitle, { id: ids.completed }));
    await expect(root).toHaveAttribute('part', 'root');
  },
};

/** An id the API does not know. */
export const TransactionNotFound: Story = {
  parameters: { showsError: ['not-found'] },
  render: (_args, context) => (
    <Provider context={context}>
      <payments-transaction-detail transaction-id={sandboxIds.missing.transaction} />
    </Provider>
  ),
  play: async (context) => {
    const root = await shown(context, 'payments-transaction-detail', 'not-found');
    await expect(root).toHaveTextContent(messagesFor(context).notFoundTitle);
  },
};

/** The read fails: the error state with "Try again", and `payments-error` on the page. */
export const TransactionError: Story = {
  parameters: { ...withFault({ kind: 'status', status: 400 }, { operation: 'getTransaction' }), showsError: ['error:http/invalid-input'] },
  render: (_args, context) => (
    <Provider context={context}>
      <payments-transaction-detail transaction-id={ids.completed} />
      <EventLog />
    </Provider>
  ),
  play: async (context) => {
    const root = await shown(context, 'payments-transaction-detail', 'error');
    await expect(root.querySelector('[role="alert"]')).not.toBeNull();
    await waitFor(() => expect(eventLog(context)).toHaveTextContent('payments-error: 400 injected'));
  },
};

// ─── <payments-confirm-button> ───

const confirmButton = (paymentIntentId: string) => (
  <payments-confirm-button payment-intent-id={paymentIntentId} payment-method-id={sandboxIds.paymentMethod} />
);

/** Nothing sent yet. */
export const ConfirmIdle: Story = {
  render: (_args, context) => <Provider context={context}>{confirmButton(intents.succeeded)}</Provider>,
  play: async (context) => {
    const root = await shown(context, 'payments-confirm-button', 'idle');
    await expect(root.querySelector('button.pk-button')).toHaveTextContent(messagesFor(context).confirmButton);
  },
};

/** A story that presses the button, lands in `state` and hears `logged` on the page. */
function pressed(state: string, logged: string, parameters?: Story['parameters']): Story {
  return {
    parameters,
    render: (_args, context) => (
      <Provider context={context}>
        {confirmButton(intents.succeeded)}
        <EventLog />
      </Provider>
    ),
    play: async (context) => {
      pressButton(await shown(context, 'payments-confirm-button', 'idle'));
      await shown(context, 'payments-confirm-button', state);
      await waitFor(() => expect(eventLog(context)).toHaveTextContent(logged));
    },
  };
}

/** Pressed: confirmed, and `payments-confirmed` with the payment intent as `detail`. */
export const ConfirmConfirmed: Story = pressed('confirmed', `payments-confirmed: ${intents.succeeded} succeeded`);

/** The confirm fails: `payments-error` with the `PaymentsError` as `detail`. */
export const ConfirmError: Story = pressed(
  'error',
  'payments-error: 500 injected',
  { ...withFault({ kind: 'status', status: 500 }, { operation: 'confirmPaymentIntent' }), showsError: ['error:http'] },
);

// ─── <payments-flow-launcher> ───

/** Started: the hosted page embedded inline, from an origin `allowed-origins` lists. */
export const FlowLauncherInline: Story = {
  render: (_args, context) => (
    <Provider context={context}>
      <payments-flow-launcher steps="compliance id-verification" allowed-origins={sandboxFlowOrigins.join(' ')} />
    </Provider>
  ),
  play: async (context) => {
    pressButton(await shown(context, 'payments-flow-launcher', 'idle'));
    const root = await shown(context, 'payments-flow-launcher', 'success');
    const frame = root.querySelector('iframe');
    await expect(frame).toHaveAttribute('part', 'frame');
    await expect(new URL(frame?.getAttribute('src') ?? '', window.location.href).searchParams.get('steps')).toBe('compliance,id-verification');
  },
};

// ─── <payments-volume-card> ───

const monthReceived: Story['render'] = (_args, context) => (
  <Provider context={context}>
    <payments-volume-card period="month" type="receive" tz="UTC" />
  </Provider>
);

/** This month's received volume. */
export const VolumeCard: Story = {
  render: monthReceived,
  play: async (context) => {
    const root = await shown(context, 'payments-volume-card', 'success');
    await expect(root.querySelector('.pk-money')).toHaveAttribute('part', 'money');
  },
};

/** The read fails. */
export const VolumeCardError: Story = {
  parameters: { ...withFault({ kind: 'status', status: 400 }, { operation: 'getTransactionVolume' }), showsError: ['error:http/invalid-input'] },
  render: monthReceived,
  play: async (context) => {
    const root = await shown(context, 'payments-volume-card', 'error');
    await expect(root.querySelector('[role="alert"]')).not.toBeNull();
  },
};

// ─── Themes and direction ───

/** A transaction and a confirm button in one provider. */
function TransactionAndButton({ context, theme }: { context: Context; theme?: PaymentsTheme }) {
  return (
    <Provider context={context} theme={theme}>
      {/* Apart, as a host page lays out its blocks: elements set no margin of their own. */}
      <div style={{ display: 'grid', gap: '12px' }}>
        <payments-transaction-detail transaction-id={ids.completed} />
        {confirmButton(intents.succeeded)}
      </div>
    </Provider>
  );
}

/**
 * `theme="dark"` on the provider, whatever the toolbar says: each element carries
 * `data-pk-theme="dark"` itself, so the palette is set on the element and `--pk-*` set on it
 * by the page win.
 */
export const DarkTheme: Story = {
  render: (_args, context) => (
    <div data-pk-theme="dark" className="sb-surface">
      <TransactionAndButton context={context} theme="dark" />
    </div>
  ),
  play: async (context) => {
    const root = await shown(context, 'payments-transaction-detail', 'success');
    await expect(elementOf(context, 'payments-transaction-detail')).toHaveAttribute('data-pk-theme', 'dark');
    await expect(getComputedStyle(root).backgroundColor).toBe('rgb(23, 25, 29)');
  },
};

/** `dir="rtl"` and `lang="ar"` on a container, Arabic on the provider: laid out right to left inside the shadow roots. */
export const RightToLeft: Story = {
  globals: { locale: 'ar' },
  render: (_args, context) => (
    <div lang="ar" dir={localeDirection('ar')}>
      <TransactionAndButton context={context} />
    </div>
  ),
  play: async (context) => {
    const root = await shown(context, 'payments-transaction-detail', 'success');
    await expect(getComputedStyle(root).direction).toBe('rtl');
    await expect(root.querySelector('h2')).toHaveTextContent(fill(messagesFor(context).transactionTitle, { id: ids.completed }));
    // The heading starts at the right edge of the card.
    const heading = root.querySelector('h2')?.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(root.querySelector('h2') ?? root);
    const text = range.getBoundingClientRect();
    await expect(heading && Math.abs(heading.right - text.right) <= 1).toBe(true);
  },
};
