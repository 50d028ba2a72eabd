/// <reference types="vite/client" />
import { render } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import { cdp } from 'vitest/browser';
import 'payments-kit/styles.css';
// eslint-disable-next-line no-restricted-imports -- the stylesheet's text (?raw), which the package ships as a file
import stylesheet from '../../../src/styles/styles.css?raw';
// eslint-disable-next-line no-restricted-imports -- ErrorState of components/shared/ErrorState, which no entry exports
import { ErrorState } from '../../../src/components/shared/ErrorState.js';
// eslint-disable-next-line no-restricted-imports -- FormattedDate of components/shared/dates/FormattedDate, which no entry exports
import { FormattedDate } from '../../../src/components/shared/dates/FormattedDate.js';
// eslint-disable-next-line no-restricted-imports -- LoadingState of components/shared/LoadingState, which no entry exports
import { LoadingState } from '../../../src/components/shared/LoadingState.js';
// eslint-disable-next-line no-restricted-imports -- Money of components/shared/money/Money, which no entry exports
import { Money } from '../../../src/components/shared/money/Money.js';
// eslint-disable-next-line no-restricted-imports -- NotFoundState of components/shared/NotFoundState, which no entry exports
import { NotFoundState } from '../../../src/components/shared/NotFoundState.js';
// eslint-disable-next-line no-restricted-imports -- StatusBadge of components/shared/StatusBadge, which no entry exports
import { StatusBadge } from '../../../src/components/shared/StatusBadge.js';
import { messagesEn as en } from 'payments-kit/messages';
// eslint-disable-next-line no-restricted-imports -- Tone of components/shared/statusTone, which no entry exports
import type { Tone } from '../../../src/components/shared/statusTone.js';

// Real Chromium with the real stylesheet: axe can only judge colour contrast with layout and
// computed styles, which jsdom does not have.

const tones: Tone[] = ['neutral', 'info', 'success', 'warning', 'danger'];

function Specimen({ theme }: { theme: 'light' | 'dark' | 'auto' }) {
  return (
    <div data-pk-theme={theme}>
      <section className="pk-root pk-card" aria-label={`specimen ${theme}`}>
        <header className="pk-card__header">
          <h2 className="pk-card__title">Transaction 42</h2>
          <StatusBadge kind="paymentIntent" status="requires_action" messages={en} />
        </header>
        <div className="pk-actions">
          {tones.map((tone) => (
            <span key={tone} className="pk-badge" data-tone={tone}>{tone}</span>
          ))}
        </div>
        {tones.map((tone) => (
          <p key={tone} className="pk-notice" data-tone={tone}>{en.requiresActionExplanation}</p>
        ))}
        <dl className="pk-fields">
          <div className="pk-field">
            <dt className="pk-field__label">{en.transactionAmount}</dt>
            <dd className="pk-field__value"><Money amount={-123456} locale="en" messages={en} /></dd>
          </div>
          <div className="pk-field">
            <dt className="pk-field__label">{en.transactionCreated}</dt>
            <dd className="pk-field__value"><FormattedDate value="2021-03-07T12:00:00Z" locale="en" /></dd>
          </div>
          <div className="pk-field">
            <dt className="pk-field__label">{en.transferId}</dt>
            <dd className="pk-field__value pk-code">3f0c2a4e-1b9d-4c55-9a77-2d1f0e6b8c10</dd>
          </div>
          <div className="pk-field">
            <dt className="pk-field__label">{en.legacyDate}</dt>
            <dd className="pk-field__value"><FormattedDate value="07/03/2021" locale="en" /></dd>
          </div>
          <div className="pk-field">
            <dt className="pk-field__label">{en.transferAmount}</dt>
            <dd className="pk-field__value"><Money amount={1.5} locale="en" messages={en} /></dd>
          </div>
        </dl>
        <div className="pk-table-wrap" tabIndex={0} role="region" aria-label={en.receiptCaption}>
          <table className="pk-table">
            <caption>{en.receiptCaption}</caption>
            <thead>
              <tr><th scope="col">{en.receiptName}</th><th scope="col" className="pk-table__num">{en.receiptLineTotal}</th></tr>
            </thead>
            <tbody>
              <tr><td>Widget</td><td className="pk-table__num"><Money amount={12.5} unit="major" locale="en" messages={en} /></td></tr>
            </tbody>
            <tfoot>
              <tr className="pk-table__total"><th scope="row">{en.receiptGrandTotal}</th><td className="pk-table__num">$12.50</td></tr>
            </tfoot>
          </table>
        </div>
        <p className="pk-progress__label">Step 1 of 3</p>
        <progress className="pk-progress" value={1} max={3} aria-label="Step 1 of 3" />
        <ol className="pk-steps">
          <li className="pk-step" data-state="done">{en.flowSteps.compliance}</li>
          <li className="pk-step" data-state="current">{en.flowSteps['id-verification']}</li>
          <li className="pk-step" data-state="todo">{en.flowSteps.payout}</li>
        </ol>
        <div className="pk-stat">
          <p className="pk-stat__label">{en.volumeTitle}</p>
          <p className="pk-stat__value"><Money amount={987654} locale="en" messages={en} /></p>
          <p className="pk-stat__caption">Credit · Month</p>
        </div>
        <div className="pk-actions">
          <button type="button" className="pk-button" data-variant="primary">{en.confirmButton}</button>
          <button type="button" className="pk-button" data-variant="secondary">{en.confirmCancel}</button>
          <button type="button" className="pk-button" data-variant="ghost">{en.flowRecreate}</button>
          <button type="button" className="pk-button" data-variant="primary" data-state="pending">{en.confirmPending}</button>
        </div>
        <ErrorState error={{ kind: 'network', requestId: 'req_1' }} messages={en} onRetry={() => undefined} />
        <NotFoundState messages={en} />
        <LoadingState messages={en} />
      </section>
    </div>
  );
}

