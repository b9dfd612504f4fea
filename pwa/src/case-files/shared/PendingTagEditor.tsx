import { useId, useState, type KeyboardEvent } from 'react';
import { useSync } from '../../sync/hooks.ts';
import { useToast } from '../../feedback/toast.tsx';
import { useDiscardGuard } from '../../ui/useDiscardGuard.tsx';
import { useSaveReport } from '../../feedback/useSaveReport.ts';
import { setPendingTagLocal } from '../caseFiles.actions.ts';
import type { TPetitionRow } from '../caseFiles.types.ts';
import { ChoiceDialog } from './ChoiceDialog.tsx';

export const TAG_INSERTED = 'Pending Tag Inserted Successfully!';
export const TAG_REMOVED = 'Pending Tag Remove Successfully!';
const TAG_MAX = 100;

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
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState(false);
  // A tag typed and not saved is not dropped by Cancel or Escape without asking.
  const guard = useDiscardGuard(mode === 'edit' && draft.trim() !== tag);
  const cancel = () => guard.leave(() => setMode('view'));

  const write = async (value: string | null, success: string) => {
    if (!ctx) return toast.error('Something went wrong!', 'The local database is not open yet.');
    setBusy(true);
    try {
      await saved(() => setPendingTagLocal(ctx.db, petition, value), success);
      setMode('view');
    } catch (e) {
      toast.failed(e);
    } finally {
      setBusy(false);
    }
  };
  const save = () => {
    const value = draft.trim();
    // The list does not refuse an empty tag (part 1 §5); saving nothing over a tag removes it.
    if (!value) return tag ? void write(null, TAG_REMOVED) : setMode('view');
    if (value === tag) return setMode('view');
    void write(value, TAG_INSERTED);
  };
  const edit = () => {
    setDraft(tag);
    setMode('edit');
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      save();
    } else if (e.key === 'Escape') cancel();
  };

  if (mode === 'edit')
    return (
      <>
        <span className="tag-editor">
          <label htmlFor={inputId} className="sr-only">
            Pending Tag
          </label>
          <input
            id={inputId}
            autoFocus
            value={draft}
            maxLength={TAG_MAX}
            placeholder="Pending Tag"
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={onKey}
          />
          <button type="button" className="btn small primary" disabled={busy} onClick={save}>
            Save
          </button>
          <button type="button" className="btn small" onClick={cancel}>
            Cancel
          </button>
        </span>
        {guard.dialog}
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
