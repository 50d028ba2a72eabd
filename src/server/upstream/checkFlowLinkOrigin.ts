import { parseSafeUrl } from '../../api/index.js';
import { proxyError } from '../proxyError.js';

/**
 * The origins of the API's hosted flow pages, as its documentation shows them
 * (docs/api.md#create-a-flow): production, and the two sandbox hosts its guides link to. The
 * proxy's `flowOrigins` when the merchant lists none.
 */
export const DEFAULT_FLOW_ORIGINS: readonly string[] = ['https://my.dots.dev', 'https://my-sandbox.dots.dev', 'https://my.senddotssandbox.com'];

/**
 * A created flow's `link` is a page the browser will frame or open: it is handed over only when
 * it is a safe URL (https, or http on loopback for the sandbox) on one of `flowOrigins` (by
 * default the API's documented ones). Otherwise 502 `flow_link_refused`, and the link never
 * reaches the page.
 */
export function checkFlowLinkOrigin(answer: { body: string }, flowOrigins: ReadonlySet<string> | undefined, operation: string): void {
  let link: unknown;
  try {
    link = (JSON.parse(answer.body) as { link?: unknown }).link;
  } catch {
    link = undefined;
  }
  const url = typeof link === 'string' ? parseSafeUrl(link) : null;
  if (url !== null && (flowOrigins === undefined || flowOrigins.has(url.origin))) return;
  // The origin goes to the server's log only (`cause`, for onError), never
  // the link, which opens the user's flow. The page learns nothing of where the link pointed.
  throw proxyError(
    502,
    'flow_link_refused',
    `The payments API answered ${operation} with a link this proxy does not hand out: list its origin in flowOrigins.`,
    operation,
    url ? new Error(`Add ${url.origin} to flowOrigins if your flows are there.`) : undefined,
  );
}
