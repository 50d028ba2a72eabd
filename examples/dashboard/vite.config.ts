import react from '@vitejs/plugin-react';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { sourceResolve } from '../../scripts/kitEntries.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The demo page, built to static files that the demo server serves under a strict CSP. */
export default defineConfig({
  root: here,
  plugins: [react()],
  // `payments-kit/…` as the sources, by the package's own name (scripts/kitEntries.ts).
  ...sourceResolve,
  publicDir: false,
  build: {
    outDir: path.join(here, 'dist'),
    emptyOutDir: true,
    // No inline modulepreload polyfill or inline scripts: the page's CSP forbids them.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
  },
});
