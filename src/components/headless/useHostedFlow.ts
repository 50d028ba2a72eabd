'use client';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { isRetryableError, type Flow, type PaymentsError, type FlowStep, type FlowStepInput } from '../../api/index.js';
import { getFlow } from '../../api/routeChecks.js';
import { callOperation, createFlowMutationOptions, usePaymentsContext } from '../../client/index.js';
import { callSafely } from '../shared/callSafely.js';
import type { FlowLinkRefusal } from './checkFlowLinkEmbeddable.js';
import { flowOpening, loadFlowOpening } from './loadFlowOpening.js';
import { followFlow } from './followFlow.js';
import { readFlowMessage } from './flowMessage.js';
import type { HostedFlowStyles } from './flowStyles.js';
import { toPaymentsError } from '../../client/toPaymentsError.js';
import { useLatestCallback } from '../../client/useLatestCallback.js';
import { useForgetOnUserChange } from '../../client/useForgetOnUserChange.js';

/**
 * Where a hosted flow stands:
 * - `idle`: nothing created (before `start()`, or after `close()`);
 * - `creating`: the flow is being created;
 * - `open`: its page can be shown: render an `<iframe {...frameProps} />`;
 * - `complete`: every step is done (the page is still shown, with its own last screen);
 * - `expired`: the hosted page said its link no longer works (`{ status: 'expired' }`): `restart()`;
 * - `error`: creating failed, or the link was refused (`linkRefusal`); `canRetry` says whether
 *   `start()` may try again usefully.
 */
export type HostedFlowState = 'idle' | 'creating' | 'open' | 'complete' | 'expired' | 'error';

/** Options of {@link useHostedFlow}. */
export interface UseHostedFlowOptions {
  /**
   * Steps of the flow, in order: names (`compliance`, `id-verification`, `pdf-form-fill`…) or
   * objects with the step's options, e.g. `{ name: 'redirect', redirect_url }`,
   * `{ name: 'pdf-form-fill', template_id }`, `{ name: 'payout', auto_payout_enabled: false }`
   * (docs/api.md#create-a-flow).
   */
  steps: readonly FlowStepInput[];
  /**
   * The user the flow is for (`user_id`). The user starts signed in; after 15 minutes the hosted
   * page asks them to verify again (an SMS code) and the flow goes on: the kit never ends it.
   */
  userId?: string | undefined;
  /** Your own data for the flow, e.g. `{ order: 'A-1042' }` (keys of 1–40 characters, flat values), or a string. */
  metadata?: Readonly<Record<string, string | number | boolean | null>> | string | undefined;
  /**
   * The user verifies (an SMS code) before the flow starts, even with `userId` (`require_auth`).
   * Default `false`; a payments session's grant may require it whatever this says.
   */
  requireAuth?: boolean | undefined;
  /** Hide the hosted page's "Go to dashboard" button when the flow is done (`hide_go_to_dashboard_on_complete`). Default `false`. */
  hideGoToDashboardOnComplete?: boolean | undefined;
  /**
   * Origins the link may have, compared exactly, e.g. `['https://flows.payments.example']`.
   * Recommended. The page's own origin is never embedded in production builds, and in
   * development builds only when listed (a local stand-in for the hosted pages); in production
   * builds an `http:` loopback link (the sandbox's) is embedded only when listed here.
   */
  allowedOrigins?: readonly string[] | undefined;
  /** The iframe's `title`, which names the embedded page for screen readers. Required. */
  title: string;
  /** The iframe's permissions policy. Default `camera` (identity verification takes a photo). */
  allow?: string | undefined;
  /** Create the flow when the hook mounts (once, also under StrictMode). Default `false`. */
  autoStart?: boolean | undefined;
  /** Called as each flow is created; the result goes to the hosted page in the link's `styles` parameter. */
  styles?: (() => HostedFlowStyles | undefined) | undefined;
  /** Called once per created flow, as the API returned it. */
  onFlowCreated?: ((flow: Flow) => void) | undefined;
  /** Called once per step the page reports done, with the flow's updated `completed_steps`. */
  onStepCompleted?: ((step: FlowStep, flow: Flow) => void) | undefined;
  /** Called once when every step is done. */
  onComplete?: ((flow: Flow) => void) | undefined;
  /** Any other message from the page (its window and origin only). The kit does not act on these. */
  onMessage?: ((data: unknown, event: MessageEvent) => void) | undefined;
  /** Called once per failure: creating the flow, or a link the kit refuses to embed (code `flow_link_refused`). */
  onError?: ((error: PaymentsError) => void) | undefined;
}

