import type { Meta, StoryObj } from '@storybook/react-vite';
import { VolumeCard } from 'payments-kit';
import { volumeFor } from 'payments-kit/testing';
import { expect, fn, waitFor, within } from 'storybook/test';
import { fill, localeOf, messagesFor, periodWords, refusedByProxy, sandboxOf, settled, usd, withFault } from './support.js';

// The transaction volume metric (docs/api.md#transaction-volume) as one figure. The sandbox answers a deterministic
// volume for any period, type and time zone (`volumeFor`), so each story knows what it must show.
const meta = {
  title: 'Components/VolumeCard',
  component: VolumeCard,
  args: { period: 'month', type: 'receive', tz: 'UTC', onError: fn() },
  argTypes: {
    period: { control: 'select', options: ['day', 'week', 'month', 'year', '30d'] },
    type: { control: 'inline-radio', options: ['receive', 'send'] },
    headingLevel: { control: 'inline-radio', options: [2, 3, 4, 5, 6] },
  },
  parameters: { docs: { story: { height: '180px' } } },
} satisfies Meta<typeof VolumeCard>;

export default meta;
type Story = StoryObj<typeof meta>;
type Context = Parameters<NonNullable<Story['play']>>[0];

/** The card: a region named by its heading and its caption ("Received · 1 month"). */
async function card(context: Context, state: string): Promise<HTMLElement> {
  const m = messagesFor(context);
  const root = await context.canvas.findByRole('region', { name: new RegExp(`^${context.args.title ?? m.volumeTitle}`) });
  return settled(root, state);
}

/** Shows the sandbox's volume for the story's period, type and tz, with the right caption. */
const showsVolume: Story['play'] = async (context) => {
  const m = messagesFor(context);
  const { period, type, tz } = context.args;
  const root = await card(context, 'success');
  await expect(within(root).getByText(usd(volumeFor(period, type, tz), localeOf(context)))).toBeVisible();
  const word = (value: string, words: Record<string, string | undefined>) => words[value] ?? value;
  await expect(root).toHaveAccessibleName(
    `${context.args.title ?? m.volumeTitle} ${fill(m.volumeSummary, { type: word(type, m.volumeTypes), period: periodWords(period, m, localeOf(context)) })}`,
  );
  await expect(context.args.onError).not.toHaveBeenCalled();
};

// ─── per documented period (receive) ───

export const DayReceive: Story = { name: 'Day · receive', args: { period: 'day' }, play: showsVolume };
export const WeekReceive: Story = { name: 'Week · receive', args: { period: 'week' }, play: showsVolume };
export const MonthReceive: Story = { name: 'Month · receive', play: showsVolume };
export const YearReceive: Story = { name: 'Year · receive', args: { period: 'year' }, play: showsVolume };
/** A rolling window: "Last 30 days". */
export const Last30DaysReceive: Story = { name: '30 days · receive', args: { period: '30d' }, play: showsVolume };

// ─── per documented type (month) ───

export const MonthSend: Story = { name: 'Month · send', args: { type: 'send' }, play: showsVolume };

/** A period and type the API does not document: sent as is, shown as their raw text. */
export const UnknownPeriodAndType: Story = {
  name: 'Unknown period and type',
  args: { period: 'quarter', type: 'chargeback' },
  play: showsVolume,
};

/** Aggregated in another time zone (`tz`): a different figure. */
export const OtherTimeZone: Story = { name: 'Month · receive · EST', args: { tz: 'EST' }, play: showsVolume };

/** A custom heading (`title`). */
export const CustomTitle: Story = { args: { title: 'Incoming this month' }, play: showsVolume };

// ─── invalid input, loading and errors ───

/** A `tz` that is not a three-letter code: explained, no retry; the proxy refuses it, so nothing reaches the payments API. */
export const InvalidTimeZone: Story = {
  name: 'Invalid tz',
  parameters: { showsError: ['error:invalid_request'] },
  args: { tz: 'Europe/Madrid' },
  play: async (context) => {
    const m = messagesFor(context);
    const root = await card(context, 'error');
    const alert = within(root).getByRole('alert');
    await expect(alert).toHaveTextContent(m.errorTitles.invalid_request);
    await expect(alert).toHaveTextContent(fill(m.volumeInvalidTz, { tz: 'Europe/Madrid' }));
    await expect(within(root).queryByRole('button')).toBeNull();
    // Sent as given and refused (400) by the stand-in proxy: the card keeps its own words, and
    // offers no retry (test/components/proxyRefusesInput.test.tsx holds the real proxy to it).
    await waitFor(() => expect(sandboxOf(context).calls).toHaveLength(1));
    await expect(within(root).getByRole('alert')).toHaveTextContent(fill(m.volumeInvalidTz, { tz: 'Europe/Madrid' }));
    await expect(within(root).queryByRole('button')).toBeNull();
  },
};

