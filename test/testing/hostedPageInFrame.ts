// The sandbox's hosted flow page in a frame of a Chromium test, for the browser project, which
// serves no /hosted/ path: the page's own three files (src/testing/hostedFlowPage.ts) as one
// document, its stylesheet and script inlined, the query of its link given to its script.
import axe from 'axe-core';
import { expect } from 'vitest';
// eslint-disable-next-line no-restricted-imports -- hostedFlowCss, hostedFlowHtml, hostedFlowJs of testing/hostedFlowPage, which no entry exports
import { hostedFlowCss, hostedFlowHtml, hostedFlowJs } from '../../src/testing/hostedFlowPage.js';

/** The hosted page opened by a link whose query is `search` (`?flow=…&steps=…`), as one document. */
export function inlineHostedPage(search: string): string {
  return (
    hostedFlowHtml
      .replace('<link rel="stylesheet" href="/hosted/flow.css">', () => `<style>${hostedFlowCss}</style>`)
      // The script reads only `location.search` of its address, which an inlined page does not have.
      .replace('<script src="/hosted/flow.js" defer></script>', () => `<script>{ const location = { search: ${JSON.stringify(search)} };\n${hostedFlowJs}}</script>`)
  );
}

/**
 * Loads the hosted page into the frame `frame()` finds (its `srcdoc`, which wins over the `src`
 * of the flow link) and resolves with the page's document once its steps are drawn. Asked again
 * until then: a launcher may put a new frame in the place of the first, and the link's address
 * may fail to load after the srcdoc was set. The frame then has the
 * test page's origin, so the launcher around it ignores what the page posts (height, steps done).
 */
export async function showHostedPage(frame: () => HTMLIFrameElement | null): Promise<Document> {
  const drawn = () => {
    const current = frame();
    if (!current?.src) return undefined;
    const { search } = new URL(current.src);
    const html = inlineHostedPage(search);
    // No document to reach: the link's own address failed after the srcdoc was set, and its error
    // page (another origin) took the frame. Setting srcdoc again loads the page again.
    if (current.srcdoc !== html || current.contentDocument === null) current.srcdoc = html;
    const steps = (new URLSearchParams(search).get('steps') ?? '').split(',').filter(Boolean).length;
    const doc = current.contentDocument;
    return doc?.querySelectorAll('#steps li').length === steps ? doc : undefined;
  };
  await expect.poll(drawn).toBeDefined();
  const doc = drawn();
  if (!doc) throw new Error('the hosted page did not load');
  return doc;
}

/**
 * axe's colour-contrast failures in the hosted page `frame()` shows, run in that document's own
 * window (axe checks the document it is loaded into). The frame may show another document by the
 * time axe is added (the link's own address failing after the srcdoc was set, on a busy machine):
 * the page is then found and axe added again, a few times at most.
 */
export async function contrastFailuresIn(frame: () => HTMLIFrameElement | null): Promise<string[]> {
  for (let attempt = 1; ; attempt++) {
    const doc = await showHostedPage(frame);
    const script = doc.createElement('script');
    script.textContent = axe.source;
    doc.head.append(script);
    const view = doc.defaultView as (Window & { axe?: typeof axe }) | null;
    if (view?.axe) {
      const results = await view.axe.run(doc.body, { runOnly: ['color-contrast'] });
      return results.violations.flatMap((violation) => violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`));
    }
    if (attempt === 5) throw new Error('axe did not load in the frame');
  }
}
