// The create-flow request and its answer as the API documents them (docs/api.md#create-a-flow):
// the step options and request options reach the body typed and validated, and every
// documented shape of the answer parses.
import { describe, expect, it } from 'vitest';
// eslint-disable-next-line no-restricted-imports -- createFlowBodySchema, flowSchema, parseResponse of api/index, which no entry exports
import { createFlowBodySchema, flowSchema, parseResponse, type CreateFlowBody } from '../../src/api/index.js';

const answer = {
  id: '6ad6b948-422d-4fc4-bd6c-fe1521639a2b',
  created: '2024-07-12T11:08:32.486385',
  link: 'https://my-sandbox.dots.dev/flow/6ad6b948-422d-4fc4-bd6c-fe1521639a2b',
  metadata: null,
  steps: ['payout'],
  completed_steps: [],
  user_id: 'f33919ae-6793-41bd-b512-1ad3c19f4ecb',
};

describe('given a create-flow request with the documented options', () => {
  it('should keep every step option and request option, typed', () => {
    const body: CreateFlowBody = {
      steps: [
        'compliance',
        { name: 'pdf-form-fill', template_id: 'tpl_w9', hide_continue_button: true },
        { name: 'manage-payouts', auto_payout_enabled: false, hide_continue_button: true },
        { name: 'payout', auto_payout_enabled: true, payout_fee_party: 'user' },
        { name: 'id-verification', hide_continue_button: false },
        { name: 'redirect', redirect_url: 'https://shop.example/done', hide_continue_button: true },
        'pdf-form-fill',
      ],
      user_id: 'usr_1',
      metadata: 'order A-1042',
      require_auth: true,
      hide_go_to_dashboard_on_complete: true,
    };
    expect(createFlowBodySchema.parse(body)).toEqual(body);
  });

  it('should take a pdf-form-fill object without a template id', () => {
    expect(createFlowBodySchema.parse({ steps: [{ name: 'pdf-form-fill' }] })).toEqual({ steps: [{ name: 'pdf-form-fill' }] });
  });

  it('should drop an option a step does not take, as any unknown field', () => {
    expect(createFlowBodySchema.parse({ steps: [{ name: 'compliance', template_id: 'tpl_1', payout_fee_party: 'user' }] })).toEqual({
      steps: [{ name: 'compliance' }],
    });
    expect(createFlowBodySchema.parse({ steps: [{ name: 'manage-payouts', payout_fee_party: 'user' }] })).toEqual({
      steps: [{ name: 'manage-payouts' }],
    });
  });

  it.each([
    ['a fee party the API does not name', { steps: [{ name: 'payout', payout_fee_party: 'merchant' }] }],
    ['a string for auto_payout_enabled', { steps: [{ name: 'payout', auto_payout_enabled: 'false' }] }],
    ['a number for hide_continue_button', { steps: [{ name: 'compliance', hide_continue_button: 1 }] }],
    ['an empty template id', { steps: [{ name: 'pdf-form-fill', template_id: '' }] }],
    ['a template id of 256 characters', { steps: [{ name: 'pdf-form-fill', template_id: 't'.repeat(256) }] }],
    ['a string require_auth', { steps: ['payout'], require_auth: 'true' }],
    ['a null hide_go_to_dashboard_on_complete', { steps: ['payout'], hide_go_to_dashboard_on_complete: null }],
  ])('should refuse %s', (_label, body) => {
    expect(createFlowBodySchema.safeParse(body).success).toBe(false);
  });
});

describe('given a flow as the API answers it', () => {
  it('should parse the answer of the API’s own example, metadata null', () => {
    expect(parseResponse('createFlow', answer)).toMatchObject({ id: answer.id, metadata: null, steps: ['payout'] });
  });

  it.each([
    ['a string', 'order A-1042'],
    ['an object', { order: 'A-1042', nested: { ok: true } }],
    ['null', null],
  ])('should keep metadata as %s', (_label, metadata) => {
    expect(parseResponse('createFlow', { ...answer, metadata }).metadata).toEqual(metadata);
  });

  it('should read a flow without created, completed_steps or user_id (useCreateFlow reads it as no step done)', () => {
    const { created: _c, completed_steps: _s, user_id: _u, ...bare } = answer;
    const flow = parseResponse('createFlow', bare);
    expect(flow.completed_steps).toBeUndefined();
    expect(flow.created).toBeUndefined();
    expect(flow.user_id).toBeUndefined();
  });

  it('should know the pdf-form-fill step', () => {
    const flow = flowSchema.parse({ ...answer, steps: ['compliance', 'pdf-form-fill'], completed_steps: ['pdf-form-fill'] });
    expect(flow.completed_steps).toEqual(['pdf-form-fill']);
  });

  it('should still refuse a flow without link or steps', () => {
    const { link: _l, ...noLink } = answer;
    const { steps: _s, ...noSteps } = answer;
    expect(flowSchema.safeParse(noLink).success).toBe(false);
    expect(flowSchema.safeParse(noSteps).success).toBe(false);
  });
});
