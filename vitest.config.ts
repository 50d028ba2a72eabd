import { playwright } from '@vitest/browser-playwright';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import viteConfig from './vite.config.js';
import { reactMajors, replacesModules, storyThemes } from './test/matrix.js';

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

// The order the projects run in, one group after another (`sequence.groupOrder`; vitest wants
// one worker count per group). First the Chromium projects beside `node`, two files at a time:
// without a second node worker, the node files' last half-minute ran alone on one core. Then the
// jsdom and React 18 projects beside `processes` (below), three files at a time: the browsers are
// done, the jsdom tests run on the fake clock or wait on events, and they take the core that a
// `processes` file leaves idle while it waits on an install, a build or a browser.
const withChromium = { sequence: { groupOrder: 0 }, maxWorkers: 2 };
const afterChromium = { sequence: { groupOrder: 1 }, maxWorkers: 3 };

/** Tests that build or start whole programs: the `processes` project (see below). */
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

// The test files of the jsdom and node projects, and those of them that replace a module, which
// run in a project of their own with modules of their own (test/matrix.ts).
const testFiles = readdirSync(fileURLToPath(new URL('test', import.meta.url)), { recursive: true, encoding: 'utf8' })
  .map((file) => `test/${file.split(path.sep).join('/')}`)
  .filter((file) => !file.includes('/node_modules/'));
const jsdomTests = testFiles.filter((file) => /\.test\.tsx?$/.test(file) && !/\.(browser|node)\.test\.tsx?$/.test(file));
const nodeTests = testFiles.filter((file) => /\.node\.test\.tsx?$/.test(file) && !heavyProcessTests.includes(file));
const replacingModules = (files: string[]) => files.filter((file) => replacesModules(readFileSync(new URL(file, import.meta.url), 'utf8')));

/**
 * A project of the files that share their worker's modules, and one `-isolated` of those that
 * replace a module (test/matrix.ts), both on React 19.
 */
const reactProjects = (name: string, files: string[], settings: TestProjectInlineConfiguration['test']): TestProjectInlineConfiguration[] => {
  const isolated = replacingModules(files);
  const project = (suffix: string, include: string[], isolate: boolean): TestProjectInlineConfiguration => ({
    extends: true,
    test: { ...busyMachine, ...settings, name: name + suffix, include, isolate, globals: true, provide: { reactMajor: '19' } },
  });
  return [project('', files.filter((file) => !isolated.includes(file)), false), project('-isolated', isolated, true)].filter(
    (made) => (made.test?.include?.length ?? 0) > 0,
  );
};

const storybookDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '.storybook');

// Every story is a test in real Chromium, run in the first theme and checked in the others
// (test/matrix.ts). The theme reaches preview.tsx as globalThis.__PK_STORY_THEME__: not
// import.meta.env.*, which vitest moves into the shared process.env.
const storyProject = {
  extends: true as const,
  plugins: [storybookTest({ configDir: storybookDir })],
  define: { 'globalThis.__PK_STORY_THEME__': JSON.stringify(storyThemes[0]) },
  test: { ...busyMachine, ...withChromium, name: 'storybook', browser: browser() },
};

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
        ...reactProjects('unit', jsdomTests, {
          ...afterChromium,
          environment: 'jsdom',
          setupFiles: ['./test/setup.ts'],
        }),
        ...reactProjects('node', nodeTests, { ...withChromium, environment: 'node' }),
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
            ...afterChromium,
            name: 'unit-react18',
            environment: 'jsdom',
            // The tests where the major can change the outcome (test/matrix.ts).
            include: [...reactMajors['18'].jsdom],
            isolate: replacingModules([...reactMajors['18'].jsdom]).length > 0,
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
            ...afterChromium,
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
            ...withChromium,
            name: 'browser',
            include: ['test/**/*.browser.test.{ts,tsx}'],
            setupFiles: ['./test/browserSetup.ts'],
            browser: browser(),
            // Layout screenshots for a person to look at, only when asked (test/support/screenshot.ts).
            provide: { screenshots: process.env.PK_SCREENSHOTS === '1' },
          },
        },
        storyProject,
        // Whole programs started as real processes (a Next.js install and build, three proxies on
        // one Redis): after the Chromium group, where they cannot slow the timing-bound tests of
        // the node project, beside the jsdom projects. Files needing the packed kit at once: the
        // first builds it, the others wait for it (test/e2e/packedKit.ts).
        {
          extends: true,
          test: {
            ...busyMachine,
            ...afterChromium,
            name: 'processes',
            environment: 'node',
            include: heavyProcessTests,
            globals: true,
          },
        },
      ],
    },
  }),
);
