(() => {
  const TITLES = {"compliance":"Business details","id-verification":"Verify your identity","background-check":"Background check","manage-payments":"Payment settings","manage-payouts":"Payout settings","payout":"Payout account","redirect":"Finish"};
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
  const expires = Number(params.get('expires'));
  if (params.has('expires') && !(expires > Date.now())) {
    document.getElementById('flow').hidden = true;
    document.getElementById('expired').hidden = false;
    report();
    post({ status: 'expired' });
    return;
  }
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
    button.addEventListener('click', () => {
      button.disabled = true;
      button.textContent = 'Done';
      item.dataset.done = 'true';
      post({ step, status: 'completed' });
    });
    row.append(title, button);
    item.append(row);
    list.append(item);
  }
  report();
})();
