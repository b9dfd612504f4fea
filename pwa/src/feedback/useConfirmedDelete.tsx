import { useState, type ReactElement } from 'react';
import { ConfirmDialog } from './Modal.tsx';
import { useToast } from './toast.tsx';
import { useSaveReport } from './useSaveReport.ts';
import { useUndoable } from './useUndoable.ts';

export type TDeleteOptions<K> = {
  /** Names what goes, under the spec's 'Do you want to Delete?'. */
  detail?: (key: K) => string;
  /**
   * Undo for a few seconds after the prompt (useUndoable): `hide` takes it off the screen at once, `show`
   * brings it back on Undo (or if the delete fails); `title` is the notice meanwhile.
   */
  undo?: { title: (key: K) => string; hide: (key: K) => void; show: (key: K) => void };
};

/**
 * The spec's delete flow for every list: ask 'Do you want to Delete?', delete (a local write, or a call to
 * the server), report it honestly (the success text once the server has it, useSaveReport) or the failure
 * notice, then let the list refresh. One implementation for every list instead of copies.
 */
export function useConfirmedDelete<K>(
  remove: (key: K) => Promise<unknown>,
  successText: string,
  onDone: (key: K) => void,
  options: TDeleteOptions<K> = {},
): { ask: (key: K) => void; busy: boolean; dialog: ReactElement } {
  const toast = useToast();
  const saved = useSaveReport();
  const undoable = useUndoable();
  // Wrapped so that a falsy key (an id of 0, an empty string) still counts as "asking".
  const [pending, setPending] = useState<{ key: K } | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (key: K) => {
    setBusy(true);
    try {
      await saved(() => remove(key), successText);
      onDone(key);
    } catch (e) {
      options.undo?.show(key);
      toast.failed(e);
    } finally {
      setBusy(false);
    }
  };
  const confirm = () => {
    if (!pending) return;
    const { key } = pending;
    setPending(null);
    const undo = options.undo;
    if (!undo) return void run(key);
    undo.hide(key);
    undoable({ title: undo.title(key), commit: () => void run(key), undo: () => undo.show(key) });
  };

  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      detail={pending && options.detail ? options.detail(pending.key) : undefined}
      onConfirm={confirm}
      onCancel={() => setPending(null)}
    />
  );
  return { ask: (key) => setPending({ key }), busy, dialog };
}
