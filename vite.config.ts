import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { kitAliases } from './scripts/kitAliases.js';

// Debian's Chromium (apt: chromium): nothing downloads a browser here. The flags keep it from
// reaching for the network, which this machine and CI do not have.
const chromium = () =>
  playwright({
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  });

// A fresh object per project: a shared one makes the second project report as the first.
const browser = () => ({
  enabled: true,
  headless: true,
  provider: chromium(),
  instances: [{ browser: 'chromium' as const }],
});

const storybookDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '.storybook');

// Every story is a test in real Chromium, once per theme: axe (contrast included) must pass in
// both. The theme reaches preview.tsx as globalThis.__PK_STORY_THEME__: not import.meta.env.*,
// which vitest moves into the shared process.env, so every project got the last one's theme.
const storyProject = (theme: 'light' | 'dark') => ({
  extends: true as const,
  plugins: [storybookTest({ configDir: storybookDir })],
  define: { 'globalThis.__PK_STORY_THEME__': JSON.stringify(theme) },
  test: { name: `storybook-${theme}`, browser: browser() },
});

// Library build (`npm run build`): one ES module per entry point, peers and zod left to the
// consumer's bundler, `.d.ts` emitted by tsc (tsconfig.build.json).
const entries = {
  index: 'src/index.ts',
  server: 'src/server/index.ts',
  'server-node': 'src/server/node.ts',
  testing: 'src/testing/index.ts',
  'testing-node': 'src/testing/node.ts',
  'testing-msw': 'src/testing/msw.ts',
};
const external = [
  /^react($|\/)/,
  /^react-dom($|\/)/,
  /^@tanstack\/react-query($|\/)/,
  /^zod($|\/)/,
  /^msw($|\/)/,
  /^node:/,
];

export default defineConfig({
  plugins: [react()],
  resolve: { alias: kitAliases },
  // The MSW worker in public/ is for Storybook and browser tests, not for the package.
  publicDir: false,
  build: {
    lib: { entry: entries, formats: ['es'] },
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    minify: false,
    sourcemap: true,
    rolldownOptions: {
      external,
      output: {
        // Bundlers strip module-level directives; the browser entry must keep 'use client'
        // (React Server Components), and only it: server and testing are not client code.
        banner: (chunk) => (chunk.isEntry && chunk.name === 'index' ? "'use client';" : ''),
        chunkFileNames: 'chunks/[name]-[hash].js',
      },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['test/**/*.test.{ts,tsx}'],
          exclude: ['test/**/*.browser.test.{ts,tsx}', 'test/**/*.node.test.{ts,tsx}'],
          setupFiles: ['./test/setup.ts'],
          globals: true,
          typecheck: { enabled: true, include: ['test/**/*.test-d.ts'] },
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['test/**/*.node.test.{ts,tsx}'],
          globals: true,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['test/**/*.browser.test.{ts,tsx}'],
          browser: browser(),
        },
      },
      storyProject('light'),
      storyProject('dark'),
    ],
  },
});