/**
 * `FlowLauncher`'s options of the hook, besides the public ones: `prepare` runs with each creation,
 * while the request is out, and the flow opens once both are done; when what it returns rejects,
 * the creation fails with that (a retry runs it again).
 */
export interface HostedFlowViewOptions extends UseHostedFlowOptions {
  prepare?: (() => Promise<unknown> | undefined) | undefined;
}

/** Props for the `<iframe>` the caller renders: spread them, and key the element by `flow.id`. */
export interface HostedFlowFrameProps {
  /** Lets the hook tell the page's messages from any other window's. */
  ref: (element: HTMLIFrameElement | null) => void;
  /** The checked link, as its parsed `href` (with `styles` when given). */
  src: string;
  title: string;
  /** Only what a hosted flow needs; never `allow-top-navigation`. */
  sandbox: string;
  allow: string;
  referrerPolicy: 'strict-origin';
  /** The height the page asked for, in CSS pixels (160–4000); undefined until it says. */
  height: number | undefined;
}

/** The flow's steps and how far the page has got. */
export interface HostedFlowProgress {
  steps: readonly FlowStep[];
  completed: readonly FlowStep[];
  /** How many of `steps` are done. */
  done: number;
  /** Index in `steps` of the first step not done, or -1 when all are. */
  current: number;
}

/** What {@link useHostedFlow} returns: state, what it is about, stable actions, iframe props. */
export interface UseHostedFlowResult {
  state: HostedFlowState;
  /** The flow, with `completed_steps` as the page reported them (states `open`, `complete`, `expired`). */
  flow: Flow | undefined;
  /** Why creating failed, or why the link was refused (state `error`). */
  error: PaymentsError | undefined;
  /**
   * Why the link was not embedded: `unsafe` (not https…), `origin` (not in `allowedOrigins`),
   * `own-origin` (the page's own origin) or `server` (the proxy refused it, 502 `flow_link_refused`).
   */
  linkRefusal: FlowLinkRefusal | undefined;
  /** Whether the error may go away on `start()` (network, timeout, 5xx…); a refused link will not. */
  canRetry: boolean;
  /** States `open` and `complete`. */
  progress: HostedFlowProgress | undefined;
  /** Props for the `<iframe>`: states `open` and `complete` only. */
  frameProps: HostedFlowFrameProps | undefined;
  /** Creates a flow, unless one is being created or open (then it does nothing). */
  start: () => void;
  /** Creates a new flow, even when one is open (after `expired`, or to begin again). */
  restart: () => void;
  /** Drops the flow: back to `idle`, the frame and its listener gone, a creation under way ignored. */
  close: () => void;
}

// Only what a hosted flow needs:
// - allow-scripts: the page is an app (steps, camera capture, its own postMessage to us);
// - allow-same-origin: the page keeps ITS origin (its cookies, storage and API calls). Without
//   it the frame is an opaque origin, the page breaks, and messages arrive with origin "null",
//   which we could not tell from any other sandboxed frame. Safe because the link is a checked
//   third-party origin; scripts plus same-origin would only escape the sandbox for a page of
//   the dashboard's own origin, which checkFlowLinkEmbeddable refuses (production builds always);
// - allow-forms: the steps submit forms (business details, bank account);
// - allow-popups: a bank's or ID provider's page, or terms, may open in a new window.
// Never allow-top-navigation: the flow must not be able to navigate the dashboard away.
const FRAME_SANDBOX = 'allow-scripts allow-same-origin allow-forms allow-popups';

