import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import fc from 'fast-check';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PaymentsError, type Flow, createProxyFetcher, type PaymentsFetcher, FlowLauncher } from 'payments-kit';
import { messagesEn as en, messagesAr as ar, messagesEs as es, messagesJa as ja } from 'payments-kit/messages';
import { sandboxIds } from 'payments-kit/testing';
import { sandboxProxy } from '../support/sandboxProxy.js';
import { HOSTED_FLOW_ORIGIN, expectNoAxeViolations, rateLimitedFault, renderWithProvider, setUpSandbox, untilFlowListens, untilOnFakeClock } from './harness.js';

const { sandbox, browserRequests } = setUpSandbox();
/** The kit's real proxy over a sandbox of its own: what it refuses never reaches that sandbox. */
const kitProxy = sandboxProxy();

// jsdom's <dialog> has no showModal/close (checked when this was written). A minimal stand-in,
// in the test only: `open` attribute plus the `close` event the component listens for. It does
// not make the page inert; the real modal behaviour is checked in Chromium.
beforeAll(() => {
  const proto = HTMLDialogElement.prototype as Partial<HTMLDialogElement>;
  if (typeof proto.showModal !== 'function') {
    proto.showModal = function showModal(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
  }
  if (typeof proto.close !== 'function') {
    proto.close = function close(this: HTMLDialogElement) {
      if (!this.hasAttribute('open')) return;
      this.removeAttribute('open');
      this.dispatchEvent(new Event('close'));
    };
  }
});

const STEPS = ['compliance', 'id-verification', 'payout'] as const;
const ORIGIN = HOSTED_FLOW_ORIGIN; // where the sandbox's links point

const frame = () => document.querySelector<HTMLIFrameElement>('iframe.pk-flow-frame');
const flowRoot = (container: HTMLElement) => container.querySelector('.pk-flow') as HTMLElement;

/** Dispatches a message as the hosted page (or an impostor) would deliver it to our window. */
function deliver(data: unknown, options: { origin?: string; source?: MessageEventSource | null } = {}) {
  const source = 'source' in options ? options.source : (frame()?.contentWindow ?? null);
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin: options.origin ?? ORIGIN, source }));
  });
}

/** A fetcher that answers createFlow with `flow` and counts the calls, without MSW. */
function fakeFlowFetcher(flow: Partial<Flow> & { link: string }) {
  const calls: unknown[] = [];
  const fetcher: PaymentsFetcher = (request) => {
    calls.push(request.body);
    return Promise.resolve({
      id: 'flow_fake',
      created: new Date().toISOString(),
      metadata: {},
      steps: ['compliance'],
      completed_steps: [],
      user_id: null,
      ...flow,
    });
  };
  return { fetcher, calls };
}

/** Renders `ui`, and resolves once its flow is embedded and hears its frame's messages. */
async function startedFlow(ui: React.ReactElement, options: Parameters<typeof renderWithProvider>[1] = {}) {
  const view = await untilFlowListens(() => renderWithProvider(ui, options));
  await waitFor(() => {
    expect(frame()).not.toBeNull();
  });
  return view;
}

