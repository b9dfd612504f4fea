import { useId, useState } from 'react';
import type { TField } from '../../ui/fields.ts';
import { FieldControl } from '../../ui/FieldControl.tsx';
import { useFieldForm } from '../../ui/forms/useFieldForm.tsx';
import { useSync } from '../../sync/hooks.ts';
import { useToast } from '../../feedback/toast.tsx';
import { useSaveReport } from '../../feedback/useSaveReport.ts';
import { setPendingTagLocal } from '../caseFiles.actions.ts';
import type { TPetitionRow } from '../caseFiles.types.ts';
import { ChoiceDialog } from './ChoiceDialog.tsx';

export const TAG_INSERTED = 'Pending Tag Inserted Successfully!';
export const TAG_REMOVED = 'Pending Tag Remove Successfully!';
const TAG_MAX = 100;

/** The one field; the list does not refuse an empty tag (part 1 §5): saving nothing over a tag removes it. */
const TAG_FIELD: TField = {
  key: 'tag',
  label: 'Pending Tag',
  placeholder: 'Pending Tag',
  maxLength: TAG_MAX,
};
const FIELDS = [TAG_FIELD];

/**
 * A case's pending tag (its library number while the file waits on a shelf). Editors click it to be asked
 * 'Do you want to Remove/Change Pending Tag?'; a case without one offers 'Add Pending Tag'. Everyone else
 * just reads it. Written to the local database, so it works offline.
 */
export function PendingTagEditor({
  petition,
  canEdit,
  prefix,
  addButton = true,
}: {
  petition: TPetitionRow;
  canEdit: boolean;
  /** Text before the tag (the petition page shows 'Pending'). */
  prefix?: string;
  /** 'Add Pending Tag' when there is none (a compact card offers it elsewhere). */
  addButton?: boolean;
}) {
  const ctx = useSync();
  const toast = useToast();
  const saved = useSaveReport();
  const inputId = useId();
  const tag = (petition.pending_tag ?? '').trim();
  const [mode, setMode] = useState<'view' | 'ask' | 'edit'>('view');
  // Not a field: a write under way.
  const [busy, setBusy] = useState(false);
  // A tag typed and not saved is not dropped by Cancel or Escape without asking.
  const form = useFieldForm(FIELDS, { tag: '' });
  const cancel = () =>
    form.leave(() => {
      form.reset();
      setMode('view');
    });

  /** Whether the tag was written. */
  const write = async (value: string | null, success: string): Promise<boolean> => {
    if (!ctx) {
      toast.error('Something went wrong!', 'The local database is not open yet.');
      return false;
    }
    setBusy(true);
    try {
      await saved(() => setPendingTagLocal(ctx.db, petition, value), success);
      setMode('view');
      return true;
    } catch (e) {
      toast.failed(e);
      return false;
    } finally {
      setBusy(false);
    }
  };
  // Throws to keep the tag unsaved (and asking before it is dropped).
  const save = form.submit(async (values) => {
    const value = typeof values.tag === 'string' ? values.tag : '';
    if (!value) {
      if (tag && !(await write(null, TAG_REMOVED))) throw new Error('The pending tag was not removed.');
      return setMode('view');
    }
    if (value === tag) return setMode('view');
    if (!(await write(value, TAG_INSERTED))) throw new Error('The pending tag was not saved.');
  });
  const edit = () => {
    form.reset({ tag });
    setMode('edit');
  };

  if (mode === 'edit')
    return (
      <>
        <span className="tag-editor">
          <label htmlFor={inputId} className="sr-only">
            Pending Tag
          </label>
          <FieldControl
            field={TAG_FIELD}
            id={inputId}
            autoFocus
            value={form.draft.tag ?? ''}
            onChange={(text) => form.set('tag', text)}
            onEnter={() => save()}
            onEscape={cancel}
          />
          <button type="button" className="btn small primary" disabled={busy} onClick={() => save()}>
            Save
          </button>
          <button type="button" className="btn small" onClick={cancel}>
            Cancel
          </button>
        </span>
        {form.dialog}
      </>
    );

  if (!tag)
    return canEdit && addButton ? (
      <button type="button" className="btn small" onClick={edit}>
        Add Pending Tag
      </button>
    ) : null;

  const label = prefix && <span className="pending-prefix">{prefix}</span>;
  if (!canEdit)
    return (
      <span className="pending-wrap">
        {label}
        <span className="pending-tag">{tag}</span>
      </span>
    );
  return (
    <>
      <span className="pending-wrap">
        {label}
        <button
          type="button"
          className="pending-tag"
          aria-label={`Pending Tag ${tag}`}
          title="Remove or change the pending tag"
          onClick={() => setMode('ask')}
        >
          {tag}
        </button>
      </span>
      {mode === 'ask' && (
        <ChoiceDialog
          message="Do you want to Remove/Change Pending Tag?"
          onDelete={() => void write(null, TAG_REMOVED)}
          onEdit={edit}
          onClose={() => setMode('view')}
        />
      )}
    </>
  );
}
