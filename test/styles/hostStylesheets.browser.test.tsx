/// <reference types="vite/client" />
import { cleanup, render, screen } from '@testing-library/react';
import axe from 'axe-core';
import { compile } from 'tailwindcss';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cdp, page } from 'vitest/browser';
import viteIndexCss from 'create-vite/template-react/src/index.css?raw';
import viteAppCss from 'create-vite/template-react/src/App.css?raw';
import bootstrapCss from 'bootstrap/dist/css/bootstrap.min.css?raw';
import tailwindIndexCss from 'tailwindcss/index.css?raw';
import picoCss from '@picocss/pico/css/pico.min.css?raw';
// eslint-disable-next-line no-restricted-imports -- the stylesheet's text (?raw), which the package ships as a file
import kitCss from '../../src/styles/styles.css?raw';
// eslint-disable-next-line no-restricted-imports -- the list's stylesheet's text (?raw), which the package ships as a file
import transferListCss from '../../src/styles/transferList.css?raw';
import 'payments-kit/elements';
import { PaymentsProvider, TransactionDetail, ConfirmIntentButton, VolumeCard, FlowLauncher } from 'payments-kit';
import { TransferList } from 'payments-kit/transfers';
import { sandboxIds } from 'payments-kit/testing';
import { HOSTED_FLOW_ORIGIN, rootOf, settled, setUpElements } from '../elements/harness.js';
import { contrastFailuresIn, showHostedPage } from '../testing/hostedPageInFrame.js';
import { saveScreenshot } from '../support/screenshot.js';

// Real Chromium, the kit's stylesheet and the stylesheets real host pages ship, as installed from
// npm: the stock Vite + React template, Bootstrap 5, Tailwind 4 (compiled by its own compiler, as
// an app ships it) and Pico (classless). Each light and dark, switched the framework's own way.
// The kit's stylesheet comes first and the host's after it — a host's rules then win every tie;
// Tailwind's both before the kit's and after it (either order holds: docs/components.md#theming).

setUpElements();

/** The kit's palette, as Chromium computes it (styles.css). */
const kit = {
  light: { text: 'rgb(27, 31, 36)', surface: 'rgb(255, 255, 255)', accent: 'rgb(31, 79, 209)', onAccent: 'rgb(255, 255, 255)' },
  dark: { text: 'rgb(231, 233, 236)', surface: 'rgb(23, 25, 29)', accent: 'rgb(141, 180, 255)', onAccent: 'rgb(11, 19, 36)' },
} as const;

type Scheme = 'light' | 'dark';

interface Host {
  name: string;
  /** The host's CSS text. */
  css: () => Promise<string>;
  /** Whether the host's CSS goes before the kit's. */
  first?: boolean;
  /** Turns the page dark (or light) the way the framework documents. */
  scheme: (scheme: Scheme) => Promise<void>;
  /** Classes the host's own page puts on <body>. */
  bodyClass?: Record<Scheme, string>;
  /** The element the host mounts its app in. */
  mountId?: string;
}

async function emulateColorScheme(scheme: Scheme | ''): Promise<void> {
  await cdp().send('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-color-scheme', value: scheme }] });
}

/** What a Tailwind 4 app ships: `@import "tailwindcss"` compiled with the classes its page uses. */
async function tailwind(classes: string[]): Promise<string> {
  const compiler = await compile('@import "tailwindcss";', {
    base: '/',
    loadStylesheet: (id, base) => Promise.resolve({ path: id, base, content: tailwindIndexCss }),
  });
  return compiler.build(classes);
}

const tailwindBody = { light: 'bg-white text-slate-900', dark: 'bg-slate-900 text-slate-100' };

