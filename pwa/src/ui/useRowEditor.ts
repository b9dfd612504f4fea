import { useState } from 'react';
import { MSG } from '@lawfirm/shared-types';
import { changedValues, draftOf, readDraft, type TDraft, type TDraftErrors, type TField } from './fields.ts';
import { useToast } from '../feedback/toast.tsx';
import { useSaveReport } from '../feedback/useSaveReport.ts';
import type { TRow, TRowStore } from './useRowStore.ts';

type TEditing = { draft: TDraft; errors: TDraftErrors; seen: Record<string, number> | undefined };

/**
 * View mode <-> edit mode of one row of the row table (Edit, then Update or Cancel). An update sends only the
 * changed fields with the versions seen when editing began, so someone else's edit of another field merges,
 * and of the same field becomes a visible conflict rather than being overwritten.
 */
export function useRowEditor(store: TRowStore | null, row: TRow, fields: readonly TField[]) {
  const toast = useToast();
  const saved = useSaveReport();
  const [editing, setEditing] = useState<TEditing | null>(null);
  const [saving, setSaving] = useState(false);

  const start = () =>
    setEditing({
      draft: draftOf(fields, row),
      errors: {},
      seen: row.field_versions as Record<string, number> | undefined,
    });
  const cancel = () => setEditing(null);
  const setField = (key: string, text: string) =>
    setEditing(
      (e) => e && { ...e, draft: { ...e.draft, [key]: text }, errors: { ...e.errors, [key]: undefined } },
    );

  const update = async () => {
    if (!editing || !store || saving) return;
    const { errors, values } = readDraft(fields, editing.draft);
    if (errors) return setEditing({ ...editing, errors });
    const changed = changedValues(row, values);
    setSaving(true);
    try {
      await saved(async () => {
        if (Object.keys(changed).length) await store.update(row.id, changed, editing.seen);
      }, MSG.updatedOk);
      setEditing(null);
    } catch (e) {
      toast.failed(e);
    } finally {
      setSaving(false);
    }
  };

  return { editing, saving, start, cancel, setField, update };
}
