import type * as FlowView from './flowView.js';

let loaded: typeof FlowView | undefined;
let loading: Promise<unknown> | undefined;

/** The flow view once it is loaded: always by the time a flow opens (`loadFlowView`). */
export const flowView = (): typeof FlowView | undefined => loaded;

/**
 * Loads the flow view, with each flow's creation and in parallel with it, so that starting a flow
 * waits for the slower of the two, never for both in turn. Nothing to wait for once it is loaded.
 * One load for the page; after a failed one, the next start tries again.
 */
export function loadFlowView(): Promise<unknown> | undefined {
  if (loaded) return undefined;
  loading ??= import('./flowView.js').then(
    (view) => (loaded = view),
    (cause: unknown) => {
      loading = undefined;
      throw cause;
    },
  );
  return loading;
}
