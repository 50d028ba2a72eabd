// The page's own script (a file: the page's CSP allows no inline script). The elements' events
// bubble and are composed: one listener on the document hears them all.
const list = document.getElementById('events');
for (const type of ['payments-confirmed', 'payments-error']) {
  document.addEventListener(type, (event) => {
    const item = document.createElement('li');
    item.textContent =
      type === 'payments-error'
        ? `${type}: ${event.detail.code ?? event.detail.kind} ${String(event.detail.status ?? '')}`
        : `${type}: ${event.detail.id} ${event.detail.status ?? ''}`;
    list.append(item);
  });
}