/** The answer never comes (fault `hang`): a busy status with a skeleton, under the heading. */
export const Loading: Story = {
  parameters: withFault({ kind: 'hang' }, { operation: 'getTransactionVolume' }, '180px'),
  play: async (context) => {
    const m = messagesFor(context);
    const root = await card(context, 'loading');
    await expect(within(root).getByRole('status', { busy: true })).toHaveTextContent(m.loading);
    // The skeleton shows before the read has left the page: wait for the sandbox to hold it, or it
    // would reach the page's one sandbox after the next story's reset and count as that story's.
    await waitFor(() => expect(sandboxOf(context).callsFor('getTransactionVolume')).toHaveLength(1));
  },
};

/** A 500 from the service: an error with a retry; `onError` gets the typed error. */
export const ServerError: Story = {
  name: 'Error (500)',
  parameters: { ...withFault({ kind: 'status', status: 500 }, { operation: 'getTransactionVolume' }, '220px'), showsError: ['error:http'] },
  play: async (context) => {
    const m = messagesFor(context);
    const root = await card(context, 'error');
    const alert = within(root).getByRole('alert');
    await expect(alert).toHaveTextContent(m.errorTitles.http);
    await expect(within(alert).getByRole('button', { name: m.retry })).toBeEnabled();
    await expect(context.args.onError).toHaveBeenCalledWith(expect.objectContaining({ kind: 'http', status: 500 }));
  },
};

/** The proxy refuses the page's payment session (401 `session_expired`), no `getSession`: "Your session has expired", no retry. */
export const SessionExpired: Story = {
  name: 'Session expired',
  parameters: { ...refusedByProxy('getTransactionVolume', 401, 'session_expired', '220px'), showsError: ['error:http/session'] },
  play: async (context) => {
    const m = messagesFor(context);
    const root = await card(context, 'error');
    await expect(within(root).getByRole('alert')).toHaveTextContent(m.sessionExpiredTitle);
    await expect(within(root).queryByRole('button')).toBeNull();
  },
};

/** The session does not grant the volume (403 `not_granted`): "You don’t have access to this", no retry. */
export const NotGranted: Story = {
  name: 'Not granted',
  parameters: { ...refusedByProxy('getTransactionVolume', 403, 'not_granted', '220px'), showsError: ['error:http/not-granted'] },
  play: async (context) => {
    const m = messagesFor(context);
    const root = await card(context, 'error');
    await expect(within(root).getByRole('alert')).toHaveTextContent(m.notGrantedTitle);
    await expect(within(root).queryByRole('button')).toBeNull();
  },
};

/** A 500 once, then "Try again": the figure shows. */
export const ServerErrorThenRetried: Story = {
  name: 'Error (500), then retried',
  parameters: withFault({ kind: 'status', status: 500 }, { operation: 'getTransactionVolume', times: 1 }),
  play: async (context) => {
    const m = messagesFor(context);
    const root = await card(context, 'error');
    await context.userEvent.click(within(root).getByRole('button', { name: m.retry }));
    await settled(root, 'success');
    await expect(within(root).getByText(usd(volumeFor('month', 'receive', 'UTC'), localeOf(context)))).toBeVisible();
  },
};

/** The legacy envelope says `success: false` (fault `success-false`): an error, never a zero. */
export const SuccessFalse: Story = {
  name: 'Error (success: false)',
  parameters: { ...withFault({ kind: 'success-false' }, { operation: 'getTransactionVolume' }, '220px'), showsError: ['error:http'] },
  play: async (context) => {
    const m = messagesFor(context);
    const root = await card(context, 'error');
    await expect(within(root).getByRole('alert')).toHaveTextContent(m.errorTitles.http);
  },
};

/** The connection drops (fault `network`). */
export const NetworkError: Story = {
  parameters: { ...withFault({ kind: 'network' }, { operation: 'getTransactionVolume' }, '220px'), showsError: ['error:network'] },
  play: async (context) => {
    const m = messagesFor(context);
    const root = await card(context, 'error');
    await expect(within(root).getByRole('alert')).toHaveTextContent(m.errorTitles.network);
  },
};

/** A 200 whose body is cut off (fault `malformed-json`). */
export const MalformedJson: Story = {
  name: 'Malformed JSON',
  parameters: { ...withFault({ kind: 'malformed-json' }, { operation: 'getTransactionVolume' }, '220px'), showsError: ['error:invalid_response'] },
  play: async (context) => {
    const m = messagesFor(context);
    const root = await card(context, 'error');
    await expect(within(root).getByRole('alert')).toHaveTextContent(m.errorTitles.invalid_response);
  },
};

// Its reads go on until the story unmounts, and one sent just before may reach the page's one
// sandbox after the next story's reset: it stays the file's last story, which no story follows.
/** `refreshIntervalMs`: the volume is read again every second here, in place and silently. */
export const Refreshing: Story = {
  name: 'Month · receive · refreshed every second',
  args: { refreshIntervalMs: 1_000 },
  play: async (context) => {
    const root = await card(context, 'success');
    const sandbox = sandboxOf(context);
    await waitFor(() => expect(sandbox.callsFor('getTransactionVolume').length).toBeGreaterThanOrEqual(2));
    await expect(root).toHaveAttribute('data-state', 'success');
  },
};
