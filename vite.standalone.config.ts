import react from '@vitejs/plugin-react';
import path from 'node:path';
import { defineConfig } from 'vite';
import { libraryEntries, standaloneEntry } from './scripts/kitEntries.js';

/**
 * payments-kit/elements/standalone (`dist/elements-standalone.js`): the elements as one ES module
 * with everything inside, for `<script type="module">` on a page with no bundler. Built after
 * the library (`npm run build`), into the same dist/, which it must not empty.
 *
 * It renders with preact/compat: the page has no React of its own to share, and React DOM alone
 * would be more than half the file (docs/performance.md#custom-elements). The same end-to-end
 * suites run on it as on the React build. A host that wants React uses `payments-kit/elements`
 * with its bundler, on its own React. PK_STANDALONE_REACT=1 builds the file on React instead,
 * to compare, into a folder nothing ships.
 */
const preact = process.env.PK_STANDALONE_REACT !== '1';
const preactAliases = [
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react(-dom)?$/, replacement: 'preact/compat' },
];

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [
      ...(preact ? preactAliases : []),
      // ConfirmIntentButton's answer view, FlowLauncher's flow view and a flow's opening are chunks of their own
      // elsewhere; here they are in the file.
      { find: /^\.\/useConfirmAnswer\.js$/, replacement: path.resolve(import.meta.dirname, 'src/components/ConfirmIntentButton/useConfirmAnswerInline.ts') },
      { find: /^\.\/loadFlowView\.js$/, replacement: path.resolve(import.meta.dirname, 'src/components/FlowLauncher/loadFlowViewInline.ts') },
      { find: /^\.\/loadFlowOpening\.js$/, replacement: path.resolve(import.meta.dirname, 'src/components/headless/loadFlowOpeningInline.ts') },
      // The words for the API's error codes, a chunk per language elsewhere: English only here.
      {
        find: /^\.\.\/messages\/errorCodes\/loadErrorCodeMessages\.js$/,
        replacement: path.resolve(import.meta.dirname, 'src/components/messages/errorCodes/loadErrorCodeMessagesInline.ts'),
      },
    ],
  },
  publicDir: false,
  // Library mode leaves `process.env.NODE_ENV` for the consumer's bundler; here there is none, and
  // React's development build (and a `process` the browser lacks) must not reach the page.
  define: { 'process.env.NODE_ENV': '"production"' },
  build: {
    // Its source is payments-kit/elements's (package.json `exports`): the same exports, types and definitions.
    lib: { entry: libraryEntries((subpath) => subpath === standaloneEntry), formats: ['es'] },
    // The comparing build goes where nothing ships or is committed.
    outDir: preact ? 'dist' : 'node_modules/.cache/elements-standalone-react',
    emptyOutDir: !preact,
    target: 'es2022',
    // The stylesheet inside (styles.css?inline) as a browser reads it, without comments.
    cssMinify: true,
    sourcemap: true,
    rolldownOptions: {
      // No `external`: preact, react-query and zod are bundled, so the file has no bare import.
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
