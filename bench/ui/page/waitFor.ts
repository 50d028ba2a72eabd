// Waiting inside the bench page, outside of any timed region.

/**
 * Resolves once `check()` holds, re-checked on every DOM mutation and every few ms (for state
 * that is not in the DOM, e.g. requests in flight); rejects after `timeoutMs`.
 */
export function waitFor(check: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  if (check()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const test = () => {
      if (!check()) return;
      stop();
      resolve();
    };
    const observer = new MutationObserver(test);
    const interval = setInterval(test, 4);
    const timeout = setTimeout(() => {
      stop();
      reject(new Error(`bench page: timed out after ${String(timeoutMs)} ms waiting for ${what}`));
    }, timeoutMs);
    function stop() {
      observer.disconnect();
      clearInterval(interval);
      clearTimeout(timeout);
    }
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A fresh element for one scenario, inside the page's `<main>`. */
export function freshContainer(): HTMLElement {
  const host = document.getElementById('bench') ?? document.body;
  const container = document.createElement('div');
  host.append(container);
  return container;
}

/**
 * A full garbage collection before a timed sample, in every contender alike, so that no sample
 * pays for the garbage the one before it left (Chromium started with `--js-flags=--expose-gc`;
 * without it, nothing happens).
 */
export function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}
