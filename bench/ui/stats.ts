// Small statistics for the bench: medians and percentiles of samples.

/** The q-quantile (0–1) of the samples, linearly interpolated; NaN when there are none. */
export function quantile(samples: readonly number[], q: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  const high = Math.ceil(at);
  const lowValue = sorted[low] as number;
  return lowValue + ((sorted[high] as number) - lowValue) * (at - low);
}

export const median = (samples: readonly number[]): number => quantile(samples, 0.5);

/** Median with the 10th and 90th percentiles, rounded for the report. */
export interface Summary {
  n: number;
  median: number;
  p10: number;
  p90: number;
}

export function summarize(samples: readonly number[], digits = 3): Summary {
  const round = (value: number) => Number(value.toFixed(digits));
  return {
    n: samples.length,
    median: round(median(samples)),
    p10: round(quantile(samples, 0.1)),
    p90: round(quantile(samples, 0.9)),
  };
}
