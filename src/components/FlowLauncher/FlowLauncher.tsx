'use client';
import { useId, useRef, type ComponentPropsWithoutRef } from 'react';
import type { Flow, FlowStep, FlowStepInput, PaymentsError } from '../../api/index.js';
import { useControllableState } from './useControllableState.js';
import { useHostedFlow } from '../headless/useHostedFlow.js';
import { ErrorState } from '../shared/ErrorState.js';
import { LiveRegion } from '../shared/LiveRegion.js';
import { LoadingState } from '../shared/LoadingState.js';
import { cx } from '../shared/cx.js';
import { focusIsLost, useFocusAfterAction } from '../shared/useFocusAfterAction.js';
import type { MessageOverrides } from '../messages/types.js';
import { usePaymentsUI } from '../usePaymentsUI.js';
import { FlowDialog } from './FlowDialog.js';
import { FlowProgress, flowProgressLabel } from './FlowProgress.js';
import { FlowExpired, FlowLinkRefused } from './FlowStates.js';
import { defaultMessages } from './defaultMessages.js';
import { themeStyles } from './themeStyles.js';

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
   * A step or option that breaks these rules fails with `invalid_request` and nothing is sent.
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

/**
 * Creates a hosted flow and embeds its `link` in an iframe (docs/api.md#create-a-flow), inline or
 * in a native `<dialog>`, following its progress through `postMessage`. A view over
 * `useHostedFlow`, which holds all of its behaviour:
 *
 * - One flow per start, StrictMode-safe; `autoStart` creates once.
 * - The link is embedded only if it is https (http on loopback, for the sandbox: in production
 *   builds only when `allowedOrigins` lists it), never of the page's own origin (a development build
 *   embeds it when `allowedOrigins` lists it, for a local stand-in), and, when
 *   `allowedOrigins` is given, of one of those origins; the iframe gets the parsed `href`. A
 *   link the proxy refused (502 `flow_link_refused`) shows the same refusal, with no retry.
 * - Messages count only from that iframe's window AND the link's exact origin.
 * - A flow is never closed on a timer. When the hosted page says its link expired
 *   (`{ status: 'expired' }`), the component offers "Start again", which creates a new flow.
 * - The page's height is applied through the iframe's `height` attribute, never a style.
 * - `mode="dialog"`: a native modal `<dialog>` (focus trapped, Escape closes, focus returns to
 *   the opener), controlled with `open` / `onOpenChange` or uncontrolled with `defaultOpen`.
 *
 * @example
 * <FlowLauncher steps={['compliance', 'id-verification']} userId="usr_1" mode="dialog"
 *               allowedOrigins={['https://flows.payments.example']} onComplete={(flow) => refresh(flow)} />
 */
export function FlowLauncher({
  steps,
  userId,
  metadata,
  requireAuth,
  hideGoToDashboardOnComplete,
  mode = 'inline',
  autoStart = false,
  allowedOrigins,
  allow = 'camera',
  title,
  onFlowCreated,
  onStepCompleted,
  onComplete,
  onClose,
  open: openProp,
  defaultOpen,
  onOpenChange,
  onMessage,
  onError,
  forwardTheme = false,
  locale: localeProp,
  timeZone,
  messages: messageOverrides,
  className,
  ...rest
}: FlowLauncherProps) {
  const { locale, messages, theme, language } = usePaymentsUI('FlowLauncher', defaultMessages, { locale: localeProp, timeZone, messages: messageOverrides });
  const rootRef = useRef<HTMLDivElement>(null);
  const frameTitle = title ?? messages.flowTitle;
  const flow = useHostedFlow({
    steps, userId, metadata, requireAuth, hideGoToDashboardOnComplete, allowedOrigins, title: frameTitle, allow, autoStart,
    styles: forwardTheme ? () => themeStyles(rootRef.current, theme) : undefined,
    onFlowCreated, onStepCompleted, onComplete, onMessage, onError,
  });
  const { state, progress, frameProps } = flow;
  const dialog = mode === 'dialog';
  const [open, setOpen] = useControllableState(openProp, defaultOpen ?? (dialog && autoStart), onOpenChange);

  const bodyRef = useRef<HTMLDivElement>(null);
  const titleId = useId();

  // A user's start (`press`): when the pressed button gave way to the loading state and then to
  // the flow, focus goes to the flow's region (not into the third-party page), not lost on <body>.
  const press = useFocusAfterAction(state, state !== 'creating' && state !== 'idle');
  const focusBody = () => {
    const body = bodyRef.current;
    if (body && focusIsLost(body)) body.focus();
  };

  const progressLabel = progress === undefined ? '' : flowProgressLabel(progress, state === 'complete', messages, locale);
  const announcement =
    progress !== undefined ? progressLabel : state === 'creating' ? messages.loading : state === 'expired' ? messages.flowLinkExpired : '';

  const dataState = state === 'creating' ? 'pending' : state === 'open' ? 'success' : state;

  const body = (
    <div ref={bodyRef} className="pk-flow__body" tabIndex={-1}>
      <LiveRegion>{announcement}</LiveRegion>
      {state === 'idle' && !dialog ? (
        <div className="pk-actions">
          <button type="button" className="pk-button" data-variant="primary" onClick={() => { press(focusBody, flow.start); }}>
            {messages.flowStart}
          </button>
        </div>
      ) : null}
      {state === 'creating' ? <LoadingState messages={messages} lines={4} /> : null}
      {flow.error && flow.linkRefusal === undefined ? (
        <ErrorState
          kind={flow.error.kind}
          code={flow.error.code}
          status={flow.error.status}
          upstreamCode={flow.error.upstreamCode}
          requestId={flow.error.requestId}
          messages={messages}
          // Creating a flow moves no money: a retry after an unknown outcome is safe (at worst an unused flow).
          onRetry={flow.canRetry ? () => { press(focusBody, flow.start); } : undefined}
        />
      ) : null}
      {flow.linkRefusal !== undefined ? <FlowLinkRefused refusal={flow.linkRefusal} requestId={flow.error?.requestId} messages={messages} /> : null}
      {state === 'expired' ? <FlowExpired messages={messages} onRestart={() => { press(focusBody, flow.restart); }} /> : null}
      {progress !== undefined && frameProps !== undefined ? (
        <>
          <FlowProgress id={`${titleId}-progress`} label={progressLabel} progress={progress} messages={messages} />
          <iframe key={flow.flow?.id} className="pk-flow-frame" {...frameProps} />
        </>
      ) : null}
    </div>
  );

  return (
    <div
      ref={rootRef}
      className={cx('pk-root', 'pk-flow', className)}
      data-state={dataState}
      data-mode={mode}
      data-pk-theme={theme}
      {...language}
      aria-busy={state === 'creating' ? true : undefined}
      {...rest}
    >
      {dialog ? (
        <FlowDialog open={open} setOpen={setOpen} onClose={onClose} onShown={flow.start} titleId={titleId} title={frameTitle} messages={messages}>
          {body}
        </FlowDialog>
      ) : (
        body
      )}
    </div>
  );
}
