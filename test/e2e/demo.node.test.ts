// End to end: `npm start`'s demo (sandbox upstream → the kit's proxy → the built page under a
// strict CSP) driven by Debian's Chromium through playwright-core.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemo, type Demo } from '../../examples/dashboard/server.js';
import { launchChromium, watchPage, type PageWatch } from './watchPage.js';

const ARTIFACTS = path.resolve('test-results');

let demo: Demo;
let browser: Browser;
let page: Page;
let watch: PageWatch;

beforeAll(async () => {
  demo = await startDemo({ port: 0 });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });

  const { clientId, apiKey } = demo.sandbox!.sandbox.credentials;
  watch = watchPage(page, [clientId, apiKey, Buffer.from(`${clientId}:${apiKey}`).toString('base64')]);
  await page.goto(demo.url);
  await page.getByRole('heading', { name: 'Merchant dashboard' }).waitFor();
}, 90_000);

afterAll(async () => {
  // Either may be missing when beforeAll failed half-way.
  await (browser as Browser | undefined)?.close();
  await (demo as Demo | undefined)?.close();
});

// Each test drives a real browser through several round trips (the hosted flow: six, plus a
// full-page screenshot); on two shared cores that can pass Vitest's 5 s default, so each gets 30 s.
describe('given the demo dashboard started as `npm start` starts it', { timeout: 30_000 }, () => {
  it('should show a v2 transaction, then a legacy one with its receipt', async () => {
    await expect(page.getByRole('heading', { name: 'Transaction 1001' }).isVisible()).resolves.toBe(true);
    await page.getByText('$1,250.00').first().waitFor();
    await page.getByLabel('legacy').check();
    await page.getByLabel('Transaction id').selectOption('1');
    const receipt = page.getByRole('table');
    await receipt.waitFor();
    await expect(receipt.getByText('Espresso beans').isVisible()).resolves.toBe(true);
    await expect(receipt.getByText('$56.47').count()).resolves.toBeGreaterThan(0);
  });

  it('should send one confirm upstream for 20 rapid clicks', async () => {
    const sandbox = demo.sandbox!.sandbox;
    await page.getByLabel('Payment intent').selectOption('pi_succeeded');
    await page.getByLabel('Ask before paying').uncheck();
    const button = page.getByRole('button', { name: 'Confirm payment' });
    const box = (await button.boundingBox())!;
    // Real mouse clicks at the button's spot, as fast as the browser takes them: after the
    // first, the button is disabled, then replaced by the outcome.
    await Promise.all(Array.from({ length: 20 }, () => page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)));
    await page.getByText('Last outcome: succeeded').waitFor();
    expect(sandbox.callsFor('confirmPaymentIntent')).toHaveLength(1);
    expect(sandbox.callsFor('confirmPaymentIntent')[0]!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('should ask before paying, then confirm once', async () => {
    const sandbox = demo.sandbox!.sandbox;
    const before = sandbox.callsFor('confirmPaymentIntent').length;
    await page.getByLabel('Payment intent').selectOption('pi_processing');
    await page.getByLabel('Ask before paying').check();
    await page.getByRole('button', { name: 'Confirm payment' }).click();
    await page.getByText('Confirm payment of $99.99?').waitFor();
    expect(sandbox.callsFor('confirmPaymentIntent')).toHaveLength(before);
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await page.getByText('Last outcome: processing').waitFor();
    expect(sandbox.callsFor('confirmPaymentIntent')).toHaveLength(before + 1);
  });

  it('should embed the hosted flow, resize to its height and advance on its step messages', async () => {
    const panel = page.locator('section', { has: page.getByRole('heading', { name: 'Onboarding' }) });
    await panel.getByRole('button', { name: 'Start' }).click();
    const iframe = panel.locator('iframe.pk-flow-frame');
    await iframe.waitFor();
    const frame = panel.frameLocator('iframe.pk-flow-frame');
    await frame.getByRole('heading', { name: 'Set up your account' }).waitFor();
    // The page posts its height; the launcher sets the iframe's height attribute to it.
    await expect
      .poll(async () => {
        const [attribute, content] = await Promise.all([
          iframe.getAttribute('height'),
          frame.locator('html').evaluate((html) => Math.ceil(html.getBoundingClientRect().height)),
        ]);
        return Number(attribute) === Math.max(160, content);
      })
      .toBe(true);
    const progress = panel.locator('.pk-progress__label');
    await expect(progress.textContent()).resolves.toBe('Step 1 of 3');
    await frame.getByRole('button', { name: 'Complete step: Compliance' }).click();
    await expect.poll(() => progress.textContent()).toBe('Step 2 of 3');
    // The artifact: the whole dashboard with the hosted flow embedded mid-way.
    await mkdir(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: path.join(ARTIFACTS, 'demo.png'), fullPage: true });
    await frame.getByRole('button', { name: 'Complete step: Identity verification' }).click();
    await frame.getByRole('button', { name: 'Complete step: Payout' }).click();
    await expect.poll(() => panel.locator('.pk-flow').getAttribute('data-state')).toBe('complete');
    await expect(panel.getByRole('status').filter({ hasText: 'All steps are done.' }).count()).resolves.toBe(1);
    expect(demo.sandbox!.sandbox.callsFor('createFlow')).toHaveLength(1);
  });

  it('should open the flow in a native dialog and close it with Escape', async () => {
    const panel = page.locator('section', { has: page.getByRole('heading', { name: 'Onboarding' }) });
    await panel.getByLabel('In a dialog').check();
    const start = panel.getByRole('button', { name: 'Start' });
    await start.click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.frameLocator('iframe').getByRole('heading', { name: 'Set up your account' }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect(start.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
  });

  it('should show volume cards for every period of both types', async () => {
    const cards = page.locator('.pk-volume');
    await expect(cards.count()).resolves.toBe(10);
    await page.getByText('$375,120.90', { exact: true }).waitFor();
    await page.getByText('$1,669,440.00', { exact: true }).waitFor();
  });

  it('should switch to Spanish and the dark theme', async () => {
    await page.getByLabel('Language').selectOption('es');
    await page.getByRole('heading', { name: 'Panel del comercio' }).waitFor();
    await page.getByRole('button', { name: 'Empezar' }).waitFor(); // the kit's own words
    await page.getByLabel('Oscuro').check();
    await expect(page.locator('html').getAttribute('data-pk-theme')).resolves.toBe('dark');
    await page.getByLabel('Claro').check();
    await page.getByLabel('Idioma').selectOption('en');
    await page.getByRole('heading', { name: 'Merchant dashboard' }).waitFor();
  });

  it('should load Arabic words as a chunk of their own and lay the page out right to left', async () => {
    const catalogue = page.waitForResponse((response) => /\/assets\/ar[-.][^/]*\.js$/.test(new URL(response.url()).pathname));
    await page.getByLabel('Language').selectOption('ar');
    await expect(catalogue.then((response) => response.status())).resolves.toBe(200);
    await page.getByRole('heading', { name: 'لوحة التاجر' }).waitFor();
    await expect(page.locator('html').getAttribute('dir')).resolves.toBe('rtl');
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('ar');
    // The kit's own words, from the Arabic catalogue, laid out right to left.
    const start = page.getByRole('button', { name: 'بدء' });
    await start.waitFor();
    await expect(start.evaluate((element) => getComputedStyle(element).direction)).resolves.toBe('rtl');
    await page.getByLabel('اللغة').selectOption('en');
    await page.getByRole('heading', { name: 'Merchant dashboard' }).waitFor();
    await expect(page.locator('html').getAttribute('dir')).resolves.toBe('ltr');
  });

  it("should serve React's production build, the bundle npm start serves, even under the test runner", async () => {
    const scripts = await page.evaluate(() => Array.from(document.scripts, (script) => script.src).filter(Boolean));
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      const code = await (await fetch(src)).text();
      // Development builds call jsxDEV and carry React's development warnings.
      expect(code).not.toContain('jsxDEV');
      expect(code).not.toContain('react-dom.development');
    }
  });

  it('should serve a plain-HTML page of the custom elements, on the standalone file, that shows a transaction', async () => {
    await page.goto(new URL('/elements.html', demo.url).href);
    const detail = page.locator('payments-transaction-detail');
    await detail.getByRole('heading', { name: 'Transaction 1001' }).waitFor();
    await detail.getByText('$1,250.00').first().waitFor();
    await page.locator('payments-confirm-button').getByRole('button', { name: 'Confirm payment' }).waitFor();
    const scripts = await page.evaluate(() => Array.from(document.scripts, (script) => new URL(script.src).pathname));
    expect(scripts).toEqual(['/elements-standalone.js']);
    await page.goto(demo.url);
    await page.getByRole('heading', { name: 'Merchant dashboard' }).waitFor();
  });

  it("should open the elements page's flow on the sandbox's hosted page, in a production build", async () => {
    const flows = demo.sandbox!.sandbox.callsFor('createFlow').length;
    const warnings = watch.consoleMessages.length;
    await page.goto(new URL('/elements.html', demo.url).href);
    const launcher = page.locator('payments-flow-launcher');
    await launcher.getByRole('button', { name: 'Start' }).click();
    const dialog = launcher.getByRole('dialog');
    await dialog.frameLocator('iframe').getByRole('heading', { name: 'Set up your account' }).waitFor();
    expect(demo.sandbox!.sandbox.callsFor('createFlow')).toHaveLength(flows + 1);
    expect(watch.consoleMessages.slice(warnings).filter((text) => /allowed-origins|allowedOrigins/.test(text))).toEqual([]);
    await page.keyboard.press('Escape');
    await page.goto(demo.url);
    await page.getByRole('heading', { name: 'Merchant dashboard' }).waitFor();
  });

  it('should send every proxy call with the payment session its server minted', () => {
    const proxyCalls = watch.requests.filter((r) => new URL(r.url).pathname.startsWith('/api/payments/'));
    expect(proxyCalls.length).toBeGreaterThan(10);
    expect(proxyCalls.filter((r) => !('payments-session' in r.headers)).map((r) => r.url)).toEqual([]);
  });

  it('should refuse its proxy to a caller without a session (401), and the page session outside its grant (403)', async () => {
    const path = '/api/payments/api/v2/transactions/1001';
    const anonymous = await fetch(new URL(path, demo.url));
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { error: { code: string } }).error.code).toBe('session_required');
    const { token } = (await (await fetch(new URL('/demo-session', demo.url), { method: 'POST' })).json()) as { token: string };
    const listed = await fetch(new URL(path, demo.url), { headers: { 'payments-session': token } });
    // 1007 is a sandbox transaction the page does not list, so its session does not grant it.
    const unlisted = await fetch(new URL('/api/payments/api/v2/transactions/1007', demo.url), { headers: { 'payments-session': token } });
    expect([listed.status, unlisted.status]).toEqual([200, 403]);
  });

  it('should never expose the credentials, send an Authorization header, log an error or break the CSP', async () => {
    await page.waitForTimeout(300); // late reports and listeners
    await Promise.all(watch.pending);
    expect(watch.requests.length).toBeGreaterThan(20);
    expect(watch.requests.filter((r) => 'authorization' in r.headers).map((r) => r.url)).toEqual([]);
    expect(watch.exposures).toEqual([]);
    expect(watch.consoleErrors).toEqual([]);
    expect(watch.pageErrors).toEqual([]);
    expect(demo.cspReports).toEqual([]);
    // The CSP really is in force: the page's own document forbids inline script.
    const blocked = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__inlineRan = true';
      document.body.append(script);
      return (window as unknown as { __inlineRan?: boolean }).__inlineRan === true;
    });
    expect(blocked).toBe(false);
  });
});