const hosts: Host[] = [
  {
    name: 'vite-react-template',
    css: () => Promise.resolve(`${viteIndexCss}\n${viteAppCss}`),
    scheme: emulateColorScheme,
    mountId: 'root',
  },
  {
    name: 'bootstrap',
    css: () => Promise.resolve(bootstrapCss),
    scheme: (scheme) => {
      document.documentElement.setAttribute('data-bs-theme', scheme);
      return Promise.resolve();
    },
  },
  {
    name: 'tailwind',
    css: () => tailwind([...tailwindBody.light.split(' '), ...tailwindBody.dark.split(' ')]),
    first: true,
    scheme: emulateColorScheme,
    bodyClass: tailwindBody,
  },
  {
    // The same Tailwind in the other order, the host's CSS imported after the kit's: its layers are
    // then declared after the kit's, and its preflight (`@layer base`) would win over the kit's
    // layer whatever the selectors.
    name: 'tailwind-after-the-kit',
    css: () => tailwind([...tailwindBody.light.split(' '), ...tailwindBody.dark.split(' ')]),
    scheme: emulateColorScheme,
    bodyClass: tailwindBody,
  },
  {
    name: 'pico',
    css: () => Promise.resolve(picoCss),
    scheme: (scheme) => {
      document.documentElement.setAttribute('data-theme', scheme);
      return Promise.resolve();
    },
  },
];

const styles: HTMLStyleElement[] = [];
function addStyle(css: string, first = false): void {
  const style = document.createElement('style');
  style.textContent = css;
  if (first) document.head.prepend(style);
  else document.head.append(style);
  styles.push(style);
}

afterEach(async () => {
  cleanup();
  for (const style of styles.splice(0)) style.remove();
  for (const name of ['data-bs-theme', 'data-theme', 'class']) document.documentElement.removeAttribute(name);
  document.body.removeAttribute('class');
  await emulateColorScheme('');
});

/** The page of `host`, dark or light, with the kit's four components on it in the kit's theme `theme` (the flow launcher idle). */
async function renderHostPage(host: Host, scheme: Scheme, flow: { forwardTheme?: boolean } = {}) {
  addStyle(kitCss);
  addStyle(await host.css(), host.first);
  await host.scheme(scheme);
  if (host.bodyClass) document.body.className = host.bodyClass[scheme];
  const theme = scheme;
  const app = (
    <PaymentsProvider session="tok" theme={theme}>
      <main className="container">
        <h1>Payments</h1>
        <p>The host page's own text.</p>
        <div style={{ display: 'grid', gap: '1rem', gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr)' }}>
          <TransactionDetail transactionId={sandboxIds.transactions.completed} />
          <div style={{ display: 'grid', gap: '1rem', alignContent: 'start' }}>
            <VolumeCard period="month" type="receive" tz="UTC" />
            <ConfirmIntentButton paymentIntentId={sandboxIds.paymentIntents.succeeded} paymentMethodId={sandboxIds.paymentMethod} />
            <FlowLauncher steps={['compliance', 'id-verification', 'payout']} mode="dialog" allowedOrigins={[HOSTED_FLOW_ORIGIN]} forwardTheme={flow.forwardTheme} />
          </div>
        </div>
      </main>
    </PaymentsProvider>
  );
  const container = document.createElement('div');
  if (host.mountId) container.id = host.mountId;
  document.body.append(container);
  render(app, { container });
  await expect.poll(() => document.querySelector('.pk-transaction')?.getAttribute('data-state')).toBe('success');
  await expect.poll(() => document.querySelector('.pk-volume')?.getAttribute('data-state')).toBe('success');
  (await screen.findByRole('button', { name: /confirm payment/i })).click();
  await expect.poll(() => document.querySelector('.pk-confirm')?.getAttribute('data-state')).toBe('confirmed');
  return container;
}

/** Every element of the kit holding text of its own, with the text. */
function textElements(root: ParentNode): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>('.pk-root, .pk-root *')].filter((element) =>
    [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim()),
  );
}

async function expectContrastClean(root: Element): Promise<void> {
  // A flow's frame is checked in its own document (contrastFailuresIn): axe here has no copy in it.
  const results = await axe.run(root, { runOnly: ['color-contrast'], iframes: false });
  const failures = results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
  );
  expect(failures).toEqual([]);
}

