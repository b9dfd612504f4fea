import { useId, useState } from 'react';
import { acceptOf, fileOwnerOf, ownerFiles } from './ownerFiles.ts';

/**
 * The one file picker of the app, for files of any row (a case document, a library page, a payment): several
 * files at once, picked or taken with the camera, checked by their bytes against what the owner kind declares;
 * each pick adds to the kept ones (the input is emptied after), a refused file is named by the kind's message.
 */
export function FilePicker({
  owner,
  label,
  onPick,
}: {
  /** The owner kind as the original API names it (`Payment`, `GeneralCaseLaw`, `PetitionIndex`…). */
  owner: string;
  label: string;
  onPick: (files: File[]) => void;
}) {
  const kind = fileOwnerOf(owner);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  return (
    <>
      <label className="field">
        <span className="field-label">{label}</span>
        <input
          type="file"
          multiple
          accept={acceptOf(kind)}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => {
            const input = e.currentTarget;
            void ownerFiles(kind, [...(input.files ?? [])]).then(({ files, refused }) => {
              setError(refused ? kind.kindsMessage : null);
              if (files.length) onPick(files);
              input.value = '';
            });
          }}
        />
      </label>
      {error && (
        <span id={errorId} className="field-error" role="alert">
          {error}
        </span>
      )}
    </>
  );
}
