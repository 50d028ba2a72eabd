import type { Meta, StoryObj } from '@storybook/react-vite';
import { TransferList } from 'payments-kit/transfers';
import { loadTransferListMessages, type TransferListMessages } from 'payments-kit/transfers/messages';
import 'payments-kit/transfers.css';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { refusedByProxy, withFault } from './support.js';

// The transfers granted to the page, page by page, on the sandbox behind MSW: its seeded
// transfers (250 of one user, 12 of every documented shape, the API's published examples). The
// list's own words come from payments-kit/transfers/messages for the toolbar's language.
const meta = {
  title: 'Components/TransferList',
  component: TransferList,
  args: { pageSize: 10, onError: fn() },
  loaders: [async (context) => ({ listWords: await loadTransferListMessages(context.globals.locale as string | undefined) })],
  render: (args, context) => <TransferList {...args} messages={{ ...(context.loaded.listWords as TransferListMessages), ...args.messages }} />,
  parameters: { docs: { story: { inline: false, height: '640px' } } },
} satisfies Meta<typeof TransferList>;

export default meta;
type Story = StoryObj<typeof meta>;

type Context = Parameters<NonNullable<Story['play']>>[0];

/** The list's root once it shows `state`. */
async function list(context: Context, state: string): Promise<HTMLElement> {
  const root = await waitFor(() => {
    const found = context.canvasElement.querySelector<HTMLElement>('.pk-transfers');
    if (found === null) throw new Error('no list yet');
    return found;
  });
  await waitFor(() => expect(root).toHaveAttribute('data-state', state));
  return root;
}

/** A page of ten, with Previous and Next: the API gives no total, only whether more follow. */
export const Pages: Story = {
  play: async (context) => {
    const root = await list(context, 'success');
    const box = within(root).getByRole('listbox');
    await expect(within(box).getAllByRole('option')).toHaveLength(10);
    const [previous, next] = Array.from(root.querySelectorAll<HTMLButtonElement>('.pk-transfers__pager button'));
    if (previous === undefined || next === undefined) throw new Error('no pager');
    await expect(previous).toBeDisabled();
    await userEvent.click(next);
    await waitFor(() => expect(root.querySelector('.pk-live')).not.toBeEmptyDOMElement());
    await expect(previous).toBeEnabled();
  },
};

/**
 * A row opened: its detail beside the list, its transactions and status history. The rows are
 * the options of the list box: the filters' `<select>`s hold options of their own.
 */
export const DetailOpen: Story = {
  play: async (context) => {
    const root = await list(context, 'success');
    const rows = () => within(within(root).getByRole('listbox')).getAllByRole('option');
    const second = rows()[1];
    if (second === undefined) throw new Error('fewer than two rows');
    await userEvent.click(second);
    const detail = await within(root).findByRole('region', { name: 'Transfer details' });
    await expect(rows()[1]).toHaveAttribute('aria-selected', 'true');
    await expect(within(detail).getByRole('heading', { name: 'Transactions' })).toBeVisible();
  },
};

/** Filters that match nothing: said so, with the way out. */
export const Empty: Story = {
  args: { defaultFilters: { start_date: '2001-01-01', end_date: '2001-01-02' } },
  play: async (context) => {
    const root = await list(context, 'empty');
    await expect(root.querySelector('.pk-transfers__empty')).toBeVisible();
  },
};

/** The answer never comes: the skeleton under the heading and the filters. */
export const Loading: Story = {
  parameters: withFault({ kind: 'hang' }, { operation: 'listTransfers' }),
  play: async (context) => {
    const root = await list(context, 'loading');
    await expect(within(root).getByRole('status', { busy: true })).toBeVisible();
  },
};

/** The page's session does not grant the list (403 `not_granted`): no retry, the same request would be refused. */
export const Refused: Story = {
  parameters: { ...refusedByProxy('listTransfers', 403, 'not_granted'), showsError: ['error:http/not-granted'] },
  play: async (context) => {
    const root = await list(context, 'refused');
    await expect(within(root).getByRole('alert')).toHaveAttribute('data-refusal', 'not-granted');
  },
};

/** The proxy cannot be reached: the error, with "Try again". */
export const NetworkError: Story = {
  parameters: { ...withFault({ kind: 'network' }, { operation: 'listTransfers' }), showsError: ['error:network'] },
  play: async (context) => {
    const root = await list(context, 'error');
    await expect(within(root).getByRole('alert')).toHaveAttribute('data-kind', 'network');
  },
};

/** A phone or a sidebar: each row a card of labelled values, the detail under the list. */
export const Narrow: Story = {
  decorators: [(Story) => <div style={{ maxInlineSize: '22rem' }}>{Story()}</div>],
  play: async (context) => {
    const root = await list(context, 'success');
    const label = root.querySelector<HTMLElement>('.pk-transfer-row__label');
    await expect(label === null ? '' : getComputedStyle(label).position).toBe('static');
  },
};

/** Hebrew: right to left, its own words and the kit's. */
export const RightToLeft: Story = {
  globals: { locale: 'he' },
  play: async (context) => {
    const root = await list(context, 'success');
    await expect(root).toHaveAttribute('dir', 'rtl');
  },
};