/** What the kit's text must look like whatever the host page sets. */
function expectKitTypography(root: ParentNode, scheme: Scheme, fewestTexts = 20): void {
  const texts = textElements(root);
  expect(texts.length).toBeGreaterThan(fewestTexts);
  for (const element of texts) {
    const style = getComputedStyle(element);
    const name = `${element.tagName.toLowerCase()}.${element.className}`;
    // Start-aligned, except the numbers the kit aligns to the end (the receipt's, the transfer
    // list's amounts and their heading), a button's label, centred in its button, and the list's
    // page number, centred between its buttons on a narrow list.
    const aligned = '.pk-table__num, .pk-receipt tfoot th, button, .pk-transfer-row__cell[data-column="amount"], .pk-transfer-row--head > :first-child, .pk-transfers__page';
    if (!element.closest(aligned)) expect(style.textAlign, name).toMatch(/^(start|left)$/);
    expect(style.fontFamily, name).not.toMatch(/times/i);
    expect(style.fontFamily, name).not.toBe('serif');
    expect(style.letterSpacing, name).toBe('normal');
  }
  for (const heading of root.querySelectorAll<HTMLElement>('.pk-card__title')) {
    const style = getComputedStyle(heading);
    expect(style.color).toBe(kit[scheme].text);
    expect(style.fontWeight).toBe('600');
    expect(style.marginBlockStart).toBe('0px');
    expect(style.marginBlockEnd).toBe('0px');
    // The kit's size (1.0625em of its card), not the host's h2 size.
    const card = heading.closest<HTMLElement>('.pk-root');
    if (!card) throw new Error('a title outside a root');
    expect(Number.parseFloat(style.fontSize)).toBeCloseTo(Number.parseFloat(getComputedStyle(card).fontSize) * 1.0625, 1);
  }
  for (const box of matching(root, '.pk-card, .pk-confirm__result, .pk-dialog')) {
    const style = getComputedStyle(box);
    expect(style.backgroundColor).toBe(kit[scheme].surface);
    // Its own border and padding, where a reset (`* { border: 0; padding: 0 }`) would take them away.
    expect(style.borderTopWidth, box.className).toBe('1px');
    expect(Number.parseFloat(style.paddingTop), box.className).toBeGreaterThan(0);
    expect(Number.parseFloat(style.borderTopLeftRadius), box.className).toBeGreaterThan(0);
  }
  for (const title of matching(root, '.pk-dialog__title')) {
    expect(getComputedStyle(title).color).toBe(kit[scheme].text);
    expect(getComputedStyle(title).fontWeight).toBe('600');
  }
  // The flow launcher's start button: the kit's accent, not the host's button colours.
  for (const button of matching(root, '.pk-button')) {
    const style = getComputedStyle(button);
    if (button.dataset.variant === 'primary') {
      expect(style.backgroundColor, button.textContent).toBe(kit[scheme].accent);
      expect(style.color, button.textContent).toBe(kit[scheme].onAccent);
    }
    expect(style.fontWeight, button.textContent).toBe('600');
    expect(Number.parseFloat(style.paddingInlineStart), button.textContent).toBeGreaterThan(0);
    expect(Number.parseFloat(style.borderTopLeftRadius), button.textContent).toBeGreaterThan(0);
  }
}

/** The elements of `root` that match `selector`, `root` itself included. */
function matching(root: ParentNode, selector: string): HTMLElement[] {
  const self = root instanceof HTMLElement && root.matches(selector) ? [root] : [];
  return [...self, ...root.querySelectorAll<HTMLElement>(selector)];
}

