import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { libraryEntries, standaloneEntry } from './scripts/kitEntries.js';

/**
 * payments-kit/elements/standalone (`dist/elements-standalone.js`): the elements as one ES module
 * with everything inside, for `<script type="module">` on a page with no bundler. Built after
 * the library (`npm run build`), into the same dist/, which it must not empty.
 *
 * PK_STANDALONE_PREACT=1 builds it on preact/compat instead of React, to measure what that would
 * weigh (docs/performance.md#custom-elements); that build is never shipped.
 */
const preact = process.env.PK_STANDALONE_PREACT === '1';
const preactAliases = [
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react(-dom)?$/, replacement: 'preact/compat' },
];

export default defineConfig({
  plugins: [react()],
  resolve: { alias: preact ? preactAliases : [] },
  publicDir: false,
  // Library mode leaves `process.env.NODE_ENV` for the consumer's bundler; here there is none, and
  // React's development build (and a `process` the browser lacks) must not reach the page.
  define: { 'process.env.NODE_ENV': '"production"' },
  build: {
    // Its source is payments-kit/elements's (package.json `exports`): the same exports, types and definitions.
    lib: { entry: libraryEntries((subpath) => subpath === standaloneEntry), formats: ['es'] },
    // The measuring build goes where nothing ships or is committed.
    outDir: preact ? 'node_modules/.cache/elements-standalone-preact' : 'dist',
    emptyOutDir: preact,
    target: 'es2022',
    // The stylesheet inside (styles.css?inline) as a browser reads it, without comments.
    cssMinify: true,
    sourcemap: true,
    rolldownOptions: {
      // No `external`: react, react-dom, react-query and zod are bundled, so the file has no bare import.
      output: {
        entryFileNames: '[name].js',
        // One file: the catalogues `loadMessages` imports lazily are inlined rather than split
        // into chunks the page would have to find next to it.
        codeSplitting: false,
        // Lib mode only strips whitespace with `minify: true` here (build.minify leaves it).
        minify: true,
      },
    },
  },
});
