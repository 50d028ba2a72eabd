import type { Flow } from '../api/index.js';

// The sandbox's stand-in for the payments service's hosted flow pages (spec §2.5: `link` "can
// be embedded in an iframe"). It is served with a strict CSP: no inline script or style, so
// the script and stylesheet are separate resources.

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Human words for the seven steps of spec §2.5 (the sandbox page is English only). */
const STEP_TITLES: Record<string, string> = {
  compliance: 'Business details',
  'id-verification': 'Verify your identity',
  'background-check': 'Background check',
  'manage-payments': 'Payment settings',
  'manage-payouts': 'Payout settings',
  payout: 'Payout account',
  redirect: 'Finish',
};

export function hostedFlowHtml(flow: Flow, expired: boolean): string {
  const steps = flow.steps
    .map((step) => {
      const done = flow.completed_steps.includes(step);
      return `<li data-step="${escapeHtml(step)}" data-done="${String(done)}"><span>${escapeHtml(STEP_TITLES[step] ?? step)}</span>
<button type="button" data-complete="${escapeHtml(step)}"${done ? ' disabled' : ''}>${done ? 'Done' : 'Complete step'}</button></li>`;
    })
    .join('\n');
  const body = expired
    ? `<h1>This link has expired</h1><p>Ask the site that sent you here to start again.</p>`
    : `<h1>Set up your account</h1><p>Sandbox flow <code>${escapeHtml(flow.id)}</code>. Nothing here is real.</p>
<ol class="steps">${steps}</ol>
<label class="notes">Notes for this step <textarea rows="2"></textarea></label>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox hosted flow</title><link rel="stylesheet" href="/hosted/flow.css"></head>
<body data-flow-id="${escapeHtml(flow.id)}" data-expired="${String(expired)}">${body}
<script src="/hosted/flow.js" defer></script></body></html>`;
}

export const hostedFlowCss = `:root{color-scheme:light dark;--bg:#fff;--fg:#1a1a2e;--accent:#3a3ab8;--accent-fg:#fff;--border:#c9c9d6}
body{margin:0;padding:16px 20px;font:15px/1.5 system-ui,sans-serif;background:var(--bg);color:var(--fg)}
h1{font-size:1.15rem;margin:0 0 .25rem}
.steps{padding-left:1.2rem}.steps li{display:flex;gap:12px;align-items:center;justify-content:space-between;padding:6px 0;border-bottom:1px solid var(--border)}
.steps li[data-done=true] span{text-decoration:line-through}
button{font:inherit;padding:4px 12px;border-radius:6px;border:0;background:var(--accent);color:var(--accent-fg);cursor:pointer}
button:disabled{opacity:.6;cursor:default}
.notes{display:block;margin-top:12px}textarea{display:block;width:100%;box-sizing:border-box}`;

/**
 * Posts `{ height }` whenever the page's size changes and `{ step, status: 'completed' }` when
 * a step is done; an expired link posts `{ status: 'expired' }`. The messages carry no secret,
 * so the sandbox posts them to any parent (`'*'`); a real hosted page would name its embedder.
 * The `styles` query parameter (`{ theme, variables }` as JSON) themes the page.
 */
export const hostedFlowJs = `(() => {
  const body = document.body;
  const post = (message) => { if (window.parent !== window) window.parent.postMessage(message, '*'); };
  try {
    const styles = JSON.parse(new URLSearchParams(location.search).get('styles') || 'null');
    if (styles && typeof styles === 'object') {
      if (styles.theme === 'dark') { document.documentElement.style.setProperty('--bg', '#16161f'); document.documentElement.style.setProperty('--fg', '#ececf4'); }
      const vars = styles.variables && typeof styles.variables === 'object' ? styles.variables : {};
      for (const [name, value] of Object.entries(vars)) {
        if (/^--[a-z0-9-]+$/.test(name) && typeof value === 'string' && /^[#(),.%\\w\\s-]+$/.test(value)) document.documentElement.style.setProperty(name, value);
      }
    }
  } catch {}
  const report = () => post({ height: Math.ceil(document.documentElement.getBoundingClientRect().height) });
  new ResizeObserver(report).observe(document.documentElement);
  report();
  if (body.dataset.expired === 'true') { post({ status: 'expired' }); return; }
  const flowId = body.dataset.flowId;
  document.addEventListener('click', async (event) => {
    const button = event.target instanceof Element ? event.target.closest('button[data-complete]') : null;
    if (!button || button.disabled) return;
    const step = button.getAttribute('data-complete');
    button.disabled = true;
    const response = await fetch('/hosted/flows/' + encodeURIComponent(flowId) + '/complete', {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ step }),
    });
    if (!response.ok) { button.disabled = false; return; }
    button.textContent = 'Done';
    button.closest('li').dataset.done = 'true';
    post({ step, status: 'completed' });
  });
})();
`;
