import type { ComponentPropsWithoutRef } from 'react';
import type { Flow, FlowStep, FlowStepInput, PaymentsError } from '../../api/index.js';
import type { MessageOverrides } from '../messages/types.js';

/** Props of {@link FlowLauncher}. */
export interface FlowLauncherProps
  extends Omit<ComponentPropsWithoutRef<'div'>, 'children' | 'onError' | 'title' | 'onMessage'> {
  /**
   * Steps of the flow, in order: step names (`compliance`, `id-verification`, `background-check`,
   * `manage-payments`, `manage-payouts`, `payout`, `redirect`, `pdf-form-fill`), or objects with
   * the step's options (docs/api.md#create-a-flow):
   * - any step: `hide_continue_button` (default `false`);
   * - `redirect`: `redirect_url`, required, https (http only on localhost);
   * - `pdf-form-fill`: `template_id`, the PDF template to fill;
   * - `payout`: `auto_payout_enabled` (default `true`), `payout_fee_party` (`'platform'` or
   *   `'user'`; with payments sessions, only the party the grant names);
   * - `manage-payouts`: `auto_payout_enabled`.
   *
   * A step or option that breaks these rules fails with `invalid_request`: the kit's proxy refuses
   * it and nothing reaches the payments API (docs/hooks.md#what-the-browser-checks).
   *
   * @example
   * steps={['compliance', { name: 'pdf-form-fill', template_id: 'tpl_w9' }, { name: 'payout', auto_payout_enabled: false }]}
   */
  steps: readonly FlowStepInput[];
  /**
   * The user the flow is for, sent as `user_id`. The user starts signed in; after 15 minutes the
   * hosted page asks them to verify again (an SMS code) and the flow goes on: the component
   * never closes it on a timer.
   */
  userId?: string | undefined;
  /** Your own data to attach to the flow, e.g. `{ order: 'A-1042' }` (keys of 1–40 characters, flat values), or a string. */
  metadata?: Readonly<Record<string, string | number | boolean | null>> | string | undefined;
  /**
   * The user must verify (an SMS code) before the flow starts, even with `userId`; sent as
   * `require_auth`. Default `false`. Your payments session's grant may require it whatever this says.
   *
   * @example
   * <FlowLauncher steps={['payout']} userId="usr_1" requireAuth />
   */
  requireAuth?: boolean | undefined;
  /**
   * Hide the hosted page's "Go to dashboard" button when the flow is done; sent as
   * `hide_go_to_dashboard_on_complete`. Default `false`.
   *
   * @example
   * <FlowLauncher steps={['compliance']} hideGoToDashboardOnComplete />
   */
  hideGoToDashboardOnComplete?: boolean | undefined;
  /** `inline` (default) embeds the flow in the page; `dialog` opens it in a native modal `<dialog>`. */
  mode?: 'inline' | 'dialog' | undefined;
  /** Create the flow as soon as the component mounts, instead of showing a start button. */
  autoStart?: boolean | undefined;
  /**
   * Origins the flow link may have, e.g. `['https://flows.payments.example']`, compared exactly.
   * Recommended in production: a link from any other origin is not embedded. The page's own
   * origin is never embedded in production builds, and in development builds only when listed
   * (a local stand-in such as Storybook's); an `http:` loopback link (the sandbox's) is embedded
   * in production builds only when listed.
   */
  allowedOrigins?: readonly string[] | undefined;
  /** The iframe's permissions policy (`allow`). Default `camera`: identity verification takes a photo. */
  allow?: string | undefined;
  /** Title of the embedded page (iframe `title`, dialog heading). Default `messages.flowTitle`. */
  title?: string | undefined;
  /** Called once per created flow, with the flow as the API returned it. */
  onFlowCreated?: ((flow: Flow) => void) | undefined;
  /** Called once per step the hosted page reports done, with the flow's updated `completed_steps`. */
  onStepCompleted?: ((step: FlowStep, flow: Flow) => void) | undefined;
  /** Called once when every step of the flow is done. */
  onComplete?: ((flow: Flow) => void) | undefined;
  /** Called when the user closes the dialog (Escape or the close button), `dialog` mode only. */
  onClose?: (() => void) | undefined;
  /**
   * Whether the dialog is open (`dialog` mode), for a dialog the host controls; pair it with
   * `onOpenChange`. Opening it creates the flow unless one is open or being created; closing it
   * keeps the flow, so opening again shows the same one.
   */
  open?: boolean | undefined;
  /** Whether the dialog starts open when uncontrolled. Default: `autoStart`. */
  defaultOpen?: boolean | undefined;
  /** Called when the user opens or closes the dialog (the opener, the close button, Escape). */
  onOpenChange?: ((open: boolean) => void) | undefined;
  /**
   * Any other message from the embedded page (right window and origin only), for the host to read.
   * The kit does not act on these.
   */
  onMessage?: ((data: unknown, event: MessageEvent) => void) | undefined;
  /** Called once per failure: creating the flow, or a link the kit refuses to embed. */
  onError?: ((error: PaymentsError) => void) | undefined;
  /** Send the theme and colour variables to the hosted page in the link's `styles` parameter. */
  forwardTheme?: boolean | undefined;
  /** BCP 47 locale for this component only (overrides the provider's). */
  locale?: string | undefined;
  /** IANA time zone for this component only (overrides the provider's). */
  timeZone?: string | undefined;
  /** Message overrides for this component only (merged over the provider's). */
  messages?: MessageOverrides | undefined;
}
