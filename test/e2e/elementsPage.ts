// The checks every real host of the kit's custom elements must pass (the plain HTML page, the Vue
// app): each drives the page as its user and its own scripts would (clicks, elements added,
// attributes set, elements removed) and asserts what the page shows and what reached the proxy
// and the sandbox. The page must hold one <payments-provider> whose session grants the ids below
// (see the examples' server.mjs) and declare a transaction (1001), a month-received volume card
// and a confirm button for pi_succeeded labelled "Pay $109.99".
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { createSandbox, type Sandbox } from 'payments-kit/testing';
import { startSandboxServer, type SandboxServer } from 'payments-kit/testing/node';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { expect } from 'vitest';
import { cleanEnv, installExample, mustSucceed, packedKit, run, seconds, startExampleServer, type ExampleServer } from './packedKit.js';
import { launchChromium, watchPage } from './watchPage.js';

interface PageEvent {
  type: string;
  id?: string;
  status?: string | number;
  kind?: string;
  target: string;
}

declare global {
  interface Window {
    __pk: { csp: string[]; events: PageEvent[] };
  }
}

const eventTypes = ['payments-confirmed', 'payments-error', 'payments-outcome', 'payments-requires-action', 'payments-flow-created'];

// Responses a check makes fail on purpose: Chromium logs each as "Failed to load resource", an
// error message the page did not write. These are the ids the API does not know, and any request
// the sandbox may have answered with an injected fault (the page's live transactions poll then
// too). Any other console error fails the run.
const failingOnPurpose = [/\/transactions\/404404$/, /\/payment-intents\/pi_missing\/confirm$/];

export interface ElementsPage {
  rendersDeclaredElements(volumeCents: number): Promise<void>;
  confirms(): Promise<void>;
  notFound(transactionId: string, paymentIntentId: string): Promise<void>;
  errors(): Promise<void>;
  tenElementsOneRequest(): Promise<void>;
  burstOnTwoButtons(): Promise<void>;
  attributeChange(): Promise<void>;
  removal(): Promise<void>;
  clean(): Promise<void>;
  events(): Promise<PageEvent[]>;
}

export interface ElementsHost {
  sandbox: Sandbox;
  page: Page;
  checks: ElementsPage;
  close: () => Promise<void>;
}

/**
 * A host of the elements, as an integrator gets it: the packed tarball installed into a copy of
 * examples/elements-html (its server.mjs: the kit's proxy, a session per view, the standalone
 * file, `default-src 'self'`) and, for `app`, into a copy of that example too, built with its own
 * `vite build` and served by the same server (PAGE_DIR, as the example's `npm start` does). The
 * server runs as its own process against a sandbox served here, so what reaches "upstream" can
 * be counted and faults injected; Chromium has loaded the page when this returns.
 */
