// The sandbox's stand-in for the payments service's hosted flow pages, the pages flow links
// point at (docs/api.md#create-a-flow), speaking the message protocol `FlowLauncher` follows. The page is static — everything it shows comes from its URL
// (`?flow=…&steps=a,b&verify_after=…&expires=…&styles=…`) — so the same three files work when the sandbox
// serves them and when a static host does (Storybook's build: see public/hosted/, written by
// `npm run hosted-pages` and checked against this module by a test). It runs under a strict
// CSP: no inline script or style.

export const HOSTED_FLOW_PATH = '/hosted/flow.html';

export const hostedFlowHtml = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox hosted flow</title><link rel="stylesheet" href="/hosted/flow.css"></head>
<body><main id="flow"><h1>Set up your account</h1><p class="muted">Sandbox flow <code id="flow-id"></code>. Nothing here is real.</p>
<ol class="steps" id="steps"></ol>
<label class="notes">Notes for this step <textarea rows="2"></textarea></label></main>
<main id="verify" hidden><h1>Verify it’s you</h1><p>Enter the code we sent to your phone. In the sandbox any code works.</p>
<form id="verify-form"><label>Verification code <input id="verify-code" inputmode="numeric" autocomplete="one-time-code"></label>
<button type="submit">Verify</button></form></main>
<main id="expired" hidden><h1>This link has expired</h1><p>Ask the site that sent you here to start again.</p></main>
<script src="/hosted/flow.js" defer></script></body></html>
`;

export const hostedFlowCss = `:root{color-scheme:light;--bg:#fff;--fg:#1a1a2e;--muted:#4a4a5e;--accent:#3a3ab8;--accent-fg:#fff;--border:#c9c9d6}
:root.dark{color-scheme:dark;--bg:#16161f;--fg:#ececf4;--muted:#b4b4c8;--accent:#9d9dff;--accent-fg:#10101a;--border:#3a3a4e}
body{margin:0;padding:16px 20px;font:15px/1.5 system-ui,sans-serif;background:var(--bg);color:var(--fg)}
h1{font-size:1.15rem;margin:0 0 .25rem}.muted{color:var(--muted);margin:0 0 .5rem}
.steps{padding-left:1.2rem;margin:.5rem 0}.steps li{padding:6px 0;border-bottom:1px solid var(--border)}
.steps li>div{display:flex;gap:12px;align-items:center;justify-content:space-between}
.steps li[data-done=true] span{text-decoration:line-through;color:var(--muted)}
button{font:inherit;padding:4px 12px;border-radius:6px;border:0;background:var(--accent);color:var(--accent-fg);cursor:pointer}
button:disabled{opacity:.7;cursor:default}
.notes{display:block;margin-top:12px}textarea{display:block;width:100%;box-sizing:border-box;font:inherit}
#verify-form{display:flex;gap:12px;align-items:end;flex-wrap:wrap}#verify-form input{display:block;font:inherit}`;

/** English words for the eight step names (the sandbox page is English only). */
const STEP_TITLES = {
  compliance: 'Business details',
  'id-verification': 'Verify your identity',
  'background-check': 'Background check',
  'manage-payments': 'Payment settings',
  'manage-payouts': 'Payout settings',
  payout: 'Payout account',
  redirect: 'Finish',
  'pdf-form-fill': 'Fill in a form',
};

/**
 * Posts `{ height }` whenever the page's size changes and `{ step, status: 'completed' }` when a
 * step is done; a dead link (`expires` past, or served with its "expired" part shown) posts
 * `{ status: 'expired' }`. Past `verify_after`
 * the user is asked to verify again (the API's SMS code; any code here) before the next step,
 * and the flow goes on: the link stays usable, as the API documents. The messages carry no
 * secret, so the sandbox posts them to any parent (`'*'`); a real hosted page would name its
 * embedder. The `styles` parameter (`{ theme, variables }` as JSON) themes the page.
 */
export const hostedFlowJs = `(() => {
  const TITLES = ${JSON.stringify(STEP_TITLES)};
  const params = new URLSearchParams(location.search);
  const post = (message) => { if (window.parent !== window) window.parent.postMessage(message, '*'); };
  try {
    const styles = JSON.parse(params.get('styles') || 'null');
    if (styles && typeof styles === 'object') {
      if (styles.theme === 'dark') document.documentElement.classList.add('dark');
      const vars = styles.variables && typeof styles.variables === 'object' ? styles.variables : {};
      for (const [name, value] of Object.entries(vars)) {
        if (/^--[a-z0-9-]+$/.test(name) && typeof value === 'string' && /^[#(),.%\\w\\s-]+$/.test(value)) document.documentElement.style.setProperty(name, value);
      }
    }
  } catch {}
  const report = () => post({ height: Math.ceil(document.documentElement.getBoundingClientRect().height) });
  new ResizeObserver(report).observe(document.documentElement);
  const show = (id) => {
    for (const main of document.querySelectorAll('main')) main.hidden = main.id !== id;
    report();
  };
  // Dead: its link says so (a static host), or the sandbox served the page already expired.
  const expires = Number(params.get('expires'));
  if ((params.has('expires') && !(expires > Date.now())) || !document.getElementById('expired').hidden) {
    show('expired');
    post({ status: 'expired' });
    return;
  }
  const verifyAfter = params.has('verify_after') ? Number(params.get('verify_after')) : Infinity;
  let verified = false;
  let afterVerifying = null;
  // Run now, or once the user has verified again when the signed-in window has passed. Focus
  // moves to the code only on the user's own click: on load it would pull focus into the frame.
  const whenSignedIn = (action, clicked) => {
    if (verified || !(Date.now() > verifyAfter)) return action();
    afterVerifying = action;
    show('verify');
    if (clicked) document.getElementById('verify-code').focus();
  };
  document.getElementById('verify-form').addEventListener('submit', (event) => {
    event.preventDefault();
    verified = true;
    show('flow');
    const action = afterVerifying;
    afterVerifying = null;
    if (action) action();
  });
  document.getElementById('flow-id').textContent = params.get('flow') || '';
  const list = document.getElementById('steps');
  for (const step of (params.get('steps') || '').split(',').filter(Boolean)) {
    const item = document.createElement('li');
    item.dataset.step = step;
    const row = document.createElement('div');
    const title = document.createElement('span');
    title.textContent = TITLES[step] || step;
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = 'Complete step';
    button.setAttribute('aria-label', 'Complete step: ' + title.textContent);
    button.addEventListener('click', () => whenSignedIn(() => {
      button.disabled = true;
      button.textContent = 'Done';
      item.dataset.done = 'true';
      post({ step, status: 'completed' });
    }, true));
    row.append(title, button);
    item.append(row);
    list.append(item);
  }
  report();
  whenSignedIn(() => undefined, false);
})();
`;
