import type { Flow, FlowStep, PaymentIntent, PaymentsError } from '../index.js';

/** `detail` of `payments-step-completed`: the step the hosted page reported done, and the flow with it. */
export interface StepCompletedDetail {
  step: FlowStep;
  flow: Flow;
}

/** `detail` of `payments-message`: a message from the embedded flow page (right window and origin only). */
export interface FlowMessageDetail {
  data: unknown;
  origin: string;
}

/**
 * The events the kit's elements send: each React callback `onXxx` as `payments-xxx`, bubbling
 * and composed, with the callback's argument as `detail` (docs/elements.md#events).
 */
export interface PaymentsElementEventMap {
  /**
   * A confirm's answer says money is moving or authorised (`succeeded`, `processing`,
   * `requires_capture`) for the `amount` the element showed. Never sent for another amount:
   * `payments-error` with code `amount_mismatch` is, instead.
   */
  'payments-confirmed': CustomEvent<PaymentIntent>;
  /** A confirm was answered `requires_action`: the customer must act. Never for another amount than `amount`. */
  'payments-requires-action': CustomEvent<PaymentIntent>;
  /** Every payment intent a confirm returned, whatever its status, after the events above. */
  'payments-outcome': CustomEvent<PaymentIntent>;
  /**
   * A failed request, or a link or amount the kit refuses, with the typed error. When the
   * payments API refused the call, `detail.upstreamCode` and `detail.upstreamMessage` hold its
   * own `error_code` and `message` (e.g. `transaction-insufficient-funds`). Code
   * `amount_mismatch`: the intent was confirmed for another amount than the element's `amount`;
   * sent before `payments-outcome`, and no `payments-confirmed` follows.
   */
  'payments-error': CustomEvent<PaymentsError>;
  /** A flow was created. */
  'payments-flow-created': CustomEvent<Flow>;
  /** The hosted page reported a step done. */
  'payments-step-completed': CustomEvent<StepCompletedDetail>;
  /** Every step of the flow is done. */
  'payments-complete': CustomEvent<Flow>;
  /** The user closed the flow's dialog. */
  'payments-close': CustomEvent<null>;
  /** The user opened or closed the flow's dialog; `detail` is whether it is open. */
  'payments-open-change': CustomEvent<boolean>;
  /** Any other message from the embedded flow page. */
  'payments-message': CustomEvent<FlowMessageDetail>;
}
