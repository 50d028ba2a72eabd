'use client';
import { useId, useRef } from 'react';
import { useControllableState } from './useControllableState.js';
import { useHostedFlow, type HostedFlowViewOptions } from '../headless/useHostedFlow.js';
import { ErrorReference, ErrorState } from '../shared/ErrorState.js';
import { useShownErrorCodeWords } from '../shared/useErrorCodeWords.js';
import { LiveRegion } from '../shared/LiveRegion.js';
import { LoadingState } from '../shared/LoadingState.js';
import { cx } from '../shared/cx.js';
import { focusIsLost, useFocusAfterAction } from '../shared/useFocusAfterAction.js';
import { usePaymentsUI } from '../usePaymentsUI.js';
import { FlowDialog } from './FlowDialog.js';
import { defaultMessages } from './defaultMessages.js';
import { flowView, loadFlowView } from './loadFlowView.js';
import type { FlowLauncherProps } from './FlowLauncherProps.js';

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
  const flowOptions: HostedFlowViewOptions = {
    steps, userId, metadata, requireAuth, hideGoToDashboardOnComplete, allowedOrigins, title: frameTitle, allow, autoStart,
    // The progress view and the theme forwarding are needed once a flow is created, not before:
    // they load with each creation, while its request is out (a flow opens with them loaded), and
    // so do the words of the API's error codes, which a refused creation is shown with.
    prepare: () => loadFlowView(locale),
    styles: forwardTheme ? () => flowView()?.themeStyles(rootRef.current, theme) : undefined,
    onFlowCreated, onStepCompleted, onComplete, onMessage, onError,
  };
  const flow = useHostedFlow(flowOptions);
  // A refused creation's own words (docs/api.md#errors), loaded with the creation (`prepare`).
  const errorMessages = useShownErrorCodeWords(messages, locale, flow.error);
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

  const view = flowView();
  const progressLabel = progress && view ? view.flowProgressLabel(progress, state === 'complete', messages, locale) : '';
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
          error={flow.error}
          messages={errorMessages}
          // Creating a flow moves no money: a retry after an unknown outcome is safe (at worst an unused flow).
          onRetry={flow.canRetry ? () => { press(focusBody, flow.start); } : undefined}
        />
      ) : null}
      {flow.linkRefusal !== undefined ? (
        <div className="pk-state pk-error" role="alert" data-state="error" data-kind="link-refused">
          <p className="pk-state__title pk-error__title">
            {flow.linkRefusal === 'unsafe' ? messages.flowLinkRefused : messages.flowLinkNotAllowed}
          </p>
          {/* Nobody on the page can mend the link: the next step is support, with the reference. */}
          <p className="pk-state__message pk-error__message">{messages.flowLinkRefusedNextStep}</p>
          <ErrorReference requestId={flow.error?.requestId} messages={messages} />
        </div>
      ) : null}
      {state === 'expired' ? (
        <div className="pk-state pk-flow__expired" data-state="expired">
          <p className="pk-state__title">{messages.flowLinkExpired}</p>
          <div className="pk-actions">
            <button type="button" className="pk-button" data-variant="primary" onClick={() => { press(focusBody, flow.restart); }}>
              {messages.flowRecreate}
            </button>
          </div>
        </div>
      ) : null}
      {progress && frameProps && view ? (
        <>
          <view.FlowProgress id={`${titleId}-progress`} label={progressLabel} progress={progress} messages={messages} />
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
