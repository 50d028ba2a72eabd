// The page's own script (a file: the CSP allows no inline script). The elements' events bubble
// and are composed, so one listener on the document hears every element.
const list = document.getElementById('events');
for (const type of ['payments-confirmed', 'payments-error', 'payments-complete']) {
  document.addEventListener(type, (event) => {
    const item = document.createElement('li');
    item.dataset.type = type;
    item.textContent = type === 'payments-error' ? `${type}: ${event.detail.kind} ${String(event.detail.status ?? '')}` : `${type}: ${event.detail.id} ${event.detail.status ?? ''}`;
    list.append(item);
  });
}
