import { FileLink } from './FileView.tsx';
import { useLocalFile } from './useLocalFile.ts';
import { PendingMark } from '../feedback/PendingMark.tsx';
import { usePendingFor } from '../sync/hooks.ts';

/** A file of the one attachment model as a list shows it. */
export type TSavedFile = { id: string; sha256: string; file_name: string };

const removeLabel = (noun: string | undefined, name: string) =>
  noun ? `Remove ${noun} ${name}` : `Remove ${name}`;

/**
 * The one viewer of a saved file in a list (a payment's receipts, a library page's files): its name opens it
 * (the device's copy, or downloaded for offline reading: a PDF in a new tab, an image shown, other files saved
 * under their name), "not synced yet" while its row is queued, and Remove.
 */
export function SavedFile({
  file: f,
  noun,
  onRemove,
}: {
  file: TSavedFile;
  /** What the file is to the user ("receipt"), in the Remove button's name. */
  noun?: string;
  onRemove?: () => void;
}) {
  const file = useLocalFile(f.sha256, f.file_name);
  const pending = usePendingFor('attachments', f.id);
  return (
    <li className="receipt">
      {file.status === 'ready' ? (
        <FileLink url={file.url} view={file.view} name={f.file_name} className="receipt-link">
          {f.file_name}
        </FileLink>
      ) : (
        <span className="receipt-link">{f.file_name}</span>
      )}
      {pending && <PendingMark />}
      {onRemove && (
        <button
          type="button"
          className="btn danger"
          aria-label={removeLabel(noun, f.file_name)}
          onClick={onRemove}
        >
          Remove
        </button>
      )}
    </li>
  );
}

/** A file picked here and not saved yet: removed at once. */
export function PickedFile({
  file,
  noun,
  note,
  onRemove,
}: {
  file: File;
  noun?: string;
  /** Said after its name (a library page's "(new)"). */
  note?: string;
  onRemove: () => void;
}) {
  return (
    <li className="receipt">
      <span className="receipt-link">
        {file.name}
        {note ? ` ${note}` : ''}
      </span>
      <button type="button" className="btn" aria-label={removeLabel(noun, file.name)} onClick={onRemove}>
        Remove
      </button>
    </li>
  );
}
