import { defineConfig } from 'vite';
import { messagesLocales } from './src/components/messages/locales.js';

/**
 * The catalogues other than English as files of their own (`dist/messages/fr.js`…), each
 * one ES module with no import, for pages on the standalone file that have no bundler to import
 * `payments-kit/messages` (docs/elements.md#languages-without-a-bundler). Built after the
 * library, into the same dist/, which it must not empty. One entry per language of the locale
 * list, named by its tag, from the module named by the tag without its hyphen (locales.ts).
 */
export default defineConfig({
  publicDir: false,
  build: {
    lib: {
      entry: Object.fromEntries(
        messagesLocales
          .filter((locale) => locale !== 'en')
          .map((locale) => [`messages/${locale}`, `src/components/messages/${locale.replace('-', '')}.ts`]),
      ),
      formats: ['es'],
    },
    outDir: 'dist',
    emptyOutDir: false,
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: { output: { entryFileNames: '[name].js', minify: true } },
  },
});
