import { HOSTED_FLOW_PATH, hostedFlowCss, hostedFlowHtml, hostedFlowJs } from './hostedFlowPage.js';
import type { SandboxData } from './sandboxOperations.js';

/**
 * The hosted flow page that flow links point at, and its script and stylesheet. A known flow whose
 * link was made to stop working (`sandboxIds.expiredFlowUser`, `expireFlow`) answers 410; a
 * signed-in window that has passed does not: the page asks the user to verify again.
 */
export function serveHostedPage(request: Request, url: URL, data: SandboxData, now: () => Date): Response {
  const headers = {
    'content-security-policy': "default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self'; frame-ancestors *",
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-store',
  };
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return new Response('Method not allowed', { status: 405, headers: { ...headers, allow: 'GET, HEAD' } });
  }
  const files: Record<string, [string, string]> = {
    [HOSTED_FLOW_PATH]: [hostedFlowHtml, 'text/html; charset=utf-8'],
    '/hosted/flow.js': [hostedFlowJs, 'text/javascript; charset=utf-8'],
    '/hosted/flow.css': [hostedFlowCss, 'text/css; charset=utf-8'],
  };
  const file = Object.hasOwn(files, url.pathname) ? files[url.pathname] : undefined;
  if (!file) return new Response('Not found', { status: 404, headers: { ...headers, 'content-type': 'text/plain' } });
  // A dead link answers 410, its page showing "expired" (which its script then reports).
  const entry = data.flows.get(url.searchParams.get('flow') ?? '');
  const expired = entry?.expiresAt !== undefined && now().getTime() > entry.expiresAt;
  const body = expired && url.pathname === HOSTED_FLOW_PATH ? expiredPage(file[0]) : file[0];
  return new Response(body, { status: expired ? 410 : 200, headers: { ...headers, 'content-type': file[1] } });
}

function expiredPage(html: string): string {
  return html.replace('<main id="flow">', '<main id="flow" hidden>').replace('<main id="expired" hidden>', '<main id="expired">');
}
