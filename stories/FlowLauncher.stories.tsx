import type { Meta, StoryObj } from '@storybook/react-vite';
import { FlowLauncher, type Flow } from 'payments-kit';
import { sandboxIds } from 'payments-kit/testing';
import { useState } from 'react';
import { expect, fn, waitFor, within } from 'storybook/test';
import { fill, messagesFor, rateLimitedByProxy, refusedByProxy, sandboxFlowOrigins, sandboxOf, sandboxParameters, withFault } from './support.js';

const STEPS = ['compliance', 'id-verification', 'payout'] as const;

// Creates a hosted flow (docs/api.md#create-a-flow) and embeds its link, inline or in a native `<dialog>`. In
// Storybook the sandbox's links point at its hosted page, served from `public/hosted/`: a static
// page that posts `{ height }` when it resizes and `{ step, status: 'completed' }` when you press
// "Complete step" in it — press them to see the progress move.
const meta = {
  title: 'Components/FlowLauncher',
  component: FlowLauncher,
  args: {
    steps: STEPS,
    allowedOrigins: sandboxFlowOrigins,
    onFlowCreated: fn(),
    onStepCompleted: fn(),
    onComplete: fn(),
    onClose: fn(),
    onMessage: fn(),
    onError: fn(),
  },
  argTypes: { mode: { control: 'inline-radio', options: ['inline', 'dialog'] } },
  parameters: { docs: { story: { height: '560px' } } },
} satisfies Meta<typeof FlowLauncher>;

export default meta;
type Story = StoryObj<typeof meta>;
type Context = Parameters<NonNullable<Story['play']>>[0];

/** The root (`.pk-flow`): a wrapper with no role of its own. */
function rootOf(context: Context): HTMLElement {
  const root = context.canvasElement.querySelector<HTMLElement>('.pk-flow');
  if (!root) throw new Error('No FlowLauncher rendered.');
  return root;
}

/**
 * The embedded hosted page, once it has loaded and drawn its steps. In a built Storybook the page
 * is another origin (`sandboxFlowOrigin`), out of a play function's reach: there `page` is
 * undefined, and the play function stops at the embedded frame.
 */
async function hostedPage(container: HTMLElement, title: string): Promise<{ frame: HTMLIFrameElement; page: HTMLElement | undefined }> {
  const frame = await within(container).findByTitle<HTMLIFrameElement>(title);
  await expect(frame.tagName).toBe('IFRAME');
  if (new URL(frame.src).origin !== window.location.origin) return { frame, page: undefined };
  const page = await waitFor(() => {
    const body = frame.contentDocument?.body;
    if (!body?.querySelector('#steps li')) throw new Error('The hosted page has not drawn its steps yet.');
    return body;
  });
  return { frame, page };
}

/** Presses "Complete step" for `title` in the hosted page, as the user would. */
async function completeStep(context: Context, page: HTMLElement, title: string): Promise<void> {
  await context.userEvent.click(within(page).getByRole('button', { name: `Complete step: ${title}` }));
}

/** The "Step n of m" label above the frame. */
const progressLabel = (container: HTMLElement) => container.querySelector('.pk-progress__label');

/** Before anything is pressed: one start button. */
export const Idle: Story = {
  play: async (context) => {
    const m = messagesFor(context);
    await expect(context.canvas.getByRole('button', { name: m.flowStart })).toBeEnabled();
    await expect(sandboxOf(context).calls).toHaveLength(0);
  },
};

/**
 * Inline: Start creates one flow and embeds the sandbox's hosted page (a static stand-in for the
 * payments service's). It posts its height, which sizes the frame, and a message per step done:
 * press "Complete step" in it to move the progress.
 */
