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
   * The theme the story tests run in, per vitest project (vitest.config.ts `define`). Not
   * `import.meta.env.*`: vitest turns those defines into `process.env`, which all projects share,
   * so every project would get the last one's theme.
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
    await new Promise((resolve) => requestAnimationFrame(resolve));
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

const preview: Preview = {
  // The schemes differ in colours only (src/styles/styles.css): what a story lays out and shows
  // is checked in the light one (test/matrix.ts).
  afterEach: async ({ canvasElement, parameters }) => {
    if (testTheme !== 'light') return;
    await expectNoSpillWhenNarrow(canvasElement);
    expectTheStateDeclared(canvasElement, parameters.showsError);
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
    // Any axe violation fails the story's test (npm test runs every story in Chromium). In the
    // dark scheme only the rules that read colours run: the others read the same markup in both.
    a11y: { test: 'error', ...(testTheme === 'dark' ? { options: { runOnly: ['color-contrast', 'link-in-text-block'] } } : {}) },
  },
  tags: ['autodocs'],
};

export default preview;
