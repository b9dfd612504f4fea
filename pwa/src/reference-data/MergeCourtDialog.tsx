import { useId, useState } from 'react';
import { Modal } from '../feedback/Modal.tsx';
import { useToast } from '../feedback/toast.tsx';
import { useEntityRows, useSync } from '../sync/hooks.ts';
import { mergeQuestion } from './courtMerge.ts';
import { mergeCourtLocal } from './referenceData.actions.ts';
import type { TCourtRow } from './useReferenceData.ts';

/**
 * "Merge into…" of a court (issue 30): the admin picks the court to keep, reads how many case files move, and
 * confirms. The merge is local writes (mergeCourtLocal), so it works offline and syncs like any change.
 */
export function MergeCourtDialog({
  court,
  courts,
  onClose,
}: {
  /** The court to merge away; null keeps the dialog closed. */
  court: TCourtRow | null;
  courts: readonly TCourtRow[];
  onClose: () => void;
}) {
  const db = useSync()?.db;
  const toast = useToast();
  const selectId = useId();
  const [keptId, setKeptId] = useState('');
  const [busy, setBusy] = useState(false);
  const moving = useEntityRows('petitions', court ? { court_id: court.id } : null);
  const kept = courts.find((c) => c.id === keptId);
  const close = () => {
    setKeptId('');
    onClose();
  };
  const merge = async () => {
    if (!db || !court || !kept) return;
    setBusy(true);
    try {
      const n = await mergeCourtLocal(db, court.id, kept.id);
      toast.success('Courts merged', `${n} case file${n === 1 ? '' : 's'} now in '${kept.title}'.`);
      close();
    } catch (e) {
      toast.failed(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={!!court}
      title={court ? `Merge '${court.title}' into…` : 'Merge into…'}
      onClose={close}
      footer={
        <>
          <button
            type="button"
            className="btn danger"
            disabled={!kept || !moving || busy}
            onClick={() => void merge()}
          >
            Merge
          </button>
          <button type="button" className="btn" onClick={close}>
            Cancel
          </button>
        </>
      }
    >
      <div className="field">
        <label htmlFor={selectId}>Court to keep</label>
        <select id={selectId} value={keptId} onChange={(e) => setKeptId(e.target.value)}>
          <option value="">Choose a court</option>
          {courts
            .filter((c) => c.id !== court?.id)
            .map((c) => (
              <option key={c.id} value={c.id}>
                {c.title}
              </option>
            ))}
        </select>
      </div>
      {court && kept && moving && (
        <p role="status">{mergeQuestion(moving.length, court.title, kept.title)}</p>
      )}
    </Modal>
  );
}
