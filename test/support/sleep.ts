/**
 * Waits `ms` on the clock the test runs on (real, or fake once `vi.useFakeTimers()` has replaced
 * `setTimeout`).
 */
export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
