import type { QueryClient } from '@tanstack/react-query';
import type { PaymentsFetcher } from '../client/index.js';
import { createKitQueryClient } from '../client/createKitQueryClient.js';
import { createProxyFetcher, paymentsKeys } from '../client/index.js';
import type { MessageOverrides, PaymentsTheme } from '../index.js';
import { createSessionWait } from '../client/sessionSource.js';
import { ElementBase, kinds, reflected, type AttributeKind } from './ElementBase.js';

/** What every element inside one `<payments-provider>` renders with. */
export interface ElementsContext {
  readonly fetcher: PaymentsFetcher;
  readonly queryClient: QueryClient;
  readonly locale: string | undefined;
  readonly timeZone: string | undefined;
  readonly theme: PaymentsTheme | undefined;
  readonly messages: MessageOverrides | undefined;
}

/** The event an element sends up the tree, composed, to find the provider it belongs to. */
export const contextRequest = 'payments-context-request';
export interface ContextRequestDetail {
  provide: (provider: PaymentsProviderElement) => void;
}

const DEFAULT_SESSION_WAIT_MS = 10_000;

const attributes = {
  /** Where your proxy is mounted. Default `/api/payments`. */
  proxyUrl: reflected('proxy-url', kinds.text),
  /** The payment session token your server minted for this page. A token of another subject drops what the elements read for the previous one, and they read again. */
  session: reflected('session', kinds.text),
  /** How long requests wait for a session (`session` or `getSession`) when the provider has neither yet, then fail with code `session_not_given`, nothing sent. Default `10000`; `0` sends without a session at once (a proxy with `authorize` alone). */
  sessionWaitMs: reflected('session-wait-ms', {
    read: (raw) => {
      const value = kinds.number.read(raw);
      return value !== undefined && value >= 0 ? value : DEFAULT_SESSION_WAIT_MS;
    },
    write: kinds.number.write,
  } satisfies AttributeKind<number, number>),
  /** BCP 47 locale for money, dates and words. Default `en`. */
  locale: reflected('locale', kinds.text),
  /** IANA time zone for every date shown. Default `UTC`. */
  timeZone: reflected('time-zone', kinds.text),
  /** `light`, `dark` or `auto`. Default: a `data-pk-theme` on an ancestor, else light. */
  theme: reflected('theme', kinds.oneOf<PaymentsTheme>()),
};
const transportAttributes: readonly string[] = [attributes.proxyUrl.name, attributes.session.name, attributes.sessionWaitMs.name];

// Each element is its own React root, and roots commit one after another, not in one commit as
// the components of one React tree do: an element that mounts after its neighbour's read came
// back would find that read stale and send it again (test/elements/elements.browser.test.ts,
// ten elements → one request). A read just made stays fresh for the elements beside it; live
// status, refresh intervals and "Try again" read again whatever this says.
const FRESH_FOR_NEIGHBOURS_MS = 10_000;

function createElementsQueryClient(): QueryClient {
  const queryClient = createKitQueryClient();
  queryClient.setQueryDefaults(paymentsKeys.all, { staleTime: FRESH_FOR_NEIGHBOURS_MS });
  return queryClient;
}