export const Inline: Story = {
  play: async (context) => {
    const m = messagesFor(context);
    const { canvas, canvasElement, userEvent, args } = context;
    await userEvent.click(canvas.getByRole('button', { name: m.flowStart }));
    const { frame, page } = await hostedPage(canvasElement, m.flowTitle);
    await expect(rootOf(context)).toHaveAttribute('data-state', 'success');
    await expect(progressLabel(canvasElement)).toHaveTextContent(fill(m.flowProgress, { done: 1, total: 3 }));
    // The page said how tall it is: the frame's height attribute follows it.
    await waitFor(() => expect(frame).toHaveAttribute('height'));
    if (!page) return;

    await completeStep(context, page, 'Compliance');
    await waitFor(() => expect(progressLabel(canvasElement)).toHaveTextContent(fill(m.flowProgress, { done: 2, total: 3 })));
    await expect(canvas.getByRole('progressbar')).toHaveAttribute('value', '1');
    const steps = canvas.getByRole('list', { name: m.flowStepsLabel });
    await expect(within(steps).getByText(m.flowSteps['id-verification'])).toHaveAttribute('aria-current', 'step');
    await expect(args.onStepCompleted).toHaveBeenCalledWith('compliance', expect.objectContaining({ completed_steps: ['compliance'] }));
    await expect(args.onFlowCreated).toHaveBeenCalledTimes(1);
    await expect(sandboxOf(context).callsFor('createFlow')).toHaveLength(1);
  },
};

/** Every step done: "All steps are done." and `onComplete`, once. */
export const Completed: Story = {
  name: 'Inline · all steps done',
  args: { autoStart: true, steps: ['compliance', 'payout'] },
  play: async (context) => {
    const m = messagesFor(context);
    const { canvasElement, args } = context;
    const { page } = await hostedPage(canvasElement, m.flowTitle);
    if (!page) return;
    await completeStep(context, page, 'Compliance');
    await completeStep(context, page, 'Payout');
    await waitFor(() => expect(rootOf(context)).toHaveAttribute('data-state', 'complete'));
    await expect(progressLabel(canvasElement)).toHaveTextContent(m.flowComplete);
    await expect(args.onComplete).toHaveBeenCalledTimes(1);
  },
};

/** `forwardTheme`: the hosted page gets the theme and colours in its link, and matches the card. */
export const ThemeForwarded: Story = {
  name: 'Inline · theme forwarded',
  args: { autoStart: true, forwardTheme: true },
  play: async (context) => {
    const m = messagesFor(context);
    const { frame } = await hostedPage(context.canvasElement, m.flowTitle);
    const styles = JSON.parse(new URL(frame.src).searchParams.get('styles') ?? 'null') as { theme: string } | null;
    const theme = context.globals.theme === 'dark' ? 'dark' : 'light';
    await expect(styles?.theme).toBe(theme);
  },
};

/** `mode="dialog"`: Start opens a native modal dialog with the flow inside; focus goes in. */
export const Dialog: Story = {
  args: { mode: 'dialog' },
  play: async (context) => {
    const m = messagesFor(context);
    const { canvas, userEvent } = context;
    await userEvent.click(canvas.getByRole('button', { name: m.flowStart }));
    const dialog = await canvas.findByRole('dialog', { name: m.flowTitle });
    await expect(dialog).toHaveAttribute('open');
    await expect(within(dialog).getByRole('button', { name: m.flowClose })).toHaveFocus();
    const { page } = await hostedPage(dialog, m.flowTitle);
    if (!page) return;
    await completeStep(context, page, 'Compliance');
    await waitFor(() => expect(progressLabel(dialog)).toHaveTextContent(fill(m.flowProgress, { done: 2, total: 3 })));
  },
};

