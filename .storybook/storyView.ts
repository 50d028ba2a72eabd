// What a story drew, read from the page: by the story tests after each story (preview.tsx)
// and by the built Storybook's visit (test/e2e/builtStorybook.node.test.ts), which hands
// `readStoryView` to Playwright's `page.evaluate`. So it stays one self-contained function: plain
// DOM, nothing from outside its body.

/** What a story's canvas shows once its render and play function are over. */
export interface StoryCanvas {
  /** Each error, not-found or expired region shown, as `data-state`, `:data-kind`, `/data-refusal`, sorted. */
  shown: string[];
  /** Custom element tags used but never defined. */
  undefinedTags: string[];
  /** Whether anything is drawn at all. */
  hasContent: boolean;
  /** What Storybook's error page shows, when it is up. */
  errorDisplay: string | undefined;
}

/**
 * Reads the canvas of the story on this page (`root`, else Storybook's own root), shadow roots
 * included, since the elements draw inside theirs.
 */
export function readStoryView(root: Element | null = null): StoryCanvas {
  // What the story drew, inside the surface the preview's decorator paints in the theme's colour.
  const canvas = (root ?? document.querySelector('#storybook-root'))?.querySelector('.sb-surface') ?? root ?? document.body;
  const shown: string[] = [];
  const undefinedTags = new Set<string>();
  let hasContent = false;
  // Drawn: a box larger than the 1 px of visually hidden text, holding text, a frame or a
  // painted surface (a skeleton's lines).
  const drawn = (element: Element) => {
    const box = element.getBoundingClientRect();
    if (box.width < 2 || box.height < 2) return false;
    const style = getComputedStyle(element);
    if (style.visibility !== 'visible' || style.opacity === '0') return false;
    const text = [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '');
    const painted = !/rgba\(.*, 0\)|transparent/.test(style.backgroundColor) || style.backgroundImage !== 'none';
    return text || painted || ['iframe', 'img', 'svg', 'input', 'button'].includes(element.localName);
  };
  const walk = (node: Element | ShadowRoot) => {
    const regions: Element[] = [];
    for (const element of node.querySelectorAll('*')) {
      if (element.localName.includes('-') && customElements.get(element.localName) === undefined) undefinedTags.add(element.localName);
      const state = element.getAttribute('data-state');
      if ((state === 'error' || state === 'not-found' || state === 'expired') && element.getBoundingClientRect().height > 0) regions.push(element);
      hasContent ||= drawn(element);
      if (element.shadowRoot) walk(element.shadowRoot);
    }
    // A component's root takes the state of the region inside it: the innermost one says which.
    for (const region of regions.filter((outer) => !regions.some((inner) => inner !== outer && outer.contains(inner)))) {
      const kind = region.getAttribute('data-kind');
      const refusal = region.getAttribute('data-refusal');
      shown.push(`${region.getAttribute('data-state') ?? ''}${kind ? `:${kind}` : ''}${refusal ? `/${refusal}` : ''}`);
    }
  };
  walk(canvas);
  // Storybook's own error page, over the canvas, when rendering threw: the canvas underneath
  // may still hold what rendered before.
  const errorDisplay = document.body.classList.contains('sb-show-errordisplay')
    ? (document.querySelector('#error-message')?.textContent ?? 'an error')
    : undefined;
  return { shown: shown.sort(), undefinedTags: [...undefinedTags], hasContent, errorDisplay };
}

/**
 * What is wrong with a story's canvas, one line each; none: `[]`. `declared` is the story's
 * `parameters.showsError`: the error regions it ends on on purpose.
 */
export function storyViewProblems(view: StoryCanvas, declared: readonly string[] = []): string[] {
  const problems: string[] = [];
  if (view.errorDisplay !== undefined) problems.push(`Storybook's error page: ${view.errorDisplay}`);
  if (view.undefinedTags.length > 0) problems.push(`<${view.undefinedTags.join('>, <')}> never defined`);
  if (!view.hasContent) problems.push('blank canvas');
  const wanted = [...declared].sort();
  if (view.shown.join() !== wanted.join()) problems.push(`shows [${view.shown.join(', ')}], declares [${wanted.join(', ')}]`);
  return problems;
}
