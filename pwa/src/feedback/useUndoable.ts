import { useCallback } from 'react';
import { useToast } from './toast.tsx';

/** How long Undo is offered before a confirmed delete is written. */
export const UNDO_MS = 6000;

export type TUndoable = {
  /** The notice shown meanwhile, e.g. 'Hearing date removed.'. */
  title: string;
  text?: string;
  /** Writes the delete (the screen already hides what goes). */
  commit: () => void;
  /** Shows it again: nothing was written. */
  undo: () => void;
};

/**
 * Undo for a confirmed delete (issue 11 item 5): the write waits behind an Undo notice, so Undo restores the
 * record whole (a delete cascades to its documents and files, which no later write could bring back). The
 * screen hides the record at once; the delete is written when the notice ends, or at once when the page is
 * left (the user confirmed it: closing the tab must not cancel it).
 */
export function useUndoable(): (u: TUndoable) => void {
  const toast = useToast();
  return useCallback(
    ({ title, text, commit, undo }: TUndoable) => {
      let settled = false;
      const settle = () => {
        if (settled) return false;
        settled = true;
        clearTimeout(timer);
        window.removeEventListener('pagehide', now);
        return true;
      };
      const now = () => {
        if (settle()) commit();
      };
      const timer = setTimeout(now, UNDO_MS);
      window.addEventListener('pagehide', now);
      toast.show('info', title, {
        text,
        ms: UNDO_MS,
        action: { label: 'Undo', onClick: () => settle() && undo() },
      });
    },
    [toast],
  );
}
