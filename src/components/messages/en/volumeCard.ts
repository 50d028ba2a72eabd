import type { VolumeCardMessages } from '../types.js';

/** English words of `VolumeCard`. */
export const volumeCardEn = {
  volumeTitle: 'Transaction volume',
  volumeSummary: '{type} · {period}',
  volumePeriods: {
    day: '1 day',
    week: '1 week',
    month: '1 month',
    year: '1 year',
    '30d': { one: 'Last 24 hours', other: 'Last {count} days' },
  },
  volumeTypes: { receive: 'Received', send: 'Sent' },
  volumeInvalidTz: '“{tz}” isn’t a three-letter time zone code such as UTC.',
  volumeLoaded: '{title}: {amount}',
} satisfies VolumeCardMessages;
