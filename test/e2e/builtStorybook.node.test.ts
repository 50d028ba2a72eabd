// End to end: the Storybook designers browse, as `npm run build-storybook` makes it (a production
// build) and a static file server serves it, visited story by story in Debian's Chromium. The
// story tests (storybook-light, storybook-dark) run the stories in a development build only,
// where a dropped side-effect import or a flow link refused in production cannot show.
import { execFile } from 'node:child_process';
import { readFile, mkdtemp, rm, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './watchPage.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};

let outDir: string | undefined;
let server: Server | undefined;
let origin: string;
let browser: Browser | undefined;
let page: Page;
let storyIds: string[];
/** What the page logged as an error, or threw, since the last visit began. */
let logged: string[] = [];

/**
 * A static file server for `dir`, as any host of a built Storybook is. The hashed bundles under
 * `assets/` may be cached, as hosts serve them, so that a visit reloads the story, not the kit.
 */
function serveStatic(dir: string): Server {
  return createServer((req, res) => {
    void (async () => {
      const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      const file = path.join(dir, pathname.endsWith('/') ? `${pathname}index.html` : pathname);
      if (!file.startsWith(dir + path.sep) || !(await stat(file).catch(() => undefined))?.isFile()) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, {
        'content-type': contentTypes[path.extname(file)] ?? 'application/octet-stream',
        'cache-control': pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      });
      res.end(await readFile(file));
    })().catch(() => res.writeHead(500).end());
  });
}

beforeAll(async () => {
  outDir = await mkdtemp(path.join(tmpdir(), 'payments-kit-storybook-'));
  // The package script's own command, without vitest's NODE_ENV=test, which would make it a
  // development build. Its output is kept for the failure message only.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'NODE_ENV' && !name.startsWith('VITEST')));
  await promisify(execFile)(path.join(root, 'node_modules/.bin/storybook'), ['build', '--quiet', '-o', outDir], {
    cwd: root,
    env: { ...env, STORYBOOK_DISABLE_TELEMETRY: '1' },
    maxBuffer: 64 * 1024 * 1024,
  });
  const files = serveStatic(outDir);
  server = files;
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${String((files.address() as AddressInfo).port)}`;
  const index = JSON.parse(await readFile(path.join(outDir, 'index.json'), 'utf8')) as { entries: Record<string, { type: string }> };
  storyIds = Object.entries(index.entries)
    .filter(([, entry]) => entry.type === 'story')
    .map(([id]) => id);
  browser = await launchChromium();
  page = await browser.newPage();
  page.on('pageerror', (error) => logged.push(`uncaught: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // A failed answer of the kit's proxy path is the story's own state (a fault injected into
    // the sandbox), which its error region shows and `showsError` declares; any other failed
    // load (a bundle, the worker, the hosted page) is a broken build.
    const { url } = message.location();
    if (message.text().startsWith('Failed to load resource') && url.startsWith(`${origin}/api/`)) return;
    logged.push(`console: ${message.text()}${url ? ` (${url})` : ''}`);
  });
  // The build takes both cores for about ten seconds on a quiet machine; a busy one, several times that.
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
  if (outDir) await rm(outDir, { recursive: true, force: true });
}, 30_000);

/** What a visit to one story found once its render and play function were over. */
interface StoryView {
  phase: string;
  /** What Storybook's error page shows, when it is up. */
  errorDisplay: string | undefined;
  /** The story's `parameters.showsError` (`.storybook/preview.tsx`). */
  declared: string[];
  /** Each error, not-found or expired region shown, as `data-state`, `:data-kind`, `/data-refusal`. */
  shown: string[];
  undefinedTags: string[];
  hasContent: boolean;
}

/**
 * Opens `id` alone (`iframe.html`, as the Storybook UI and a shared link show it) and waits until
 * Storybook has rendered it and run its play function; then reads the canvas, shadow roots
 * included, since the elements draw inside theirs.
 */
async function visit(id: string): Promise<StoryView> {
  logged = [];
  // Axe runs on every story in both themes in the story tests; here it would double the visit's time.
  await page.goto(`${origin}/iframe.html?id=${id}&viewMode=story&globals=a11y.manual:!true`);
  // Until Storybook is done with the story: rendered, its play function run, or the error page up
  // (a play function that throws ends there too). Play functions wait up to 10 s for what they
  // expect (`asyncUtilTimeout` in .storybook/preview.tsx) and most are over in well under a
  // second; twice that leaves room for the page's own load on a busy two-core machine, and a
  // story that never settles still fails.
  await page.waitForFunction(() => {
    const preview = (globalThis as { __STORYBOOK_PREVIEW__?: { currentRender?: { phase?: string } } }).__STORYBOOK_PREVIEW__;
    return ['finished', 'aborted'].includes(preview?.currentRender?.phase ?? '');
  }, undefined, { timeout: 20_000, polling: 50 });
  return page.evaluate(() => {
    const preview = (globalThis as { __STORYBOOK_PREVIEW__?: { currentRender?: { phase?: string; story?: { parameters?: { showsError?: string[] } } } } })
      .__STORYBOOK_PREVIEW__;
    // What the story drew, inside the surface the preview's decorator paints in the theme's colour.
    const canvas = document.querySelector('#storybook-root .sb-surface') ?? document.body;
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
    return {
      phase: preview?.currentRender?.phase ?? '',
      errorDisplay,
      declared: preview?.currentRender?.story?.parameters?.showsError ?? [],
      shown: shown.sort(),
      undefinedTags: [...undefinedTags],
      hasContent,
    };
  });
}

describe('given the built Storybook served as static files', { timeout: 120_000 }, () => {
  it('should define the custom elements in the stories that use them', async () => {
    await visit('custom-elements-elements--transaction-detail');
    const defined = await page.evaluate(() =>
      ['payments-provider', 'payments-transaction-detail', 'payments-confirm-button', 'payments-flow-launcher', 'payments-volume-card'].map(
        (tag) => customElements.get(tag) !== undefined,
      ),
    );
    expect(defined).toEqual([true, true, true, true, true]);
  });

  // Every story in turn, each page loaded anew: minutes on a busy two-core machine, not seconds.
  it('should show every story drawn, its play function passed, in the state it declares and with nothing logged as an error', { timeout: 600_000 }, async () => {
    expect(storyIds.length).toBeGreaterThan(100);
    const wrong: string[] = [];
    for (const id of storyIds) {
      const view = await visit(id).catch((error: unknown) => {
        wrong.push(`${id}: ${String(error)}`);
        return undefined;
      });
      if (!view) continue;

      if (view.phase !== 'finished') wrong.push(`${id}: ${view.phase}`);
      if (view.errorDisplay !== undefined) wrong.push(`${id}: Storybook's error page: ${view.errorDisplay}`);
      if (view.undefinedTags.length > 0) wrong.push(`${id}: <${view.undefinedTags.join('>, <')}> never defined`);
      if (!view.hasContent) wrong.push(`${id}: blank canvas`);
      const declared = [...view.declared].sort();
      if (view.shown.join() !== declared.join()) wrong.push(`${id}: shows [${view.shown.join(', ')}], declares [${declared.join(', ')}]`);
      for (const line of logged) wrong.push(`${id}: ${line}`);
    }
    expect(wrong).toEqual([]);
  });
});
