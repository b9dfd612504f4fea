import { useState } from 'react';
import { MSG } from '@lawfirm/shared-types';
import { putLocal } from '../sync/actions.ts';
import type { TRow } from '../sync/db.ts';
import { useSync } from '../sync/hooks.ts';
import { changedValues } from '../ui/InlineTable.tsx';
import { useToast } from '../ui/toast.tsx';
import {
  draftOf,
  hasErrors,
  validateDraft,
  valuesOf,
  type TDraft,
  type TDraftErrors,
  type TField,
} from './fields.ts';

type TEditing = { draft: TDraft; errors: TDraftErrors; seen: Record<string, number> | undefined };

/**
 * View mode <-> edit mode of one row (Edit, then Update or Cancel; part 1 §4), shared by the ordered tables
 * and the attachments table. An update sends only the changed fields with the versions seen when editing
 * began, so someone else's edit of another field merges, and of the same field becomes a visible conflict.
 */
export function useRowEditor(entity: string, row: TRow, fields: readonly TField[]) {
  const ctx = useSync();
  const toast = useToast();
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
    if (!editing || !ctx || saving) return;
    const errors = validateDraft(fields, editing.draft);
    if (hasErrors(errors)) return setEditing({ ...editing, errors });
    const changed = changedValues(row, valuesOf(fields, editing.draft));
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
