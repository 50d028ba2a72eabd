import type { ReactElement } from 'react';
import { FlowLauncher, type FlowStepInput } from '../index.js';
import { attributeOnly, kinds, reflected } from './ElementBase.js';
import { PaymentsElement } from './PaymentsElement.js';

type Metadata = Readonly<Record<string, string | number | boolean | null>> | string;

const attributes = {
  // Its property is written out below: it also takes steps with options, which no attribute holds.
  /** Step names, separated by spaces or commas, e.g. `compliance id-verification pdf-form-fill`. For steps with options (`redirect_url`, `template_id`, `auto_payout_enabled`, `payout_fee_party`, `hide_continue_button`), set the `steps` property. */
  steps: attributeOnly('steps', kinds.list),
  /** The user the flow is for (your session's grant may fix it). */
  userId: reflected('user-id', kinds.text),
  /** The user verifies (an SMS code) before the flow starts, even with `user-id`. Default off; your session's grant may require it. */
  requireAuth: reflected('require-auth', kinds.flag),
  /** Hide the hosted page's "Go to dashboard" button when the flow is done. Default off. */
  hideGoToDashboardOnComplete: reflected('hide-go-to-dashboard-on-complete', kinds.flag),
  /** `inline` (default) or `dialog`. */
  mode: reflected('mode', kinds.oneOf<'inline' | 'dialog'>()),
  /** Create the flow at once instead of showing a start button. */
  autoStart: reflected('auto-start', kinds.flag),
  /** Origins the flow link may have, separated by spaces. Recommended in production. */
  allowedOrigins: reflected('allowed-origins', kinds.list),
  /** The iframe's permissions policy. Default `camera`. */
  allow: attributeOnly('allow', kinds.text),
  /** Send the theme and colours to the hosted page. */
  forwardTheme: reflected('forward-theme', kinds.flag),
  /** BCP 47 locale for this element only. */
  locale: attributeOnly('locale', kinds.text),
  /** IANA time zone for this element only. */
  timeZone: attributeOnly('time-zone', kinds.text),
};

/**
 * `<payments-flow-launcher>`: creates a hosted flow and embeds it, inline or in a native dialog,
 * `FlowLauncher` as an element. The link is checked before it is embedded, and the flow's
 * progress is followed through `postMessage`.
 *
 * @tagName payments-flow-launcher
 * @fires payments-flow-created - A flow was created; `detail` is the flow.
 * @fires payments-step-completed - A step is done; `detail` is `{ step, flow }`.
 * @fires payments-complete - Every step is done; `detail` is the flow.
 * @fires payments-close - The user closed the dialog.
 * @fires payments-open-change - The dialog opened or closed; `detail` is whether it is open.
 * @fires payments-message - Another message from the hosted page; `detail` is `{ data, origin }`.
 * @fires payments-error - Creating the flow failed, or its link was refused; `detail` is the `PaymentsError`.
 * @prop {readonly string[] | undefined} allowedOrigins - Origins the flow link may have (`allowed-origins`, separated by spaces).
 * @csspart root - The component's root.
 * @csspart button - The start, close and "Start again" buttons.
 * @csspart frame - The iframe of the hosted page.
 * @csspart dialog - The native dialog (`mode="dialog"`).
 * @csspart steps - The list of steps and their progress.
 *
 * @example
 * <payments-flow-launcher steps="compliance id-verification" mode="dialog" allowed-origins="https://flows.payments.example"></payments-flow-launcher>
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the interface at the end types accessors the table makes
export class PaymentsFlowLauncherElement extends PaymentsElement {
  protected static override readonly attributes = attributes;

  #steps: readonly FlowStepInput[] | undefined;
  #metadata: Metadata | undefined;

  /**
   * Steps of the flow, in order. Setting it to an array (object steps with their options
   * included, e.g. `{ name: 'redirect', redirect_url: 'https://…' }` or
   * `{ name: 'pdf-form-fill', template_id: 'tpl_w9' }`) takes precedence over the `steps`
   * attribute; setting it to a string sets the attribute.
   */
  get steps(): readonly FlowStepInput[] {
    return this.#steps ?? ((this.attributeValues(attributes).steps ?? []) as FlowStepInput[]);
  }
  set steps(value: readonly FlowStepInput[] | string | undefined) {
    // React 19 and Vue set a property, not an attribute, when the element has one of that name:
    // `<payments-flow-launcher steps="compliance">` in their templates arrives here as a string.
    if (typeof value === 'string') {
      this.#steps = undefined;
      this.setAttribute('steps', value);
    } else {
      this.#steps = value;
    }
    this.requestRender();
  }

  /** The user the flow is for (`user-id`). */
  declare userId: string | null;
  /** The user verifies before the flow starts (`require-auth`). Default false. */
  declare requireAuth: boolean;
  /** Hide the hosted page's "Go to dashboard" button at the end (`hide-go-to-dashboard-on-complete`). Default false. */
  declare hideGoToDashboardOnComplete: boolean;
  /** `inline` (default) or `dialog` (`mode`). */
  declare mode: 'inline' | 'dialog' | null;
  /** Create the flow at once (`auto-start`). Default false. */
  declare autoStart: boolean;
  /** Send the theme and colours to the hosted page (`forward-theme`). Default false. */
  declare forwardTheme: boolean;

  /** Your own data to attach to the flow, e.g. `{ order: 'A-1042' }`, or a string. */
  get metadata(): Metadata | undefined {
    return this.#metadata;
  }
  set metadata(value: Metadata | undefined) {
    this.#metadata = value;
    this.requestRender();
  }

  protected renderComponent(): ReactElement {
    const { requireAuth, hideGoToDashboardOnComplete, ...props } = this.attributeValues(attributes);
    return (
      <FlowLauncher
        {...props}
        steps={this.steps}
        metadata={this.#metadata}
        requireAuth={requireAuth || undefined}
        hideGoToDashboardOnComplete={hideGoToDashboardOnComplete || undefined}
        messages={this.messages}
        onFlowCreated={(flow) => this.emit('payments-flow-created', flow)}
        onStepCompleted={(step, flow) => this.emit('payments-step-completed', { step, flow })}
        onComplete={(flow) => this.emit('payments-complete', flow)}
        onClose={() => this.emit('payments-close', null)}
        onOpenChange={(open) => this.emit('payments-open-change', open)}
        onMessage={(data, event) => this.emit('payments-message', { data, origin: event.origin })}
        onError={(error) => this.emit('payments-error', error)}
      />
    );
  }
}

// Properties whose setter takes more than their getter gives: only accessor signatures say so.
// The class's accessors are made from its table (ElementBase); `@prop` above lists them in the manifest.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- declares accessors the base class installs
export interface PaymentsFlowLauncherElement {
  /** Origins the flow link may have (`allowed-origins`, separated by spaces). */
  get allowedOrigins(): readonly string[] | undefined;
  set allowedOrigins(value: readonly string[] | string | undefined | null);
}
