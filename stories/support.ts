// Helpers shared by the stories (not a story file: the glob only picks up *.stories.tsx).
// Stories read like an integrator's code: they import the kit by its public names only.
import type { PaymentsMessages } from 'payments-kit';
import { messagesByLocale, messagesEn, pickMessages } from 'payments-kit/messages';
import type { FaultOptions, Sandbox, SandboxFault } from 'payments-kit/testing';
import { waitFor, within } from 'storybook/test';

/**
 * Story parameters that prepare the sandbox before the story renders (`.storybook/preview.tsx`
 * resets it, then calls `prepare`). On a docs page every story shares one page, and so one
 * sandbox: a story that injects faults is shown there in its own iframe (`inline: false`), with
 * its own sandbox, so its fault cannot leak into the stories next to it.
 */
export function sandboxParameters(prepare: (sandbox: Sandbox) => void, height = '320px') {
  return { sandbox: prepare, docs: { story: { inline: false, height } } };
}

/** `sandboxParameters` for one fault on one operation (every matching request, or `times`). */
export function withFault(fault: SandboxFault, options: FaultOptions, height?: string) {
  return sandboxParameters((sandbox) => {
    sandbox.inject(fault, options);
  }, height);
}

/**
 * `withFault` for the proxy refusing `operation` as a proxy with payment sessions does, in its
 * one error body shape: 401 `session_expired` (`session_invalid`, `session_required`: what the
 * page shows when there is no `getSession` to renew the session), 403 `not_granted`, 409
 * `idempotency_conflict`, or 502 `flow_link_refused` (a created flow's link not of the proxy's
 * flow origins).
 */
export function refusedByProxy(operation: FaultOptions['operation'], status: 401 | 403 | 409 | 502, code: string, height?: string) {
  return withFault(
    { kind: 'status', status, body: { error: { kind: 'http', status, code, message: `Refused: ${code}.`, operation } } },
    { operation },
    height,
  );
}

/** The documented error answers of the payments API (docs/api.md#errors), as the proxy forwards them. */
const apiRefusals = {
  'insufficient-funds': { status: 400, code: 'upstream_rejected', upstreamCode: 'transaction-insufficient-funds', upstreamMessage: 'Not enough funds in wallet' },
  busy: { status: 400, code: 'upstream_retry_later', upstreamCode: 'resource-busy', upstreamMessage: 'The resource is unavailable because one or more previous requests are still being processed.' },
  'invalid-input': { status: 400, code: 'upstream_rejected', upstreamCode: 'invalid-input', upstreamMessage: 'Missing parameter' },
  'card-missing': { status: 400, code: 'upstream_rejected', upstreamCode: 'user-info-missing-card', upstreamMessage: 'User card info is missing' },
  unauthorized: { status: 403, code: 'upstream_rejected', upstreamMessage: 'Resource not found or unauthorized' },
} as const;

/**
 * `withFault` for the payments API refusing `operation` with one of its documented errors, as the
 * proxy passes it on: its own error shape with the API's `upstreamCode` and `upstreamMessage`.
 * A confirm is refused once (its retry goes through); a read every time.
 */
export function refusedByApi(operation: FaultOptions['operation'], refusal: keyof typeof apiRefusals, height?: string) {
  const { status, ...rest } = apiRefusals[refusal];
  return withFault(
    { kind: 'status', status, body: { error: { kind: 'http', status, operation, message: 'The payments API refused it.', ...rest } } },
    operation === 'confirmPaymentIntent' ? { operation, times: 1 } : { operation },
    height,
  );
}

/**
 * `withFault` for the proxy refusing `operation` past the page's budget, as a proxy with rate
 * limits does: 429 `rate_limited` in its one error body, with `Retry-After` (seconds). `times`
 * limits it to the first requests, as a limit that clears.
 */