async function emulate(features: { name: string; value: string }[]) {
  await cdp().send('Emulation.setEmulatedMedia', { features });
}

afterEach(async () => {
  await emulate([]);
});

async function contrastViolations(container: Element) {
  const results = await axe.run(container, { resultTypes: ['violations'] });
  return results.violations.map((violation) => ({
    id: violation.id,
    nodes: violation.nodes.map((node) => node.failureSummary),
  }));
}

describe('given the stylesheet in Chromium', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`should have no axe violations, contrast included, in the ${theme} theme`, async () => {
      const { container } = render(<Specimen theme={theme} />);
      expect(await contrastViolations(container)).toEqual([]);
    });
  }

  it('should follow prefers-color-scheme in the auto theme, with no axe violations', async () => {
    await emulate([{ name: 'prefers-color-scheme', value: 'dark' }]);
    const { container } = render(<Specimen theme="auto" />);
    const card = container.querySelector('.pk-card')!;
    expect(getComputedStyle(card).backgroundColor).toBe('rgb(23, 25, 29)');
    expect(getComputedStyle(card).colorScheme).toBe('dark');
    expect(await contrastViolations(container)).toEqual([]);
    await emulate([{ name: 'prefers-color-scheme', value: 'light' }]);
    expect(getComputedStyle(card).backgroundColor).toBe('rgb(255, 255, 255)');
  });

  it('should give auto the dark theme\'s every colour under a dark preference, and the light one\'s otherwise', async () => {
    const names = [...new Set([...stylesheet.matchAll(/(--pk-(?:color|tone)-[\w-]+)\s*:/g)].map((m) => m[1]!))];
    expect(names.length).toBeGreaterThan(20);
    const { container } = render(
      <>
        {(['light', 'dark', 'auto'] as const).map((theme) => (
          <div key={theme} className="pk-root pk-card" data-pk-theme={theme} data-testid={theme} />
        ))}
      </>,
    );
    const colours = (theme: string) => {
      const computed = getComputedStyle(container.querySelector(`[data-testid="${theme}"]`)!);
      return Object.fromEntries(names.map((name) => [name, computed.getPropertyValue(name).trim()]));
    };
    await emulate([{ name: 'prefers-color-scheme', value: 'dark' }]);
    expect(colours('auto')).toEqual(colours('dark'));
    expect(colours('dark')['--pk-color-surface']).toBe('#17191d');
    expect(Object.values(colours('dark')).every((value) => /^(#|rgb\(|dark$)/.test(value))).toBe(true);
    await emulate([{ name: 'prefers-color-scheme', value: 'light' }]);
    expect(colours('auto')).toEqual(colours('light'));
    expect(colours('light')['--pk-color-surface']).toBe('#ffffff');
    expect(Object.values(colours('light')).every((value) => /^(#|rgb\(|light$)/.test(value))).toBe(true);
  });

  it('should be light on a bare .pk-root, and let the nearest data-pk-theme win', () => {
    const { container } = render(
      <>
        <div className="pk-root pk-card" data-testid="bare" />
        <div data-pk-theme="dark">
          <div data-pk-theme="light">
            <div className="pk-root pk-card" data-testid="nested" />
          </div>
        </div>
        <div className="pk-root pk-card" data-pk-theme="dark" data-testid="self" />
      </>,
    );
    const bg = (id: string) => getComputedStyle(container.querySelector(`[data-testid="${id}"]`)!).backgroundColor;
    expect(bg('bare')).toBe('rgb(255, 255, 255)');
    expect(bg('nested')).toBe('rgb(255, 255, 255)');
    expect(bg('self')).toBe('rgb(23, 25, 29)');
  });

  it('should let an unlayered host rule win without !important', () => {
    const style = document.createElement('style');
    style.textContent = '.host-card { --pk-color-surface: rgb(1, 2, 3); } .pk-badge { border-radius: 0; }';
    document.head.append(style);
    try {
      const { container } = render(
        <div data-pk-theme="dark">
          <div className="pk-root pk-card host-card"><span className="pk-badge" data-tone="info">x</span></div>
        </div>,
      );
      expect(getComputedStyle(container.querySelector('.pk-card')!).backgroundColor).toBe('rgb(1, 2, 3)');
      expect(getComputedStyle(container.querySelector('.pk-badge')!).borderTopLeftRadius).toBe('0px');
    } finally {
      style.remove();
    }
  });

  it('should stop the skeleton and spinner animations under prefers-reduced-motion', async () => {
    const { container } = render(<Specimen theme="light" />);
    const line = container.querySelector('.pk-skeleton__line')!;
    expect(getComputedStyle(line).animationName).toBe('pk-pulse');
    await emulate([{ name: 'prefers-reduced-motion', value: 'reduce' }]);
    expect(getComputedStyle(line).animationName).toBe('none');
    const spinner = container.querySelector('.pk-button[data-state="pending"]')!;
    expect(getComputedStyle(spinner, '::before').animationName).toBe('none');
  });

  it('should hide .pk-visually-hidden from sight but keep it in the accessibility tree', () => {
    const { container } = render(<LoadingState messages={en} />);
    const hidden = container.querySelector('.pk-visually-hidden')!;
    const box = hidden.getBoundingClientRect();
    expect(box.width).toBeLessThanOrEqual(1);
    expect(box.height).toBeLessThanOrEqual(1);
    expect(getComputedStyle(hidden).display).not.toBe('none');
    expect(getComputedStyle(hidden).visibility).toBe('visible');
  });
});