export async function openElementsHost(name: string, app?: string): Promise<ElementsHost> {
  const started = performance.now();
  const credentials = { clientId: `${name}_${randomUUID().slice(0, 8)}`, apiKey: `key_${randomUUID()}` };
  const sandbox = createSandbox({ credentials });
  const dirs: string[] = [];
  let sandboxServer: SandboxServer | undefined;
  let server: ExampleServer | undefined;
  let browser: Browser | undefined;
  const close = async () => {
    await browser?.close();
    await server?.stop();
    await sandboxServer?.close();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  };
  try {
    const { tarball, timings } = await packedKit();
    const installs = await Promise.all(['elements-html', ...(app === undefined ? [] : [app])].map((example) => installExample(example, tarball)));
    dirs.push(...installs.map((installed) => installed.dir));
    timings.push(`npm install ${seconds(Math.max(...installs.map((installed) => installed.install.ms)))}`);
    const env: Record<string, string> = {};
    if (app !== undefined) {
      const appDir = installs[1]!.dir;
      const build = mustSucceed('vite build', await run(process.execPath, [path.join(appDir, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], appDir, cleanEnv()));
      timings.push(`vite build ${seconds(build.ms)}`);
      env.PAGE_DIR = path.join(appDir, 'dist');
    }
    sandboxServer = await startSandboxServer({ sandbox });
    server = await startExampleServer(
      installs[0]!.dir,
      {
        ...env,
        PAYMENTS_BASE_URL: sandboxServer.url,
        PAYMENTS_LEGACY_BASE_URL: sandboxServer.url,
        PAYMENTS_CLIENT_ID: credentials.clientId,
        PAYMENTS_API_KEY: credentials.apiKey,
      },
      30_000,
    );
    browser = await launchChromium();
    const page = await browser.newPage({ viewport: { width: 1280, height: 1600 } });
    const checks = await elementsPageChecks(page, { sandbox, flowOrigin: sandboxServer.url, secrets: [credentials.apiKey, credentials.clientId] });
    const response = await page.goto(server.url);
    expect(response?.headers()['content-security-policy']).toMatch(/^default-src 'self';/);
    console.log(`${name} e2e: ${timings.join(', ')}, ready after ${seconds(performance.now() - started)}`);
    return { sandbox, page, checks, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Starts watching `page` (call before it loads) and returns the checks. */
export async function elementsPageChecks(page: Page, options: { sandbox: Sandbox; flowOrigin: string; secrets: string[] }): Promise<ElementsPage> {
  const { sandbox } = options;
  const watch = watchPage(page, options.secrets);
  const proxyRequests: { method: string; path: string }[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/payments/')) proxyRequests.push({ method: request.method(), path: url.pathname + url.search });
  });
  // When faults were injected (wall clock, as Chromium's request timings are).
  const faultWindows: { from: number; to: number }[] = [];
  const withFault = async (fault: Parameters<Sandbox['inject']>[0], operation: Parameters<Sandbox['callsFor']>[0], whileInjected: () => Promise<void>) => {
    const window = { from: Date.now(), to: Infinity };
    faultWindows.push(window);
    sandbox.inject(fault, { operation });
    try {
      await whileInjected();
    } finally {
      sandbox.clearFaults();
      window.to = Date.now();
    }
  };
  // Failed answers of the proxy: when Chromium started the request, and when its answer reached this process.
  const failedAnswers: { url: string; startedAt: number; answeredAt: number }[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400 && new URL(response.url()).pathname.startsWith('/api/payments/')) {
      failedAnswers.push({ url: response.url(), startedAt: response.request().timing().startTime, answeredAt: Date.now() });
    }
  });
  // Whether the sandbox may have answered a request for `url` with an injected fault: one sent
  // before the fault was cleared and answered after it was injected. However long a request spent
  // on its way (a live read sent before the fault and slowed by a busy machine), no clock margin.
  const answeredDuringFault = (url: string) =>
    failedAnswers.some((answer) => answer.url === url && faultWindows.some((window) => answer.answeredAt >= window.from && answer.startedAt <= window.to));
  const consoleErrors: { text: string; url: string }[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push({ text: message.text(), url: message.location().url });
  });
  await page.addInitScript((types: string[]) => {
    window.__pk = { csp: [], events: [] };
    document.addEventListener('securitypolicyviolation', (event) => window.__pk.csp.push(`${event.violatedDirective} ${event.blockedURI}`));
    for (const type of types) {
      document.addEventListener(type, (event) => {
        const detail = (event as CustomEvent<{ id?: string; status?: string | number; kind?: string } | null>).detail;
        const target = event.target as Element;
        window.__pk.events.push({ type, id: detail?.id, status: detail?.status, kind: detail?.kind, target: target.getAttribute('data-test') ?? target.localName });
      });
    }
  }, eventTypes);

  const events = () => page.evaluate(() => window.__pk.events);
  const upstream = (operation: Parameters<Sandbox['callsFor']>[0], pathEnd: string | RegExp) =>
    sandbox.callsFor(operation).filter((call) => (typeof pathEnd === 'string' ? call.path.endsWith(pathEnd) : pathEnd.test(call.path)));
  /** Adds elements (HTML) at the end of the page's provider, as a host's script would. */
  const add = (html: string) =>
    page.evaluate((markup) => {
      document.querySelector('payments-provider')!.insertAdjacentHTML('beforeend', markup);
    }, html);
  const tagged = (test: string) => page.locator(`[data-test="${test}"]`);

  let cdp: CDPSession | undefined;
  /** Event listeners on window and document, by type (what a removed element could leave behind). */
  const listeners = async (): Promise<Record<string, number>> => {
    cdp ??= await page.context().newCDPSession(page);
    const counts: Record<string, number> = {};
    for (const expression of ['window', 'document']) {
      const { result } = (await cdp.send('Runtime.evaluate', { expression })) as { result: { objectId: string } };
      const { listeners: found } = (await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId })) as { listeners: { type: string }[] };
      for (const listener of found) counts[`${expression}:${listener.type}`] = (counts[`${expression}:${listener.type}`] ?? 0) + 1;
    }
    return counts;
  };

  return {
    events,

    async rendersDeclaredElements(volumeCents) {
      const detail = page.locator('payments-transaction-detail').first();
      await detail.locator('.pk-transaction[data-state="success"]').waitFor();
      await detail.getByRole('heading', { name: 'Transaction 1001' }).waitFor();
      await detail.getByText('$1,250.00').first().waitFor();
      const volume = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(volumeCents / 100);
      await page.locator('payments-volume-card').first().locator('.pk-volume[data-state="success"]').getByText(volume, { exact: true }).waitFor();
      await page.locator('payments-confirm-button').first().getByRole('button', { name: 'Pay $109.99' }).waitFor();
      await page.locator('payments-flow-launcher').first().getByRole('button', { name: 'Start' }).waitFor();
      // The stylesheet is adopted inside each shadow root: the card is laid out as a block with the kit's padding.
      const styled = await detail.locator('.pk-transaction').evaluate((element) => getComputedStyle(element).paddingTop !== '0px');
      expect(styled).toBe(true);
    },

    async confirms() {
      const element = page.locator('payments-confirm-button').first();
      await element.getByRole('button', { name: 'Pay $109.99' }).click();
      await element.getByText('Succeeded', { exact: true }).waitFor();
      await expect.poll(events).toContainEqual({ type: 'payments-confirmed', id: 'pi_succeeded', status: 'succeeded', target: 'payments-confirm-button' });
      expect(upstream('confirmPaymentIntent', '/pi_succeeded/confirm')).toHaveLength(1);
    },

    async notFound(transactionId, paymentIntentId) {
      await add(
        `<payments-transaction-detail data-test="missing" transaction-id="${transactionId}"></payments-transaction-detail>` +
          `<payments-confirm-button data-test="missing-intent" payment-intent-id="${paymentIntentId}" payment-method-id="pm_card_visa"></payments-confirm-button>`,
      );
      await tagged('missing').locator('.pk-transaction[data-state="not-found"] .pk-state__title').getByText('Not found').waitFor();
      await tagged('missing-intent').getByRole('button', { name: 'Confirm payment' }).click();
      await tagged('missing-intent').locator('.pk-confirm[data-state="error"]').waitFor();
      await expect.poll(events).toContainEqual(expect.objectContaining({ type: 'payments-error', status: 404, target: 'missing-intent' }));
      expect(upstream('getTransaction', `/${transactionId}`)).toHaveLength(1);
    },

    async errors() {
      // A 503 until the error shows (the kit's client retries it twice first, a few seconds),
      // then none: "Try again" reads it.
      const detail = tagged('fault');
      await withFault({ kind: 'status', status: 503 }, 'getTransaction', async () => {
        await add('<payments-transaction-detail data-test="fault" transaction-id="1003"></payments-transaction-detail>');
        await detail.locator('.pk-transaction[data-state="error"]').waitFor();
      });
      await expect.poll(events).toContainEqual(expect.objectContaining({ type: 'payments-error', target: 'fault' }));
      await detail.getByRole('button', { name: 'Try again' }).click();
      // The heading names the id in the error state too: the answer is the card's success state.
      await detail.locator('.pk-transaction[data-state="success"]').getByRole('heading', { name: 'Transaction 1003' }).waitFor();

      const volume = tagged('volume-fault');
      await withFault({ kind: 'status', status: 503 }, 'getTransactionVolume', async () => {
        await add('<payments-volume-card data-test="volume-fault" period="week" type="send" tz="UTC"></payments-volume-card>');
        await volume.locator('.pk-volume[data-state="error"]').waitFor();
      });
      await expect.poll(events).toContainEqual(expect.objectContaining({ type: 'payments-error', target: 'volume-fault' }));
      await volume.getByRole('button', { name: 'Try again' }).click();
      await volume.locator('.pk-volume[data-state="success"]').waitFor();
    },

    async tenElementsOneRequest() {
      await add('<payments-transaction-detail data-test="ten" transaction-id="1004"></payments-transaction-detail>'.repeat(10));
      await expect.poll(() => tagged('ten').locator('.pk-transaction[data-state="success"]').count()).toBe(10);
      expect(upstream('getTransaction', '/1004')).toHaveLength(1);
      expect(proxyRequests.filter((request) => request.path.endsWith('/transactions/1004'))).toHaveLength(1);
    },

    async burstOnTwoButtons() {
      await add(
        '<payments-confirm-button data-test="burst" payment-intent-id="pi_processing" payment-method-id="pm_card_visa" amount="9999"></payments-confirm-button>'.repeat(2),
      );
      const buttons = tagged('burst').getByRole('button', { name: 'Confirm payment' });
      await expect.poll(() => buttons.count()).toBe(2);
      // Mouse clicks land only in the viewport; the two buttons sit one under the other.
      await buttons.nth(1).scrollIntoViewIfNeeded();
      await buttons.nth(0).scrollIntoViewIfNeeded();
      const boxes = [(await buttons.nth(0).boundingBox())!, (await buttons.nth(1).boundingBox())!];
      // Real mouse clicks, alternating between the two buttons, as fast as the browser takes them.
      await Promise.all(Array.from({ length: 20 }, (_, i) => page.mouse.click(boxes[i % 2]!.x + boxes[i % 2]!.width / 2, boxes[i % 2]!.y + boxes[i % 2]!.height / 2)));
      await expect.poll(events).toContainEqual(expect.objectContaining({ type: 'payments-outcome', id: 'pi_processing', target: 'burst' }));
      await expect.poll(() => tagged('burst').getByText('Processing', { exact: true }).count()).toBeGreaterThan(0);
      expect(upstream('confirmPaymentIntent', '/pi_processing/confirm')).toHaveLength(1);
      expect(proxyRequests.filter((request) => request.method === 'POST' && request.path.endsWith('/pi_processing/confirm'))).toHaveLength(1);
    },

    async attributeChange() {
      const detail = page.locator('payments-transaction-detail').first();
      await detail.evaluate((element) => element.setAttribute('transaction-id', '1005'));
      await detail.getByRole('heading', { name: 'Transaction 1005' }).waitFor();
      await detail.locator('.pk-transaction[data-state="success"]').waitFor();
      expect(upstream('getTransaction', '/1005')).toHaveLength(1);
    },

    async removal() {
      const iframes = () =>
        page.evaluate(() => {
          const count = (root: Document | ShadowRoot): number =>
            root.querySelectorAll('iframe').length + [...root.querySelectorAll('*')].reduce((sum, element) => sum + (element.shadowRoot ? count(element.shadowRoot) : 0), 0);
          return count(document);
        });
      const before = await listeners();
      const framesBefore = page.frames().length;
      const iframesBefore = await iframes();
      await add(
        `<payments-flow-launcher data-test="flow" steps="compliance id-verification payout" allowed-origins="${options.flowOrigin}"></payments-flow-launcher>` +
          '<payments-volume-card data-test="refreshing" period="day" type="send" tz="UTC" refresh-interval-ms="250"></payments-volume-card>',
      );
      const flow = tagged('flow');
      await flow.getByRole('button', { name: 'Start' }).click();
      await flow.frameLocator('iframe.pk-flow-frame').getByRole('heading', { name: 'Set up your account' }).waitFor();
      const refreshes = () => upstream('getTransactionVolume', /period=day&type=send/).length;
      await expect.poll(refreshes).toBeGreaterThan(2); // the interval runs
      expect(page.frames().length).toBe(framesBefore + 1);

      await page.evaluate(() => {
        for (const element of document.querySelectorAll('[data-test="flow"], [data-test="refreshing"]')) element.remove();
      });
      // Unmounting waits a microtask (a moved element keeps its state): poll, then look again.
      await expect.poll(() => page.frames().length).toBe(framesBefore);
      await expect.poll(listeners).toEqual(before);
      await expect(iframes()).resolves.toBe(iframesBefore);
      // A refresh the page sent before the card was gone may still be on its way to the sandbox
      // (through the proxy's process, slow on a busy machine): count what the page sends, final
      // once the removal is over, and check the sandbox got nothing the page had not sent by then.
      const sentByPage = () => proxyRequests.filter((request) => /period=day&type=send/.test(request.path)).length;
      const sentBeforeRemoval = sentByPage();
      await page.waitForTimeout(1_500); // six refresh intervals: none may come
      expect(sentByPage()).toBe(sentBeforeRemoval);
      expect(refreshes()).toBeLessThanOrEqual(sentBeforeRemoval);
    },

    async clean() {
      await Promise.all(watch.pending);
      expect(await page.evaluate(() => window.__pk.csp)).toEqual([]);
      const unexpected = consoleErrors.filter(
        (error) =>
          !(
            error.text.startsWith('Failed to load resource:') &&
            (failingOnPurpose.some((pattern) => pattern.test(new URL(error.url).pathname)) || answeredDuringFault(error.url))
          ),
      );
      expect(unexpected).toEqual([]);
      expect(watch.pageErrors).toEqual([]);
      expect(watch.exposures).toEqual([]);
      expect(watch.requests.filter((request) => 'authorization' in request.headers).map((request) => request.url)).toEqual([]);
      // Every call the page made to the proxy carried the session the server put in the page.
      expect(watch.requests.filter((request) => new URL(request.url).pathname.startsWith('/api/payments/') && !('payments-session' in request.headers))).toEqual([]);
    },
  };
}
