import * as view from './ConfirmAnswer.js';

/**
 * `useConfirmAnswer` for a build of one file (vite.standalone.config.ts): the answer view is
 * inside it, so there is nothing to load, and a dynamic import inlined there would only wrap
 * every module it reaches in code that runs it later.
 */
export const useConfirmAnswer = () => ({ view, failed: false });
