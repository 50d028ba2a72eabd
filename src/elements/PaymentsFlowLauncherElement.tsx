import type { ReactElement } from 'react';
import { FlowLauncher, type FlowStepInput } from '../index.js';
import { PaymentsElement } from './PaymentsElement.js';

type Metadata = Readonly<Record<string, string | number | boolean | null>> | string;

const list = (value: string | null): string[] | undefined =>
  value === null ? undefined : value.split(/[\s,]+/).filter((item) => item !== '');

/**
 * `<payments-flow-launcher>`: creates a hosted flow and embeds it, inline or in a native dialog,
 * `FlowLauncher` as an element. The link is checked before it is embedded, and the flow's
 * progress is followed through `postMessage`.
 *
 * @tagName payments-flow-launcher
 * @attr steps - Step names, separated by spaces or commas, e.g. `compliance id-verification pdf-form-fill`. For steps with options (`redirect_url`, `template_id`, `auto_payout_enabled`, `payout_fee_party`, `hide_continue_button`), set the `steps` property.
 * @attr user-id - The user the flow is for (your session's grant may fix it).
 * @attr require-auth - The user verifies (an SMS code) before the flow starts, even with `user-id`. Default off; your session's grant may require it.
 * @attr hide-go-to-dashboard-on-complete - Hide the hosted page's "Go to dashboard" button when the flow is done. Default off.
 * @attr mode - `inline` (default) or `dialog`.
 * @attr auto-start - Create the flow at once instead of showing a start button.
 * @attr allowed-origins - Origins the flow link may have, separated by spaces. Recommended in production.
 * @attr allow - The iframe's permissions policy. Default `camera`.
 * @attr forward-theme - Send the theme and colours to the hosted page.
 * @attr locale - BCP 47 locale for this element only.
 * @attr time-zone - IANA time zone for this element only.
 * @fires payments-flow-created - A flow was created; `detail` is the flow.
 * @fires payments-step-completed - A step is done; `detail` is `{ step, flow }`.
 * @fires payments-complete - Every step is done; `detail` is the flow.
 * @fires payments-close - The user closed the dialog.
 * @fires payments-open-change - The dialog opened or closed; `detail` is whether it is open.
 * @fires payments-message - Another message from the hosted page; `detail` is `{ data, origin }`.
 * @fires payments-error - Creating the flow failed, or its link was refused; `detail` is the `PaymentsError`.
 * @csspart root - The component's root.
 * @csspart button - The start, close and "Start again" buttons.
 * @csspart frame - The iframe of the hosted page.
 * @csspart dialog - The native dialog (`mode="dialog"`).
 * @csspart steps - The list of steps and their progress.
 *
 * @example
 * <payments-flow-launcher steps="compliance id-verification" mode="dialog" allowed-origins="https://flows.payments.example"></payments-flow-launcher>
 */
export class PaymentsFlowLauncherElement extends PaymentsElement {
  static get observedAttributes(): string[] {
    return [
      'steps',
      'user-id',
      'require-auth',
      'hide-go-to-dashboard-on-complete',
      'mode',
      'auto-start',
      'allowed-origins',
      'allow',
      'forward-theme',
      'locale',
      'time-zone',
    ];
  }

  #steps: readonly FlowStepInput[] | undefined;
  #metadata: Metadata | undefined;

  /**
   * Steps of the flow, in order. Setting it to an array (object steps with their options
   * included, e.g. `{ name: 'redirect', redirect_url: 'https://…' }` or
   * `{ name: 'pdf-form-fill', template_id: 'tpl_w9' }`) takes precedence over the `steps`
   * attribute; setting it to a string sets the attribute.
   */
  get steps(): readonly FlowStepInput[] {
    return this.#steps ?? ((list(this.getAttribute('steps')) ?? []) as FlowStepInput[]);
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
  get userId(): string | null {
    return this.getAttribute('user-id');
  }
  set userId(value: string | null) {
    this.setOrRemoveAttribute('user-id', value);
  }

  /** The user verifies before the flow starts (`require-auth`). Default false. */
  get requireAuth(): boolean {
    return this.booleanAttribute('require-auth') ?? false;
  }
  set requireAuth(value: boolean) {
    this.setBooleanAttribute('require-auth', value || undefined);
  }

  /** Hide the hosted page's "Go to dashboard" button at the end (`hide-go-to-dashboard-on-complete`). Default false. */
  get hideGoToDashboardOnComplete(): boolean {
    return this.booleanAttribute('hide-go-to-dashboard-on-complete') ?? false;
  }
  set hideGoToDashboardOnComplete(value: boolean) {
    this.setBooleanAttribute('hide-go-to-dashboard-on-complete', value || undefined);
  }

  /** `inline` (default) or `dialog` (`mode`). */
  get mode(): 'inline' | 'dialog' | null {
    return this.getAttribute('mode') as 'inline' | 'dialog' | null;
  }
  set mode(value: 'inline' | 'dialog' | null) {
    this.setOrRemoveAttribute('mode', value);
  }

  /** Create the flow at once (`auto-start`). Default false. */
  get autoStart(): boolean {
    return this.booleanAttribute('auto-start') ?? false;
  }
  set autoStart(value: boolean) {
    this.setBooleanAttribute('auto-start', value || undefined);
  }

  /** Origins the flow link may have (`allowed-origins`, separated by spaces). */
  get allowedOrigins(): readonly string[] | undefined {
    return list(this.getAttribute('allowed-origins'));
  }
  set allowedOrigins(value: readonly string[] | string | undefined | null) {
    this.setOrRemoveAttribute('allowed-origins', typeof value === 'string' ? value : value?.join(' '));
  }

  /** Send the theme and colours to the hosted page (`forward-theme`). Default false. */
  get forwardTheme(): boolean {
    return this.booleanAttribute('forward-theme') ?? false;
  }
  set forwardTheme(value: boolean) {
    this.setBooleanAttribute('forward-theme', value || undefined);
  }

  /** Your own data to attach to the flow, e.g. `{ order: 'A-1042' }`, or a string. */
  get metadata(): Metadata | undefined {
    return this.#metadata;
  }
  set metadata(value: Metadata | undefined) {
    this.#metadata = value;
    this.requestRender();
  }

  protected renderComponent(): ReactElement {
    return (
      <FlowLauncher
        steps={this.steps}
        userId={this.userId ?? undefined}
        metadata={this.#metadata}
        requireAuth={this.requireAuth || undefined}
        hideGoToDashboardOnComplete={this.hideGoToDashboardOnComplete || undefined}
        mode={this.mode ?? undefined}
        autoStart={this.autoStart}
        allowedOrigins={this.allowedOrigins}
        allow={this.stringAttribute('allow')}
        forwardTheme={this.forwardTheme}
        locale={this.stringAttribute('locale')}
        timeZone={this.stringAttribute('time-zone')}
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
