import { openFlow } from './openFlow.js';

/**
 * `loadFlowOpening` for a build of one file (vite.standalone.config.ts): the check is inside it,
 * so there is nothing to load.
 */
export const flowOpening = () => openFlow;
export const loadFlowOpening = () => undefined;
