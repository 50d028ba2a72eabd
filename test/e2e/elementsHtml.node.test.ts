// End to end: examples/elements-html as an integrator gets it: the packed tarball installed into a
// copy of the example outside the repository, its server.mjs (the kit's proxy, a session per page
// view, the package's standalone file, `default-src 'self'`) run as its own process against a
// sandbox this process serves, Debian's Chromium driving the page (openElementsHost, elementsPage.ts).
import { sandboxIds, volumeFor } from 'payments-kit/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openElementsHost, type ElementsHost, type ElementsPage } from './elementsPage.js';

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
});
