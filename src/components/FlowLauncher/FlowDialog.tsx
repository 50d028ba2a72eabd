'use client';
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useLatestCallback } from '../../client/useLatestCallback.js';
import type { FlowLauncherMessages } from '../messages/types.js';
import { callSafely } from '../shared/callSafely.js';

/**
 * `FlowLauncher`'s `dialog` mode: an opener and a native modal `<dialog>` that follows `open`.
 * `showModal` makes the rest of the page inert (the focus trap) and Escape closes it; focus goes
 * inside on open, and back to the opener on close.
 */
export function FlowDialog({ open, setOpen, onClose, onShown, titleId, title, messages, children }: {
  open: boolean;
  setOpen: (open: boolean) => void;
  /** `FlowLauncher`'s `onClose`: the user closed the dialog (Escape, the close button). */
  onClose: (() => void) | undefined;
  /** Runs whenever the dialog is open, whether the opener or the host opened it: starts the flow unless one is open. */
  onShown: () => void;
  titleId: string;
  title: string;
  messages: FlowLauncherMessages;
  children: ReactNode;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  // The dialog's `close` event: the user closed it when `open` is still true; the host did when
  // it is already false, and then nothing is reported.
  const onDialogClosed = useLatestCallback(() => {
    if (open) {
      setOpen(false);
      callSafely(() => onClose?.());
    }
    openerRef.current?.focus();
  });

  /** Closes the native dialog; without `close()` (old engines), says so as the event would. */
  const closeDialog = useLatestCallback(() => {
    const element = dialogRef.current;
    if (!element?.open) return;
    if (typeof element.close === 'function') {
      element.close(); // fires `close`, handled by onDialogClosed
    } else {
      element.removeAttribute('open');
      onDialogClosed();
    }
  });

  useEffect(() => {
    const element = dialogRef.current;
    if (!element) return;
    if (open && !element.open) {
      if (typeof element.showModal === 'function') element.showModal();
      else element.setAttribute('open', '');
      if (!element.contains(element.ownerDocument.activeElement)) closeRef.current?.focus();
    } else if (!open) {
      closeDialog();
    }
  }, [open, closeDialog]);

  useEffect(() => {
    if (open) onShown();
  }, [open, onShown]);

  const onDialogKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Escape') return;
    // Handled here too: browsers differ on when Escape cancels a dialog (and jsdom never does).
    event.preventDefault();
    closeDialog();
  };

  return (
    <>
      <div className="pk-actions">
        <button ref={openerRef} type="button" className="pk-button" data-variant="primary" aria-haspopup="dialog" onClick={() => { setOpen(true); }}>
          {messages.flowStart}
        </button>
      </div>
      <dialog ref={dialogRef} className="pk-dialog" aria-labelledby={titleId} onClose={onDialogClosed} onKeyDown={onDialogKeyDown}>
        <div className="pk-dialog__header">
          <h2 id={titleId} className="pk-dialog__title">
            {title}
          </h2>
          <button ref={closeRef} type="button" className="pk-button" data-variant="ghost" onClick={closeDialog}>
            {messages.flowClose}
          </button>
        </div>
        {children}
      </dialog>
    </>
  );
}
