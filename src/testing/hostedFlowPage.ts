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

// The kit's palette and type (--pk-* of payments-kit/styles.css, light then dark), under the same
// variable names, so the page looks like the launcher around it and the colours a launcher
// forwards (`forwardTheme`) apply as they are. The testing layer cannot import the stylesheet:
// test/testing/hostedFlowPage.browser.test.tsx compares the two as Chromium computes them.
export const hostedFlowCss = `:root{color-scheme:light;--pk-color-surface:#ffffff;--pk-color-surface-subtle:#f5f6f8;--pk-color-text:#1b1f24;--pk-color-text-muted:#555d6b;--pk-color-border:#d3d8df;--pk-color-border-strong:#7b8494;--pk-color-accent:#1f4fd1;--pk-color-on-accent:#ffffff;--pk-color-focus:#1f4fd1;--pk-color-done:#12663f}
:root.dark{color-scheme:dark;--pk-color-surface:#17191d;--pk-color-surface-subtle:#1f2228;--pk-color-text:#e7e9ec;--pk-color-text-muted:#a3aab5;--pk-color-border:#363b44;--pk-color-border-strong:#7d8593;--pk-color-accent:#8db4ff;--pk-color-on-accent:#0b1324;--pk-color-focus:#8db4ff;--pk-color-done:#8ee0b1}
body{margin:0;padding:16px 20px;font:400 15px/1.5 -apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;background:var(--pk-color-surface);color:var(--pk-color-text)}
h1{font-size:1.0625em;font-weight:600;margin:0 0 .25rem}.muted{color:var(--pk-color-text-muted);margin:0 0 .5rem}
.steps{padding-inline-start:1.2rem;margin:.5rem 0}.steps li{padding:6px 0;border-bottom:1px solid var(--pk-color-border)}
.steps li>div{display:flex;gap:12px;align-items:center;justify-content:space-between}
.steps li[data-done=true] span{color:var(--pk-color-done)}.steps li[data-done=true] span::before{content:'\\2713\\00a0' / ''}
button{font:inherit;font-weight:600;min-height:2.25rem;padding:.375rem .875rem;border-radius:4px;border:1px solid var(--pk-color-accent);background:var(--pk-color-accent);color:var(--pk-color-on-accent);cursor:pointer}
button:disabled{border-color:var(--pk-color-border-strong);background:var(--pk-color-surface);color:var(--pk-color-text);opacity:.6;cursor:default}
:focus-visible{outline:2px solid var(--pk-color-focus);outline-offset:2px}
.notes{display:block;margin-top:12px;color:var(--pk-color-text-muted)}textarea{display:block;width:100%;box-sizing:border-box;font:inherit;margin-top:4px;padding:.375rem .5rem;border:1px solid var(--pk-color-border-strong);border-radius:4px;background:var(--pk-color-surface);color:var(--pk-color-text)}
#verify-form{display:flex;gap:12px;align-items:end;flex-wrap:wrap}#verify-form input{display:block;font:inherit;margin-top:4px;padding:.375rem .5rem;border:1px solid var(--pk-color-border-strong);border-radius:4px;background:var(--pk-color-surface);color:var(--pk-color-text)}`;

/**
 * The launcher's English words for the eight step names (`flowSteps` of the kit's catalogue; the
 * sandbox page is English only), so the page and the launcher's progress name a step alike.
 */
const STEP_TITLES = {
  compliance: 'Compliance',
  'id-verification': 'Identity verification',
  'background-check': 'Background check',
  'manage-payments': 'Manage payments',
  'manage-payouts': 'Manage payouts',
  payout: 'Payout',
  redirect: 'Return to site',
  'pdf-form-fill': 'Fill out PDF form',
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
