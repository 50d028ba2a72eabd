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
import { messagesEn as en } from 'payments-kit/messages';
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

/** A static file server for `dir`, as any host of a built Storybook is. */
function serveStatic(dir: string): Server {
  return createServer((req, res) => {
    void (async () => {
      const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      const file = path.join(dir, pathname.endsWith('/') ? `${pathname}index.html` : pathname);
      if (!file.startsWith(dir + path.sep) || !(await stat(file).catch(() => undefined))?.isFile()) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': contentTypes[path.extname(file)] ?? 'application/octet-stream' });
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
  text: string;
  undefinedTags: string[];
  hasContent: boolean;
}

/**
 * Opens `id` alone (`iframe.html`, as the Storybook UI and a shared link show it) and waits until
 * Storybook has rendered it and run its play function; then reads the canvas, shadow roots
 * included, since the elements draw inside theirs.
 */
async function visit(id: string): Promise<StoryView> {
  await page.goto(`${origin}/iframe.html?id=${id}&viewMode=story`);
  await page.waitForFunction(() => {
    const preview = (globalThis as { __STORYBOOK_PREVIEW__?: { currentRender?: { phase?: string } } }).__STORYBOOK_PREVIEW__;
    return ['completed', 'finished', 'errored', 'aborted'].includes(preview?.currentRender?.phase ?? '');
  }, undefined, { timeout: 20_000, polling: 200 });
  return page.evaluate(() => {
    const preview = (globalThis as { __STORYBOOK_PREVIEW__?: { currentRender?: { phase?: string } } }).__STORYBOOK_PREVIEW__;
    const canvas = document.querySelector('#storybook-root') ?? document.body;
    const texts: string[] = [];
    const undefinedTags = new Set<string>();
    let hasContent = false;
    const walk = (node: Element | ShadowRoot) => {
      for (const element of node.querySelectorAll('*')) {
        if (element.localName.includes('-') && customElements.get(element.localName) === undefined) undefinedTags.add(element.localName);
        const box = element.getBoundingClientRect();
        if (box.width > 0 && box.height > 0 && element.shadowRoot === null) hasContent ||= element.textContent.trim() !== '' || element.localName === 'iframe';
        if (element.shadowRoot) {
          texts.push(element.shadowRoot.textContent);
          walk(element.shadowRoot);
        }
      }
    };
    texts.push(canvas.textContent);
    walk(canvas);
    return { phase: preview?.currentRender?.phase ?? '', text: texts.join(' ').replace(/\s+/g, ' '), undefinedTags: [...undefinedTags], hasContent };
  });
}

// The custom elements' stories, and every story that embeds the sandbox's hosted flow.
const visited = (id: string) =>
  id.startsWith('custom-elements-') || id.startsWith('components-flowlauncher--') || id.startsWith('custom-ui--onboarding') || id === 'locales-right-to-left-arabic--flow-dialog';
// The stories whose state is a refused link.
const refusedOnPurpose = new Set(['components-flowlauncher--refused-origin', 'components-flowlauncher--refused-own-origin', 'components-flowlauncher--refused-by-proxy']);

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

  it('should show every element and flow story, drawn, with no refused link unless that is its state', async () => {
    const ids = storyIds.filter(visited);
    expect(ids.length).toBeGreaterThan(20);
    const wrong: string[] = [];
    for (const id of ids) {
      const view = await visit(id).catch((error: unknown) => {
        wrong.push(`${id}: ${String(error)}`);
        return undefined;
      });
      if (!view) continue;

      if (view.phase === 'errored') wrong.push(`${id}: the story or its play function threw`);
      if (view.undefinedTags.length > 0) wrong.push(`${id}: <${view.undefinedTags.join('>, <')}> never defined`);
      if (!view.hasContent) wrong.push(`${id}: blank canvas`);
      if (!refusedOnPurpose.has(id) && view.text.includes(en.flowLinkNotAllowed)) wrong.push(`${id}: shows “${en.flowLinkNotAllowed}”`);
    }
    expect(wrong).toEqual([]);
  });
});