/** Where this hook's flow stands, with what each stage holds (a payments session is another thing). */
type FlowStage =
  | { name: 'idle' | 'creating' }
  | { name: 'error'; error: PaymentsError; refusal: FlowLinkRefusal | undefined }
  | {
      name: 'open' | 'expired';
      /** With `completed_steps` as reported so far. */
      flow: Flow;
      /** The checked, normalised link (`URL.href`), with `styles` when given. */
      src: string;
      /** The exact origin messages must come from. */
      origin: string;
      /** Height asked for by the page, clamped; undefined until it says. */
      height: number | undefined;
    };

const isDone = (flow: Flow) => flow.steps.length > 0 && flow.steps.every((step) => flow.completed_steps.includes(step));

// The state updates a page's message asks for, made out here so that they close over their values
// only: an updater written inside the message listener would share its scope, and with it the
// `MessageEvent` and so the hosted page's window. React may keep the last unmounted instance's
// queued update (its last event target's fiber) until the page's next event, and with it that
// whole page (test/components/headless.retention.browser.test.tsx).
const stageWithHeight =
  (flowId: string, height: number) =>
  (current: FlowStage): FlowStage =>
    current.name === 'open' && current.flow.id === flowId ? { ...current, height } : current;
// A finished flow stays finished: the page's last screen is still worth showing.
const stageExpired =
  (flowId: string) =>
  (current: FlowStage): FlowStage =>
    current.name === 'open' && current.flow.id === flowId && !isDone(current.flow) ? { ...current, name: 'expired' } : current;
const stageWithFlow =
  (flow: Flow) =>
  (current: FlowStage): FlowStage =>
    current.name === 'open' && current.flow.id === flow.id ? { ...current, flow } : current;

/**
 * Creates a hosted flow and follows it in an iframe you render (docs/api.md#create-a-flow), for
 * your own UI; `FlowLauncher` is a view over it.
 *
 * - One flow per start, StrictMode-safe: a second `start()` while creating does nothing, and
 *   `autoStart` creates once per mounted hook.
 * - The link is embedded only if it is https (http on loopback, for the sandbox: in production
 *   builds only when `allowedOrigins` lists it), never of the page's own origin (a development build
 *   embeds it when `allowedOrigins` lists it, for a local stand-in), and, when
 *   `allowedOrigins` is given, of one of those origins; `frameProps.src` is its parsed `href`.
 *   A link the proxy refused (502 `flow_link_refused`) is reported the same way (`server`).
 * - Messages count only from the iframe given `frameProps.ref` AND the link's exact origin:
 *   `{ height }` sets `frameProps.height`, `{ step, status: 'completed' }` advances the progress
 *   (`onStepCompleted`, then `onComplete`), `{ status: 'expired' }` expires the link; anything
 *   else goes to `onMessage`. The listener is removed when the flow ends or the hook unmounts.
 * - The kit never ends a flow on a timer: a link made for a user stays usable (after 15 minutes
 *   the hosted page asks the user to verify again). Only the page's `{ status: 'expired' }`
 *   ends it; `restart()` then makes a new one.
 *
 * @example
 * const flow = useHostedFlow({ steps: ['compliance'], userId: 'usr_1', title: 'Verify your business',
 *                              allowedOrigins: ['https://flows.payments.example'], onComplete: refresh });
 * return flow.frameProps
 *   ? <iframe key={flow.flow?.id} {...flow.frameProps} />
 *   : <button onClick={flow.start} disabled={flow.state === 'creating'}>Start</button>;
 */