/** The dialog closes on Escape, calls `onClose` and gives focus back to the Start button. */
export const DialogClosed: Story = {
  name: 'Dialog · closed with Escape',
  args: { mode: 'dialog' },
  parameters: { docs: { story: { height: '160px' } } },
  play: async (context) => {
    const m = messagesFor(context);
    const { canvas, userEvent, args } = context;
    const opener = canvas.getByRole('button', { name: m.flowStart });
    await userEvent.click(opener);
    const dialog = await canvas.findByRole('dialog', { name: m.flowTitle });
    // The flow is created before Escape: a create still in flight when the story ends would reach
    // the page's one sandbox after the next story's reset and count as that story's call.
    await hostedPage(dialog, m.flowTitle);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
    // The dialog's `close` event comes a task after it closes: onClose follows it.
    await waitFor(() => expect(args.onClose).toHaveBeenCalledTimes(1));
    await expect(opener).toHaveFocus();
  },
};

/**
 * A dialog the host controls (`open` / `onOpenChange`): the host's own button opens it, the
 * launcher reports the user closing it, and opening it again shows the same flow.
 */
export const DialogControlled: Story = {
  name: 'Dialog · controlled by the host',
  args: { mode: 'dialog', onOpenChange: fn() },
  render: function ControlledDialog(args) {
    const [open, setOpen] = useState(false);
    return (
      <div className="sb-dashboard">
        <button
          type="button"
          onClick={() => {
            setOpen(true);
          }}
        >
          Verify my business
        </button>
        <FlowLauncher
          {...args}
          open={open}
          onOpenChange={(next) => {
            args.onOpenChange?.(next);
            setOpen(next);
          }}
        />
      </div>
    );
  },
  play: async (context) => {
    const m = messagesFor(context);
    const { canvas, userEvent, args } = context;
    await userEvent.click(canvas.getByRole('button', { name: 'Verify my business' }));
    const dialog = await canvas.findByRole('dialog', { name: m.flowTitle });
    await expect(args.onOpenChange).not.toHaveBeenCalled();
    await hostedPage(dialog, m.flowTitle);
    await userEvent.click(within(dialog).getByRole('button', { name: m.flowClose }));
    await waitFor(() => expect(args.onOpenChange).toHaveBeenCalledWith(false));
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
    await userEvent.click(canvas.getByRole('button', { name: 'Verify my business' }));
    await canvas.findByRole('dialog', { name: m.flowTitle });
    await expect(sandboxOf(context).callsFor('createFlow')).toHaveLength(1);
  },
};

/** Creating the flow (fault `hang`): a busy loading state. */
export const Creating: Story = {
  args: { autoStart: true },
  parameters: withFault({ kind: 'hang' }, { operation: 'createFlow' }, '200px'),
  play: async (context) => {
    const m = messagesFor(context);
    await expect(rootOf(context)).toHaveAttribute('aria-busy', 'true');
    await expect(await context.canvas.findByRole('status', { busy: true })).toHaveTextContent(m.loading);
    // The loading state shows before the create has left the page: wait for the sandbox to hold it,
    // or it would reach the page's one sandbox after the next story's reset and count as its call.
    await waitFor(() => expect(sandboxOf(context).callsFor('createFlow')).toHaveLength(1));
  },
};

/**
 * A refused link: "not allowed" and the next step (support), no frame, no button (a new flow would
 * be refused too), `onError` with `flow_link_refused`.
 */
async function showsLinkNotAllowed(context: Context): Promise<void> {
  const m = messagesFor(context);
  const { canvas, canvasElement, args } = context;
  const alert = await canvas.findByRole('alert');
  await expect(alert).toHaveTextContent(m.flowLinkNotAllowed);
  await expect(alert).toHaveTextContent(m.flowLinkRefusedNextStep);
  await expect(canvasElement.querySelector('iframe')).toBeNull();
  await expect(canvas.queryByRole('button')).toBeNull();
  await expect(args.onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'flow_link_refused' }));
}

/** The sandbox answers the create with a flow whose link is `link()`, as the API could. */
function createdFlowLinkingTo(id: string, link: () => string) {
  return sandboxParameters((sandbox) => {
    const flow: Flow = { id, created: new Date().toISOString(), link: link(), metadata: {}, steps: [...STEPS], completed_steps: [], user_id: null };
    sandbox.inject({ kind: 'status', status: 200, body: flow }, { operation: 'createFlow' });
  }, '200px');
}

