// The test matrix, declared once: which tests run on which value of each axis. vitest.config.ts
// derives its projects from it. Every test runs on the first value of each axis; another value
// runs only the tests where that axis can change the outcome.

/**
 * React majors of the peer range (`react: ^18 || ^19`). 19 runs everything. On 18 what differs is
 * React itself: hooks and effect order (StrictMode's double effects, a layout effect before
 * paint), `useId`, hydration and the server renderer, react-query's observers. So 18 runs the
 * hooks, the provider, hydration, the user-change resets and every server render; the
 * components' views over those hooks (their words, layouts and states) do not change with it.
 */
export const reactMajors = {
  '19': 'every test',
  '18': {
    jsdom: [
      'test/react18/reactMajor.test.tsx',
      'test/client/hooks.test.tsx',
      'test/client/PaymentsClientProvider.test.tsx',
      'test/client/PaymentsHydrationBoundary.test.tsx',
      'test/components/headless.test.tsx',
      'test/components/sessionSwitch.test.tsx',
    ],
    ssr: ['test/components/*.ssr.node.test.tsx', 'test/react18/*.node.test.tsx'],
  },
} as const;

/**
 * Colour schemes of the stories, and the build they run in. The schemes differ in colours only
 * (`src/styles/styles.css` flips colour variables, no size or layout), so each story runs once:
 * - in the first scheme whole: its play function, every axe rule, the 288 px spill check and the
 *   state it declares (`.storybook/preview.tsx`);
 * - then its final state is set to each other scheme (every `data-pk-theme` in it) and checked
 *   against axe's colour rules (`color-contrast`, `link-in-text-block`), which each scheme can
 *   fail on its own. What a play function does with the theme (FlowLauncher's forwarded theme)
 *   is tested for both schemes in the components' own tests;
 * - the built Storybook (test/e2e/builtStorybook.node.test.ts, a production build) visits what
 *   only a production build can break: the bundle loads, the first story of each stories file
 *   (each file is a chunk loading its components) and every story of the custom elements and
 *   hosted flows, with nothing logged as an error.
 */
export const storyThemes = ['light', 'dark'] as const;

/**
 * The proxy's two entries: `fetch` (payments-kit/server, a fetch handler) and `node`
 * (payments-kit/server/node, its Node path and undici upstream). They share one core, so the
 * core's behaviours (payment sessions, grants, the idempotency state machine) run on the first;
 * what the transport carries (raw and hostile requests on the wire, the upstream clients and what
 * they read, the dev server, the in-process fetch) runs on both.
 */
export const serverEntries = { transport: ['fetch', 'node'], core: ['fetch'] } as const;

/**
 * How much of a process each test file of the `unit` and `node` projects gets to itself. A page
 * loads the kit's modules once and keeps them for its life, and a server its proxy: so the files
 * of `unit` (and `unit-react18`) share one module graph and one jsdom window per worker, and those
 * of `node` one module graph (`isolate: false`). That spares each file the start of a process, a
 * window, React and the proxy. Each jsdom file still starts with nothing rendered and nothing
 * stored (test/setup.ts); each node file starts and stops its own servers.
 * A file that replaces a module (`vi.mock`, `vi.doMock`) or loads the kit afresh
 * (`vi.resetModules`) tests what happens on a first load, a part that fails to load, or a process
 * set up another way: it runs in `unit-isolated` or `node-isolated`, with modules of its own.
 */
export const replacesModules = (source: string): boolean => /\bvi\.(mock|doMock|resetModules)\(/.test(source);
