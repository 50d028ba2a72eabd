import react from '@vitejs/plugin-react';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import { libraryEntries, sourceResolve, standaloneEntry } from './scripts/kitEntries.js';

// Library build (`npm run build`): one ES module per entry point of package.json `exports` (but
// the standalone file, vite.standalone.config.ts), peers and zod left to the consumer's bundler,
// `.d.ts` emitted by tsc (tsconfig.build.json). The tests' projects are in vitest.config.ts.
// The package's `bin` (`payments-kit proxy`) is built with them: not an export, a program.
const entries = { ...libraryEntries((subpath) => subpath !== standaloneEntry), cli: './src/cli/main.ts' };
const external = [
  /^react($|\/)/,
  /^react-dom($|\/)/,
  /^@tanstack\/react-query($|\/)/,
  /^zod($|\/)/,
  /^msw($|\/)/,
  /^undici($|\/)/,
  /^jose($|\/)/,
  /^redis($|\/)/,
  /^rate-limiter-flexible($|\/)/,
  /^@redis\//,
  /^node:/,
];

/**
 * The stylesheet the elements adopt (`styles.css?inline`) becomes a module of the library build
 * whose source map Vite leaves without sources; scripts/checkSourceMaps.ts wants every shipped
 * map to carry its sources, so the map is given the stylesheet it came from.
 */
const inlineStylesheetSourceMap = (): Plugin => ({
  name: 'payments-kit:inline-stylesheet-source-map',
  apply: 'build',
  generateBundle(_options, bundle) {
    for (const chunk of Object.values(bundle)) {
      const file = chunk.type === 'chunk' ? chunk.facadeModuleId?.replace(/\?inline$/, '') : undefined;
      const map = bundle[`${chunk.fileName}.map`];
      if (file === undefined || !file.endsWith('.css') || map?.type !== 'asset') continue;
      const fromMap = path.relative(path.dirname(path.join(import.meta.dirname, 'dist', chunk.fileName)), file);
      const content = JSON.parse(String(map.source)) as { sources: string[]; sourcesContent?: string[]; mappings: string };
      map.source = JSON.stringify({ ...content, sources: [fromMap], sourcesContent: [readFileSync(file, 'utf8')], mappings: 'AAAA' });
    }
  },
});

export default defineConfig({
  plugins: [react(), inlineStylesheetSourceMap()],
  // `payments-kit/…` imported by name (stories, the demo, tests) is the sources (scripts/kitEntries.ts).
  ...sourceResolve,
  // The MSW worker in public/ is for Storybook and browser tests, not for the package.
  publicDir: false,
  build: {
    lib: { entry: entries, formats: ['es'] },
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    minify: false,
    // The stylesheet the custom elements adopt (styles.css?inline) ships as text: minified, as a
    // browser reads it; dist/styles.css stays the readable copy.
    cssMinify: true,
    sourcemap: true,
    rolldownOptions: {
      external,
      output: {
        // Module-level directives are kept per module: 'use client' stays on the browser entry
        // and the modules with hooks (React Server Components), and on nothing else.
        // One file per source module, so a consumer's bundler drops whatever its imports do not
        // reach (package.json `sideEffects`): a component imported alone does not carry the
        // schemas, messages and code of the other three. Entries keep their names above.
        preserveModules: true,
        preserveModulesRoot: 'src',
        entryFileNames: (chunk) => (chunk.isEntry && chunk.name in entries ? '[name].js' : 'lib/[name].js'),
      },
    },
  },
});
