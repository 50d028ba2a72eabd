import { loadErrorCodeWords } from '../shared/errorCodeWords.js';
import type * as FlowView from './flowView.js';

let loaded: typeof FlowView | undefined;
let loading: Promise<unknown> | undefined;

/** The flow view once it is loaded: always by the time a flow opens (`loadFlowView`). */
export const flowView = (): typeof FlowView | undefined => loaded;

/**
 * Loads the flow view, and the words for the API's error codes in `locale`'s language (a refused
 * creation is shown with them), with each flow's creation and in parallel with it, so that
 * starting a flow waits for the slower of the two, never for both in turn. One load of the view
 * for the page; after a failed one, the next start tries again. Words that fail to load fail
 * nothing: the refusal keeps the words of its status.
 */
export function loadFlowView(locale: string): Promise<unknown> {
  loading ??= import('./flowView.js').then(
    (view) => (loaded = view),
    (cause: unknown) => {
      loading = undefined;
      throw cause;
    },
  );
  return Promise.all([loading, loadErrorCodeWords(locale)]);
}
