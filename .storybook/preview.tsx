import type { Decorator, Preview } from '@storybook/react-vite';
import { QueryClient } from '@tanstack/react-query';
import { setupWorker } from 'msw/browser';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { PaymentsProvider, type PaymentsTheme } from 'payments-kit';
import { localeDirection, messagesByLocale, pickMessages } from 'payments-kit/messages';
import 'payments-kit/styles.css';
import { createSandbox, type Sandbox } from 'payments-kit/testing';
import { createSandboxHandlers } from 'payments-kit/testing/msw';
import { useEffect } from 'react';
import { configure } from 'storybook/test';
import { sandboxFlowOrigin, toolbarLocales } from '../stories/support.js';
import { readStoryView, storyViewProblems } from './storyView.js';
import './preview.css';

/**
 * One sandbox for the Storybook page, behind MSW standing in for the merchant's proxy. Before
 * each story it is reset, then the story's `parameters.sandbox(sandbox)` injects its faults.
 * Play functions reach it as `loaded.sandbox` (to assert what reached "upstream"). Its flows link
 * to `sandboxFlowOrigin`: another origin in a built Storybook, which never embeds its own.
 */
export const sandbox = createSandbox({ origin: sandboxFlowOrigin });

// findBy*/waitFor in play functions give up after 1 s by default: on a busy two-core machine a
// story's answer can take longer to show. Every play function waits up to this instead; one
// that waits in vain still fails, only later.
configure({ asyncUtilTimeout: 10_000 });

declare global {
  /**
   * The theme the story tests run in (vitest.config.ts `define`; test/matrix.ts), undefined in
   * Storybook itself. Not `import.meta.env.*`: vitest turns those defines into `process.env`,
   * which all projects share.
   */
  var __PK_STORY_THEME__: string | undefined;
}
const testTheme = globalThis.__PK_STORY_THEME__;

declare module 'storybook/internal/csf' {
  interface Parameters {
    /** Prepares the sandbox for a story: inject faults, expire flows… */
    sandbox?: (sandbox: Sandbox) => void;
    /**
     * The error a story ends on, when that is its state: each innermost error, not-found or
     * expired region the canvas shows, as `data-state`, then `:data-kind` and `/data-refusal`
     * where it has them (`'error:network'`, `'error:http/session'`, `'error:link-refused'`,
     * `'not-found'`, `'expired'`). A story without it shows none. The story tests check it after
     * every story (`afterEach` below), and the built Storybook's visit on its sample
     * (test/e2e/builtStorybook.node.test.ts), so a story that breaks cannot pass for one showing
     * an error on purpose.
     */
    showsError?: string[];
  }
}

/**
 * In the story view the whole page takes the theme's colour, so nothing white frames a dark
 * story. Never on a docs page: its text is Storybook's own, on white.
 */
function CanvasTheme({ theme, active }: { theme: PaymentsTheme; active: boolean }) {
  useEffect(() => {
    if (!active) return;
    document.body.dataset.sbTheme = theme;
    return () => {
      delete document.body.dataset.sbTheme;
    };
  }, [active, theme]);
  return null;
}

const withPayments: Decorator = (Story, context) => {
  const queryClient = context.loaded.queryClient as QueryClient;
  const theme = context.globals.theme as PaymentsTheme;
  const locale = context.globals.locale as string;
  // The words come from the catalogue the host passes (English by default), picked for `locale`
  // as a host would (`pickMessages`); Intl formats money and dates for `locale` itself. The story
  // root carries the locale's language and direction, as a host's page would: `ar` is laid out
  // right to left.
  const messages = pickMessages(locale, messagesByLocale);
  return (
    <PaymentsProvider queryClient={queryClient} locale={locale} messages={messages} theme={theme}>
      <CanvasTheme theme={theme} active={context.viewMode === 'story'} />
      <div className="sb-surface" data-pk-theme={theme} lang={locale} dir={localeDirection(locale)}>
        <Story />
      </div>
    </PaymentsProvider>
  );
};

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));

/** The story's width in the narrow check: a 320 px phone, less the canvas padding. */
const NARROW_WIDTH = 288;

/**
 * Under test only: after the play function, the story's final state is laid out again 288 px
 * wide, and no element of the kit may spill out of its box (the kit's layouts answer their
 * container's width, so a narrow canvas stands for a phone). Scroll containers, such as the
 * receipt table's, are allowed to scroll.
 */
async function expectNoSpillWhenNarrow(canvas: HTMLElement) {
  const previous = canvas.style.inlineSize;
  canvas.style.inlineSize = `${String(NARROW_WIDTH)}px`;
  try {
    await nextFrame();
    const spills: string[] = [];
    for (const element of canvas.querySelectorAll<HTMLElement>('.pk-root, .pk-root *')) {
      const style = getComputedStyle(element);
      if (style.display === 'inline' || style.display === 'none' || style.overflowX !== 'visible') continue;
      if (element.scrollWidth > element.clientWidth + 1) {
        spills.push(`<${element.tagName.toLowerCase()} class="${element.className}"> ${String(element.scrollWidth)} px in ${String(element.clientWidth)}`);
      }
    }
    if (spills.length > 0) throw new Error(`At ${String(NARROW_WIDTH)} px, content spills out of:\n${spills.join('\n')}`);
  } finally {
    canvas.style.inlineSize = previous;
  }
}

