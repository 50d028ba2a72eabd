import { playwright } from '@vitest/browser-playwright';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.js';
import { reactMajors, storyThemes } from './test/matrix.js';

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

// Waits sized for a busy two-core machine (a neighbour's job on one core), not an idle one:
// vitest's 5 s per test and 1 s per expect.poll/expect.element fail there on work that takes a
// second when idle. A test that hangs still fails, only later. A test's bound is twice its hook's:
// a browser test's every click and key is a round trip to Chromium's driver, and with the whole
// suite running beside a busy neighbour a dozen of them have taken most of 30 s.
const busyMachine = { testTimeout: 60_000, hookTimeout: 30_000, expect: { poll: { timeout: 10_000 } } };

/** Tests that build or start whole programs: the `processes` project, run apart (see below). */
const heavyProcessTests = [
  'test/e2e/nextApp.node.test.ts',
  'test/e2e/elementsHtml.node.test.ts',
  'test/e2e/otherServers.node.test.ts',
  'test/cli/proxyProcess.node.test.ts',
  'test/e2e/elementsVue.node.test.ts',
  'test/e2e/viteReact.node.test.ts',
  'test/server-redis/manyInstances.node.test.ts',
  'test/e2e/builtStorybook.node.test.ts',
  'test/e2e/requireEsm.node.test.ts',
  'test/docs/codeBlocks.node.test.ts',
  'test/docs/readmeServer.node.test.ts',
  'test/docs/spaServer.node.test.ts',
];

const storybookDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '.storybook');

// Every story is a test in real Chromium, once per theme; what each theme checks is in
// test/matrix.ts. The theme reaches preview.tsx as globalThis.__PK_STORY_THEME__: not import.meta.env.*,
// which vitest moves into the shared process.env, so every project got the last one's theme.
const storyProject = (theme: 'light' | 'dark') => ({
  extends: true as const,
  plugins: [storybookTest({ configDir: storybookDir })],
  define: { 'globalThis.__PK_STORY_THEME__': JSON.stringify(theme) },
  test: { ...busyMachine, name: `storybook-${theme}`, browser: browser() },
});

// React 18.3.1, installed by `npm ci` as the workspace test/react18/deps (see the projects below).
const react18Dir = (name: string) => fileURLToPath(new URL(`test/react18/deps/node_modules/${name}`, import.meta.url));
const react18 = [
  { find: /^react(\/.*)?$/, replacement: `${react18Dir('react')}$1` },
  { find: /^react-dom(\/.*)?$/, replacement: `${react18Dir('react-dom')}$1` },
];

// The projects extend vite.config.ts: its plugins, and its conditions that make `payments-kit/…`
// the sources (scripts/kitEntries.ts).
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      projects: [
        {
          extends: true,
          test: {
            ...busyMachine,
            name: 'unit',
            environment: 'jsdom',
            include: ['test/**/*.test.{ts,tsx}'],
            exclude: ['test/**/*.browser.test.{ts,tsx}', 'test/**/*.node.test.{ts,tsx}'],
            setupFiles: ['./test/setup.ts'],
            globals: true,
            typecheck: { enabled: true, include: ['test/**/*.test-d.ts'] },
            provide: { reactMajor: '19' },
          },
        },
        {
          extends: true,
          test: {
            ...busyMachine,
            name: 'node',
            environment: 'node',
            include: ['test/**/*.node.test.{ts,tsx}'],
            exclude: [...heavyProcessTests, '**/node_modules/**'],
            globals: true,
            provide: { reactMajor: '19' },
          },
        },
        // The same jsdom tests and server renders on React 18.3.1 (peers: react ^18 || ^19). npm
        // nests react and react-dom 18 in test/react18/deps/node_modules (a workspace: react-dom 18
        // needs its peer react 18 beside it; the root keeps 19). Every react… and react-dom… import
        // is pointed there, and the packages that import React from node_modules are inlined so
        // the alias reaches them too. test/react18/reactMajor*.test.tsx fail on a mixed or wrong React.
        {
          extends: true,
          resolve: {
            alias: [
              ...react18,
              // Its `main` is CommonJS, whose require('react-dom') the alias never sees: take its ES build.
              { find: /^@testing-library\/react$/, replacement: '@testing-library/react/dist/@testing-library/react.esm.js' },
            ],
          },
          test: {
            ...busyMachine,
            name: 'unit-react18',
            environment: 'jsdom',
            // The tests where the major can change the outcome (test/matrix.ts).
            include: [...reactMajors['18'].jsdom],
            setupFiles: ['./test/setup.ts'],
            globals: true,
            server: { deps: { inline: ['@testing-library/react', '@tanstack/react-query'] } },
            provide: { reactMajor: '18' },
          },
        },
        {
          extends: true,
          resolve: {
            alias: react18,
          },
          test: {
            ...busyMachine,
            name: 'ssr-react18',
            environment: 'node',
            include: [...reactMajors['18'].ssr],
            globals: true,
            server: { deps: { inline: ['@tanstack/react-query'] } },
            provide: { reactMajor: '18' },
          },
        },
        {
          extends: true,
          test: {
            ...busyMachine,
            name: 'browser',
            include: ['test/**/*.browser.test.{ts,tsx}'],
            setupFiles: ['./test/browserSetup.ts'],
            browser: browser(),
            // Layout screenshots for a person to look at, only when asked (test/support/screenshot.ts).
            provide: { screenshots: process.env.PK_SCREENSHOTS === '1' },
          },
        },
        ...storyThemes.map(storyProject),
        // Whole programs started as real processes (a Next.js install and build, three proxies on
        // one Redis): they take both cores for a minute, so `npm test` runs them on their own,
        // after the other projects (`test:run`), one file at a time, where they cannot slow the
        // timing-bound tests of the node project.
        {
          extends: true,
          test: {
            ...busyMachine,
            name: 'processes',
            environment: 'node',
            include: heavyProcessTests,
            fileParallelism: false,
            globals: true,
          },
        },
      ],
    },
  }),
);
