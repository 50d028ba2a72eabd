/// <reference types="vite/client" />
// The sandbox's hosted flow page beside the launcher that embeds it, in Chromium: the page must
// look like the kit (its palette, light and dark) and name each step as the launcher's progress
// does, or a user sees two products.
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import 'payments-kit/styles.css';
// eslint-disable-next-line no-restricted-imports -- flowLauncherEn of components/messages/en/flowLauncher, which no entry exports
import { flowLauncherEn } from '../../src/components/messages/en/flowLauncher.js';
import { contrastFailuresIn, showHostedPage } from './hostedPageInFrame.js';
import { saveScreenshot } from '../support/screenshot.js';

const STEPS = Object.keys(flowLauncherEn.flowSteps);

afterEach(() => {
  cleanup();
  document.body.replaceChildren();
});

/** The hosted page in an iframe, as a flow link with `params` opens it, once its steps are drawn. */
function openHostedPage(params: Record<string, string>): Promise<Document> {
  const frame = document.createElement('iframe');
  frame.title = 'Hosted flow';
  frame.src = `https://flows.sandbox.test/hosted/flow.html?${new URLSearchParams(params).toString()}`;
  frame.style.cssText = 'display:block;inline-size:560px;block-size:520px;border:0';
  document.body.append(frame);
  return showHostedPage(() => frame);
}

/** The kit's own colours in `theme`, as Chromium computes them from styles.css. */
function kitColours(theme: 'light' | 'dark') {
  render(
    <div className="pk-root" data-pk-theme={theme}>
      <p className="pk-progress__label">Step 1 of 3</p>
      <button type="button" className="pk-button" data-variant="primary">
        Start
      </button>
    </div>,
  );
  const root = document.querySelector<HTMLElement>('.pk-root');
  const muted = document.querySelector<HTMLElement>('.pk-progress__label');
  const button = document.querySelector<HTMLElement>('.pk-button');
  if (!root || !muted || !button) throw new Error('the kit did not render');
  const colours = {
    surface: getComputedStyle(root).getPropertyValue('--pk-color-surface').trim(),
    text: getComputedStyle(root).color,
    muted: getComputedStyle(muted).color,
    accent: getComputedStyle(button).backgroundColor,
    onAccent: getComputedStyle(button).color,
    fontFamily: getComputedStyle(root).fontFamily,
  };
  cleanup();
  return colours;
}

/** `#rrggbb` as Chromium writes a computed colour. */
function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${String(r)}, ${String(g)}, ${String(b)})`;
}

describe('given the sandbox hosted flow page', () => {
  it('should name every step as the launcher does', async () => {
    const doc = await openHostedPage({ flow: 'flow_0001', steps: STEPS.join(',') });
    const titles = [...doc.querySelectorAll('#steps li span')].map((title) => title.textContent);
    expect(titles).toEqual(Object.values(flowLauncherEn.flowSteps));
    const buttons = [...doc.querySelectorAll('#steps button')].map((button) => button.getAttribute('aria-label'));
    expect(buttons).toEqual(Object.values(flowLauncherEn.flowSteps).map((title) => `Complete step: ${title}`));
  });

  it.each(['light', 'dark'] as const)('should be drawn in the kit’s palette and font (%s)', async (theme) => {
    // A frame the runner shows at its own size, so the screenshot is not scaled down.
    await page.viewport(800, 600);
    const kit = kitColours(theme);
    const doc = await openHostedPage({ flow: 'flow_0001', steps: 'compliance,id-verification,payout', styles: JSON.stringify({ theme }) });
    const view = doc.defaultView;
    if (!view) throw new Error('no window');
    const style = (selector: string) => {
      const element = doc.querySelector(selector);
      if (!element) throw new Error(`no ${selector} on the page`);
      return view.getComputedStyle(element);
    };
    expect(style('body').backgroundColor).toBe(rgb(kit.surface));
    expect(style('body').color).toBe(kit.text);
    expect(style('h1').color).toBe(kit.text);
    expect(style('.muted').color).toBe(kit.muted);
    expect(style('#steps button').backgroundColor).toBe(kit.accent);
    expect(style('#steps button').color).toBe(kit.onAccent);
    expect(style('body').fontFamily).toBe(kit.fontFamily);
    expect(await contrastFailuresIn(() => document.querySelector('iframe'))).toEqual([]);
    // One step done, as a user leaves it.
    doc.querySelector<HTMLButtonElement>('#steps button')?.click();
    await saveScreenshot(`hostedFlowPage/steps-${theme}`, document.body);
  });

  it('should take the colours a launcher forwards (forwardTheme), under the kit’s names', async () => {
    const doc = await openHostedPage({
      flow: 'flow_0001',
      steps: 'payout',
      styles: JSON.stringify({ theme: 'light', variables: { '--pk-color-accent': '#7a1fa2', '--pk-color-surface': '#fdf8f0' } }),
    });
    const view = doc.defaultView;
    if (!view) throw new Error('no window');
    expect(view.getComputedStyle(doc.body).backgroundColor).toBe(rgb('#fdf8f0'));
    expect(view.getComputedStyle(doc.querySelector('#steps button') ?? doc.body).backgroundColor).toBe(rgb('#7a1fa2'));
  });
});
