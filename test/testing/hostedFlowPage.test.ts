// The sandbox's hosted flow page as a user meets it (docs/api.md#create-a-flow): a user's link
// stays usable after its signed-in window, the page asking them to verify again (the API's SMS
// code) before the flow goes on; only a dead link tells the embedder it expired. The page's
// script runs here on the page's own markup, its parent window a recorder.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
// eslint-disable-next-line no-restricted-imports -- testing/hostedFlowPage, the module this file tests
import { hostedFlowHtml, hostedFlowJs } from '../../src/testing/hostedFlowPage.js';
import { createSandbox } from 'payments-kit/testing';

const START = Date.parse('2026-11-22T10:00:00Z');

/** Loads the page (as served: `html`) for `params`, and returns what it posts to its embedder. */
function openPage(params: Record<string, string>, html = hostedFlowHtml): unknown[] {
  const posted: unknown[] = [];
  document.body.innerHTML = new DOMParser().parseFromString(html, 'text/html').body.innerHTML;
  const parent = { postMessage: (message: unknown) => posted.push(message) };
  const location = { search: `?${new URLSearchParams(params).toString()}` };
  class ResizeObserver {
    observe(): void {}
  }
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the page's own script, as the browser runs it
  const run = new Function('window', 'location', 'ResizeObserver', hostedFlowJs) as (...globals: unknown[]) => void;
  run({ parent }, location, ResizeObserver);
  return posted;
}

const visible = (id: string) => !(document.getElementById(id) as HTMLElement).hidden;

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('given a link made for a user, within its signed-in window', () => {
  it('should complete a step at once', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(START);
    const posted = openPage({ flow: 'flow_0001', steps: 'compliance,payout', verify_after: String(START + 15 * 60_000) });
    await userEvent.click(screen.getByRole('button', { name: 'Complete step: Compliance' }));
    expect(posted).toContainEqual({ step: 'compliance', status: 'completed' });
    expect(visible('verify')).toBe(false);
  });
});

describe('given the signed-in window has passed while the user is in the flow', () => {
  it('should ask them to verify, then go on with the step they chose, never saying the link expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(START);
    const posted = openPage({ flow: 'flow_0001', steps: 'compliance,payout', verify_after: String(START + 15 * 60_000) });
    vi.setSystemTime(START + 40 * 60_000);
    await userEvent.click(screen.getByRole('button', { name: 'Complete step: Compliance' }));
    expect(visible('verify')).toBe(true);
    expect(visible('flow')).toBe(false);
    expect(posted).not.toContainEqual({ step: 'compliance', status: 'completed' });
    expect(document.activeElement).toBe(screen.getByLabelText('Verification code'));
    await userEvent.type(screen.getByLabelText('Verification code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(visible('flow')).toBe(true);
    expect(posted).toContainEqual({ step: 'compliance', status: 'completed' });
    // Verified once, the user goes on without another code.
    await userEvent.click(screen.getByRole('button', { name: 'Complete step: Payout' }));
    expect(posted).toContainEqual({ step: 'payout', status: 'completed' });
    expect(posted).not.toContainEqual({ status: 'expired' });
  });
});

describe('given require_auth (verify_after 0)', () => {
  it('should ask the user to verify as the page opens, without taking the focus', async () => {
    const posted = openPage({ flow: 'flow_0001', steps: 'pdf-form-fill', verify_after: '0' });
    expect(visible('verify')).toBe(true);
    expect(document.activeElement).toBe(document.body);
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await userEvent.click(screen.getByRole('button', { name: 'Complete step: Fill out PDF form' }));
    expect(posted).toContainEqual({ step: 'pdf-form-fill', status: 'completed' });
  });
});

describe('given a dead link', () => {
  it('should show that it expired and tell the embedder', () => {
    const posted = openPage({ flow: 'flow_0001', steps: 'payout', expires: '1' });
    expect(visible('expired')).toBe(true);
    expect(posted).toContainEqual({ status: 'expired' });
  });

  it('should tell the embedder when the sandbox served it expired (expireFlow)', async () => {
    const sandbox = createSandbox();
    const created = await sandbox.fetch('http://sandbox.test/api/v2/flows', {
      method: 'POST',
      headers: { authorization: sandbox.authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ steps: ['payout'], user_id: 'usr_1' }),
    });
    const { id, link } = (await created.json()) as { id: string; link: string };
    sandbox.expireFlow(id);
    const posted = openPage(Object.fromEntries(new URL(link).searchParams), await (await sandbox.fetch(link)).text());
    expect(visible('expired')).toBe(true);
    expect(visible('flow')).toBe(false);
    expect(posted).toContainEqual({ status: 'expired' });
  });
});