/**
 * `<payments-provider>`: configuration for the kit's elements inside it, like `PaymentsProvider`
 * for the React components. Elements inside one provider share one fetcher (one session, one
 * `getSession` call at a time) and one cache: ten elements showing one transaction make one
 * request, and a confirm in flight is known to every button for that intent.
 *
 * @tagName payments-provider
 * @prop {number} sessionWaitMs - How long, in ms, requests wait for a session when the provider has neither `session` nor `getSession` yet (`session-wait-ms`): the elements connect, and ask, before the page's own script has set `getSession`. Nothing is sent while they wait; when the time is up they fail with code `session_not_given`. Bounded by a request's 15 s timeout. Default 10000; `0` sends without a session at once, for a proxy with `authorize` alone.
 *
 * @example
 * <payments-provider proxy-url="/api/payments" session="eyJ…" locale="es" theme="auto">
 *   <payments-transaction-detail transaction-id="1001"></payments-transaction-detail>
 * </payments-provider>
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the interface at the end types accessors the table makes
export class PaymentsProviderElement extends ElementBase {
  protected static override readonly attributes = attributes;

  #queryClient: QueryClient | undefined;
  #fetcher: PaymentsFetcher | undefined;
  #context: ElementsContext | undefined;
  #getSession: (() => Promise<string>) | undefined;
  /** Whether the current fetcher was made with a `getSession` of its own (it asks this element). */
  #fetcherAsks = false;
  #messages: MessageOverrides | undefined;
  readonly #subscribers = new Set<() => void>();
  readonly #sessionWait = createSessionWait();

  constructor() {
    super();
    this.addEventListener(contextRequest, (event) => {
      event.stopPropagation();
      (event as CustomEvent<ContextRequestDetail>).detail.provide(this);
    });
  }

  /** Where your proxy is mounted (`proxy-url`). Default `/api/payments`. */
  declare proxyUrl: string | null;
  /**
   * The payment session token (`session`). A new token is used from the next request on; a token
   * of another subject first drops what the elements inside read or settled for the previous one,
   * and they read again (docs/spa.md#when-the-user-changes).
   */
  declare session: string | null;
  /** BCP 47 locale (`locale`). Default `en`. */
  declare locale: string | null;
  /** IANA time zone (`time-zone`). Default `UTC`. */
  declare timeZone: string | null;
  /** Colour theme (`theme`): `light`, `dark` or `auto`. */
  declare theme: PaymentsTheme | null;

  /**
   * Asks your server for a payment session token: for the first one when `session` is not set,
   * and once more when the proxy says it has expired (a token of another subject is another
   * user, as with `session`). The latest function is the one called.
   * Set it whenever your script runs: before the kit's module defines the tag (it is taken over
   * then), or after the elements have asked (they wait for it, `sessionWaitMs`).
   *
   * @example
   * provider.getSession = () => fetch('/payments-session', { method: 'POST' }).then((r) => r.json()).then((b) => b.token);
   */
  get getSession(): (() => Promise<string>) | undefined {
    return this.#getSession;
  }
  set getSession(value: (() => Promise<string>) | undefined) {
    const had = this.#getSession !== undefined;
    this.#getSession = value;
    // A fetcher made to ask (`#latestGetSession`, or waiting in `#sessionGiven`) asks the function
    // set last and keeps the token it got, which requests already waiting share: it is made anew
    // only when it cannot ask, or must stop asking. A new one would ask for a second token.
    if (had !== (value !== undefined)) this.#changed(value === undefined || !this.#fetcherAsks);
  }

  /** Message overrides for every element inside, e.g. a catalogue from `payments-kit/messages`. */
  get messages(): MessageOverrides | undefined {
    return this.#messages;
  }
  set messages(value: MessageOverrides | undefined) {
    this.#messages = value;
    this.#changed(false);
  }

  connectedCallback(): void {
    this.upgradeProperties();
  }

  attributeChangedCallback(name: string, previous: string | null, next: string | null): void {
    if (previous !== next) this.#changed(transportAttributes.includes(name));
  }

  /** The elements' shared context; a new object whenever something in it changed. */
  get context(): ElementsContext {
    this.#queryClient ??= createElementsQueryClient();
    if (this.#fetcher === undefined) this.#fetcherAsks = this.#getSession !== undefined || (this.session === null && this.sessionWaitMs > 0);
    this.#fetcher ??= createProxyFetcher({
      baseUrl: this.proxyUrl ?? undefined,
      session: this.session ?? undefined,
      getSession: this.#getSession
        ? () => this.#latestGetSession()
        : this.session === null && this.sessionWaitMs > 0
          ? () => this.#sessionGiven()
          : undefined,
    });
    this.#context ??= {
      fetcher: this.#fetcher,
      queryClient: this.#queryClient,
      locale: this.locale ?? undefined,
      timeZone: this.timeZone ?? undefined,
      theme: this.theme ?? undefined,
      messages: this.#messages,
    };
    return this.#context;
  }

  /** Calls `listener` whenever the context changes; returns the way to stop. */
  subscribe(listener: () => void): () => void {
    this.#subscribers.add(listener);
    return () => this.#subscribers.delete(listener);
  }

  // The function set last, though the fetcher was made with an earlier one.
  #latestGetSession(): Promise<string> {
    return this.#getSession ? this.#getSession() : Promise.reject(new Error('getSession was removed.'));
  }

  // With neither `session` nor `getSession`: waits for one, then takes the token from it.
  async #sessionGiven(): Promise<string> {
    if (!this.#hasSession()) await this.#sessionWait.until(this.sessionWaitMs);
    return this.session ?? this.#latestGetSession();
  }

  #hasSession(): boolean {
    return this.session !== null || this.#getSession !== undefined;
  }

  #changed(transport: boolean): void {
    if (transport) this.#fetcher = undefined;
    if (this.#hasSession()) this.#sessionWait.given();
    this.#context = undefined;
    for (const listener of this.#subscribers) listener();
  }
}

// Properties whose setter takes more than their getter gives: only accessor signatures say so.
// The class's accessors are made from its table (ElementBase); `@prop` above lists them in the manifest.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- declares accessors the base class installs
export interface PaymentsProviderElement {
  /**
   * How long, in ms, requests wait for a session when the provider has neither `session` nor
   * `getSession` yet (`session-wait-ms`): the elements connect, and ask, before the page's own
   * script has set `getSession`. Nothing is sent while they wait; when the time is up they fail
   * with code `session_not_given`. Bounded by a request's 15 s timeout. Default 10000; `0` sends
   * without a session at once, for a proxy with `authorize` alone.
   */
  get sessionWaitMs(): number;
  set sessionWaitMs(value: number | null | undefined);
}
