// Writes the sandbox's hosted flow page (src/testing/hostedFlowPage.ts) to public/hosted/, so a
// static host — Storybook, dev or built — serves the page that flow links point at.
// `npm run hosted-pages`; test/testing/hostedPages.node.test.ts fails when the copy is stale.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hostedFlowCss, hostedFlowHtml, hostedFlowJs } from '../src/testing/hostedFlowPage.js';

export const hostedPagesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public/hosted');

export const hostedPageFiles: Record<string, string> = {
  'flow.html': hostedFlowHtml,
  'flow.js': hostedFlowJs,
  'flow.css': hostedFlowCss,
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await mkdir(hostedPagesDir, { recursive: true });
  for (const [name, content] of Object.entries(hostedPageFiles)) {
    await writeFile(path.join(hostedPagesDir, name), content);
  }
  console.log(`wrote ${Object.keys(hostedPageFiles).join(', ')} to ${hostedPagesDir}`);
}
