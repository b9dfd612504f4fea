import { useState, type ReactElement } from 'react';
import { ConfirmDialog } from './Modal.tsx';
import { useToast } from './toast.tsx';

/**
 * The spec's delete flow for every list: ask 'Do you want to Delete?', call the server, show the success
 * text (or the failure notice), then let the list refresh. One implementation for users, companies and
 * contact requests instead of three copies.
 */
export function useConfirmedDelete<K>(
  remove: (key: K) => Promise<unknown>,
  successText: string,
  onDone: (key: K) => void,
): { ask: (key: K) => void; busy: boolean; dialog: ReactElement } {
  const toast = useToast();
  // Wrapped so that a falsy key (an id of 0, an empty string) still counts as "asking".
  const [pending, setPending] = useState<{ key: K } | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (!pending) return;
    const { key } = pending;
    setPending(null);
    setBusy(true);
    try {
      await remove(key);
      toast.success(successText);
      onDone(key);
    } catch (e) {
      toast.failed(e);
    } finally {
      setBusy(false);
    }
  };

  const dialog = (
    <ConfirmDialog
      open={pending !== null}
      onConfirm={() => void confirm()}
      onCancel={() => setPending(null)}
    />
  );
  return { ask: (key) => setPending({ key }), busy, dialog };
}