export function rateLimitedByProxy(operation: FaultOptions['operation'], retryAfterSeconds: number, times?: number, height?: string) {
  const status = 429;
  return withFault(
    {
      kind: 'status',
      status,
      headers: { 'retry-after': String(retryAfterSeconds) },
      body: { error: { kind: 'http', status, code: 'rate_limited', message: 'Too many requests.', operation } },
    },
    times === undefined ? { operation } : { operation, times },
    height,
  );
}

/** The sandbox of this story, as the preview's loader hands it over (`loaded.sandbox`). */
export function sandboxOf(context: { loaded: Record<string, unknown> }): Sandbox {
  return context.loaded.sandbox as Sandbox;
}

/** The locale toolbar: one entry per shipped catalogue, named in its own language. */
export const toolbarLocales = [
  { value: 'en', title: 'English' },
  { value: 'es', title: 'Español' },
  { value: 'fr', title: 'Français' },
  { value: 'de', title: 'Deutsch' },
  { value: 'it', title: 'Italiano' },
  { value: 'nl', title: 'Nederlands' },
  { value: 'pt-BR', title: 'Português (Brasil)' },
  { value: 'ja', title: '日本語' },
  { value: 'ar', title: 'العربية' },
  { value: 'zh-CN', title: '简体中文' },
  { value: 'pl', title: 'Polski' },
  { value: 'he', title: 'עברית' },
];

/**
 * The kit's words in the locale picked in the toolbar, so that play functions assert what the
 * user reads in any of the shipped languages.
 */
export function messagesFor(context: { globals: Record<string, unknown> }): PaymentsMessages {
  return pickMessages(localeOf(context), messagesByLocale) ?? messagesEn;
}

/** The toolbar's locale. */
export function localeOf(context: { globals: Record<string, unknown> }): string {
  const locale = context.globals.locale;
  return typeof locale === 'string' ? locale : 'en';
}

/** `{placeholder}` interpolation, as the kit does it. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/**
 * A volume period in the card's words: `30d` in the plural form its 30 days take in `locale`
 * ("آخر ٣٠ يومًا" is Arabic's `many`), the number written for the locale; an unknown period raw.
 */
export function periodWords(period: string, m: PaymentsMessages, locale: string): string {
  const { '30d': lastDays, ...names } = m.volumePeriods;
  if (period !== '30d') return (names as Partial<Record<string, string>>)[period] ?? period;
  return fill(lastDays[new Intl.PluralRules(locale).select(30)] ?? lastDays.other, { count: new Intl.NumberFormat(locale).format(30) });
}

/**
 * USD money as the kit shows it: from integer cents, formatted as an exact decimal string (Intl
 * formats strings exactly, so Number.MAX_SAFE_INTEGER cents keeps its last digit).
 */
export function usd(cents: number | bigint, locale: string): string {
  const value = BigInt(cents);
  const abs = value < 0n ? -value : value;
  const decimal = `${value < 0n ? '-' : ''}${String(abs / 100n)}.${String(abs % 100n).padStart(2, '0')}`;
  // The string overload of format() (Intl.NumberFormat v3) is not in TypeScript's lib yet.
  const formatter = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }) as unknown as {
    format: (value: string) => string;
  };
  // Intl puts no-break spaces around the currency in some locales (`1250,00 US$`); matchers
  // compare text with its whitespace collapsed to plain spaces, so this does too.
  return formatter.format(decimal).replace(/\s+/g, ' ');
}

/** The `<dd>` of the field labelled `label` (a `<dt>`) inside `root`. */
export function field(root: HTMLElement, label: string): HTMLElement {
  const term = within(root)
    .getAllByText(label, { selector: 'dt, dt > bdi' })
    .map((element) => element.closest('dt'))
    .find((element) => element !== null);
  const value = term?.nextElementSibling;
  if (!(value instanceof HTMLElement)) throw new Error(`No field labelled “${label}”.`);
  return value;
}

