// End to end: `npm start`'s demo (sandbox upstream → the kit's proxy → the built page under a
// strict CSP) driven by Debian's Chromium through playwright-core.
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Demo } from '../../examples/dashboard/server.js';
import { startBuiltDemo } from './builtDemo.js';
import { messagesAr as ar, messagesEn as en, messagesHe as he, localeDirection, messagesPl as pl, messagesZhCN as zhCN } from 'payments-kit/messages';
import { launchChromium, watchPage, type PageWatch } from './watchPage.js';

const ARTIFACTS = path.resolve('test-results');
/** Whether the run keeps its screenshots for a person to look at: `PK_SCREENSHOTS=1`. */
const SCREENSHOTS = process.env.PK_SCREENSHOTS === '1';

let demo: Demo;
let browser: Browser;
let page: Page;
let watch: PageWatch;

beforeAll(async () => {
  // Its pending payouts complete when a test says so (settlePending), not on the demo's timer.
  demo = await startBuiltDemo({ port: 0, settlePendingAfterMs: 0 });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  // One step waiting 20 s is stuck, not slow (the slowest takes a few seconds under load): it
  // fails naming what it waited for, where the test's 30 s would not say which step it was.
  page.setDefaultTimeout(20_000);

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
    await page.getByText('Last outcome: Succeeded').waitFor();
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
    await page.getByText('Last outcome: Processing').waitFor();
    expect(sandbox.callsFor('confirmPaymentIntent')).toHaveLength(before + 1);
  });

  it("should show under the button the last outcome of the intent shown, in the page's language", async () => {
    const outcome = page.locator('main output'); // the page's one, found the same way in every language
    await expect(outcome.textContent()).resolves.toBe('Processing');
    // An intent not confirmed yet has no outcome, whatever the last one of another intent was.
    await page.getByLabel('Payment intent').selectOption('pi_failed');
    await expect.poll(() => outcome.textContent()).toBe('—');
    await page.getByLabel('Payment intent').selectOption('pi_succeeded');
    await expect.poll(() => outcome.textContent()).toBe(en.paymentIntentStatuses.succeeded);
    // In Arabic: see the Arabic test below (its catalogue must be fetched there first).
  });

  it('should say what happens next after requires_action, and offer no confirm that would send the same request again', async () => {
    const sandbox = demo.sandbox!.sandbox;
    const before = sandbox.callsFor('confirmPaymentIntent').length;
    const panel = page.locator('section', { has: page.getByRole('heading', { name: 'Confirm a payment' }) });
    await page.getByLabel('Payment intent').selectOption('pi_requires_action');
    await page.getByLabel('Ask before paying').uncheck();
    await panel.getByRole('button', { name: 'Confirm payment' }).click();
    await panel.getByText(en.requiresActionExplanation).waitFor();
    await expect(panel.locator('output').textContent()).resolves.toBe(en.paymentIntentStatuses.requires_action);
    await expect(panel.locator('.pk-confirm').getByRole('button').count()).resolves.toBe(0);
    expect(sandbox.callsFor('confirmPaymentIntent')).toHaveLength(before + 1);
    await page.getByLabel('Ask before paying').check();
  });

  it('should let the keyboard move through a choice, its focus drawn on the segment', async () => {
    const panel = page.locator('section', { has: page.getByRole('heading', { name: 'Onboarding' }) });
    const inline = panel.getByRole('radio', { name: 'Inline' });
    await inline.focus();
    await page.keyboard.press('ArrowRight');
    const dialog = panel.getByRole('radio', { name: 'In a dialog' });
    await expect(dialog.isChecked()).resolves.toBe(true);
    await expect(dialog.evaluate((input) => getComputedStyle(input.closest('label')!).outlineStyle)).resolves.toBe('solid');
    await page.keyboard.press('ArrowLeft');
    await expect(inline.isChecked()).resolves.toBe(true);
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
    // The artifact, when a run asks for it (PK_SCREENSHOTS=1): the whole dashboard with the hosted flow embedded mid-way.
    if (SCREENSHOTS) {
      await mkdir(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: path.join(ARTIFACTS, 'demo.png'), fullPage: true });
    }
    await frame.getByRole('button', { name: 'Complete step: Identity verification' }).click();
    await frame.getByRole('button', { name: 'Complete step: Payout' }).click();
    // Every step done: the hosted page has nothing more to show, so the panel says so, in its
    // place, with a new run focused; the new run starts a new flow.
    const again = panel.getByRole('button', { name: 'Start again' });
    await again.waitFor();
    await expect(panel.getByRole('status').filter({ hasText: 'Onboarding is done.' }).count()).resolves.toBe(1);
    await expect(panel.locator('iframe').count()).resolves.toBe(0);
    await expect(again.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    expect(demo.sandbox!.sandbox.callsFor('createFlow')).toHaveLength(1);
    await again.click();
    await panel.getByRole('button', { name: 'Start', exact: true }).waitFor();
    expect(demo.sandbox!.sandbox.callsFor('createFlow')).toHaveLength(1);
  });

  it('should keep the page within a phone\'s width with the longest transaction id chosen', async () => {
    const width = page.viewportSize()!;
    await page.setViewportSize({ width: 390, height: 900 });
    try {
      const panel = page.locator('section', { has: page.getByRole('heading', { name: 'Transaction lookup' }) });
      await panel.getByRole('radio', { name: 'legacy' }).check();
      await panel.getByLabel('Transaction id').selectOption('5cfabe15-d452-4558-8e46-56d90ebe48f7');
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await panel.getByRole('radio', { name: 'v2' }).check();
    } finally {
      await page.setViewportSize(width);
    }
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

  it("should list the user's transfers ten a page, open one beside the list, and export the filtered list as CSV", async () => {
    const list = page.locator('.pk-transfers');
    const rows = list.getByRole('listbox').getByRole('option');
    await page.locator('.pk-transfers[data-state="success"]').waitFor();
    await expect.poll(() => rows.count()).toBe(10);
    await rows.first().click();
    await list.getByRole('heading', { name: 'Transfer details' }).waitFor();
    await list.getByRole('button', { name: 'Next page' }).click();
    await list.getByText('Page 2', { exact: false }).first().waitFor();

    await list.getByLabel('Type').selectOption('payout');
    await expect.poll(async () => (await rows.allTextContents()).length).toBeGreaterThan(0);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('transfers.csv');
    const lines = (await readFile(await file.path(), 'utf8')).split('\r\n').slice(1, -1);
    // The sandbox's user has 250 transfers, every fourth a payout: the filter reached the API.
    expect(lines).toHaveLength(63);
    expect(lines.every((line) => line.split(',')[3] === 'payout')).toBe(true);
    await list.getByLabel('Type').selectOption('');
  });

  it('should show a pending payout complete when its webhook arrives, without a reload', async () => {
    await page.getByLabel('v2').check();
    await page.getByLabel('Transaction id').selectOption('1002');
    const card = page.getByRole('region', { name: 'Transaction 1002' });
    await card.getByText('Pending').first().waitFor();
    // A mark a reload would lose.
    await page.evaluate(() => ((window as unknown as { beforeSettling: boolean }).beforeSettling = true));
    await demo.settlePending();
    // The sandbox's signed webhook, the demo's route, the page's stream, one re-read: real time, so
    // 20 s. What the user sees, whichever read gets there first; that the stream alone does it,
    // with polling stopped, is test/live/usePaymentsEvents.test.tsx's.
    await card.getByText('Completed').first().waitFor({ timeout: 20_000 });
    await expect(page.evaluate(() => (window as unknown as { beforeSettling?: boolean }).beforeSettling)).resolves.toBe(true);
    await page.getByLabel('Transaction id').selectOption('1001');
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
    // The last outcome (of requires_action, above) in the kit's Arabic words, not the API's English token.
    await expect(page.locator('main output').textContent()).resolves.toBe(ar.paymentIntentStatuses.requires_action);
    await page.getByLabel('اللغة').selectOption('en');
    await page.getByRole('heading', { name: 'Merchant dashboard' }).waitFor();
    await expect(page.locator('html').getAttribute('dir')).resolves.toBe('ltr');
  });

  it.each([
    ['zh-CN', 'zhCN', '商户仪表板', zhCN],
    ['pl', 'pl', 'Panel sprzedawcy', pl],
    ['he', 'he', 'לוח בקרה לסוחר', he],
  ] as const)('should load the %s words as a chunk of their own, in the direction of the language', async (locale, chunk, title, words) => {
    const catalogue = page.waitForResponse((response) => new RegExp(`/assets/${chunk}[-.][^/]*\\.js$`).test(new URL(response.url()).pathname));
    await page.locator('.demo__switches select').selectOption(locale);
    await expect(catalogue.then((response) => response.status())).resolves.toBe(200);
    await page.getByRole('heading', { name: title }).waitFor();
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe(locale);
    await expect(page.locator('html').getAttribute('dir')).resolves.toBe(localeDirection(locale));
    const start = page.getByRole('button', { name: words.flowStart });
    await start.waitFor();
    await expect(start.evaluate((element) => getComputedStyle(element).direction)).resolves.toBe(localeDirection(locale));
    await expect(page.locator('.pk-volume').first().getAttribute('lang')).resolves.toBe(locale);
    await page.locator('.demo__switches select').selectOption('en');
    await page.getByRole('heading', { name: 'Merchant dashboard' }).waitFor();
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

  it('should link to its custom elements page, and that page back to it', async () => {
    await page.getByRole('link', { name: 'The same components as custom elements' }).click();
    await page.getByRole('heading', { name: 'The same components as custom elements' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/elements.html');
    await page.getByRole('link', { name: 'Back to the React dashboard' }).click();
    await page.getByRole('heading', { name: 'Merchant dashboard' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
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

/** Relative luminance contrast of two computed `rgb()`/`rgba()` colours (WCAG 2). */
function contrast(a: string, b: string): number {
  const luminance = (color: string) => {
    const [r, g, bl] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

// The page as a designer sees it: each width and theme laid out and checked; with
// PK_SCREENSHOTS=1 each is kept as a screenshot in test-results/demo/ for a person to look at
// (nothing compares them, so a test run writes none).
describe('given the demo dashboard at a phone, a tablet and a desktop width, light and dark', { timeout: 30_000 }, () => {
  // One page, resized and re-themed: a page per layout would read the ten volumes each time, and
  // the proxy's per-subject budget for volume calls counts every tab of the demo's one user.
  let view: Page;
  beforeAll(async () => {
    view = await browser.newPage();
    await view.goto(demo.url);
    await view.getByRole('heading', { name: 'Merchant dashboard' }).waitFor();
  }, 30_000);
  afterAll(async () => {
    await (view as Page | undefined)?.close();
  });

  const layouts = [390, 768, 1280].flatMap((width) => (['light', 'dark'] as const).map((theme) => [width, theme, 'en'] as const));
  // Each right-to-left and each new language once, on the phone, where long words and another
  // script overflow first.
  const languages = (['ar', 'he', 'zh-CN', 'pl'] as const).map((locale) => [390, 'light', locale] as const);
  it.each([...layouts, ...languages])('should lay out %i px, %s, %s as a designer would sign it', async (width, theme, locale) => {
    await view.setViewportSize({ width, height: 900 });
    await view.emulateMedia({ colorScheme: theme });
    const language = view.locator('.demo__switches select');
    if ((await language.inputValue()) !== locale) {
      await language.selectOption(locale);
      await expect.poll(() => view.locator('html').getAttribute('lang')).toBe(locale);
    }
    await view.locator('.demo__switches input[type="radio"]').nth(theme === 'dark' ? 1 : 0).check();
    await expect.poll(() => view.locator('html').getAttribute('data-pk-theme')).toBe(theme);
    await expect.poll(() => view.locator('.pk-volume[data-state="success"]').count()).toBe(10);
    {

      const checks = await view.evaluate(() => {
        const style = (element: Element) => getComputedStyle(element);
        const panel = document.getElementById('volume-heading')!.closest('section')!;
        const cards = Array.from(panel.querySelectorAll<HTMLElement>('.pk-volume'));
        // A visual row: the cards whose tops are within a pixel of each other.
        const rows = new Map<number, string[]>();
        for (const card of cards) {
          const top = Math.round(card.getBoundingClientRect().top);
          const type = card.closest('.demo__volume')?.querySelector('h3')?.textContent ?? card.querySelector('.pk-stat__caption')?.textContent.split('·')[0]?.trim() ?? '';
          rows.set(top, [...(rows.get(top) ?? []), type]);
        }
        const select = document.querySelector<HTMLSelectElement>('.demo__switches select')!;
        const checked = document.querySelector<HTMLInputElement>('.demo__switches input:checked')!.closest('label')!;
        const surface = style(document.querySelector('.demo__panel')!).backgroundColor;
        return {
          panelTitle: document.getElementById('volume-heading')!.textContent,
          cardTitles: cards.map((card) => card.querySelector('h4, h3')?.textContent ?? ''),
          rows: Array.from(rows.values()),
          overflow: document.documentElement.scrollWidth - window.innerWidth,
          select: { appearance: style(select).appearance, color: style(select).color, background: style(select).backgroundColor, border: style(select).borderTopColor, chevron: style(select).backgroundPosition },
          checked: { color: style(checked).color, background: style(checked).backgroundColor },
          radioOpacity: style(checked.querySelector('input')!).opacity,
          pageBackground: style(document.body).backgroundColor,
          surface,
        };
      });

      // Volume: the cards' titles say which card is which, and no row mixes money in with money out.
      expect(checks.cardTitles.filter((title) => title === checks.panelTitle)).toEqual([]);
      expect(new Set(checks.cardTitles).size).toBe(5);
      for (const row of checks.rows) expect(new Set(row).size, row.join(' | ')).toBe(1);
      expect(checks.overflow).toBeLessThanOrEqual(0);
      // The header's controls are drawn by the page, readable in its theme, and still real radios.
      expect(checks.select.appearance).toBe('none');
      expect(contrast(checks.select.color, checks.select.background)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(checks.select.border, checks.surface)).toBeGreaterThanOrEqual(3);
      expect(contrast(checks.checked.color, checks.checked.background)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(checks.checked.background, checks.surface)).toBeGreaterThanOrEqual(3);
      expect(checks.radioOpacity).toBe('0');
      await expect(view.getByRole('radio', { checked: true }).first().isVisible()).resolves.toBe(true);
      if (theme === 'dark') expect(contrast(checks.pageBackground, 'rgb(0, 0, 0)')).toBeLessThan(1.5);
      // The chevron sits at the end of the select, whichever side that is.
      expect(checks.select.chevron.startsWith('calc(100%'), checks.select.chevron).toBe(localeDirection(locale) === 'ltr');

      if (SCREENSHOTS) {
        await mkdir(path.join(ARTIFACTS, 'demo'), { recursive: true });
        await view.screenshot({ path: path.join(ARTIFACTS, 'demo', `demo-${locale}-${theme}-${String(width)}.png`), fullPage: true });
      }
    }
  });
});
