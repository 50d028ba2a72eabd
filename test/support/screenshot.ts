import { inject } from 'vitest';
import { page } from 'vitest/browser';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Whether the layout tests write their screenshots: `PK_SCREENSHOTS=1` (vitest.config.ts). */
    screenshots?: boolean;
  }
}

/**
 * Writes a screenshot of `element` to `__screenshots__/{name}.png` for a person to look at, when
 * the run asks for them (`PK_SCREENSHOTS=1 npx vitest run --project browser`). A test run writes
 * none: nothing compares them, and the layout tests assert what a reader would check in them.
 */
export async function saveScreenshot(name: string, element: Element): Promise<void> {
  if (inject('screenshots') !== true) return;
  await page.screenshot({ path: `__screenshots__/${name}.png`, element });
}
