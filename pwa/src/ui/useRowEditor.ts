import { useState } from 'react';
import { MSG } from '@lawfirm/shared-types';
import { putLocal } from '../sync/actions.ts';
import type { TRow } from '../sync/db.ts';
import { useSync } from '../sync/hooks.ts';
import { changedValues } from './InlineTable.tsx';
import { useToast } from './toast.tsx';

export type TRowDraft = Record<string, string>;
export type TRowDraftErrors = Record<string, string | undefined>;

/** How a table turns a row into editable text, checks it, and turns it back into values. */
export type TRowForm = {
  draftOf: (row: TRow) => TRowDraft;
  validate: (draft: TRowDraft) => TRowDraftErrors;
  valuesOf: (draft: TRowDraft) => Record<string, unknown>;
};

type TEditing = { draft: TRowDraft; errors: TRowDraftErrors; seen: Record<string, number> | undefined };

/**
 * View mode <-> edit mode of one row (Edit, then Update or Cancel), for every inline-editable table (reference
 * data, index items, replies, attachments). An update sends only the changed fields with the versions seen
 * when editing began, so someone else's edit of another field merges, and of the same field becomes a
 * visible conflict rather than being overwritten.
 */
export function useRowEditor(entity: string, row: TRow, form: TRowForm) {
  const ctx = useSync();
  const toast = useToast();
  const [editing, setEditing] = useState<TEditing | null>(null);
  const [saving, setSaving] = useState(false);

  const start = () =>
    setEditing({
      draft: form.draftOf(row),
      errors: {},
      seen: row.field_versions as Record<string, number> | undefined,
    });
  const cancel = () => setEditing(null);
  const setField = (key: string, text: string) =>
    setEditing(
      (e) => e && { ...e, draft: { ...e.draft, [key]: text }, errors: { ...e.errors, [key]: undefined } },
    );

  const update = async () => {
    if (!editing || !ctx || saving) return;
    const errors = form.validate(editing.draft);
    if (Object.values(errors).some(Boolean)) return setEditing({ ...editing, errors });
    const changed = changedValues(row, form.valuesOf(editing.draft));
    setSaving(true);
    try {
      if (Object.keys(changed).length)
        await putLocal(ctx.db, entity, row.id, changed, editing.seen ? { seen: editing.seen } : {});
      setEditing(null);
      toast.success(MSG.updatedOk);
    } catch (e) {
      toast.failed(e);
    } finally {
      setSaving(false);
    }
  };

  return { editing, saving, start, cancel, setField, update };
}
