import { FlowProgress, flowProgressLabel } from './FlowProgress.js';
import { themeStyles } from './themeStyles.js';
import { loadErrorCodeWords } from '../shared/errorCodeWords.js';

/**
 * `loadFlowView` for a build of one file (vite.standalone.config.ts): the flow view is inside it,
 * so there is nothing to load but the error codes' words (English, inside it too); a dynamic
 * import inlined there would only wrap every module it reaches in code that runs it later. A plain object, not the module's namespace, which the
 * bundler would build with helpers of its own.
 */
const view = { FlowProgress, flowProgressLabel, themeStyles };
export const flowView = () => view;
export const loadFlowView = loadErrorCodeWords;
