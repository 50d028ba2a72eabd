// Builds the bench page with Vite, programmatically, as examples/dashboard does for the demo:
// production mode (React's production build), the kit imported from its sources through the same
// `payments-kit` entry names (scripts/kitEntries.ts). The output goes to a directory the caller owns
// (a temporary one), never into the repository.
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { sourceResolve } from '../../scripts/kitEntries.js';

const here = path.dirname(fileURLToPath(import.meta.url));

export interface BuildOptions {
  /** Default true. False keeps function names readable, e.g. in a CPU profile of the page. */
  minify?: boolean;
}

export async function buildBenchPage(outDir: string, options: BuildOptions = {}): Promise<void> {
  await build({
    configFile: false,
    root: here,
    mode: 'production',
    logLevel: 'warn',
    plugins: [react()],
    ...sourceResolve,
    publicDir: false,
    // Keep Vite's dependency cache out of bench/ui.
    cacheDir: path.join(here, '../../node_modules/.vite/bench-ui'),
    build: {
      outDir,
      emptyOutDir: true,
      modulePreload: { polyfill: false },
      assetsInlineLimit: 0,
      reportCompressedSize: false,
      minify: options.minify ?? true,
    },
  });
}
