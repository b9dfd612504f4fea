import { useMemo } from 'react';
import { Modal } from '../feedback/Modal.tsx';
import { useToast } from '../feedback/toast.tsx';
import { useEntityRows, useSync } from '../sync/hooks.ts';
import type { TField } from '../ui/fields.ts';
import { Field } from '../ui/forms/Field.tsx';
import { useFieldForm } from '../ui/forms/useFieldForm.tsx';
import { mergeQuestion } from './courtMerge.ts';
import { mergeCourtLocal } from './referenceData.actions.ts';
import type { TCourtRow } from './useReferenceData.ts';

/**
 * "Merge into…" of a court (issue 30): the admin picks the court to keep, reads how many case files move, and
 * confirms. The merge is local writes (mergeCourtLocal), so it works offline and syncs like any change.
 */
export function MergeCourtDialog(props: {
  /** The court to merge away; null keeps the dialog closed. */
  court: TCourtRow | null;
  courts: readonly TCourtRow[];
  onClose: () => void;
}) {
  // A fresh choice for each court (a merged court is gone, so the next dialog is another's).
  return <MergeCourtForm key={props.court?.id ?? ''} {...props} />;
}

const KEPT: TField = {
  key: 'kept_id',
  label: 'Court to keep',
  kind: 'select',
  placeholder: 'Choose a court',
};

function MergeCourtForm({
  court,
  courts,
  onClose,
}: {
  court: TCourtRow | null;
  courts: readonly TCourtRow[];
  onClose: () => void;
}) {
  const db = useSync()?.db;
  const toast = useToast();
  const field = useMemo<TField>(
    () => ({
      ...KEPT,
      options: courts.filter((c) => c.id !== court?.id).map((c) => ({ value: c.id, label: c.title })),
    }),
    [courts, court],
  );
  const fields = useMemo(() => [field], [field]);
  // The court chosen is the form's one field: closing with one chosen asks first.
  const form = useFieldForm(fields, { kept_id: '' });
  const moving = useEntityRows('petitions', court ? { court_id: court.id } : null);
  const kept = courts.find((c) => c.id === form.draft.kept_id);
  const close = () =>
    form.leave(() => {
      form.reset();
      onClose();
    });
  // Throws to keep the choice (and the dialog) when the merge fails.
  const merge = form.submit(async () => {
    if (!db || !court || !kept) return;
    try {
      const n = await mergeCourtLocal(db, court.id, kept.id);
      toast.success('Courts merged', `${n} case file${n === 1 ? '' : 's'} now in '${kept.title}'.`);
    } catch (e) {
      toast.failed(e);
      throw e;
    }
    onClose();
  });
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
            disabled={!kept || !moving || form.submitting}
            onClick={() => merge()}
          >
            Merge
          </button>
          <button type="button" className="btn" onClick={close}>
            Cancel
          </button>
        </>
      }
    >
      <Field {...form.bind('kept_id')} />
      {court && kept && moving && (
        <p role="status">{mergeQuestion(moving.length, court.title, kept.title)}</p>
      )}
      {form.dialog}
    </Modal>
  );
}
