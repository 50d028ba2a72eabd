// End to end: a confirm outlives the page that sent it. The demo as `npm start` serves it (its
// production build, the kit's proxy, the sandbox upstream) in Debian's Chromium: a reload while
// the answer is on its way, and two tabs of one browser clicking together, each make exactly one
// confirm reach the sandbox.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Demo } from '../../examples/dashboard/server.js';
import { startBuiltDemo } from './builtDemo.js';
import { messagesEn as en } from 'payments-kit/messages';
import { holdInBrowser, launchChromium } from './watchPage.js';

let demo: Demo;
let browser: Browser;
let context: BrowserContext | undefined;

beforeAll(async () => {
  demo = await startBuiltDemo({ port: 0 });
  browser = await launchChromium();
}, 120_000);

afterEach(async () => {
  await context?.close();
  context = undefined;
  demo.sandbox!.sandbox.clearFaults();
});

afterAll(async () => {
  await (browser as Browser | undefined)?.close();
  await (demo as Demo | undefined)?.close();
});

/** A tab on the dashboard, its confirm panel set to send at the first click. */
async function openTab(tabs: BrowserContext): Promise<Page> {
  const page = await tabs.newPage();
  await page.goto(demo.url);
  await page.getByRole('heading', { name: 'Merchant dashboard' }).waitFor();
  await page.getByLabel('Payment intent').selectOption('pi_succeeded');
  await page.getByLabel('Ask before paying').uncheck();
  return page;
}

const confirmsUpstream = () => demo.sandbox!.sandbox.callsFor('confirmPaymentIntent');

/** Holds the confirms `target`'s tabs send, in the browser, until the returned function lets them go. */
const holdConfirms = (target: BrowserContext | Page) => holdInBrowser(target, (url) => url.pathname.endsWith('/confirm'));

// Each test holds an answer for seconds on purpose and reloads a production page: 60 s each on a
// busy two-core machine.
describe('given a confirm whose answer is on its way', { timeout: 60_000 }, () => {
  it('should, after a reload, check the earlier payment with the same key and show its outcome, one confirm upstream in all', async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await openTab(context);
    const before = confirmsUpstream().length;
    // The sandbox answers after 4 s: long enough to reload the page while the proxy waits for it.
    demo.sandbox!.sandbox.inject({ kind: 'latency', ms: 4_000 }, { operation: 'confirmPaymentIntent', times: 1 });
    await page.getByRole('button', { name: en.confirmButton }).click();
    await expect.poll(() => confirmsUpstream().length).toBe(before + 1);
    // The reloaded page shows "Checking the earlier payment" until the answer to its own confirm
    // (the same key) comes, which the proxy has at once if the first answer came before it: held
    // until seen, as a reload slower than the sandbox's 4 s would otherwise leave no time to see it.
    const release = await holdConfirms(page);
    await page.reload();
    await page.getByRole('button', { name: en.confirmRecovering }).waitFor();
    await release();
    await page.getByText(`Last outcome: ${en.paymentIntentStatuses.succeeded}`).waitFor({ timeout: 20_000 });
    expect(confirmsUpstream()).toHaveLength(before + 1);
    // Nothing is kept once the answer is known: another reload offers the action at once.
    await expect.poll(() => page.evaluate(() => Object.keys(sessionStorage).filter((name) => name.startsWith('payments-kit:')))).toEqual([]);
  });
});

describe('given two tabs of one browser confirming one intent together', { timeout: 60_000 }, () => {
  it('should send one confirm, the other tab showing it in flight and then its outcome', async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const [first, second] = [await openTab(context), await openTab(context)];
    const before = confirmsUpstream().length;
    // Both tabs show the confirm in flight while it is on its way: held in the browser until both
    // were seen, however slowly a busy machine draws (and the test reads) each tab. No sandbox
    // latency besides: the hold is what keeps it on its way.
    const release = await holdConfirms(context);
    // Real mouse clicks at each button's spot, sent to both tabs at once: whichever tab's click
    // lands second finds the intent taken, or its button already disabled by the other's news.
    const spots = await Promise.all([first, second].map(async (tab) => (await tab.getByRole('button', { name: en.confirmButton }).boundingBox())!));
    await Promise.all([first, second].map((tab, index) => tab.mouse.click(spots[index]!.x + spots[index]!.width / 2, spots[index]!.y + spots[index]!.height / 2)));
    for (const tab of [first, second]) {
      await tab.getByRole('button', { name: en.confirmPending }).waitFor();
    }
    await release();
    for (const tab of [first, second]) {
      await tab.locator('.pk-confirm .pk-badge', { hasText: en.paymentIntentStatuses.succeeded }).waitFor({ timeout: 20_000 });
    }
    expect(confirmsUpstream()).toHaveLength(before + 1);
  });
});

/** The confirms the tab keeps across a reload, as its `sessionStorage` holds them. */
const keptIn = (page: Page) =>
  page.evaluate(() => Object.fromEntries(Object.keys(sessionStorage).filter((name) => name.startsWith('payments-kit:')).map((name) => [name, sessionStorage.getItem(name) ?? ''])));

describe('given a tab duplicated twice while its confirm was on its way, the copies reloaded', { timeout: 60_000 }, () => {
  it('should check the earlier payment in at most one copy, and show its outcome in every tab, one confirm upstream in all', async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const first = await openTab(context);
    const before = confirmsUpstream().length;
    // The first tab's confirm is held in the browser, so the tab holds the intent's lock meanwhile.
    const release = await holdConfirms(first);
    await first.getByRole('button', { name: en.confirmButton }).click();
    await expect.poll(async () => Object.keys(await keptIn(first))).toHaveLength(1);
    // A duplicated tab starts with a copy of the first one's sessionStorage: the same kept key.
    const copies = [await openTab(context), await openTab(context)];
    for (const copy of copies) {
      await copy.evaluate((entries) => {
        for (const [name, value] of Object.entries(entries)) sessionStorage.setItem(name, value);
      }, await keptIn(first));
    }
    let resentByCopies = 0;
    for (const copy of copies) {
      copy.on('request', (request) => {
        if (new URL(request.url()).pathname.endsWith('/confirm')) resentByCopies += 1;
      });
    }
    await Promise.all(copies.map((copy) => copy.reload()));
    // Both copies wait for the first tab, which is sending that very confirm.
    for (const copy of copies) {
      await copy.getByRole('button', { name: en.confirmRecovering }).waitFor();
    }
    await release();
    for (const tab of [first, ...copies]) {
      await tab.locator('.pk-confirm .pk-badge', { hasText: en.paymentIntentStatuses.succeeded }).waitFor({ timeout: 20_000 });
      await expect.poll(() => keptIn(tab)).toEqual({});
      await expect(tab.getByRole('button', { name: en.confirmRecovering }).count()).resolves.toBe(0);
    }
    expect(confirmsUpstream()).toHaveLength(before + 1);
    // The first tab's news usually comes before a copy's turn with the lock: then no copy sends it.
    expect(resentByCopies).toBeLessThanOrEqual(1);
  });
});
