// The kit component inside a custom element, for the elements' browser tests and the elements'
// stories alike: plain DOM, so each waits for it with its own runner's retrying wait.

/** The kit component's root inside `element`'s shadow root, or null. */
export function rootOf(element: Element): HTMLElement | null {
  return element.shadowRoot?.querySelector<HTMLElement>('.pk-root') ?? null;
}

/**
 * The root inside `element` if it shows `state` (its `data-state`); throws otherwise, so that
 * a retrying wait (`vi.waitFor`, Testing Library's `waitFor`) returns it once it does.
 */
export function rootShowing(element: Element, state: string): HTMLElement {
  const root = rootOf(element);
  const shown = root?.getAttribute('data-state');
  if (root === null || shown !== state) throw new Error(`Expected <${element.localName}> to show data-state="${state}", it shows ${root === null ? 'no root' : `"${String(shown)}"`}.`);
  // Busy (aria-busy) outside the states that are a wait themselves: the confirm button's answer
  // view is still loading, so what the state shows is not drawn yet.
  if (root.getAttribute('aria-busy') === 'true' && state !== 'confirming' && state !== 'recovering') {
    throw new Error(`Expected <${element.localName}> to show data-state="${state}", it is still busy.`);
  }
  return root;
}
