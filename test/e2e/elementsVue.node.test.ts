// End to end: examples/elements-vue as an integrator gets it: the packed tarball installed into a
// copy of the app outside the repository, which `vite build`s it (Vue, @vitejs/plugin-vue,
// payments-kit/elements with React from the app's own install), served as its `npm start` does by
// examples/elements-html's server.mjs against a sandbox this process serves (openElementsHost).
import { sandboxIds, volumeFor } from 'payments-kit/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openElementsHost, type ElementsHost, type ElementsPage } from './elementsPage.js';

let host: ElementsHost | undefined;
let page: Page;
let checks: ElementsPage;

beforeAll(async () => {
  host = await openElementsHost('elements-vue', 'elements-vue');
  ({ page, checks } = host);
  // Pack (or a build when dist/ is stale), install, build and a cold Chromium on a busy two-core machine.
}, 240_000);

afterAll(async () => {
  await host?.close();
}, 30_000);

describe("given examples/elements-vue built from the packed tarball, under default-src 'self'", { timeout: 60_000 }, () => {
  it('should render the transaction, the volume and the confirm button the Vue template declares', async () => {
    await checks.rendersDeclaredElements(volumeFor('month', 'receive', 'UTC'));
  });

  it('should update Vue state from @payments-confirmed with the payment intent', async () => {
    await expect(page.getByTestId('confirmed').textContent()).resolves.toBe('Not confirmed');
    await checks.confirms();
    await page.getByTestId('confirmed').getByText('Confirmed pi_succeeded: succeeded').waitFor();
  });

  it('should start the flow of the launcher Vue renders, with the steps Vue sets as its `steps` property', async () => {
    const flow = page.locator('payments-flow-launcher').first();
    await flow.getByRole('button', { name: 'Start' }).click();
    await flow.frameLocator('iframe.pk-flow-frame').getByRole('heading', { name: 'Set up your account' }).waitFor();
    await expect(flow.locator('.pk-progress__label').textContent()).resolves.toBe('Step 1 of 3');
  });

  it('should show not found, and update Vue state from @payments-error on the provider (the event bubbles)', async () => {
    await checks.notFound(sandboxIds.missing.transaction, sandboxIds.missing.paymentIntent);
    await page.getByTestId('errors').getByText(/^2 error\(s\), last http 404$/).waitFor();
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

  it('should read again when a Vue binding changes the attribute', async () => {
    const detail = page.locator('payments-transaction-detail').first();
    await page.getByLabel('Transaction', { exact: true }).selectOption('1005');
    await detail.getByRole('heading', { name: 'Transaction 1005' }).waitFor();
    await expect(detail.getAttribute('transaction-id')).resolves.toBe('1005');
    // The heading names the id in every state, loading included: the read has reached the
    // sandbox once the card shows it.
    await detail.locator('.pk-transaction[data-state="success"]').waitFor();
    expect(host!.sandbox.callsFor('getTransaction').filter((call) => call.path.endsWith('/1005'))).toHaveLength(1);
  });

  it('should leave no iframe, listener or timer behind an element removed', async () => {
    await checks.removal();
  });

  it('should meet no CSP violation, console error, uncaught error or exposed credential', async () => {
    await checks.clean();
  });
});