/**
 * Under test only: the story ends drawn, its elements defined, showing exactly the error regions
 * it declares (`parameters.showsError`), so a story that breaks cannot pass for one showing an
 * error on purpose.
 */
function expectTheStateDeclared(canvas: HTMLElement, declared: readonly string[] | undefined) {
  const problems = storyViewProblems(readStoryView(canvas), declared);
  if (problems.length > 0) throw new Error(problems.join('\n'));
}

/** The axe rules that read colours: the only ones whose outcome the colour scheme can change. */
const colourRules = ['color-contrast', 'link-in-text-block'];

/**
 * Under test only: the story's final state in the dark scheme passes axe's colour rules. The
 * schemes differ in colour variables only (src/styles/styles.css), so the dark scheme is the
 * same markup with each `data-pk-theme` (the story surface's, each component's, each element's)
 * set to `dark`, its colour transitions skipped; then everything is set back.
 */
async function expectDarkColoursPass(canvas: HTMLElement) {
  const themed = [...canvas.querySelectorAll<HTMLElement>('[data-pk-theme]')];
  const previous = themed.map((element) => element.getAttribute('data-pk-theme'));
  const previousBody = document.body.dataset.sbTheme;
  canvas.style.setProperty('--pk-duration', '0s');
  for (const element of themed) element.setAttribute('data-pk-theme', 'dark');
  document.body.dataset.sbTheme = 'dark';
  try {
    await nextFrame();
    await Promise.all(document.getAnimations().filter((animation) => animation instanceof CSSTransition).map((transition) => transition.finished.catch(() => undefined)));
    const { default: axe } = await import('axe-core');
    const { violations } = await axe.run(canvas, { runOnly: colourRules, resultTypes: ['violations'] });
    if (violations.length > 0) {
      const found = violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}: ${node.failureSummary ?? ''}`));
      throw new Error(`In the dark scheme, axe finds:\n${found.join('\n')}`);
    }
  } finally {
    themed.forEach((element, index) => {
      const value = previous[index];
      if (value === null || value === undefined) element.removeAttribute('data-pk-theme');
      else element.setAttribute('data-pk-theme', value);
    });
    if (previousBody === undefined) delete document.body.dataset.sbTheme;
    else document.body.dataset.sbTheme = previousBody;
    // The colours go back at once too: the next frame's styles are computed before the
    // transitions' duration returns, so nothing is caught halfway by the checks that follow.
    await nextFrame();
    await nextFrame();
    canvas.style.removeProperty('--pk-duration');
  }
}

const preview: Preview = {
  // Each story runs once, in the light scheme, and is checked whole there; its final state is
  // then checked against the colour rules in the dark one (test/matrix.ts).
  afterEach: async ({ canvasElement, parameters }) => {
    if (testTheme !== 'light') return;
    await expectNoSpillWhenNarrow(canvasElement);
    expectTheStateDeclared(canvasElement, parameters.showsError);
    await expectDarkColoursPass(canvasElement);
  },
  // A confirm a story left on its way is kept in the tab's storage for a reload to resolve
  // (useConfirmIntent): each story starts with none, as a new tab does.
  beforeEach: () => {
    for (const name of Object.keys(sessionStorage)) if (name.startsWith('payments-kit:')) sessionStorage.removeItem(name);
  },
  loaders: [
    mswLoader(async () => {
      const worker = setupWorker(...createSandboxHandlers(sandbox));
      await worker.start({
        quiet: true,
        // Requests to the kit's proxy path must all be answered by the sandbox; anything else
        // (Storybook's own files, the hosted flow page) goes to the network as usual.
        onUnhandledRequest: (request, print) => {
          if (new URL(request.url).pathname.startsWith('/api/')) print.error();
        },
      });
      return worker;
    }),
    (context) => {
      sandbox.reset();
      context.parameters.sandbox?.(sandbox);
      // A fresh cache per story, no retries: every state shows at once and stays put.
      const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
      return { queryClient, sandbox };
    },
  ],
  decorators: [withPayments],
  initialGlobals: {
    theme: testTheme === 'dark' ? 'dark' : 'light',
    locale: 'en',
  },
  globalTypes: {
    theme: {
      description: 'Colour theme of the components',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Light' },
          { value: 'dark', title: 'Dark' },
          { value: 'auto', title: 'System' },
        ],
        dynamicTitle: true,
      },
    },
    locale: {
      description: 'Locale of the components',
      toolbar: {
        title: 'Locale',
        icon: 'globe',
        items: toolbarLocales,
        dynamicTitle: true,
      },
    },
  },
  parameters: {
    layout: 'padded',
    controls: { expanded: true, sort: 'requiredFirst' },
    // The surface follows the theme toolbar; Storybook's own background picker would fight it.
    backgrounds: { disable: true },
    options: {
      storySort: { order: ['Introduction', 'Setup', 'Components', ['TransactionDetail', 'ConfirmIntentButton', 'FlowLauncher', 'VolumeCard']] },
    },
    // Any axe violation fails the story's test (npm test runs every story in Chromium), in the
    // light scheme; the dark scheme's colours are checked after it (`afterEach` above).
    a11y: { test: 'error' },
  },
  tags: ['autodocs'],
};

export default preview;