describe('given the kit on host pages that ship their own stylesheets', () => {
  beforeAll(async () => {
    await page.viewport(1100, 900);
  });

  describe.each(hosts)('given $name', (host) => {
    it.each<Scheme>(['light', 'dark'])('should keep the kit in its own colours, alignment and fonts (%s)', async (scheme) => {
      const container = await renderHostPage(host, scheme);
      await saveScreenshot(`hostStylesheets/${host.name}-${scheme}`, container);
      expectKitTypography(container, scheme);
      await expectContrastClean(container);
    });

    it.each<Scheme>(['light', 'dark'])('should keep the transfer list and its open detail in the kit colours, alignment and fonts (%s)', async (scheme) => {
      addStyle(kitCss);
      addStyle(transferListCss);
      addStyle(await host.css(), host.first);
      await host.scheme(scheme);
      if (host.bodyClass) document.body.className = host.bodyClass[scheme];
      const container = document.createElement('div');
      if (host.mountId) container.id = host.mountId;
      document.body.append(container);
      render(
        <PaymentsProvider session="tok" theme={scheme}>
          <main className="container">
            <TransferList pageSize={5} timeZone="UTC" liveStatus={false} />
          </main>
        </PaymentsProvider>,
        { container },
      );
      await expect.poll(() => document.querySelector('.pk-transfers')?.getAttribute('data-state')).toBe('success');
      (await screen.findByRole('listbox')).querySelector<HTMLElement>('[role="option"]')?.click();
      await screen.findByRole('region', { name: 'Transfer details' });
      await saveScreenshot(`hostStylesheets/${host.name}-transfers-${scheme}`, container);
      expectKitTypography(container, scheme);
      await expectContrastClean(container);
    });

    it.each<Scheme>(['light', 'dark'])('should keep the flow dialog, the sandbox hosted page in it, in the kit colours (%s)', async (scheme) => {
      await renderHostPage(host, scheme, { forwardTheme: true });
      (await screen.findByRole('button', { name: 'Start' })).click();
      const dialog = await screen.findByRole('dialog');
      const flowFrame = () => dialog.querySelector<HTMLIFrameElement>('iframe.pk-flow-frame');
      const hostedPage = await showHostedPage(flowFrame);
      const frame = hostedPage.defaultView?.frameElement;
      if (!frame) throw new Error('no flow frame in the dialog');
      await saveScreenshot(`hostStylesheets/${host.name}-flow-dialog-${scheme}`, dialog);
      expectKitTypography(dialog, scheme, 5);
      await expectContrastClean(dialog);
      expect(await contrastFailuresIn(flowFrame)).toEqual([]);
      // The frame keeps the kit's box: a host's iframe rules do not size or hide it.
      expect(frame.getBoundingClientRect().width).toBeGreaterThan(dialog.getBoundingClientRect().width * 0.8);
      expect(getComputedStyle(frame).display).toBe('block');
    });
  });
});

describe('given a custom element on a page that centres and colours its text', () => {
  afterAll(async () => {
    await emulateColorScheme('');
  });

  it.each<Scheme>(['light', 'dark'])('should keep its text start-aligned in the kit colours (%s)', async (scheme) => {
    addStyle(`body { text-align: center; color: ${scheme === 'dark' ? '#f0f0f0' : '#b00060'}; background: ${scheme === 'dark' ? '#101014' : '#fff'};
      font: italic 20px/3 Georgia, serif; letter-spacing: 2px; text-transform: uppercase; }`);
    document.body.insertAdjacentHTML(
      'beforeend',
      `<payments-provider session="tok" theme="${scheme}"><payments-transaction-detail transaction-id="${sandboxIds.transactions.completed}"></payments-transaction-detail><payments-confirm-button payment-intent-id="${sandboxIds.paymentIntents.succeeded}" payment-method-id="${sandboxIds.paymentMethod}"></payments-confirm-button></payments-provider>`,
    );
    const detail = document.querySelector('payments-transaction-detail');
    const confirm = document.querySelector('payments-confirm-button');
    if (!detail || !confirm) throw new Error('the elements are not on the page');
    const root = await settled(detail, 'success');
    const confirmRoot = await settled(confirm, 'idle');
    confirmRoot.querySelector<HTMLButtonElement>('button')?.click();
    await settled(confirm, 'confirmed');
    await saveScreenshot(`hostStylesheets/element-centred-${scheme}`, document.body);
    for (const shadow of [root, rootOf(confirm)]) {
      if (!shadow) throw new Error('no root');
      for (const element of textElements(shadow.getRootNode() as ShadowRoot)) {
        const style = getComputedStyle(element);
        const name = `${element.tagName.toLowerCase()}.${element.className}`;
        if (!element.closest('.pk-table__num, .pk-receipt tfoot th')) expect(style.textAlign, name).toMatch(/^(start|left)$/);
        expect(style.fontStyle, name).toBe('normal');
        expect(style.letterSpacing, name).toBe('normal');
        expect(style.textTransform, name).toBe('none');
        expect(style.fontFamily, name).not.toMatch(/georgia|(^|, )serif$/i);
      }
    }
    expect(getComputedStyle(root.querySelector('.pk-card__title')!).color).toBe(kit[scheme].text);
    await expectContrastClean(document.body);
  });
});