/** A link from an origin not in `allowedOrigins`: not embedded, a clear error, `onError`. */
export const RefusedOrigin: Story = {
  name: 'Refused link · origin not allowed',
  args: { autoStart: true, allowedOrigins: ['https://flows.example'] },
  parameters: { docs: { story: { height: '200px' } }, showsError: ['error:link-refused'] },
  play: showsLinkNotAllowed,
};

/** The API answers with a `javascript:` link: never embedded, whatever `allowedOrigins` says. */
export const RefusedUnsafeLink: Story = {
  name: 'Refused link · not https',
  args: { autoStart: true },
  parameters: { ...createdFlowLinkingTo('flow_unsafe', () => 'javascript:alert(document.domain)'), showsError: ['error:link-refused'] },
  play: async (context) => {
    const m = messagesFor(context);
    const { canvas, canvasElement, args } = context;
    await expect(await canvas.findByRole('alert')).toHaveTextContent(m.flowLinkRefused);
    await expect(canvasElement.querySelector('iframe')).toBeNull();
    await expect(args.onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'flow_link_refused' }));
  },
};

/**
 * A link of the page's own origin, and `allowedOrigins` does not list it: never embedded (in a
 * production build not even when listed). A page of the dashboard's own origin in the frame could
 * act as the dashboard.
 */
export const RefusedOwnOrigin: Story = {
  name: 'Refused link · the page’s own origin',
  args: { autoStart: true, allowedOrigins: undefined },
  // The sandbox links to `sandboxFlowOrigin`, another origin in a built Storybook: this link is the page's own.
  parameters: {
    ...createdFlowLinkingTo('flow_own_origin', () => new URL('/hosted/flow.html', window.location.origin).href),
    showsError: ['error:link-refused'],
  },
  play: showsLinkNotAllowed,
};

/** The proxy kept the link back (502 `flow_link_refused`: not one of its flow origins): the same refusal, no retry. */
export const RefusedByProxy: Story = {
  name: 'Refused link · by the proxy',
  args: { autoStart: true },
  parameters: { ...refusedByProxy('createFlow', 502, 'flow_link_refused', '200px'), showsError: ['error:link-refused'] },
  play: showsLinkNotAllowed,
};

/** The session does not allow creating this flow (403 `not_granted`): "You don’t have access to this", no retry. */
export const NotGranted: Story = {
  name: 'Not granted',
  args: { autoStart: true },
  parameters: { ...refusedByProxy('createFlow', 403, 'not_granted', '200px'), showsError: ['error:http/not-granted'] },
  play: async (context) => {
    const m = messagesFor(context);
    const { canvas } = context;
    await expect(await canvas.findByRole('alert')).toHaveTextContent(m.notGrantedTitle);
    await expect(canvas.queryByRole('button', { name: m.retry })).toBeNull();
  },
};

/**
 * The documented options: a PDF form with its template and a payout without auto payout, and
 * `requireAuth`, so the user verifies (an SMS code; any code in the sandbox) before the flow
 * starts. The flow stays embedded while they do, as it does when a user's signed-in 15 minutes
 * pass: the kit never closes it on a timer.
 */
