// The parts a host page may style with `::part()` (docs/elements.md#styling), named after the
// kit's stable class names: `payments-volume-card::part(root)` is the card's `.pk-root`.
const partOfClass: Readonly<Record<string, string>> = {
  'pk-root': 'root',
  'pk-button': 'button',
  'pk-badge': 'badge',
  'pk-money': 'money',
  'pk-dialog': 'dialog',
  'pk-flow-frame': 'frame',
  'pk-steps': 'steps',
  'pk-table': 'table',
  'pk-field': 'field',
};
const selector = Object.keys(partOfClass)
  .map((name) => `.${name}`)
  .join(',');

/** Names `part` on every main element of `root` now and as React renders more. */
export function exportParts(root: ShadowRoot): MutationObserver {
  const apply = () => {
    for (const element of root.querySelectorAll(selector)) {
      const parts = [...element.classList].flatMap((name) => partOfClass[name] ?? []);
      if (element.getAttribute('part') !== parts.join(' ')) element.setAttribute('part', parts.join(' '));
    }
  };
  const observer = new MutationObserver(apply);
  observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['class'] });
  apply();
  return observer;
}
