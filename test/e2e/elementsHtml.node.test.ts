// End to end: examples/elements-html as an integrator gets it: the packed tarball installed into a
// copy of the example outside the repository, its server.mjs (the kit's proxy, a session per page
// view, the package's standalone file, `default-src 'self'`) run as its own process against a
// sandbox this process serves, Debian's Chromium driving the page (openElementsHost, elementsPage.ts).
import { messagesEn as en, messagesFr } from 'payments-kit/messages';
import { sandboxIds, volumeFor } from 'payments-kit/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openElementsHost, type ElementsHost, type ElementsPage } from './elementsPage.js';
import { watchPage } from './watchPage.js';

let host: ElementsHost | undefined;
let page: Page;
let checks: ElementsPage;

beforeAll(async () => {
  host = await openElementsHost('elements-html');
  ({ page, checks } = host);
  // Pack (or a build when dist/ is stale), install, build and a cold Chromium on a busy two-core machine.
}, 240_000);

afterAll(async () => {
  await host?.close();
}, 30_000);

describe('given examples/elements-html installed from the packed tarball, under default-src \'self\'', { timeout: 60_000 }, () => {
  it('should load the standalone file, a module with no bare import, and define the five tags', async () => {
    const source = await (await fetch(new URL('/elements-standalone.js', page.url()))).text();
    expect(source).not.toMatch(/\bfrom\s*["'](?![./])/);
    expect(source).not.toMatch(/\bimport\s*["'](?![./])/);
    const defined = await page.evaluate(() =>
      ['payments-provider', 'payments-transaction-detail', 'payments-confirm-button', 'payments-flow-launcher', 'payments-volume-card'].map(
        (tag) => customElements.get(tag) !== undefined,
      ),
    );
    expect(defined).toEqual([true, true, true, true, true]);
  });

  it('should render the transaction, the volume and the confirm button the page declares', async () => {
    await checks.rendersDeclaredElements(volumeFor('month', 'receive', 'UTC'));
  });

  it('should confirm on a click and send payments-confirmed with the payment intent', async () => {
    await checks.confirms();
    await page.locator('#events').getByText('payments-confirmed: pi_succeeded succeeded').waitFor();
  });

  it('should show not found and send payments-error for ids the API does not know', async () => {
    await checks.notFound(sandboxIds.missing.transaction, sandboxIds.missing.paymentIntent);
  });

  it('should show the error state on a sandbox fault, and the transaction after "Try again"', async () => {
    await checks.errors();
  });

  it('should make one request for ten elements of one transaction', async () => {
    await checks.tenElementsOneRequest();
  });

  it('should send one confirm upstream for a click burst on two buttons of one intent', async () => {
    await checks.burstOnTwoButtons();
  });

  it('should read again when an attribute changes', async () => {
    await checks.attributeChange();
  });

  it('should leave no iframe, listener or timer behind an element removed', async () => {
    await checks.removal();
  });

  it('should meet no CSP violation, console error, uncaught error or exposed credential', async () => {
    await checks.clean();
  });

  // docs/elements.md#the-provider-and-the-session: getSession set after the elements asked
  // (session.html, late on purpose) or before the tags are defined (session-first.html).
  it.each([
    ['after the elements asked', '/session.html?delay=1500'],
    ['before the tags are defined', '/session-first.html'],
  ])('should read and confirm with getSession set %s, nothing sent without a session', async (_order, address) => {
    const browser = page.context().browser();
    if (browser === null) throw new Error('The page has no browser.');
    const context = await browser.newContext({ viewport: { width: 1280, height: 1200 } });
    const asking = await context.newPage();
    const watch = watchPage(asking, []);
    const answers: { path: string; status: number }[] = [];
    asking.on('response', (response) => answers.push({ path: new URL(response.url()).pathname, status: response.status() }));
    try {
      await asking.goto(new URL(address, page.url()).href);
      const detail = asking.locator('payments-transaction-detail');
      // The heading is drawn over the skeleton too, before the read is sent: wait for the answer.
      await detail.locator('.pk-transaction[data-state="success"]').getByRole('heading', { name: en.transactionTitle.replace('{id}', '1001') }).waitFor();
      await asking.locator('payments-confirm-button').getByRole('button', { name: 'Pay $109.99' }).click();
      await asking.locator('#events').getByText('payments-confirmed: pi_succeeded succeeded').waitFor();
      await Promise.all(watch.pending);
      const proxied = watch.requests.filter((request) => new URL(request.url).pathname.startsWith('/api/payments/'));
      expect(proxied.length).toBeGreaterThanOrEqual(2);
      // Every call carried the session getSession gave; none was refused for want of one.
      expect(proxied.every((request) => (request.headers['payments-session'] ?? '').length > 0)).toBe(true);
      expect(answers.filter((answer) => answer.status === 401)).toEqual([]);
      expect(answers.filter((answer) => answer.path === '/payments-session')).toEqual([{ path: '/payments-session', status: 200 }]);
      expect([...watch.consoleErrors, ...watch.pageErrors]).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('should show fr.html in French with the catalogue file the package ships (dist/messages/fr.js), under the same CSP', async () => {
    const browser = page.context().browser();
    if (browser === null) throw new Error('The page has no browser.');
    const context = await browser.newContext({ viewport: { width: 1280, height: 1200 } });
    const french = await context.newPage();
    const watch = watchPage(french, []);
    try {
      await french.goto(new URL('/fr.html', page.url()).href);
      const detail = french.locator('payments-transaction-detail');
      await detail.getByRole('heading', { name: messagesFr.transactionTitle.replace('{id}', '1001') }).waitFor();
      await french.locator('payments-volume-card').getByRole('heading', { name: messagesFr.volumeTitle }).waitFor();
      // Money written by the provider's locale: the French grouping and decimal comma.
      await expect(detail.locator('.pk-money').first().textContent()).resolves.toMatch(/^1\s250,00\s\$US$/);
      const confirm = french.locator('payments-confirm-button');
      await confirm.getByRole('button', { name: messagesFr.confirmButton }).click();
      await confirm.getByRole('button', { name: messagesFr.confirmAccept, exact: true }).waitFor();
      await Promise.all(watch.pending);
      expect(watch.requests.map((request) => new URL(request.url).pathname)).toContain('/payments-kit/messages/fr.js');
      expect([...watch.consoleErrors, ...watch.pageErrors]).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
