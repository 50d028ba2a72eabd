import { type Flow, type FlowStep, type PaymentIntent, type PaymentsError, useConfirmIntent, useHostedFlow, type ConfirmIntentState, type HostedFlowFrameProps, type HostedFlowState, type UseConfirmIntentResult, type UseHostedFlowResult } from 'payments-kit';

describe('useConfirmIntent', () => {
  it('should name every state in a closed union', () => {
    expectTypeOf<ConfirmIntentState>().toEqualTypeOf<
      | 'idle'
      | 'prompt'
      | 'confirming'
      | 'recovering'
      | 'confirmed'
      | 'requires-action'
      | 'failed'
      | 'not-confirmed'
      | 'canceled'
      | 'unknown'
      | 'amount-mismatch'
      | 'error'
    >();
  });

  it('should return the state, what it is about, and actions that take nothing', () => {
    const pay = useConfirmIntent({ paymentIntentId: 'pi_1', paymentMethodId: 'pm_1' });
    expectTypeOf(pay).toEqualTypeOf<UseConfirmIntentResult>();
    expectTypeOf(pay.state).toEqualTypeOf<ConfirmIntentState>();
    expectTypeOf(pay.intent).toEqualTypeOf<PaymentIntent | undefined>();
    expectTypeOf(pay.error).toEqualTypeOf<PaymentsError | undefined>();
    expectTypeOf(pay.mismatch).toEqualTypeOf<{ confirmed: string; shown: string; error: PaymentsError } | undefined>();
    expectTypeOf(pay.canStart).toEqualTypeOf<boolean>();
    expectTypeOf(pay.canRetry).toEqualTypeOf<boolean>();
    expectTypeOf(pay.start).toEqualTypeOf<() => void>();
    expectTypeOf(pay.accept).toEqualTypeOf<() => void>();
    expectTypeOf(pay.cancel).toEqualTypeOf<() => void>();
    expectTypeOf(pay.retry).toEqualTypeOf<() => void>();
    // Actions fit an onClick as they are.
    expectTypeOf(pay.start).toExtend<(event: MouseEvent) => void>();
  });

  it('should require both ids, and type the callbacks', () => {
    useConfirmIntent({
      paymentIntentId: 'pi_1',
      paymentMethodId: 'pm_1',
      requireConfirmation: true,
      amount: 4999,
      currency: 'usd',
      onConfirmed: (intent) => expectTypeOf(intent).toEqualTypeOf<PaymentIntent>(),
      onError: (error) => expectTypeOf(error).toEqualTypeOf<PaymentsError>(),
    });
    // @ts-expect-error: paymentMethodId is required (docs/api.md#confirm-a-payment-intent)
    useConfirmIntent({ paymentIntentId: 'pi_1' });
    // @ts-expect-error: the key is drawn by the hook, one per user action, never passed in
    useConfirmIntent({ paymentIntentId: 'pi_1', paymentMethodId: 'pm_1', idempotencyKey: 'k-12345678' });
    // @ts-expect-error: amounts are integer cents as numbers
    useConfirmIntent({ paymentIntentId: 'pi_1', paymentMethodId: 'pm_1', amount: '49.99' });
  });

  it('should narrow nothing away: a switch over the state is exhaustive', () => {
    const { state } = useConfirmIntent({ paymentIntentId: 'pi_1', paymentMethodId: 'pm_1' });
    switch (state) {
      case 'idle':
      case 'prompt':
      case 'confirming':
      case 'recovering':
      case 'confirmed':
      case 'requires-action':
      case 'failed':
      case 'not-confirmed':
      case 'canceled':
      case 'unknown':
      case 'amount-mismatch':
      case 'error':
        break;
      default:
        expectTypeOf(state).toBeNever();
    }
  });
});

describe('useHostedFlow', () => {
  it('should name every state in a closed union', () => {
    expectTypeOf<HostedFlowState>().toEqualTypeOf<'idle' | 'creating' | 'open' | 'complete' | 'expired' | 'error'>();
  });

  it('should return state, actions and iframe props', () => {
    const flow = useHostedFlow({ steps: ['compliance'], title: 'Verify your business' });
    expectTypeOf(flow).toEqualTypeOf<UseHostedFlowResult>();
    expectTypeOf(flow.state).toEqualTypeOf<HostedFlowState>();
    expectTypeOf(flow.flow).toEqualTypeOf<Flow | undefined>();
    expectTypeOf(flow.error).toEqualTypeOf<PaymentsError | undefined>();
    expectTypeOf(flow.linkRefusal).toEqualTypeOf<'unsafe' | 'origin' | 'own-origin' | 'server' | undefined>();
    expectTypeOf(flow.start).toEqualTypeOf<() => void>();
    expectTypeOf(flow.restart).toEqualTypeOf<() => void>();
    expectTypeOf(flow.close).toEqualTypeOf<() => void>();
    expectTypeOf(flow.progress?.completed).toEqualTypeOf<readonly FlowStep[] | undefined>();
    expectTypeOf(flow.frameProps).toEqualTypeOf<HostedFlowFrameProps | undefined>();
  });

  it('should give iframe props an <iframe> takes as they are', () => {
    expectTypeOf<HostedFlowFrameProps>().toExtend<React.ComponentPropsWithRef<'iframe'>>();
    expectTypeOf<HostedFlowFrameProps['src']>().toEqualTypeOf<string>();
    expectTypeOf<HostedFlowFrameProps['title']>().toEqualTypeOf<string>();
    expectTypeOf<HostedFlowFrameProps['sandbox']>().toEqualTypeOf<string>();
    expectTypeOf<HostedFlowFrameProps['allow']>().toEqualTypeOf<string>();
    expectTypeOf<HostedFlowFrameProps['height']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<HostedFlowFrameProps['referrerPolicy']>().toEqualTypeOf<'strict-origin'>();
    expectTypeOf<HostedFlowFrameProps['ref']>().toEqualTypeOf<(element: HTMLIFrameElement | null) => void>();
  });

  it('should require steps and a title, and take only step names the API knows in a request', () => {
    useHostedFlow({ steps: ['compliance', { name: 'redirect', redirect_url: 'https://shop.example' }], title: 'Verify', autoStart: true });
    // @ts-expect-error: the iframe needs a title for screen readers
    useHostedFlow({ steps: ['compliance'] });
    // @ts-expect-error: unknown step names are refused in a request (docs/api.md#create-a-flow)
    useHostedFlow({ steps: ['teleport'], title: 'Verify' });
  });
});
