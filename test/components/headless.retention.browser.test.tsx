// What a hosted flow leaves reachable once its component is gone, in Chromium with a real GC (over
// the DevTools protocol). React may keep the last unmounted instance's fiber (react-dom keeps the
// fiber of its last event's target, and with it the ref the kit gave the iframe) until the page's
// next event: nothing reachable from the kit's functions may then hold the hosted page's window.
// Found with bench/retained.ts (docs/performance.md, the heap figure).
import { QueryClient } from '@tanstack/react-query';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { cdp } from 'vitest/browser';
import { type PaymentsRequest, PaymentsProvider, useHostedFlow, type HostedFlowFrameProps } from 'payments-kit';
import { sleep } from '../support/sleep.js';

afterEach(() => {
  document.body.replaceChildren();
});

/** A full GC, as the bench forces it. */
async function collectGarbage(): Promise<void> {
  for (let i = 0; i < 3; i++) {
    await cdp().send('HeapProfiler.collectGarbage');
    await sleep(50);
  }
}

describe('given a hosted flow whose page posted a message just before the component unmounted', () => {
  it('should leave the message (and with it the page’s window) to the garbage collector', async () => {
    // A same-origin stand-in for the hosted page (a development build embeds the page's own
    // origin when allowedOrigins lists it), so this test can make the frame post a message.
    const link = `${location.origin}/hosted-flow-stand-in`;
    const fetcher = (request: PaymentsRequest) =>
      Promise.resolve(
        request.operation === 'createFlow' ? { id: 'flow_retained', link, steps: ['compliance'], completed_steps: [] } : undefined,
      );
    let frameRef: HostedFlowFrameProps['ref'] | undefined;
    function Flow() {
      const flow = useHostedFlow({ steps: ['compliance'], title: 'Flow', autoStart: true, allowedOrigins: [location.origin] });
      if (!flow.frameProps) return null;
      frameRef = flow.frameProps.ref;
      const { src: _src, ...props } = flow.frameProps;
      return <iframe {...props} srcDoc="<p>hosted</p>" />;
    }
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    flushSync(() => {
      root.render(
        <PaymentsProvider fetcher={fetcher} queryClient={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
          <Flow />
        </PaymentsProvider>,
      );
    });
    await expect.poll(() => container.querySelector('iframe')?.contentDocument?.body.textContent).toBe('hosted');
    const frame = container.querySelector('iframe');
    if (!frame?.contentWindow) throw new Error('no frame');
    // The flow listens from an effect once open: give it a task.
    await sleep(50);

    // The page asks for a height; the kit queues that state update, and the component unmounts
    // in the same task, before React applies it (as when a host hides the flow on that event).
    let message: WeakRef<MessageEvent> | undefined;
    const unmountOnMessage = (event: MessageEvent) => {
      message = new WeakRef(event);
      flushSync(() => {
        root.unmount();
      });
    };
    window.addEventListener('message', unmountOnMessage);
    (frame.contentWindow as Window & { eval: (code: string) => unknown }).eval("parent.postMessage({ height: 300 }, '*')");
    await expect.poll(() => message).toBeDefined();
    window.removeEventListener('message', unmountOnMessage);
    container.remove();

    // What react-dom may keep after unmount: the ref the kit gave the iframe.
    expect(frameRef).toBeTypeOf('function');
    await collectGarbage();
    expect(message?.deref()).toBeUndefined();
  });
});
