'use client';
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type ComponentPropsWithoutRef,
  type KeyboardEvent,
} from 'react';
import {
  PaymentsError,
  isPaymentsError,
  isRetryableError,
  type Flow,
  type FlowStep,
  type FlowStepInput,
} from '../../api/index.js';
import { useCreateFlow } from '../../client/index.js';
import { ErrorState } from '../shared/ErrorState.js';
import { LiveRegion } from '../shared/LiveRegion.js';
import { LoadingState } from '../shared/LoadingState.js';
import { callSafely } from '../shared/callSafely.js';
import { cx } from '../shared/cx.js';
import { formatMessage } from '../shared/formatMessage.js';
import type { MessageOverrides } from '../shared/messages/types.js';
import { openEnumLabel } from '../shared/openEnumLabel.js';
import { usePaymentsUI } from '../usePaymentsUI.js';
import { defaultMessages } from './defaultMessages.js';
import { checkFlowLink, type FlowLinkRefusal } from './checkFlowLink.js';
import { flowDeadline } from './flowDeadline.js';
import { readFlowMessage } from './flowMessage.js';
import { themeStyles, withStyles } from './themeStyles.js';

/** Props of {@link FlowLauncher}. */
export interface FlowLauncherProps
  extends Omit<ComponentPropsWithoutRef<'div'>, 'children' | 'onError' | 'title' | 'onMessage'> {
  /**
   * Steps of the flow, in order: step names (`compliance`, `id-verification`, `background-check`,
   * `manage-payments`, `manage-payouts`, `payout`, `redirect`), or objects such as
   * `{ name: 'redirect', redirect_url: 'https://…' }`. Example: `['compliance', 'id-verification']`. A `redirect_url` that is not https (http
   * only on localhost) fails with `invalid_request` and nothing is sent.
   */
  steps: readonly FlowStepInput[];
  /**
   * The user the flow is for, sent as `user_id`. The link of such a flow is treated as expired 15
   * minutes after it was created; the component then offers to start again.
   */
  userId?: string | undefined;
  /** Your own data to attach to the flow, e.g. `{ order: 'A-1042' }`: keys of 1–40 characters, flat values. */
  metadata?: Readonly<Record<string, string | number | boolean | null>> | undefined;
  /** `inline` (default) embeds the flow in the page; `dialog` opens it in a native modal `<dialog>`. */
  mode?: 'inline' | 'dialog' | undefined;
  /** Create the flow as soon as the component mounts, instead of showing a start button. */
  autoStart?: boolean | undefined;
  /**
   * Origins the flow link may have, e.g. `['https://flows.payments.example']`, compared exactly.
   * Recommended in production: a link from any other origin is not embedded.
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
  /** Called when the dialog closes (Escape or the close button), `dialog` mode only. */
  onClose?: (() => void) | undefined;
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

type Phase =
  | { name: 'idle' }
  | { name: 'creating' }
  | { name: 'error'; error: PaymentsError }
  | { name: 'refused'; error: PaymentsError; reason: FlowLinkRefusal }
  | {
      name: 'open';
      flow: Flow;
      /** The checked, normalised link (`URL.href`), with `styles` when forwarded. */
      src: string;
      /** The exact origin messages must come from. */
      origin: string;
      completed: readonly string[];
      /** Height asked for by the page, clamped; undefined until it says. */
      height: number | undefined;
      deadline: number | undefined;
    }
  | { name: 'expired' };

/** The flow as the host's callbacks see it: progress kept here, outside React state. */
interface Progress {
  flow: Flow;
  notifiedComplete: boolean;
}

// Only what a hosted flow needs:
// - allow-scripts: the page is an app (steps, camera capture, its own postMessage to us);
// - allow-same-origin: the page keeps ITS origin (its cookies, storage and API calls). Without
//   it the frame is an opaque origin, the page breaks, and messages arrive with origin "null",
//   which we could not tell from any other sandboxed frame. Safe because the link is a checked
//   third-party origin; scripts plus same-origin would only escape the sandbox for a page of
//   the dashboard's own origin, which `allowedOrigins` should exclude in production;
// - allow-forms: the steps submit forms (business details, bank account);
// - allow-popups: a bank's or ID provider's page, or terms, may open in a new window.
// Never allow-top-navigation: the flow must not be able to navigate the dashboard away.
const FRAME_SANDBOX = 'allow-scripts allow-same-origin allow-forms allow-popups';

/**
 * Creates a hosted flow and embeds its `link` in an iframe (docs/api.md#create-a-flow), inline or
 * in a native `<dialog>`, following its progress through `postMessage`.
 *
 * - One flow per start, StrictMode-safe: a ref guards the request; `autoStart` runs once.
 * - The link is embedded only if it is https (http on loopback, for the sandbox) and, when
 *   `allowedOrigins` is given, of one of those origins; the iframe gets the parsed `href`.
 * - Messages count only from that iframe's window AND the link's exact origin.
 * - An expired link (the page says so, or 15 minutes passed for a flow with a user id) offers
 *   "Start again", which creates a new flow.
 * - The page's height is applied through the iframe's `height` attribute, never a style.
 *
 * @example
 * <FlowLauncher steps={['compliance', 'id-verification']} userId="usr_1" mode="dialog"
 *               allowedOrigins={['https://flows.payments.example']} onComplete={(flow) => refresh(flow)} />
 */
export function FlowLauncher({
  steps,
  userId,
  metadata,
  mode = 'inline',
  autoStart = false,
  allowedOrigins,
  allow = 'camera',
  title,
  onFlowCreated,
  onStepCompleted,
  onComplete,
  onClose,
  onMessage,
  onError,
  forwardTheme = false,
  locale: localeProp,
  timeZone,
  messages: messageOverrides,
  className,
  ...rest
}: FlowLauncherProps) {
  const { messages, theme } = usePaymentsUI('FlowLauncher', defaultMessages, {
    locale: localeProp,
    timeZone,
    messages: messageOverrides,
  });
  const { mutateAsync } = useCreateFlow();
  // With autoStart the first render (also on the server) already shows the loading state.
  const [phase, setPhase] = useState<Phase>(() => (autoStart ? { name: 'creating' } : { name: 'idle' }));
  const [dialogOpen, setDialogOpen] = useState(() => mode === 'dialog' && autoStart);

  const creating = useRef(false);
  const autoStarted = useRef(false);
  const mounted = useRef(false);
  const progress = useRef<Progress | null>(null);
  const focusBody = useRef(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();

  // The latest props for work that finishes later (answers, messages), without re-subscribing.
  const latest = useRef({
    steps, userId, metadata, allowedOrigins, forwardTheme, theme,
    onFlowCreated, onStepCompleted, onComplete, onClose, onMessage, onError,
  });
  useEffect(() => {
    latest.current = {
      steps, userId, metadata, allowedOrigins, forwardTheme, theme,
      onFlowCreated, onStepCompleted, onComplete, onClose, onMessage, onError,
    };
  });
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const start = useCallback((): void => {
    if (creating.current) return; // one flow per start, however many clicks or effects
    creating.current = true;
    focusBody.current = true;
    progress.current = null;
    setPhase({ name: 'creating' });
    const props = latest.current;
    const body = {
      steps: [...props.steps],
      ...(props.userId === undefined ? {} : { user_id: props.userId }),
      ...(props.metadata === undefined ? {} : { metadata: { ...props.metadata } }),
    };
    mutateAsync(body).then(
      (flow) => {
        creating.current = false;
        if (!mounted.current) return; // late answer after unmount: ignored, no state update, no callback
        const now = latest.current;
        callSafely(() => now.onFlowCreated?.(flow));
        const check = checkFlowLink(flow.link, now.allowedOrigins);
        if (!check.ok) {
          const error = new PaymentsError({
            kind: 'invalid_response',
            code: 'flow_link_refused',
            operation: 'createFlow',
            message:
              check.reason === 'origin'
                ? 'The flow link’s origin is not in `allowedOrigins` of <FlowLauncher>; add the hosted flow origin there if it is yours.'
                : 'The flow link is not an https URL (http is accepted on localhost only), so <FlowLauncher> did not embed it.',
          });
          setPhase({ name: 'refused', error, reason: check.reason });
          callSafely(() => now.onError?.(error));
          return;
        }
        const url = now.forwardTheme ? withStyles(check.url, themeStyles(rootRef.current, now.theme)) : check.url;
        const completed = flow.completed_steps.filter((step) => flow.steps.includes(step));
        progress.current = { flow: { ...flow, completed_steps: completed }, notifiedComplete: false };
        setPhase({
          name: 'open',
          flow,
          src: url.href,
          origin: check.url.origin,
          completed,
          height: undefined,
          deadline: flowDeadline(flow, Date.now(), now.userId),
        });
      },
      (error: unknown) => {
        creating.current = false;
        if (!mounted.current) return;
        const typed = isPaymentsError(error)
          ? error
          : new PaymentsError({ kind: 'network', operation: 'createFlow', message: String(error), cause: error });
        setPhase({ name: 'error', error: typed });
        callSafely(() => latest.current.onError?.(typed));
      },
    );
  }, [mutateAsync]);

  // autoStart: once per mounted instance. StrictMode re-runs effects on the same instance, whose
  // refs survive, so the guard holds and exactly one flow is created.
  useEffect(() => {
    if (!autoStart || autoStarted.current) return;
    autoStarted.current = true;
    start();
  }, [autoStart, start]);

  const openFlowId = phase.name === 'open' ? phase.flow.id : null;
  const openOrigin = phase.name === 'open' ? phase.origin : null;
  const deadline = phase.name === 'open' ? phase.deadline : undefined;

  // Messages from the hosted page. Listening only while a flow is open; removed on unmount.
  useEffect(() => {
    if (openFlowId === null || openOrigin === null) return;
    const flowId = openFlowId;
    const expire = () => {
      setPhase((current) =>
        current.name === 'open' && current.flow.id === flowId && !isComplete(current) ? { name: 'expired' } : current,
      );
    };
    const onWindowMessage = (event: MessageEvent) => {
      const frame = frameRef.current;
      // The iframe we embedded, at the exact origin we checked: not the page itself, not another
      // frame, not the same frame after it navigated to another origin.
      if (frame === null || event.source === null || event.source !== frame.contentWindow) return;
      if (event.origin !== openOrigin) return;
      const message = readFlowMessage(event.data);
      const known = progress.current;
      if (message.type === 'height') {
        setPhase((current) =>
          current.name === 'open' && current.flow.id === flowId ? { ...current, height: message.height } : current,
        );
      } else if (message.type === 'expired') {
        expire();
      } else if (message.type === 'step' && known !== null && known.flow.id === flowId && known.flow.steps.includes(message.step)) {
        if (known.flow.completed_steps.includes(message.step)) return; // told twice: once is enough
        const flow: Flow = { ...known.flow, completed_steps: [...known.flow.completed_steps, message.step] };
        const done = flow.steps.every((step) => flow.completed_steps.includes(step));
        progress.current = { flow, notifiedComplete: known.notifiedComplete || done };
        setPhase((current) =>
          current.name === 'open' && current.flow.id === flowId ? { ...current, completed: flow.completed_steps } : current,
        );
        callSafely(() => latest.current.onStepCompleted?.(message.step, flow));
        if (done && !known.notifiedComplete) callSafely(() => latest.current.onComplete?.(flow));
      } else {
        callSafely(() => latest.current.onMessage?.(event.data, event));
      }
    };
    window.addEventListener('message', onWindowMessage);
    let timer: ReturnType<typeof setTimeout> | undefined;
    if (deadline !== undefined) timer = setTimeout(expire, Math.max(0, deadline - Date.now()));
    return () => {
      window.removeEventListener('message', onWindowMessage);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [openFlowId, openOrigin, deadline]);

  // Focus: when the pressed button gave way to the loading state and then to the flow, put focus
  // on the flow's region (not into the third-party page) so it is not lost on <body>.
  useEffect(() => {
    if (!focusBody.current || phase.name === 'creating' || phase.name === 'idle') return;
    focusBody.current = false;
    const body = bodyRef.current;
    if (!body) return;
    const active = body.ownerDocument.activeElement;
    if (active === null || active === body.ownerDocument.body) body.focus();
  }, [phase]);

  // The dialog follows `dialogOpen`: showModal makes the rest of the page inert (the focus trap)
  // and Escape closes it; focus goes inside, and back to the opener on close.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || !dialogOpen || dialog.open) return;
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    if (!dialog.contains(dialog.ownerDocument.activeElement)) closeRef.current?.focus();
  }, [dialogOpen]);

  const onDialogClosed = () => {
    setDialogOpen(false);
    callSafely(() => latest.current.onClose?.());
    openerRef.current?.focus();
  };

  const requestClose = () => {
    const dialog = dialogRef.current;
    if (!dialog?.open) return;
    if (typeof dialog.close === 'function') {
      dialog.close(); // fires `close`, handled by onDialogClosed
    } else {
      dialog.removeAttribute('open');
      onDialogClosed();
    }
  };

  const onDialogKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Escape') return;
    // Handled here too: browsers differ on when Escape cancels a dialog (and jsdom never does).
    event.preventDefault();
    requestClose();
  };

  const openDialog = () => {
    setDialogOpen(true);
    if (phase.name !== 'open' && phase.name !== 'creating') start();
  };

  const frameTitle = title ?? messages.flowTitle;
  const complete = phase.name === 'open' && isComplete(phase);

  let announcement = '';
  let progressLabel = '';
  if (phase.name === 'open') {
    const total = phase.flow.steps.length;
    const done = phase.flow.steps.filter((step) => phase.completed.includes(step)).length;
    progressLabel = complete
      ? messages.flowComplete
      : formatMessage(messages.flowProgress, { done: Math.min(done + 1, total), total });
    announcement = progressLabel;
  } else if (phase.name === 'creating') {
    announcement = messages.loading;
  } else if (phase.name === 'expired') {
    announcement = messages.flowLinkExpired;
  }

  const dataState =
    phase.name === 'creating'
      ? 'pending'
      : phase.name === 'error' || phase.name === 'refused'
        ? 'error'
        : phase.name === 'open'
          ? complete
            ? 'complete'
            : 'success'
          : phase.name;

  let firstOpenStep = -1;
  if (phase.name === 'open') firstOpenStep = phase.flow.steps.findIndex((step) => !phase.completed.includes(step));

  const body = (
    <div ref={bodyRef} className="pk-flow__body" tabIndex={-1}>
      <LiveRegion>{announcement}</LiveRegion>
      {phase.name === 'idle' && mode === 'inline' ? (
        <div className="pk-actions">
          <button type="button" className="pk-button" data-variant="primary" onClick={start}>
            {messages.flowStart}
          </button>
        </div>
      ) : null}
      {phase.name === 'creating' ? <LoadingState messages={messages} lines={4} /> : null}
      {phase.name === 'error' ? (
        <ErrorState
          kind={phase.error.kind}
          requestId={phase.error.requestId}
          messages={messages}
          // Creating a flow moves no money: a retry after an unknown outcome is safe (at worst an unused flow).
          onRetry={isRetryableError(phase.error) ? start : undefined}
        />
      ) : null}
      {phase.name === 'refused' ? (
        <div className="pk-state pk-error" role="alert" data-state="error" data-kind="link-refused">
          <p className="pk-state__title pk-error__title">
            {phase.reason === 'origin' ? messages.flowLinkNotAllowed : messages.flowLinkRefused}
          </p>
        </div>
      ) : null}
      {phase.name === 'expired' ? (
        <div className="pk-state pk-flow__expired" data-state="expired">
          <p className="pk-state__title">{messages.flowLinkExpired}</p>
          <div className="pk-actions">
            <button type="button" className="pk-button" data-variant="primary" onClick={start}>
              {messages.flowRecreate}
            </button>
          </div>
        </div>
      ) : null}
      {phase.name === 'open' ? (
        <>
          <div className="pk-flow__progress">
            <p className="pk-progress__label" id={`${titleId}-progress`}>
              {progressLabel}
            </p>
            <progress
              className="pk-progress"
              max={Math.max(1, phase.flow.steps.length)}
              value={phase.flow.steps.filter((step) => phase.completed.includes(step)).length}
              aria-labelledby={`${titleId}-progress`}
            />
            <ol className="pk-steps" aria-label={messages.flowStepsLabel}>
              {phase.flow.steps.map((step, index) => {
                const state = phase.completed.includes(step) ? 'done' : index === firstOpenStep ? 'current' : 'todo';
                return (
                  <li
                    key={`${step}-${String(index)}`}
                    className="pk-step"
                    data-state={state}
                    aria-current={state === 'current' ? 'step' : undefined}
                  >
                    {openEnumLabel(step, messages.flowSteps)}
                    {state === 'done' ? <span className="pk-visually-hidden">{`, ${messages.flowStepDone}`}</span> : null}
                  </li>
                );
              })}
            </ol>
          </div>
          <iframe
            key={phase.flow.id}
            ref={frameRef}
            className="pk-flow-frame"
            src={phase.src}
            title={frameTitle}
            allow={allow}
            sandbox={FRAME_SANDBOX}
            // The page needs at most our origin (e.g. to name its postMessage target), never
            // the dashboard's path, which may hold customer ids.
            referrerPolicy="strict-origin"
            // The `height` attribute, not a style: nothing for a strict CSP to refuse, no effect
            // needed, and any host CSS for `.pk-flow-frame` height still wins over it.
            height={phase.height}
          />
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
      aria-busy={phase.name === 'creating' ? true : undefined}
      {...rest}
    >
      {mode === 'dialog' ? (
        <>
          <div className="pk-actions">
            <button ref={openerRef} type="button" className="pk-button" data-variant="primary" aria-haspopup="dialog" onClick={openDialog}>
              {messages.flowStart}
            </button>
          </div>
          <dialog
            ref={dialogRef}
            className="pk-dialog"
            aria-labelledby={titleId}
            onClose={onDialogClosed}
            onKeyDown={onDialogKeyDown}
          >
            <div className="pk-dialog__header">
              <h2 id={titleId} className="pk-dialog__title">
                {frameTitle}
              </h2>
              <button ref={closeRef} type="button" className="pk-button" data-variant="ghost" onClick={requestClose}>
                {messages.flowClose}
              </button>
            </div>
            {body}
          </dialog>
        </>
      ) : (
        body
      )}
    </div>
  );
}

function isComplete(phase: Extract<Phase, { name: 'open' }>): boolean {
  return phase.flow.steps.length > 0 && phase.flow.steps.every((step) => phase.completed.includes(step));
}

