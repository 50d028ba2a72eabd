// What the end-to-end tests watch in Chromium: every request the page sends, any response that
// carries a credential, console errors and uncaught page errors.
import { chromium, type Browser, type BrowserContext, type Page, type Route } from 'playwright-core';

/** Debian's Chromium (or CHROMIUM_PATH), headless, with nothing that reaches for the network. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

export interface PageWatch {
  requests: { url: string; headers: Record<string, string> }[];
  /** Responses whose headers or body hold one of the secrets. */
  exposures: string[];
  consoleErrors: string[];
  consoleMessages: string[];
  pageErrors: string[];
  /** Await before asserting: header and body reads still under way. */
  pending: Promise<void>[];
}

/** Starts watching `page`; `secrets` are strings no response may carry. */
export function watchPage(page: Page, secrets: string[]): PageWatch {
  const watch: PageWatch = { requests: [], exposures: [], consoleErrors: [], consoleMessages: [], pageErrors: [], pending: [] };
  page.on('request', (request) => {
    watch.pending.push(
      request.allHeaders().then(
        (headers) => void watch.requests.push({ url: request.url(), headers }),
        () => undefined, // the browser closed first: the run is over
      ),
    );
  });
  page.on('response', (response) => {
    watch.pending.push(
      (async () => {
        const all = await response.allHeaders();
        const headers = JSON.stringify(all);
        // An event stream does not end while the page is open, so its body is never read whole
        // here: its headers are checked, and its events name only a kind and an id.
        const body = all['content-type']?.startsWith('text/event-stream') ? '' : await response.text().catch(() => '');
        for (const secret of secrets) {
          if (headers.includes(secret) || body.includes(secret)) watch.exposures.push(`${response.url()} exposes ${secret.slice(0, 6)}…`);
        }
      })().catch(() => undefined),
    );
  });
  page.on('console', (message) => {
    watch.consoleMessages.push(message.text());
    if (message.type() === 'error') watch.consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => watch.pageErrors.push(error.message));
  return watch;
}

/**
 * Holds the requests of `target` whose URL `matches`, in the browser, while `holding()` says so,
 * until the returned function lets them go (and any later one straight through). A state that
 * lasts while a request is on its way then lasts as long as the test needs to see it, however
 * slowly a busy machine draws it. A held request has not left the browser: what reaches the server
 * is unchanged, only later.
 */
export async function holdInBrowser(target: BrowserContext | Page, matches: (url: URL) => boolean, holding: () => boolean = () => true): Promise<() => Promise<void>> {
  const held: Route[] = [];
  let released = false;
  await target.route(matches, async (route) => {
    if (!released && holding()) held.push(route);
    else await route.continue();
  });
  return async () => {
    released = true;
    await Promise.all(held.splice(0).map((route) => route.continue()));
  };
}