export function useHostedFlow(options: UseHostedFlowOptions): UseHostedFlowResult {
  const { title, allow = 'camera', autoStart = false } = options;
  const { fetcher, queryClient, identity } = usePaymentsContext('useHostedFlow');
  // The link's check loads with each creation, while its request is out, and so does what
  // FlowLauncher gives as `prepare` (not among the public options).
  const prepare = () => Promise.all([loadFlowOpening(), (options as HostedFlowViewOptions).prepare?.()]);
  const { mutate, reset } = useMutation(createFlowMutationOptions(fetcher, prepare), queryClient);
  // With autoStart the first render (also on the server) already says `creating`.
  const [stage, setStage] = useState<FlowStage>(() => ({ name: autoStart ? 'creating' : 'idle' }));

  const creating = useRef(false);
  const autoStarted = useRef(false);
  const frame = useRef<HTMLIFrameElement | null>(null);
  // The flow as the page has reported it, outside React state: two messages may arrive before
  // the next render, and each step must be reported once.
  const progress = useRef<{ flow: Flow; notifiedComplete: boolean } | null>(null);
  // Another user now: the previous user's flow (its link lets whoever holds it through their
  // onboarding) is closed before the next paint, and a create still on its way is let go: its
  // answer calls nothing, since reset() drops this observer's per-call callbacks.
  const forgetUser = useLatestCallback(() => {
    creating.current = false;
    progress.current = null;
    reset();
    setStage({ name: 'idle' });
  });
  useForgetOnUserChange(identity, forgetUser);

  const opened = useLatestCallback((created: Flow) => {
    callSafely(() => options.onFlowCreated?.(created));
    // Loaded with the creation (`prepare` below), so here by now.
    const opening = flowOpening()(created, options.allowedOrigins, options.styles);
    if (opening.error) {
      setStage({ name: 'error', error: opening.error, refusal: opening.refusal });
      callSafely(() => options.onError?.(opening.error));
      return;
    }
    progress.current = { flow: opening.flow, notifiedComplete: false };
    setStage({ name: 'open', ...opening, height: undefined });
  });

  const failed = useLatestCallback((failure: unknown) => {
    const error = toPaymentsError(failure, 'createFlow');
    // The proxy checked the link against its own flow origins and kept it back (a 502): the
    // same refusal as the kit's, and no retry, which would only create another such flow.
    const refusal = error.code === 'flow_link_refused' ? 'server' : undefined;
    setStage({ name: 'error', error, refusal });
    callSafely(() => options.onError?.(error));
  });

  const create = useLatestCallback(() => {
    creating.current = true;
    progress.current = null;
    setStage({ name: 'creating' });
    const body = {
      steps: [...options.steps],
      ...(options.userId === undefined ? {} : { user_id: options.userId }),
      ...(options.metadata === undefined ? {} : { metadata: typeof options.metadata === 'string' ? options.metadata : { ...options.metadata } }),
      ...(options.requireAuth === undefined ? {} : { require_auth: options.requireAuth }),
      ...(options.hideGoToDashboardOnComplete === undefined ? {} : { hide_go_to_dashboard_on_complete: options.hideGoToDashboardOnComplete }),
    };
    // Per-call callbacks: they run only while this hook is mounted and this is its latest create.
    mutate(body, {
      onSuccess: opened,
      onError: failed,
      onSettled: () => {
        creating.current = false;
      },
    });
  });

  const start = useLatestCallback(() => {
    if (creating.current || stage.name === 'open') return; // one flow per start
    create();
  });
  const restart = useLatestCallback(() => {
    if (!creating.current) create();
  });
  const close = useLatestCallback(() => {
    reset(); // a creation under way reports to nobody
    creating.current = false;
    progress.current = null;
    setStage({ name: 'idle' });
  });

  // autoStart: once per mounted instance. StrictMode re-runs effects on the same instance, whose
  // refs survive, so the guard holds and exactly one flow is created.
  useEffect(() => {
    if (!autoStart || autoStarted.current) return;
    autoStarted.current = true;
    start();
  }, [autoStart, start]);

  const openFlow = stage.name === 'open' ? stage.flow : undefined;
  const complete = openFlow !== undefined && isDone(openFlow);

  // A step done, from the page's messages or the API's answer (followFlow): each of the flow's
  // steps reported once, and none ever undone. Whether it is a step of this flow.
  const advance = useLatestCallback((flowId: string, step: FlowStep): boolean => {
    const known = progress.current;
    if (known?.flow.id !== flowId || !known.flow.steps.includes(step)) return false;
    if (known.flow.completed_steps.includes(step)) return true; // told twice: once is enough
    const flow: Flow = { ...known.flow, completed_steps: [...known.flow.completed_steps, step] };
    const done = isDone(flow);
    progress.current = { flow, notifiedComplete: known.notifiedComplete || done };
    setStage(stageWithFlow(flow));
    callSafely(() => options.onStepCompleted?.(step, flow));
    if (done && !known.notifiedComplete) callSafely(() => options.onComplete?.(flow));
    return true;
  });

  const receive = useLatestCallback((event: MessageEvent) => {
    if (stage.name !== 'open') return;
    // The iframe we embedded, at the exact origin we checked: not the page itself, not another
    // frame, not the same frame after it navigated to another origin.
    if (frame.current === null || event.source === null || event.source !== frame.current.contentWindow) return;
    if (event.origin !== stage.origin) return;
    const flowId = stage.flow.id;
    const message = readFlowMessage(event.data);
    if (message.type === 'height') {
      setStage(stageWithHeight(flowId, message.height));
    } else if (message.type === 'expired') {
      setStage(stageExpired(flowId));
    } else if (message.type !== 'step' || !advance(flowId, message.step)) {
      // Anything else: a step of another flow, or none of this one's.
      callSafely(() => options.onMessage?.(event.data, event));
    }
  });

  // Steps done as the API reads them, while an event stream is open (docs/hooks.md#live-status):
  // the created flow's id goes as one path segment whatever the API made it, and the proxy checks it.
  const readFlow = useLatestCallback((flowId: string, signal: AbortSignal) =>
    callOperation(fetcher, getFlow, { params: { flow_id: encodeURIComponent(flowId) } }, { signal }),
  );
  // Followed while open and not yet complete: a finished flow has nothing left to read.
  const openId = complete ? undefined : openFlow?.id;
  useEffect(
    () => (openId === undefined ? undefined : followFlow(queryClient, openId, (signal) => readFlow(openId, signal), advance)),
    [openId, queryClient, readFlow, advance],
  );

  // Listening only while a flow is open; removed when it ends and on unmount.
  const listening = openFlow !== undefined;
  useEffect(() => {
    if (!listening) return;
    window.addEventListener('message', receive);
    return () => {
      window.removeEventListener('message', receive);
    };
  }, [listening, receive]);

  const setFrame = useLatestCallback((element: HTMLIFrameElement | null) => {
    frame.current = element;
  });

  const state: HostedFlowState = stage.name === 'open' && complete ? 'complete' : stage.name;
  let progressView: HostedFlowProgress | undefined;
  let frameProps: HostedFlowFrameProps | undefined;
  if (stage.name === 'open') {
    const { steps, completed_steps: completed } = stage.flow;
    progressView = {
      steps,
      completed,
      done: steps.filter((step) => completed.includes(step)).length,
      current: steps.findIndex((step) => !completed.includes(step)),
    };
    frameProps = {
      ref: setFrame,
      src: stage.src,
      title,
      sandbox: FRAME_SANDBOX,
      allow,
      // The page needs at most our origin (e.g. to name its postMessage target), never the
      // dashboard's path, which may hold customer ids.
      referrerPolicy: 'strict-origin',
      // The `height` attribute, not a style: nothing for a strict CSP to refuse, and any host CSS
      // for the frame's height still wins over it.
      height: stage.height,
    };
  }
  const error = stage.name === 'error' ? stage.error : undefined;

  return {
    state,
    flow: stage.name === 'open' || stage.name === 'expired' ? stage.flow : undefined,
    error,
    linkRefusal: stage.name === 'error' ? stage.refusal : undefined,
    canRetry: error !== undefined && stage.name === 'error' && stage.refusal === undefined && isRetryableError(error),
    progress: progressView,
    frameProps,
    start,
    restart,
    close,
  };
}
