import type { VolumeCardMessages } from '../types.js';

/** English words of `VolumeCard`. */
export const volumeCardEn = {
  volumeTitle: 'Transaction volume',
  volumeSummary: '{type} · {period}',
  volumePeriods: { day: 'Day', week: 'Week', month: 'Month', year: 'Year', '30d': { one: 'Last day', other: 'Last {count} days' } },
  volumeTypes: { receive: 'Received', send: 'Sent' },
  volumeInvalidTz: '“{tz}” isn’t a three-letter time zone code such as UTC.',
  volumeLoaded: '{title}: {amount}',
} satisfies VolumeCardMessages;
