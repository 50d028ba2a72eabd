import type { Meta, StoryObj } from '@storybook/react-vite';
import type { QueryClient } from '@tanstack/react-query';
import {
  ConfirmIntentButton,
  FlowLauncher,
  PaymentsProvider,
  TransactionDetail,
  VolumeCard,
  type PaymentsProviderProps,
} from 'payments-kit';
import { messagesEs } from 'payments-kit/messages';
import { sandboxIds, volumeFor } from 'payments-kit/testing';
import { expect, within } from 'storybook/test';
import { field, fill, localeOf, messagesFor, settled, usd } from './support.js';

/**
 * `PaymentsProvider` gives the components their fetcher, cache, locale, messages, theme and time
 * zone. Storybook already wraps every story in one (theme and locale from the toolbar, a fresh
 * `QueryClient`, the sandbox behind MSW as your proxy); the stories here add a provider of their
 * own to show what each prop does. In your app:
 *
 * ```tsx
 * import { PaymentsProvider, TransactionDetail } from 'payments-kit';
 * import { messagesEs } from 'payments-kit/messages';
 * import 'payments-kit/styles.css';
 *
 * <PaymentsProvider locale="es" messages={messagesEs} theme="dark" timeZone="Europe/Madrid">
 *   <TransactionDetail transactionId="1001" />
 * </PaymentsProvider>
 * ```
 */
const meta = {
  title: 'Setup/PaymentsProvider and theming',
  component: PaymentsProvider,
  argTypes: {
    theme: { control: 'inline-radio', options: ['light', 'dark', 'auto'] },
    locale: { control: 'inline-radio', options: ['en', 'es', 'es-MX', 'en-GB'] },
    fetcher: { control: false },
    queryClient: { control: false },
    children: { control: false },
  },
  // The story's own provider, inside the one of the preview. Its `queryClient` is the story's
  // fresh one (with the kit's own, a failed load would be retried twice before it shows).
  render: (args, context) => (
    <PaymentsProvider
      {...args}
      locale={args.locale ?? localeOf(context)}
      messages={args.messages ?? messagesFor(context)}
      queryClient={context.loaded.queryClient as QueryClient}
    >
      <Dashboard />
    </PaymentsProvider>
  ),
  parameters: { docs: { story: { height: '900px' } } },
} satisfies Meta<PaymentsProviderProps>;

export default meta;
type Story = StoryObj<typeof meta>;
type Context = Parameters<NonNullable<Story['play']>>[0];

const DASHBOARD_CLASS = 'sb-dashboard';

/** The four components side by side, as on a merchant's dashboard. */
function Dashboard() {
  return (
    <div className={DASHBOARD_CLASS}>
      <div className="sb-dashboard__row">
        <VolumeCard period="month" type="receive" tz="UTC" headingLevel={3} />
        <VolumeCard period="month" type="send" tz="UTC" headingLevel={3} />
      </div>
      <TransactionDetail transactionId={sandboxIds.transactions.created} headingLevel={3} />
      <ConfirmIntentButton
        paymentIntentId={sandboxIds.paymentIntents.succeeded}
        paymentMethodId={sandboxIds.paymentMethod}
        requireConfirmation
        amount={10_999}
      />
      <FlowLauncher steps={['compliance', 'payout']} />
    </div>
  );
}

/** Waits for the dashboard's data and checks the words, money and theme a reader sees. */
async function dashboardShows(context: Context, expected: { theme?: string; title?: string } = {}) {
  const m = messagesFor(context);
  const locale = localeOf(context);
  const title = expected.title ?? fill(m.transactionTitle, { id: sandboxIds.transactions.created });
  const transaction = await settled(await context.canvas.findByRole('region', { name: title }), 'success');
  await expect(field(transaction, m.transactionAmount)).toHaveTextContent(usd(125_000, locale));
  const volumes = context.canvasElement.querySelectorAll<HTMLElement>('.pk-volume');
  for (const volume of volumes) await settled(volume, 'success');
  await expect(within(volumes[0] as HTMLElement).getByText(usd(volumeFor('month', 'receive', 'UTC'), locale))).toBeVisible();
  await expect(context.canvas.getByRole('button', { name: m.confirmButton })).toBeEnabled();
  await expect(context.canvas.getByRole('button', { name: m.flowStart })).toBeEnabled();
  if (expected.theme) {
    for (const root of context.canvasElement.querySelectorAll('.pk-root')) {
      await expect(root.closest('[data-pk-theme]')).toHaveAttribute('data-pk-theme', expected.theme);
    }
  }
  return transaction;
}

