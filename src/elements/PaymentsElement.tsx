import type { ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { PaymentsProvider, type MessageOverrides } from '../index.js';
import { ElementBase } from './ElementBase.js';
import type { PaymentsElementEventMap } from './events.js';
import { contextRequest, type ContextRequestDetail, type ElementsContext, type PaymentsProviderElement } from './PaymentsProviderElement.js';
import { exportParts } from './parts.js';
import { adoptKitStyles } from './stylesheet.js';

// An element with no <payments-provider> around it uses the page's default: the proxy at
// `/api/payments`, no session (so the proxy refuses until one is given), one cache per page.
// Nothing can give that provider a session, so it does not wait for one.
let pageDefault: PaymentsProviderElement | undefined;
const defaultProvider = (): PaymentsProviderElement => {
  if (pageDefault === undefined) {
    pageDefault = document.createElement('payments-provider');
    pageDefault.sessionWaitMs = 0;
  }
  return pageDefault;
};

/**
 * One of the kit's components in an open shadow root: its own React root, the kit's stylesheet
 * adopted, its props read from attributes and properties, its callbacks sent as events.
 */
export abstract class PaymentsElement extends ElementBase {
  #root: Root | undefined;
  #parts: MutationObserver | undefined;
  #provider: PaymentsProviderElement | undefined;
  #unsubscribe: (() => void) | undefined;
  #renderQueued = false;
  #ownTheme: string | undefined;
  #messages: MessageOverrides | undefined;

  /** Message overrides for this element only, merged over the provider's. */
  get messages(): MessageOverrides | undefined {
    return this.#messages;
  }
  set messages(value: MessageOverrides | undefined) {
    this.#messages = value;
    this.requestRender();
  }

  /** The component with the element's current props. */
  protected abstract renderComponent(): ReactElement;

  connectedCallback(): void {
    this.upgradeProperties();
    const shadow = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
    if (this.#root === undefined) {
      adoptKitStyles(shadow);
      this.#parts = exportParts(shadow);
      this.#root = createRoot(shadow);
    }
    // Asked on every connection: a moved element may now be inside another provider.
    let found: PaymentsProviderElement | undefined;
    this.dispatchEvent(
      new CustomEvent<ContextRequestDetail>(contextRequest, {
        bubbles: true,
        composed: true,
        detail: { provide: (provider) => (found = provider) },
      }),
    );
    const provider = found ?? defaultProvider();
    if (provider !== this.#provider) {
      this.#unsubscribe?.();
      this.#provider = provider;
      this.#unsubscribe = provider.subscribe(() => { this.requestRender(); });
    }
    this.requestRender();
  }

  disconnectedCallback(): void {
    // Later, not now: an element moved in the page is disconnected then connected again at once,
    // and keeps its state. One removed for good unmounts: no listener, timer or request is left.
    queueMicrotask(() => {
      if (this.isConnected || this.#root === undefined) return;
      this.#root.unmount();
      this.#root = undefined;
      this.#parts?.disconnect();
      this.#unsubscribe?.();
      this.#unsubscribe = undefined;
      this.#provider = undefined;
    });
  }

  attributeChangedCallback(_name: string, previous: string | null, next: string | null): void {
    if (previous !== next) this.requestRender();
  }

  /** Renders once for every change made in one task (three attributes set together: one render). */
  protected requestRender(): void {
    if (this.#renderQueued) return;
    this.#renderQueued = true;
    queueMicrotask(() => {
      this.#renderQueued = false;
      if (this.#root !== undefined && this.#provider !== undefined) this.#render(this.#root, this.#provider.context);
    });
  }

  /** Sends a callback's argument as a bubbling, composed `CustomEvent`; false if a listener called `preventDefault`. */
  protected emit<K extends keyof PaymentsElementEventMap>(type: K, detail: PaymentsElementEventMap[K]['detail']): boolean {
    return this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }

  #render(root: Root, context: ElementsContext): void {
    this.#applyTheme(context.theme);
    // Rendered now, not in a scheduler task: elements added together mount their queries before
    // any answer, so ten of one transaction make one read (test/e2e/elementsPage.ts).
    flushSync(() => {
      root.render(
        <PaymentsProvider
          fetcher={context.fetcher}
          queryClient={context.queryClient}
          locale={context.locale}
          timeZone={context.timeZone}
          messages={context.messages}
        >
          {this.renderComponent()}
        </PaymentsProvider>,
      );
    });
  }

  // The theme is an attribute of the element itself, `data-pk-theme`, so the palette is set on
  // the element (`:host`) and a host page's `--pk-*` on the element wins over it. A
  // `data-pk-theme` the page set on the element is its own; else the provider's `theme`, else
  // an ancestor's `data-pk-theme`, else none (light).
  #applyTheme(theme: string | undefined): void {
    const current = this.getAttribute('data-pk-theme');
    if (current !== null && current !== this.#ownTheme) return;
    const wanted = theme ?? this.parentElement?.closest('[data-pk-theme]')?.getAttribute('data-pk-theme') ?? undefined;
    this.#ownTheme = wanted;
    if (wanted === current) return;
    this.setOrRemoveAttribute('data-pk-theme', wanted);
  }
}
