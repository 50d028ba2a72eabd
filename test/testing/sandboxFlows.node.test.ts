// The sandbox's flows as the API documents them (docs/api.md#create-a-flow): a user's link
// stays usable after its signed-in window (the hosted page asks the user to verify again, and
// with require_auth at once), only a dead link answers 410, and the answer's metadata is the
// API's own null when none was sent.
import { beforeEach, describe, expect, it } from 'vitest';
// eslint-disable-next-line no-restricted-imports -- flowSchema of api/index, which no entry exports
import { flowSchema } from '../../src/api/index.js';
import { createSandbox, sandboxIds, type Sandbox } from 'payments-kit/testing';

const ORIGIN = 'http://sandbox.test';
let now = Date.parse('2026-11-22T10:00:00Z');
let sandbox: Sandbox;

beforeEach(() => {
  now = Date.parse('2026-11-22T10:00:00Z');
  sandbox = createSandbox({ now: () => new Date(now), flowLinkTtlMs: 60_000 });
});

async function createFlow(body: unknown) {
  const response = await sandbox.fetch(`${ORIGIN}/api/v2/flows`, {
    method: 'POST',
    headers: { authorization: sandbox.authorization, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  const flow = flowSchema.parse(await response.json());
  return { flow, link: new URL(flow.link) };
}

describe('given a flow created for a user', () => {
  it('should keep its link working after the signed-in window, the page asking the user to verify from then on', async () => {
    const { link } = await createFlow({ steps: ['compliance'], user_id: 'usr_1' });
    expect(link.searchParams.get('verify_after')).toBe(String(now + 60_000));
    expect(link.searchParams.has('expires')).toBe(false);
    expect((await sandbox.fetch(link.href)).status).toBe(200);
    now += 61_000;
    expect((await sandbox.fetch(link.href)).status).toBe(200);
    now += 24 * 60 * 60_000;
    expect((await sandbox.fetch(link.href)).status).toBe(200);
  });

  it('should ask the user to verify at once with require_auth', async () => {
    const { link } = await createFlow({ steps: ['payout'], user_id: 'usr_1', require_auth: true });
    expect(link.searchParams.get('verify_after')).toBe('0');
    expect((await sandbox.fetch(link.href)).status).toBe(200);
  });

  it('should ask no one to verify without a user', async () => {
    const { link, flow } = await createFlow({ steps: ['compliance'] });
    expect(link.searchParams.has('verify_after')).toBe(false);
    expect(flow.user_id).toBeNull();
  });
});

describe('given a link that no longer works', () => {
  it('should answer 410 for the expired-user id at once, and for a flow after expireFlow', async () => {
    const { link } = await createFlow({ steps: ['payout'], user_id: sandboxIds.expiredFlowUser });
    expect(Number(link.searchParams.get('expires'))).toBeLessThan(now);
    expect((await sandbox.fetch(link.href)).status).toBe(410);
    const { flow, link: other } = await createFlow({ steps: ['payout'], user_id: 'usr_1' });
    expect(await (await sandbox.fetch(other.href)).text()).toContain('<main id="expired" hidden>');
    sandbox.expireFlow(flow.id);
    const page = await sandbox.fetch(other.href);
    expect(page.status).toBe(410);
    const html = await page.text();
    expect(html).toContain('<main id="flow" hidden>');
    expect(html).toContain('<main id="expired">');
  });
});

describe('given the answer', () => {
  it('should answer metadata as sent, null without it as the API does, and the pdf-form-fill step', async () => {
    expect((await createFlow({ steps: ['payout'] })).flow.metadata).toBeNull();
    expect((await createFlow({ steps: ['payout'], metadata: 'order A-1042' })).flow.metadata).toBe('order A-1042');
    const { flow, link } = await createFlow({ steps: ['compliance', { name: 'pdf-form-fill', template_id: 'tpl_w9' }] });
    expect(flow.steps).toEqual(['compliance', 'pdf-form-fill']);
    expect(link.searchParams.get('steps')).toBe('compliance,pdf-form-fill');
  });
});
