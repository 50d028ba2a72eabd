// eslint-disable-next-line no-restricted-imports -- components/shared/errorCodeWords, the module this file tests
import { loadedErrorCodeWords } from '../../src/components/shared/errorCodeWords.js';

/**
 * Empties the page's words for the API's error codes (a module's inside), so that a test starts
 * as a page that has loaded none.
 */
export function forgetErrorCodeWords(): void {
  for (const locale of Object.keys(loadedErrorCodeWords)) Reflect.deleteProperty(loadedErrorCodeWords, locale);
}
