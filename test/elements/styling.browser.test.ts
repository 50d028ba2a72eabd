import { afterEach, describe, expect, it } from 'vitest';
import 'payments-kit/elements';
import { messagesEs } from 'payments-kit/messages';
import { sandboxIds } from 'payments-kit/testing';
import { expectNoConsoleError, mount, rootOf, settled, setUpElements } from './harness.js';

setUpElements();
expectNoConsoleError();

const ids = sandboxIds.transactions;
const LIGHT_SURFACE = 'rgb(255, 255, 255)';
const DARK_SURFACE = 'rgb(23, 25, 29)';

const pageStyles: HTMLStyleElement[] = [];
/** A stylesheet of the host page, outside the element. */
function addPageStyle(css: string): void {
  const style = document.createElement('style');
  style.textContent = css;
  document.head.append(style);
  pageStyles.push(style);
}
afterEach(() => {
  for (const style of pageStyles.splice(0)) style.remove();
});

const transaction = (attributes = '') =>
  `<payments-transaction-detail transaction-id="${ids.completed}" ${attributes}></payments-transaction-detail>`;
const confirmButton = (attributes = '') =>
  `<payments-confirm-button payment-intent-id="${sandboxIds.paymentIntents.succeeded}" payment-method-id="${sandboxIds.paymentMethod}" ${attributes}></payments-confirm-button>`;

function buttonOf(element: Element): HTMLButtonElement {
  const button = element.shadowRoot?.querySelector<HTMLButtonElement>('button.pk-button');
  if (!button) throw new Error('No button in the shadow root.');
  return button;
}

describe('given a theme', () => {
  it('should theme the element from the provider: data-pk-theme on the element, and the dark surface', async () => {
    const element = mount(`<payments-provider session="tok" theme="dark">${transaction()}</payments-provider>`, 'payments-transaction-detail');
    const root = await settled(element, 'success');
    expect(element.getAttribute('data-pk-theme')).toBe('dark');
    expect(getComputedStyle(root).backgroundColor).toBe(DARK_SURFACE);
  });

  it('should be light without any theme', async () => {
    const element = mount(`<payments-provider session="tok">${transaction()}</payments-provider>`, 'payments-transaction-detail');
    const root = await settled(element, 'success');
    expect(element.hasAttribute('data-pk-theme')).toBe(false);
    expect(getComputedStyle(root).backgroundColor).toBe(LIGHT_SURFACE);
  });

  it('should keep a data-pk-theme the page set on the element over the provider’s theme', async () => {
    const element = mount(
      `<payments-provider session="tok" theme="dark">${transaction('data-pk-theme="light"')}</payments-provider>`,
      'payments-transaction-detail',
    );
    const root = await settled(element, 'success');
    expect(element.getAttribute('data-pk-theme')).toBe('light');
    expect(getComputedStyle(root).backgroundColor).toBe(LIGHT_SURFACE);
  });

  it('should follow the provider when its theme changes', async () => {
    const element = mount(`<payments-provider session="tok" theme="light">${transaction()}</payments-provider>`, 'payments-transaction-detail');
    const root = await settled(element, 'success');
    document.querySelector('payments-provider')?.setAttribute('theme', 'dark');
    await expect.poll(() => element.getAttribute('data-pk-theme')).toBe('dark');
    expect(getComputedStyle(root).backgroundColor).toBe(DARK_SURFACE);
  });
});

describe('given the host page’s styles', () => {
  it('should let --pk-color-accent set on the element reach the button', async () => {
    const element = mount(`<payments-provider session="tok">${confirmButton()}</payments-provider>`, 'payments-confirm-button');
    await settled(element, 'idle');
    const kitAccent = getComputedStyle(buttonOf(element)).backgroundColor;
    element.style.setProperty('--pk-color-accent', 'rgb(10, 20, 30)');
    expect(kitAccent).not.toBe('rgb(10, 20, 30)');
    // Polled: the button's background eases to its new colour.
    await expect.poll(() => getComputedStyle(buttonOf(element)).backgroundColor).toBe('rgb(10, 20, 30)');
  });

  it('should let --pk-* set by a page rule on payments-* selectors win over the theme', async () => {
    addPageStyle('payments-transaction-detail { --pk-color-surface: rgb(1, 2, 3); }');
    const element = mount(`<payments-provider session="tok" theme="dark">${transaction()}</payments-provider>`, 'payments-transaction-detail');
    const root = await settled(element, 'success');
    expect(getComputedStyle(root).backgroundColor).toBe('rgb(1, 2, 3)');
  });

  it('should apply ::part(button) from a page stylesheet', async () => {
    addPageStyle('payments-confirm-button::part(button) { border-top-color: rgb(200, 0, 100); }');
    const element = mount(`<payments-provider session="tok">${confirmButton()}</payments-provider>`, 'payments-confirm-button');
    await settled(element, 'idle');
    expect(buttonOf(element).getAttribute('part')).toBe('button');
    expect(getComputedStyle(buttonOf(element)).borderTopColor).toBe('rgb(200, 0, 100)');
  });

  it('should name the documented parts of a transaction', async () => {
    const element = mount(`<payments-provider session="tok">${transaction()}</payments-provider>`, 'payments-transaction-detail');
    const root = await settled(element, 'success');
    expect(root.getAttribute('part')).toBe('root');
    for (const part of ['badge', 'money', 'field']) {
      expect(element.shadowRoot?.querySelector(`[part~="${part}"]`), part).not.toBeNull();
    }
  });
});

describe('given a right-to-left locale, in a right-to-left page', () => {
  /** Where the heading's text is drawn, relative to the root's content box: `start` at the left or the right. */
  function headingSide(element: Element): 'left' | 'right' {
    const root = rootOf(element);
    const heading = root?.querySelector('h2');
    if (!root || !heading) throw new Error('No heading.');
    const range = document.createRange();
    range.selectNodeContents(heading);
    const text = range.getBoundingClientRect();
    const box = root.getBoundingClientRect();
    return text.left - box.left < box.right - text.right ? 'left' : 'right';
  }

  // The component's root takes its direction from its locale (lang and dir), not from the page.
  it('should lay the component out right to left inside the shadow root', async () => {
    mount(
      `<payments-provider session="tok"><div id="ltr">${transaction()}</div><div id="rtl" dir="rtl" lang="ar">${transaction('locale="ar"')}</div></payments-provider>`,
      'payments-provider',
    );
    const [ltr, rtl] = [...document.querySelectorAll('payments-transaction-detail')];
    if (!ltr || !rtl) throw new Error('Two elements expected.');
    await settled(ltr, 'success');
    await settled(rtl, 'success');
    expect(getComputedStyle(rootOf(rtl) ?? rtl).direction).toBe('rtl');
    expect(headingSide(ltr)).toBe('left');
    expect(headingSide(rtl)).toBe('right');
  });
});

describe('given a locale and messages on the provider', () => {
  it('should show Spanish words', async () => {
    const element = mount(`<payments-provider session="tok" locale="es">${transaction()}</payments-provider>`, 'payments-transaction-detail');
    const provider = document.querySelector('payments-provider');
    if (provider === null) throw new Error('No provider.');
    provider.messages = messagesEs;
    const root = await settled(element, 'success');
    await expect.poll(() => root.querySelector('h2')?.textContent).toBe(`Transacción ${ids.completed}`);
    // Money is formatted for `es` too.
    expect(root.querySelector('.pk-money')?.textContent).toMatch(/872,50/);
  });
});
