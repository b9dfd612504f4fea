import { useState } from 'react';
import { ConfirmDialog } from '../feedback/Modal.tsx';
import { FilePicker } from './FilePicker.tsx';
import { PickedFile, SavedFile, type TSavedFile } from './SavedFile.tsx';

/**
 * The files of one row as a form or dialog edits them (a payment's receipts): the one picker for its owner
 * kind, its saved files (each opens from the device; Remove asks "Do you really want to delete?" first) and
 * the files picked here and not saved yet (removed at once). The caller keeps the picked files and the saved
 * ones removed, and writes them when it saves; `onRemoveSaved` may also remove at once (a saved row's list).
 */
export function OwnerFiles({
  owner,
  label,
  noun,
  listLabel,
  saved = [],
  picked = [],
  onPick,
  onUnpick,
  onRemoveSaved,
}: {
  /** The owner kind its entity declares in `files` (`Payment`). */
  owner: string;
  /** The picker's label. */
  label: string;
  /** What one file is to the user ("receipt"), in the buttons' and the question's names. */
  noun: string;
  /** The list's accessible name. */
  listLabel: string;
  saved?: readonly TSavedFile[];
  picked?: readonly File[];
  onPick: (files: File[]) => void;
  onUnpick?: (file: File) => void;
  onRemoveSaved?: (file: TSavedFile) => void;
}) {
  const [asking, setAsking] = useState<TSavedFile | null>(null);
  return (
    <>
      <FilePicker owner={owner} label={label} onPick={onPick} />
      {(saved.length > 0 || picked.length > 0) && (
        <ul className="receipts" aria-label={listLabel}>
          {saved.map((f) => (
            <SavedFile
              key={f.id}
              file={f}
              noun={noun}
              onRemove={onRemoveSaved ? () => setAsking(f) : undefined}
            />
          ))}
          {picked.map((f, i) => (
            <PickedFile key={`${i}:${f.name}`} file={f} noun={noun} onRemove={() => onUnpick?.(f)} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={asking !== null}
        message="Do you really want to delete?"
        detail={asking ? `${noun[0]!.toUpperCase()}${noun.slice(1)} ${asking.file_name}` : undefined}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          const f = asking;
          setAsking(null);
          if (f) onRemoveSaved?.(f);
        }}
      />
    </>
  );
}
