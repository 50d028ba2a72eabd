// The step options a create-flow request takes, at the type level: each on the steps the API
// names it for (docs/api.md#create-a-flow).
import { describe, expectTypeOf, it } from 'vitest';
// eslint-disable-next-line no-restricted-imports -- PayoutFeeParty of api/index, which no entry exports
import type { CreateFlowBody, FlowStepInput, PayoutFeeParty } from '../../src/api/index.js';
import type { FlowLauncherProps, UseHostedFlowOptions } from 'payments-kit';

describe('given a create-flow step', () => {
  it('should take each documented option on its own step', () => {
    expectTypeOf<{ name: 'pdf-form-fill'; template_id: string }>().toExtend<FlowStepInput>();
    expectTypeOf<{ name: 'payout'; payout_fee_party: 'platform'; auto_payout_enabled: false }>().toExtend<FlowStepInput>();
    expectTypeOf<{ name: 'manage-payouts'; auto_payout_enabled: true; hide_continue_button: true }>().toExtend<FlowStepInput>();
    expectTypeOf<'pdf-form-fill'>().toExtend<FlowStepInput>();
    expectTypeOf<PayoutFeeParty>().toEqualTypeOf<'platform' | 'user'>();
  });

  it('should refuse an option on a step it does not belong to', () => {
    const steps = (value: FlowStepInput[]) => value;
    // @ts-expect-error: template_id belongs to pdf-form-fill
    steps([{ name: 'compliance', template_id: 'tpl_1' }]);
    // @ts-expect-error: payout_fee_party belongs to payout
    steps([{ name: 'manage-payouts', payout_fee_party: 'user' }]);
    // @ts-expect-error: the API names two fee parties
    steps([{ name: 'payout', payout_fee_party: 'merchant' }]);
  });

  it('should take the request options in the body, and as props and hook options', () => {
    expectTypeOf<CreateFlowBody['require_auth']>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<CreateFlowBody['hide_go_to_dashboard_on_complete']>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<FlowLauncherProps['requireAuth']>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<FlowLauncherProps['hideGoToDashboardOnComplete']>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<UseHostedFlowOptions['requireAuth']>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<UseHostedFlowOptions['hideGoToDashboardOnComplete']>().toEqualTypeOf<boolean | undefined>();
  });
});
