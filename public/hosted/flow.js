(() => {
  const TITLES = {"compliance":"Compliance","id-verification":"Identity verification","background-check":"Background check","manage-payments":"Manage payments","manage-payouts":"Manage payouts","payout":"Payout","redirect":"Return to site","pdf-form-fill":"Fill out PDF form"};
  const params = new URLSearchParams(location.search);
  const post = (message) => { if (window.parent !== window) window.parent.postMessage(message, '*'); };
  try {
    const styles = JSON.parse(params.get('styles') || 'null');
    if (styles && typeof styles === 'object') {
      if (styles.theme === 'dark') document.documentElement.classList.add('dark');
      const vars = styles.variables && typeof styles.variables === 'object' ? styles.variables : {};
      for (const [name, value] of Object.entries(vars)) {
        if (/^--[a-z0-9-]+$/.test(name) && typeof value === 'string' && /^[#(),.%\w\s-]+$/.test(value)) document.documentElement.style.setProperty(name, value);
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