/** All four components, following the theme and locale toolbars. */
export const Dashboard_: Story = {
  name: 'Dashboard',
  play: async (context) => {
    await dashboardShows(context);
  },
};

/** `theme="light"`. */
export const Light: Story = {
  globals: { theme: 'light' },
  args: { theme: 'light' },
  play: async (context) => {
    await dashboardShows(context, { theme: 'light' });
  },
};

/** `theme="dark"`: every colour from the dark set; both themes pass WCAG AA contrast (axe). */
export const Dark: Story = {
  globals: { theme: 'dark' },
  args: { theme: 'dark' },
  play: async (context) => {
    await dashboardShows(context, { theme: 'dark' });
  },
};

/**
 * `locale="es"` with `messages={messagesEs}`: words from the shipped Spanish catalogue, money and
 * dates by `Intl` for `es`. (`locale` alone formats for `es` but keeps the English words: a
 * catalogue is passed by the host, so bundles without it do not carry it.)
 */
export const Spanish: Story = {
  name: 'Spanish (locale="es", messages={messagesEs})',
  globals: { locale: 'es' },
  args: { locale: 'es', messages: messagesEs },
  play: async (context) => {
    const transaction = await dashboardShows(context);
    await expect(within(transaction).getByRole('heading', { level: 3 })).toHaveTextContent('Transacción 1001');
  },
};

/** `timeZone`: every date in that zone (the default is UTC, so server and browser agree). */
export const TimeZone: Story = {
  name: 'Time zone (timeZone="America/New_York")',
  args: { timeZone: 'America/New_York' },
  play: async (context) => {
    const m = messagesFor(context);
    const transaction = await dashboardShows(context);
    // 2026-11-20T14:32:05Z is 9:32 in New York (EST).
    await expect(field(transaction, m.transactionCreated)).toHaveTextContent(/\b(9:32|09:32)\b/);
  },
};

/** `messages`: any text replaced, here the transaction heading and the confirm button. */
export const MessageOverrides: Story = {
  name: 'Message overrides',
  args: { messages: { transactionTitle: 'Payment #{id}', confirmButton: 'Pay now', flowStart: 'Set up payouts' } },
  play: async (context) => {
    const transaction = await context.canvas.findByRole('region', { name: 'Payment #1001' });
    // The heading is drawn over the loading skeleton too: wait for the answers, so the story ends
    // with no read on its way to the page's one sandbox.
    await settled(transaction, 'success');
    for (const volume of context.canvasElement.querySelectorAll<HTMLElement>('.pk-volume')) await settled(volume, 'success');
    await expect(context.canvas.getByRole('button', { name: 'Pay now' })).toBeEnabled();
    await expect(context.canvas.getByRole('button', { name: 'Set up payouts' })).toBeEnabled();
  },
};

// A host's own stylesheet: colour variables set on `.pk-root` (a value set on an ancestor would be
// shadowed by the theme), size variables anywhere. Unlayered rules beat the kit's `@layer payments-kit` without !important.
const brandCss = `
.sb-brand .pk-root {
  --pk-color-accent: #6b21a8; --pk-color-accent-hover: #581c87; --pk-color-focus: #6b21a8;
  --pk-tone-info-bg: #f3e8ff; --pk-tone-info-text: #6b21a8; --pk-tone-info-border: #d8b4fe;
}
[data-pk-theme='dark'] .sb-brand .pk-root, .sb-brand .pk-root[data-pk-theme='dark'] {
  --pk-color-accent: #d8b4fe; --pk-color-accent-hover: #e9d5ff; --pk-color-focus: #d8b4fe; --pk-color-on-accent: #2e1065;
  --pk-tone-info-bg: #2e1065; --pk-tone-info-text: #e9d5ff; --pk-tone-info-border: #7e3fc0;
}
.sb-brand { --pk-radius: 14px; --pk-radius-small: 8px; --pk-font-family: Georgia, 'Times New Roman', serif; }
`;

/** The host's brand: colour, radius and font variables overridden in the host's own CSS. */
export const CustomBrand: Story = {
  name: 'Custom brand (CSS variables)',
  render: (args, context) => (
    <div className="sb-brand">
      <style>{brandCss}</style>
      <PaymentsProvider {...args} locale={localeOf(context)} queryClient={context.loaded.queryClient as QueryClient}>
        <Dashboard />
      </PaymentsProvider>
    </div>
  ),
  play: async (context) => {
    await dashboardShows(context);
    const button = context.canvas.getByRole('button', { name: messagesFor(context).confirmButton });
    const dark = context.globals.theme === 'dark';
    await expect(getComputedStyle(button).backgroundColor).toBe(dark ? 'rgb(216, 180, 254)' : 'rgb(107, 33, 168)');
  },
};