/**
 * Waits until the component root has `data-state` = `state` and is no longer busy (`aria-busy`: a
 * confirm in flight, or the confirm button's answer view still loading), and returns it.
 */
export async function settled(root: HTMLElement, state: string): Promise<HTMLElement> {
  await waitFor(() => {
    const busy = root.getAttribute('aria-busy') === 'true' && state !== 'confirming' && state !== 'recovering';
    if (root.getAttribute('data-state') !== state || busy) {
      throw new Error(`Expected data-state="${state}"${busy ? ' and not busy' : ''}, it shows "${String(root.getAttribute('data-state'))}"${busy ? ', busy' : ''}.`);
    }
  });
  return root;
}

/** The `direction` the browser laid `element` out in (`ltr` or `rtl`), inherited or its own. */
export function directionOf(element: Element): string {
  return getComputedStyle(element).direction;
}

/** Where the text of `element` is drawn (a Range over its contents), not its block's box. */
export function textBox(element: Node): DOMRect {
  const range = document.createRange();
  range.selectNodeContents(element);
  return range.getBoundingClientRect();
}

/** The content box of `element`: its border box less borders and padding. */
function contentBox(element: Element): { left: number; right: number } {
  const box = element.getBoundingClientRect();
  const style = getComputedStyle(element);
  const px = (value: string) => Number.parseFloat(value) || 0;
  return {
    left: box.left + px(style.borderLeftWidth) + px(style.paddingLeft),
    right: box.right - px(style.borderRightWidth) - px(style.paddingRight),
  };
}

/**
 * The side of `container`'s content box that the text of `element` starts from: `right` when it
 * touches the right edge only (right to left), `left` when the left edge only, `both` when it
 * fills the line. Layout, read as a reader sees it (1 px of rounding allowed).
 */
export function textEdge(element: Element, container: Element): 'left' | 'right' | 'both' | 'neither' {
  const text = textBox(element);
  const box = contentBox(container);
  const left = Math.abs(text.left - box.left) <= 1;
  const right = Math.abs(text.right - box.right) <= 1;
  return left && right ? 'both' : left ? 'left' : right ? 'right' : 'neither';
}

/**
 * The horizontal position of each decimal digit of `element`'s text, in the order the text holds
 * them: rising for digits drawn left to right.
 */
export function digitPositions(element: Element): number[] {
  const positions: number[] = [];
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    const text = node.textContent ?? '';
    for (let index = 0; index < text.length; index += 1) {
      if (!/\p{Nd}/u.test(text.charAt(index))) continue;
      range.setStart(node, index);
      range.setEnd(node, index + 1);
      positions.push(range.getBoundingClientRect().left);
    }
  }
  return positions;
}

/**
 * The origin of the sandbox's hosted flow pages (`.storybook/preview.tsx` gives it to the
 * sandbox). Storybook serves them from `public/hosted/`, on its own origin, which the kit embeds
 * in a development build when `allowedOrigins` lists it (so play functions reach into the frame)
 * and never in a production one. So a built Storybook on a loopback address links to the same
 * server by its other name, another origin (`localhost` for `127.0.0.1`, and back). A built
 * Storybook served on any other host cannot embed the sandbox's flows.
 */
export const sandboxFlowOrigin: string = import.meta.env.PROD ? otherLoopbackOrigin(window.location) : window.location.origin;

/**
 * `allowedOrigins` for the sandbox's hosted flow pages. Your own app lists the payments service's
 * flow origin instead.
 */
export const sandboxFlowOrigins: readonly string[] = [sandboxFlowOrigin];

/** `location`'s origin under its other loopback name, or its own origin when it has none. */
function otherLoopbackOrigin(location: Location): string {
  const other = { '127.0.0.1': 'localhost', localhost: '127.0.0.1' }[location.hostname];
  if (other === undefined) return location.origin;
  const url = new URL(location.origin);
  url.hostname = other;
  return url.origin;
}
