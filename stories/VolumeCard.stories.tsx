import type { Meta, StoryObj } from '@storybook/react-vite';
import { VolumeCard } from 'payments-kit';
import { expect } from 'storybook/test';

const meta = {
  title: 'Components/VolumeCard',
  component: VolumeCard,
  args: { period: 'month', type: 'credit', tz: 'UTC' },
} satisfies Meta<typeof VolumeCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const MonthCredit: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('$375,120.90')).toBeVisible();
  },
};
