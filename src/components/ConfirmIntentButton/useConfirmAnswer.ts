'use client';
import { useEffect, useState } from 'react';
import type { ConfirmAnswer } from './ConfirmAnswer.js';

interface AnswerView {
  ConfirmAnswer: typeof ConfirmAnswer;
}

let loaded: AnswerView | undefined;
let loading: Promise<AnswerView> | undefined;

/** One load for the page; after a failed one, the next button to mount tries again. */
function loadAnswerView(): Promise<AnswerView> {
  loading ??= import('./ConfirmAnswer.js').then(
    (view) => (loaded = view),
    (cause: unknown) => {
      loading = undefined;
      throw cause;
    },
  );
  return loading;
}

/**
 * The button's answer view, loaded when it mounts: by the time a click has an answer to show, the
 * view is there (and the click never waits for it). `failed` when it could not be loaded.
 */
export function useConfirmAnswer(): { view: AnswerView | undefined; failed: boolean } {
  const [view, setView] = useState(loaded);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (view) return;
    let active = true;
    loadAnswerView().then(
      (answerView) => {
        if (active) setView(answerView);
      },
      () => {
        if (active) setFailed(true);
      },
    );
    return () => {
      active = false;
    };
  }, [view]);
  return { view, failed };
}