describe('FlowLauncher', () => {
  describe('given autoStart under StrictMode', () => {
    it('should create exactly one flow and embed its link', async () => {
      const onFlowCreated = vi.fn();
      const { container } = renderWithProvider(
        <FlowLauncher steps={STEPS} autoStart userId="usr_42" metadata={{ plan: 'pro' }} onFlowCreated={onFlowCreated} />,
      );
      expect(flowRoot(container)).toHaveAttribute('aria-busy', 'true');
      expect(screen.getAllByRole('status')[0]).toBeInTheDocument();
      await waitFor(() => {
        expect(frame()).not.toBeNull();
      });
      const calls = sandbox.callsFor('createFlow');
      expect(calls).toHaveLength(1);
      expect(calls[0]?.body).toEqual({ steps: [...STEPS], user_id: 'usr_42', metadata: { plan: 'pro' } });
      expect(onFlowCreated).toHaveBeenCalledTimes(1);
      const flow = onFlowCreated.mock.calls[0]?.[0] as Flow;
      expect(frame()?.getAttribute('src')).toBe(new URL(flow.link).href);
      expect(flowRoot(container)).toHaveAttribute('data-state', 'success');
      expect(screen.getByText('Step 1 of 3', { selector: '.pk-progress__label' })).toBeInTheDocument();
      await expectNoAxeViolations(container);
    });
  });

  describe('given the documented step and request options', () => {
    it('should send them upstream as the API names them, and embed the flow', async () => {
      const steps = [
        { name: 'pdf-form-fill', template_id: 'tpl_w9', hide_continue_button: true },
        { name: 'manage-payouts', auto_payout_enabled: false },
        { name: 'payout', payout_fee_party: 'user' },
      ] as const;
      renderWithProvider(<FlowLauncher steps={steps} autoStart userId="usr_42" requireAuth hideGoToDashboardOnComplete metadata="order A-1042" />);
      await waitFor(() => {
        expect(frame()).not.toBeNull();
      });
      expect(sandbox.callsFor('createFlow').map((call) => call.body)).toEqual([
        { steps, user_id: 'usr_42', metadata: 'order A-1042', require_auth: true, hide_go_to_dashboard_on_complete: true },
      ]);
      expect(screen.getByText('Step 1 of 3', { selector: '.pk-progress__label' })).toBeInTheDocument();
    });
  });

  describe('given no autoStart', () => {
    it('should show a start button and create one flow however often it is clicked', async () => {
      const { container } = renderWithProvider(<FlowLauncher steps={STEPS} />);
      expect(flowRoot(container)).toHaveAttribute('data-state', 'idle');
      expect(browserRequests).toEqual([]);
      await expectNoAxeViolations(container);
      const start = screen.getByRole('button', { name: en.flowStart });
      act(() => {
        for (let i = 0; i < 10; i += 1) fireEvent.click(start);
      });
      expect(flowRoot(container)).toHaveAttribute('data-state', 'pending');
      await expectNoAxeViolations(container);
      await waitFor(() => {
        expect(frame()).not.toBeNull();
      });
      expect(sandbox.callsFor('createFlow')).toHaveLength(1);
    });
  });

  describe('given the user starts the flow with the keyboard', () => {
    it('should move focus to the flow’s region once it shows, not leave it on <body>', async () => {
      const user = userEvent.setup();
      const { container } = renderWithProvider(<FlowLauncher steps={STEPS} />);
      screen.getByRole('button', { name: en.flowStart }).focus();
      await user.keyboard('{Enter}');
      await waitFor(() => {
        expect(frame()).not.toBeNull();
      });
      await waitFor(() => {
        expect(document.activeElement).toBe(container.querySelector('.pk-flow__body'));
      });
    });

    it('should leave focus where the user moved it while the flow was being created', async () => {
      const user = userEvent.setup();
      const elsewhere = document.createElement('input');
      elsewhere.setAttribute('aria-label', 'Search');
      document.body.append(elsewhere);
      // The answer waits until the user has moved on, so the flow shows after that.
      let answer!: () => void;
      const answered = new Promise<void>((resolve) => {
        answer = resolve;
      });
      const proxy = createProxyFetcher();
      const fetcher: PaymentsFetcher = async (request) => {
        await answered;
        return proxy(request);
      };
      try {
        const { container } = renderWithProvider(<FlowLauncher steps={STEPS} />, { fetcher });
        screen.getByRole('button', { name: en.flowStart }).focus();
        await user.keyboard('{Enter}');
        expect(flowRoot(container)).toHaveAttribute('data-state', 'pending');
        elsewhere.focus();
        answer();
        await waitFor(() => {
          expect(frame()).not.toBeNull();
        });
        expect(document.activeElement).toBe(elsewhere);
      } finally {
        elsewhere.remove();
      }
    });
  });

  describe('given a link the kit must not embed', () => {
    const allowed = 'https://allowed.example';
    const bad = fc.oneof(
      fc.constantFrom(
        'javascript:alert(1)',
        'JaVaScRiPt:alert(document.domain)',
        ' javascript:alert(1)',
        'java\tscript:alert(1)',
        'data:text/html,<script>alert(1)</script>',
        'DATA:text/html;base64,PHNjcmlwdD4=',
        'vbscript:msgbox(1)',
        'blob:https://allowed.example/uuid',
        'file:///etc/passwd',
        'https://allowed.example@evil.example/flow',
        'https://allowed.example:pw@evil.example/flow',
        'https://allowed.example.evil.example/flow',
        'https://evil.example/https://allowed.example',
        'https://allowed.example.:443@evil.example',
        'http://allowed.example/flow',
        'http://192.168.1.10/flow',
        'http://localhost.evil.example/flow',
        '//evil.example/flow',
        '/hosted/flow.html',
        'hosted/flow.html',
        '',
        'https://allowed.example\\@evil.example',
        'https:\\\\evil.example',
        'https://allowed.example:8443/flow',
        'wss://allowed.example/flow',
      ),
      // Whitespace and control characters around an otherwise fine link.
      fc
        .tuple(fc.constantFrom(' ', '\t', '\n', '\r', '\u0000', '\u00a0', '\u2028'), fc.boolean())
        .map(([space, before]) => (before ? `${space}${allowed}/flow` : `${allowed}/flow${space}`)),
      // Lookalike hosts and other origins.
      fc
        .domain()
        .filter((host) => host !== 'allowed.example')
        .map((host) => `https://${host}/flow`),
      fc.domain().map((host) => `https://allowed.example@${host}/`),
      fc.domain().map((host) => `https://allowed.example.${host}/`),
      fc.domain().map((host) => `http://${host}/flow`).filter((link) => !/^http:\/\/(localhost|127\.0\.0\.1)\//.test(link)),
    );

    it('should render no iframe, show a clear error and call onError, for any of them', async () => {
      await fc.assert(
        fc.asyncProperty(bad, async (link) => {
          const { fetcher } = fakeFlowFetcher({ link });
          const onError = vi.fn();
          const view = renderWithProvider(
            <FlowLauncher steps={['compliance']} autoStart allowedOrigins={[allowed]} onError={onError} />,
            { fetcher },
          );
          try {
            const alert = await screen.findByRole('alert');
            expect([en.flowLinkRefused, en.flowLinkNotAllowed]).toContain(alert.querySelector('.pk-error__title')?.textContent);
            expect(alert).toHaveTextContent(en.flowLinkRefusedNextStep);
            expect(frame()).toBeNull();
            expect(view.container.querySelector('iframe')).toBeNull();
            expect(onError).toHaveBeenCalledTimes(1);
            expect(onError.mock.calls[0]?.[0]).toBeInstanceOf(PaymentsError);
            expect(onError.mock.calls[0]?.[0]).toMatchObject({ kind: 'invalid_response', code: 'flow_link_refused' });
            expect(flowRoot(view.container)).toHaveAttribute('data-state', 'error');
          } finally {
            view.unmount();
          }
        }),
        { numRuns: 80 },
      );
    }, 60_000);

    it('should refuse a non-https link even without allowedOrigins, and pass axe', async () => {
      const { fetcher } = fakeFlowFetcher({ link: 'http://flows.example/flow' });
      const { container } = renderWithProvider(<FlowLauncher steps={['compliance']} autoStart />, { fetcher });
      expect(await screen.findByRole('alert')).toHaveTextContent(en.flowLinkRefused);
      expect(frame()).toBeNull();
      // No retry: a new flow would come back with the same link.
      expect(screen.queryByRole('button')).toBeNull();
      await expectNoAxeViolations(container);
    });

    describe('given a link of the page’s own origin', () => {
      afterEach(() => {
        vi.unstubAllEnvs();
      });
      const own = `${window.location.origin}/hosted/flow.html?flow=flow_fake`;

      it.each([
        ['a development build without allowedOrigins', 'development', undefined],
        ['a development build whose allowedOrigins does not list it', 'development', ['https://flows.example']],
        ['a production build, even when allowedOrigins lists it', 'production', [window.location.origin]],
      ])('should refuse it in %s, and offer no retry', async (_label, env, allowedOrigins) => {
        vi.stubEnv('NODE_ENV', env);
        const { fetcher } = fakeFlowFetcher({ link: own });
        const onError = vi.fn();
        const { container } = renderWithProvider(
          <FlowLauncher steps={['compliance']} autoStart allowedOrigins={allowedOrigins} onError={onError} />,
          { fetcher },
        );
        expect(await screen.findByRole('alert')).toHaveTextContent(en.flowLinkNotAllowed);
        expect(frame()).toBeNull();
        expect(screen.queryByRole('button')).toBeNull();
        expect(onError).toHaveBeenCalledWith(expect.objectContaining({ kind: 'invalid_response', code: 'flow_link_refused' }));
        expect((onError.mock.calls[0]?.[0] as PaymentsError).message).toContain('own origin');
        await expectNoAxeViolations(container);
      });

      it('should embed it in a development build when allowedOrigins lists it (a local stand-in)', async () => {
        vi.stubEnv('NODE_ENV', 'development');
        const { fetcher } = fakeFlowFetcher({ link: own });
        renderWithProvider(<FlowLauncher steps={['compliance']} autoStart allowedOrigins={[window.location.origin]} />, { fetcher });
        await waitFor(() => {
          expect(frame()?.getAttribute('src')).toBe(own);
        });
      });
    });

    describe('given a production build', () => {
      afterEach(() => {
        vi.unstubAllEnvs();
      });
      const loopback = 'http://127.0.0.1:4010';

      it('should refuse an http loopback link that allowedOrigins does not list', async () => {
        vi.stubEnv('NODE_ENV', 'production');
        const { fetcher } = fakeFlowFetcher({ link: `${loopback}/hosted/flow.html` });
        renderWithProvider(<FlowLauncher steps={['compliance']} autoStart />, { fetcher });
        expect(await screen.findByRole('alert')).toHaveTextContent(en.flowLinkRefused);
        expect(frame()).toBeNull();
      });

      it('should embed it when allowedOrigins lists it', async () => {
        vi.stubEnv('NODE_ENV', 'production');
        const { fetcher } = fakeFlowFetcher({ link: `${loopback}/hosted/flow.html` });
        renderWithProvider(<FlowLauncher steps={['compliance']} autoStart allowedOrigins={[loopback]} />, { fetcher });
        await waitFor(() => {
          expect(frame()?.getAttribute('src')).toBe(`${loopback}/hosted/flow.html`);
        });
      });

      it('should still embed it in a development build', async () => {
        vi.stubEnv('NODE_ENV', 'development');
        const { fetcher } = fakeFlowFetcher({ link: `${loopback}/hosted/flow.html` });
        renderWithProvider(<FlowLauncher steps={['compliance']} autoStart />, { fetcher });
        await waitFor(() => {
          expect(frame()).not.toBeNull();
        });
      });
    });

    it('should show a link the proxy refused (502 flow_link_refused) as not allowed, send the user to support with its reference, and offer no retry', async () => {
      sandbox.inject(
        { kind: 'status', status: 502, body: { error: { kind: 'http', status: 502, code: 'flow_link_refused', message: 'The flow link’s origin is not one of flowOrigins.', operation: 'createFlow', requestId: 'req_flow_link' } } },
        { operation: 'createFlow' },
      );
      const onError = vi.fn();
      const { container } = renderWithProvider(<FlowLauncher steps={['compliance']} autoStart onError={onError} />);
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(en.flowLinkNotAllowed);
      expect(alert).toHaveTextContent(en.flowLinkRefusedNextStep);
      expect(alert).toHaveTextContent(en.errorReference.replace('{requestId}', 'req_flow_link'));
      expect(screen.queryByRole('button')).toBeNull();
      expect(frame()).toBeNull();
      expect(onError).toHaveBeenCalledWith(expect.objectContaining({ status: 502, code: 'flow_link_refused' }));
      expect(sandbox.callsFor('createFlow')).toHaveLength(1);
      await expectNoAxeViolations(container);
    });

    it('should say the site is not allowed when only the origin is wrong', async () => {
      const { fetcher } = fakeFlowFetcher({ link: 'https://flows.other.example/f/1' });
      renderWithProvider(<FlowLauncher steps={['compliance']} autoStart allowedOrigins={[allowed]} />, { fetcher });
      expect(await screen.findByRole('alert')).toHaveTextContent(en.flowLinkNotAllowed);
    });
  });

  describe('given a link whose origin is allowed', () => {
    it.each([
      ['https://allowed.example/flows/f_1?token=abc', 'https://allowed.example/flows/f_1?token=abc'],
      ['HTTPS://ALLOWED.EXAMPLE/flows/f_1', 'https://allowed.example/flows/f_1'],
      ['https://allowed.example:443/flows/f_1', 'https://allowed.example/flows/f_1'],
    ])('should embed %s as its parsed href', async (link, href) => {
      const { fetcher } = fakeFlowFetcher({ link });
      await startedFlow(<FlowLauncher steps={['compliance']} autoStart allowedOrigins={['https://allowed.example/']} />, { fetcher });
      expect(frame()).toHaveAttribute('src', href);
    });
  });

  describe('given an embedded flow', () => {
    it('should give the iframe a title, allow camera, a minimal sandbox and a referrer policy', async () => {
      await startedFlow(<FlowLauncher steps={STEPS} autoStart />);
      const iframe = frame()!;
      expect(iframe).toHaveAttribute('title', en.flowTitle);
      expect(iframe).toHaveAttribute('allow', 'camera');
      expect(iframe.getAttribute('sandbox')?.split(/\s+/).sort()).toEqual(
        ['allow-forms', 'allow-popups', 'allow-same-origin', 'allow-scripts'],
      );
      expect(iframe.getAttribute('sandbox')).not.toMatch(/top-navigation/);
      expect(iframe).toHaveAttribute('referrerpolicy', 'strict-origin');
      expect(iframe).not.toHaveAttribute('style');
      expect(iframe).not.toHaveAttribute('height');
    });

    it('should take a custom title and allow list', async () => {
      await startedFlow(<FlowLauncher steps={STEPS} autoStart title="Verify your business" allow="camera; microphone" />);
      expect(frame()).toHaveAttribute('title', 'Verify your business');
      expect(frame()).toHaveAttribute('allow', 'camera; microphone');
    });
  });

  describe('given messages that are not from the embedded page', () => {
    it('should ignore a wrong origin, the page itself, another frame and a missing source', async () => {
      const onStepCompleted = vi.fn();
      const onMessage = vi.fn();
      const onComplete = vi.fn();
      const { container } = await startedFlow(
        <FlowLauncher steps={['compliance']} autoStart onStepCompleted={onStepCompleted} onMessage={onMessage} onComplete={onComplete} />,
      );
      const other = document.createElement('iframe');
      document.body.append(other);
      const impostors: [unknown, { origin?: string; source?: MessageEventSource | null }][] = [
        [{ step: 'compliance', status: 'completed' }, { origin: 'https://evil.example' }],
        [{ step: 'compliance', status: 'completed' }, { origin: `${ORIGIN}.evil.example` }],
        [{ step: 'compliance', status: 'completed' }, { origin: 'null' }],
        [{ step: 'compliance', status: 'completed' }, { source: window }],
        [{ step: 'compliance', status: 'completed' }, { source: other.contentWindow }],
        [{ step: 'compliance', status: 'completed' }, { source: null }],
        [{ height: 999 }, { origin: 'https://evil.example' }],
        [{ height: 999 }, { source: window }],
        [{ status: 'expired' }, { source: other.contentWindow }],
        ['hello', { origin: 'https://evil.example' }],
      ];
      for (const [data, options] of impostors) deliver(data, options);
      // The page posting to itself, as a script on the dashboard could. jsdom delivers it in a
      // later task: a listener added after the flow's hears it after the flow's has run.
      const selfPosted = new Promise<void>((resolve) => {
        window.addEventListener('message', () => {
          resolve();
        }, { once: true });
      });
      act(() => {
        window.postMessage({ step: 'compliance', status: 'completed' }, '*');
      });
      await act(() => selfPosted);
      expect(onStepCompleted).not.toHaveBeenCalled();
      expect(onComplete).not.toHaveBeenCalled();
      expect(onMessage).not.toHaveBeenCalled();
      expect(frame()).not.toHaveAttribute('height');
      expect(flowRoot(container)).toHaveAttribute('data-state', 'success');
      other.remove();
    });
  });

  describe.each([
    ['ja', ja, 'コンプライアンス、完了'],
    ['ar-EG', ar, 'الامتثال، مكتملة'],
    ['en', en, 'Compliance, done'],
  ] as const)('given a step done under locale %s', (locale, words, read) => {
    it('should read the step and its "done" with the catalogue\'s separator, not a hard-coded comma', async () => {
      await startedFlow(<FlowLauncher steps={STEPS} autoStart />, { locale, messages: words });
      deliver({ step: 'compliance', status: 'completed' });
      const list = screen.getByRole('list', { name: words.flowStepsLabel });
      const done = within(list).getAllByRole('listitem').find((item) => item.getAttribute('data-state') === 'done');
      expect(done?.textContent).toBe(read);
    });
  });

  describe('given messages from the embedded page', () => {
    it('should resize, advance progress, report each step once, complete once, and pass the rest to onMessage only', async () => {
      const onStepCompleted = vi.fn();
      const onMessage = vi.fn();
      const onComplete = vi.fn();
      const { container } = await startedFlow(
        <FlowLauncher steps={STEPS} autoStart onStepCompleted={onStepCompleted} onMessage={onMessage} onComplete={onComplete} />,
      );
      deliver({ height: 812.4 });
      expect(frame()).toHaveAttribute('height', '812');
      deliver({ height: 1e9 });
      expect(frame()).toHaveAttribute('height', '4000');
      deliver({ height: -20 });
      expect(frame()).toHaveAttribute('height', '160');
      expect(frame()).not.toHaveAttribute('style');

      deliver({ step: 'compliance', status: 'completed' });
      expect(screen.getByText('Step 2 of 3', { selector: '.pk-progress__label' })).toBeInTheDocument();
      expect(screen.getAllByRole('status').some((region) => region.textContent === 'Step 2 of 3')).toBe(true);
      expect(screen.getByRole('progressbar')).toHaveAttribute('value', '1');
      expect(onStepCompleted).toHaveBeenCalledTimes(1);
      expect(onStepCompleted).toHaveBeenCalledWith('compliance', expect.objectContaining({ completed_steps: ['compliance'] }));
      const list = screen.getByRole('list', { name: en.flowStepsLabel });
      expect(within(list).getByText(/Compliance/).closest('li')).toHaveAttribute('data-state', 'done');
      expect(within(list).getByText('Identity verification').closest('li')).toHaveAttribute('aria-current', 'step');

      deliver({ step: 'compliance', status: 'completed-saved' }); // again: already counted
      deliver({ step: 'id-verification', status: 'completed-saved' });
      expect(onStepCompleted).toHaveBeenCalledTimes(2);
      expect(onComplete).not.toHaveBeenCalled();

      const others = [{ kind: 'analytics', event: 'viewed' }, 'plain text', { step: 'payout', status: 'started' }, { step: 'not-in-this-flow', status: 'completed' }, [1, 2], null];
      for (const data of others) deliver(data);
      expect(onMessage).toHaveBeenCalledTimes(others.length);
      expect(onMessage.mock.calls.map((call): unknown => call[0])).toEqual(others);
      expect(onStepCompleted).toHaveBeenCalledTimes(2);

      deliver({ step: 'payout', status: 'completed' });
      expect(onComplete).toHaveBeenCalledTimes(1);
      expect(onComplete).toHaveBeenCalledWith(expect.objectContaining({ completed_steps: ['compliance', 'id-verification', 'payout'] }));
      expect(screen.getAllByText(en.flowComplete).length).toBeGreaterThan(0);
      expect(flowRoot(container)).toHaveAttribute('data-state', 'complete');
      deliver({ step: 'payout', status: 'completed' });
      expect(onComplete).toHaveBeenCalledTimes(1);
      expect(onMessage).toHaveBeenCalledTimes(others.length);
      await expectNoAxeViolations(container);
    });
  });

  describe('given a redirect step with a redirect_url that is not safe, through the kit\'s proxy', () => {
    it.each(['javascript:alert(1)', 'http://evil.example/back', 'https://user@evil.example/', '/relative'])(
      'should fail %j with the proxy\'s invalid_request and send nothing to the API',
      async (redirectUrl) => {
        const onError = vi.fn();
        const user = userEvent.setup();
        const { container } = renderWithProvider(
          <FlowLauncher steps={['compliance', { name: 'redirect', redirect_url: redirectUrl }]} onError={onError} />,
          { fetcher: createProxyFetcher({ fetch: kitProxy.fetch }) },
        );
        await user.click(screen.getByRole('button', { name: en.flowStart }));
        expect(await screen.findByRole('alert')).toHaveTextContent(en.errorTitles.invalid_request);
        expect(onError).toHaveBeenCalledWith(expect.objectContaining({ kind: 'invalid_request', status: 400, operation: 'createFlow' }));
        expect(screen.queryByRole('button', { name: en.retry })).toBeNull();
        expect(kitProxy.sandbox.calls).toEqual([]);
        expect(frame()).toBeNull();
        await expectNoAxeViolations(container);
      },
    );

    it('should send a safe redirect_url as given', async () => {
      await startedFlow(<FlowLauncher steps={[{ name: 'redirect', redirect_url: 'https://shop.example/done' }]} autoStart />);
      expect(sandbox.callsFor('createFlow')[0]?.body).toEqual({ steps: [{ name: 'redirect', redirect_url: 'https://shop.example/done' }] });
    });
  });

  describe('given creating the flow fails with an unknown outcome', () => {
    it('should offer a retry that creates the flow', async () => {
      sandbox.inject({ kind: 'status', status: 503 }, { operation: 'createFlow', times: 1 });
      const onError = vi.fn();
      const user = userEvent.setup();
      const { container } = renderWithProvider(<FlowLauncher steps={STEPS} autoStart onError={onError} />);
      const alert = await screen.findByRole('alert');
      expect(onError).toHaveBeenCalledWith(expect.objectContaining({ kind: 'http', status: 503 }));
      await expectNoAxeViolations(container);
      await user.click(within(alert).getByRole('button', { name: en.retry }));
      await waitFor(() => {
        expect(frame()).not.toBeNull();
      });
      expect(sandbox.callsFor('createFlow')).toHaveLength(2);
    });

    it('should say "too many requests" for a 429, and create the flow when the user retries', async () => {
      sandbox.inject(rateLimitedFault('createFlow', 2), { operation: 'createFlow', times: 1 });
      const user = userEvent.setup();
      renderWithProvider(<FlowLauncher steps={STEPS} autoStart />);
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(en.rateLimitedTitle);
      expect(sandbox.callsFor('createFlow')).toHaveLength(1);
      await user.click(within(alert).getByRole('button', { name: en.retry }));
      await waitFor(() => {
        expect(frame()).not.toBeNull();
      });
      expect(sandbox.callsFor('createFlow')).toHaveLength(2);
    });
  });

  describe('given the link expires', () => {
    it('should show "Start again" when the page says it expired, and create a new flow with one click', async () => {
      const user = userEvent.setup();
      const { container } = await startedFlow(<FlowLauncher steps={STEPS} autoStart userId={sandboxIds.expiredFlowUser} />);
      const firstSrc = frame()!.getAttribute('src');
      deliver({ status: 'expired' });
      expect(frame()).toBeNull();
      expect(screen.getByText(en.flowLinkExpired, { selector: 'p' })).toBeInTheDocument();
      expect(flowRoot(container)).toHaveAttribute('data-state', 'expired');
      await expectNoAxeViolations(container);
      await user.click(screen.getByRole('button', { name: en.flowRecreate }));
      await waitFor(() => {
        expect(frame()).not.toBeNull();
      });
      expect(frame()!.getAttribute('src')).not.toBe(firstSrc);
      expect(sandbox.callsFor('createFlow')).toHaveLength(2);
    });

    describe('on fake timers', () => {
      afterEach(() => {
        vi.useRealTimers();
      });

      // The API documents that a user's link stays usable after its 15 signed-in minutes: the
      // user verifies again inside the flow (docs/api.md#create-a-flow).
      it.each([
        ['a user id', 'usr_42'],
        ['no user id', undefined],
      ])('should keep a flow with %s embedded hours after it was created', async (_label, userId) => {
        vi.useFakeTimers();
        const { container } = renderWithProvider(<FlowLauncher steps={STEPS} autoStart userId={userId} />);
        await untilOnFakeClock(() => {
          expect(frame()).not.toBeNull();
        });
        const src = frame()!.getAttribute('src');
        for (const minutes of [15, 1, 60, 180]) {
          await act(async () => {
            await vi.advanceTimersByTimeAsync(minutes * 60_000);
          });
          expect(frame()?.getAttribute('src')).toBe(src);
        }
        expect(flowRoot(container)).toHaveAttribute('data-state', 'success');
        expect(screen.queryByRole('button', { name: en.flowRecreate })).toBeNull();
        expect(sandbox.callsFor('createFlow')).toHaveLength(1);
      });
    });
  });

  describe('given forwardTheme', () => {
    it('should add a styles parameter with the theme, keeping the checked origin', async () => {
      await startedFlow(<FlowLauncher steps={STEPS} autoStart forwardTheme />, { theme: 'dark' });
      const src = new URL(frame()!.getAttribute('src')!);
      expect(src.origin).toBe(ORIGIN);
      const styles = JSON.parse(src.searchParams.get('styles') ?? 'null') as { theme: string; variables: Record<string, string> };
      expect(styles.theme).toBe('dark');
      expect(typeof styles.variables).toBe('object');
    });

    it('should not add it otherwise', async () => {
      await startedFlow(<FlowLauncher steps={STEPS} autoStart />, { theme: 'dark' });
      expect(new URL(frame()!.getAttribute('src')!).searchParams.has('styles')).toBe(false);
    });
  });

  describe('given dialog mode', () => {
    it('should open a native dialog with focus inside, close on Escape and return focus to the opener', async () => {
      const onClose = vi.fn();
      const user = userEvent.setup();
      const { container } = renderWithProvider(<FlowLauncher steps={STEPS} mode="dialog" onClose={onClose} />);
      const opener = screen.getByRole('button', { name: en.flowStart });
      expect(container.querySelector('dialog')).not.toHaveAttribute('open');
      await user.click(opener);
      const dialog = container.querySelector('dialog')!;
      expect(dialog).toHaveAttribute('open');
      expect(dialog).toHaveAccessibleName(en.flowTitle);
      expect(dialog.contains(document.activeElement)).toBe(true);
      await waitFor(() => {
        expect(within(dialog).getByTitle(en.flowTitle)).toBeInstanceOf(HTMLIFrameElement);
      });
      await expectNoAxeViolations(container);
      expect(sandbox.callsFor('createFlow')).toHaveLength(1);

      await user.keyboard('{Escape}');
      expect(dialog).not.toHaveAttribute('open');
      expect(onClose).toHaveBeenCalledTimes(1);
      expect(document.activeElement).toBe(opener);

      // Reopening shows the same flow: closing is not a new start.
      await user.click(opener);
      expect(dialog).toHaveAttribute('open');
      expect(sandbox.callsFor('createFlow')).toHaveLength(1);
      await user.click(within(dialog).getByRole('button', { name: en.flowClose }));
      expect(dialog).not.toHaveAttribute('open');
      expect(onClose).toHaveBeenCalledTimes(2);
      expect(document.activeElement).toBe(opener);
    });
  });

  describe('given a dialog the host controls with open and onOpenChange', () => {
    function Controlled({ onOpenChange, onClose }: { onOpenChange: (open: boolean) => void; onClose: () => void }) {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => { setOpen(true); }}>
            Host opens
          </button>
          <FlowLauncher
            steps={STEPS}
            mode="dialog"
            open={open}
            onClose={onClose}
            onOpenChange={(next) => {
              onOpenChange(next);
              setOpen(next);
            }}
          />
        </>
      );
    }

    it('should open when the host says so, create one flow, and report the user closing it', async () => {
      const onOpenChange = vi.fn();
      const onClose = vi.fn();
      const user = userEvent.setup();
      const { container } = renderWithProvider(<Controlled onOpenChange={onOpenChange} onClose={onClose} />);
      const dialog = container.querySelector('dialog')!;
      expect(dialog).not.toHaveAttribute('open');
      await user.click(screen.getByRole('button', { name: 'Host opens' }));
      expect(dialog).toHaveAttribute('open');
      // Opened by the host: nothing to report back to it.
      expect(onOpenChange).not.toHaveBeenCalled();
      await waitFor(() => {
        expect(within(dialog).getByTitle(en.flowTitle)).toBeInstanceOf(HTMLIFrameElement);
      });
      expect(sandbox.callsFor('createFlow')).toHaveLength(1);
      await user.click(within(dialog).getByRole('button', { name: en.flowClose }));
      expect(onOpenChange).toHaveBeenCalledWith(false);
      expect(onClose).toHaveBeenCalledTimes(1);
      expect(dialog).not.toHaveAttribute('open');
      // The opener asks the host, which opens it again: the same flow.
      await user.click(screen.getByRole('button', { name: en.flowStart }));
      expect(onOpenChange).toHaveBeenLastCalledWith(true);
      expect(dialog).toHaveAttribute('open');
      expect(sandbox.callsFor('createFlow')).toHaveLength(1);
    });

    it('should close without reporting it when the host closes it', async () => {
      const onOpenChange = vi.fn();
      const onClose = vi.fn();
      const view = renderWithProvider(<FlowLauncher steps={STEPS} mode="dialog" open onOpenChange={onOpenChange} onClose={onClose} />);
      const dialog = view.container.querySelector('dialog')!;
      expect(dialog).toHaveAttribute('open');
      await waitFor(() => {
        expect(frame()).not.toBeNull();
      });
      view.rerender(<FlowLauncher steps={STEPS} mode="dialog" open={false} onOpenChange={onOpenChange} onClose={onClose} />);
      expect(dialog).not.toHaveAttribute('open');
      expect(onOpenChange).not.toHaveBeenCalled();
      expect(onClose).not.toHaveBeenCalled();
    });

    it('should start open with defaultOpen, and stay uncontrolled', async () => {
      const onOpenChange = vi.fn();
      const user = userEvent.setup();
      const { container } = renderWithProvider(<FlowLauncher steps={STEPS} mode="dialog" defaultOpen onOpenChange={onOpenChange} />);
      const dialog = container.querySelector('dialog')!;
      expect(dialog).toHaveAttribute('open');
      await waitFor(() => {
        expect(frame()).not.toBeNull();
      });
      await user.keyboard('{Escape}');
      expect(dialog).not.toHaveAttribute('open');
      expect(onOpenChange).toHaveBeenCalledWith(false);
      expect(sandbox.callsFor('createFlow')).toHaveLength(1);
    });
  });

  // Each cycle is the same sequence (no timers, no network: a fake fetcher), and every listener
  // added and removed is counted, so one leaked listener shows in any number of cycles; a few
  // dozen still show a leak that only builds up, such as one per flow kept by the page.
  describe('given 30 mount and unmount cycles with an open flow', () => {
    it('should leave no message listener and no iframe behind', async () => {
      const { fetcher, calls } = fakeFlowFetcher({ link: 'https://allowed.example/flow' });
      const added = vi.spyOn(window, 'addEventListener');
      const removed = vi.spyOn(window, 'removeEventListener');
      try {
        for (let i = 0; i < 30; i += 1) {
          const view = renderWithProvider(<FlowLauncher steps={['compliance']} autoStart />, { fetcher });
          await waitFor(() => {
            expect(frame()).not.toBeNull();
          });
          view.unmount();
        }
        const count = (spy: typeof added) => spy.mock.calls.filter(([type]) => type === 'message').length;
        expect(calls).toHaveLength(30);
        expect(count(added)).toBeGreaterThanOrEqual(30);
        expect(count(removed)).toBe(count(added));
        const addedHandlers = added.mock.calls.filter(([type]) => type === 'message').map(([, handler]) => handler);
        const removedHandlers = new Set(removed.mock.calls.filter(([type]) => type === 'message').map(([, handler]) => handler));
        expect(addedHandlers.every((handler) => removedHandlers.has(handler))).toBe(true);
        expect(document.querySelectorAll('iframe')).toHaveLength(0);
      } finally {
        added.mockRestore();
        removed.mockRestore();
      }
    }, 60_000);
  });

  describe('given host props', () => {
    it('should pass className and native props through, with the theme and per-component messages', () => {
      renderWithProvider(
        <FlowLauncher steps={STEPS} className="host" data-testid="flow" aria-label="Onboarding" messages={{ flowStart: 'Begin' }} />,
        { theme: 'auto' },
      );
      const element = screen.getByTestId('flow');
      expect(element).toHaveClass('pk-root', 'pk-flow', 'host');
      expect(element).toHaveAttribute('data-pk-theme', 'auto');
      expect(element).toHaveAttribute('aria-label', 'Onboarding');
      expect(screen.getByRole('button', { name: 'Begin' })).toBeInTheDocument();
    });

    it('should use another locale and catalogue per component', () => {
      renderWithProvider(<FlowLauncher steps={STEPS} locale="es" messages={es} />);
      expect(screen.getByRole('button', { name: 'Empezar' })).toBeInTheDocument();
    });
  });
});
