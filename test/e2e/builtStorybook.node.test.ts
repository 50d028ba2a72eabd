// End to end: the Storybook designers browse, as `npm run build-storybook` makes it (a production
// build) and a static file server serves it, a sample of its stories visited in Debian's Chromium.
// The story tests (the `storybook` project) run every story in a development build only,
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
import { readStoryView, storyViewProblems, type StoryCanvas } from '../../.storybook/storyView.js';
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
let storyCount: number;
/** What the page logged as an error, or threw, since the last visit began. */
let logged: string[] = [];

interface StoryEntry {
  id: string;
  type: string;
  importPath: string;
}

/**
 * Stories files whose every story can break in a production build alone: the custom elements
 * (defined by side-effect imports, which a production build drops when a module is wrongly
 * marked free of them) and the hosted flows (whose links a production build may refuse).
 */
const everyStoryOf = ['./stories/Elements.stories.tsx', './stories/FlowLauncher.stories.tsx', './stories/CustomUI.stories.tsx'];

/**
 * The stories visited here. What every story shows (its play function, axe, the state it declares,
 * a drawn canvas, its elements defined) the story tests check in a development build; what only
 * a production build can get wrong is its bundles and side effects. Each stories file is a chunk
 * of its own that loads the components it shows, so its first story loads them all, and the
 * files above run every story.
 */
function productionSample(stories: StoryEntry[]): string[] {
  const seen = new Set<string>();
  return stories
    .filter((entry) => {
      const first = !seen.has(entry.importPath);
      seen.add(entry.importPath);
      return first || everyStoryOf.includes(entry.importPath);
    })
    .map((entry) => entry.id);
}

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
  const index = JSON.parse(await readFile(path.join(outDir, 'index.json'), 'utf8')) as { entries: Record<string, StoryEntry> };
  const stories = Object.values(index.entries).filter((entry) => entry.type === 'story');
  storyCount = stories.length;
  storyIds = productionSample(stories);
  browser = await launchChromium();
  page = await browser.newPage();
  page.on('pageerror', (error) => {
    // The stories' mock worker (MSW's mockServiceWorker.js) unregisters itself when its last page
    // closes, which each visit's navigation does; the next page's update of its registration can
    // land in between and be refused ("Not found"), though the worker was served and registers
    // again. That race is the mock's, not the build's: a worker file missing fails the
    // registration itself, every time, and is still caught.
    if (/^Failed to update a ServiceWorker .*mockServiceWorker\.js.*: Not found/.test(error.message)) return;
    logged.push(`uncaught: ${error.message}`);
  });
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
interface StoryVisit {
  phase: string;
  /** The story's `parameters.showsError` (`.storybook/preview.tsx`). */
  declared: string[];
  view: StoryCanvas;
}

/**
 * Opens `id` alone (`iframe.html`, as the Storybook UI and a shared link show it) and waits until
 * Storybook has rendered it and run its play function; then reads the canvas.
 */
async function visit(id: string): Promise<StoryVisit> {
  logged = [];
  // Axe runs on every story in the story tests; here it would double the visit's time.
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
  const { phase, declared } = await page.evaluate(() => {
    const preview = (globalThis as { __STORYBOOK_PREVIEW__?: { currentRender?: { phase?: string; story?: { parameters?: { showsError?: string[] } } } } })
      .__STORYBOOK_PREVIEW__;
    return { phase: preview?.currentRender?.phase ?? '', declared: preview?.currentRender?.story?.parameters?.showsError ?? [] };
  });
  return { phase, declared, view: await page.evaluate(readStoryView, null) };
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

  // Each sampled story in turn, each page loaded anew: a minute or more on a busy two-core machine.
  it('should show each sampled story drawn, its play function passed, in the state it declares and with nothing logged as an error', { timeout: 600_000 }, async () => {
    expect(storyCount).toBeGreaterThan(100);
    const wrong: string[] = [];
    for (const id of storyIds) {
      const found = await visit(id).catch((error: unknown) => {
        wrong.push(`${id}: ${String(error)}`);
        return undefined;
      });
      if (!found) continue;
      if (found.phase !== 'finished') wrong.push(`${id}: ${found.phase}`);
      for (const problem of storyViewProblems(found.view, found.declared)) wrong.push(`${id}: ${problem}`);
      for (const line of logged) wrong.push(`${id}: ${line}`);
    }
    expect(wrong).toEqual([]);
  });
});
