import { defineConfig } from 'vite';

/**
 * The eleven catalogues other than English as files of their own (`dist/messages/fr.js`…), each
 * one ES module with no import, for pages on the standalone file that have no bundler to import
 * `payments-kit/messages` (docs/elements.md#languages-without-a-bundler). Built after the
 * library, into the same dist/, which it must not empty.
 */
export default defineConfig({
  publicDir: false,
  build: {
    lib: {
      entry: {
        'messages/ar': 'src/components/messages/ar.ts',
        'messages/de': 'src/components/messages/de.ts',
        'messages/es': 'src/components/messages/es.ts',
        'messages/fr': 'src/components/messages/fr.ts',
        'messages/he': 'src/components/messages/he.ts',
        'messages/it': 'src/components/messages/it.ts',
        'messages/ja': 'src/components/messages/ja.ts',
        'messages/nl': 'src/components/messages/nl.ts',
        'messages/pl': 'src/components/messages/pl.ts',
        'messages/pt-BR': 'src/components/messages/ptBR.ts',
        'messages/zh-CN': 'src/components/messages/zhCN.ts',
      },
      formats: ['es'],
    },
    outDir: 'dist',
    emptyOutDir: false,
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: { output: { entryFileNames: '[name].js', minify: true } },
  },
});