export const VerifyFirst: Story = {
  name: 'Inline · options, verify first',
  args: {
    autoStart: true,
    userId: 'usr_42',
    requireAuth: true,
    hideGoToDashboardOnComplete: true,
    steps: [{ name: 'pdf-form-fill', template_id: 'tpl_w9' }, { name: 'payout', auto_payout_enabled: false }],
  },
  play: async (context) => {
    const m = messagesFor(context);
    const { canvasElement, userEvent } = context;
    const { page } = await hostedPage(canvasElement, m.flowTitle);
    if (!page) return;
    await expect(within(page).getByRole('heading', { name: 'Verify it’s you' })).toBeVisible();
    await expect(rootOf(context)).toHaveAttribute('data-state', 'success');
    await userEvent.type(within(page).getByLabelText('Verification code'), '123456');
    await userEvent.click(within(page).getByRole('button', { name: 'Verify' }));
    await completeStep(context, page, 'Fill out PDF form');
    await waitFor(() => expect(progressLabel(canvasElement)).toHaveTextContent(fill(m.flowProgress, { done: 2, total: 2 })));
    await expect(sandboxOf(context).callsFor('createFlow').map((call) => call.body)).toEqual([
      {
        steps: [{ name: 'pdf-form-fill', template_id: 'tpl_w9' }, { name: 'payout', auto_payout_enabled: false }],
        user_id: 'usr_42',
        require_auth: true,
        hide_go_to_dashboard_on_complete: true,
      },
    ]);
  },
};

/**
 * A link the hosted page says no longer works (`sandboxIds.expiredFlowUser`): the launcher offers
 * "Start again", which creates a new flow. The kit never ends a flow on a timer.
 */
export const Expired: Story = {
  name: 'Expired link',
  args: { autoStart: true, userId: sandboxIds.expiredFlowUser },
  parameters: { docs: { story: { height: '200px' } }, showsError: ['expired'] },
  play: async (context) => {
    const m = messagesFor(context);
    const { canvas } = context;
    const again = await canvas.findByRole('button', { name: m.flowRecreate });
    await expect(canvas.getByText(m.flowLinkExpired, { selector: 'p' })).toBeVisible();
    await expect(rootOf(context)).toHaveAttribute('data-state', 'expired');
    await expect(again).toBeEnabled();
  },
};

/** Creating the flow fails once (503): an error with a retry, which creates the flow. */
export const CreateFailsThenRetried: Story = {
  name: 'Create fails (503), then retried',
  parameters: withFault({ kind: 'status', status: 503 }, { operation: 'createFlow', times: 1 }, '560px'),
  args: { autoStart: true },
  play: async (context) => {
    const m = messagesFor(context);
    const { canvas, canvasElement, userEvent, args } = context;
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(m.errorTitles.http);
    await expect(args.onError).toHaveBeenCalledWith(expect.objectContaining({ kind: 'http', status: 503 }));
    await userEvent.click(within(alert).getByRole('button', { name: m.retry }));
    await hostedPage(canvasElement, m.flowTitle);
    await expect(sandboxOf(context).callsFor('createFlow')).toHaveLength(2);
  },
};

/**
 * Too many flows for this user right now (429 `rate_limited`, `Retry-After: 2`): "too many
 * requests", with a retry, which creates the flow once the limit has cleared.
 */
export const CreateRateLimited: Story = {
  name: 'Too many requests (429), then retried',
  parameters: rateLimitedByProxy('createFlow', 2, 1, '560px'),
  args: { autoStart: true },
  play: async (context) => {
    const m = messagesFor(context);
    const { canvas, canvasElement, userEvent, args } = context;
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(m.rateLimitedTitle);
    await expect(args.onError).toHaveBeenCalledWith(expect.objectContaining({ status: 429, code: 'rate_limited', retryAfterMs: 2_000 }));
    await userEvent.click(within(alert).getByRole('button', { name: m.retry }));
    await hostedPage(canvasElement, m.flowTitle);
    await expect(sandboxOf(context).callsFor('createFlow')).toHaveLength(2);
  },
};

/** Creating the flow keeps failing (network): the error stays, with its retry. */
export const CreateNetworkError: Story = {
  name: 'Create fails (network)',
  args: { autoStart: true },
  parameters: { ...withFault({ kind: 'network' }, { operation: 'createFlow' }, '220px'), showsError: ['error:network'] },
  play: async (context) => {
    const m = messagesFor(context);
    const alert = await context.canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(m.errorTitles.network);
    await expect(within(alert).getByRole('button', { name: m.retry })).toBeEnabled();
  },
};
