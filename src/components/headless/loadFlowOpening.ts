import type * as Opening from './openFlow.js';

let loaded: typeof Opening.openFlow | undefined;
let loading: Promise<unknown> | undefined;

/** `openFlow`, loaded by the time a creation succeeds: its creation loads it (`loadFlowOpening`). */
export const flowOpening = () => loaded as typeof Opening.openFlow;

/**
 * Loads the check of a created flow's link (`openFlow.ts`) with each creation, in parallel with
 * its request: one load for the page; after a failed one, the next creation tries again.
 */
export function loadFlowOpening(): Promise<unknown> {
  return (loading ??= import('./openFlow.js').then(
    (module) => (loaded = module.openFlow),
    (cause: unknown) => {
      loading = undefined;
      throw cause;
    },
  ));
}
