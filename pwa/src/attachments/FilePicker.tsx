import { useId, useMemo, useRef, useState } from 'react';
import { ownerRules, type TPickRules, type TRefusal } from './pickRules.ts';

/** Where picked files came from: the file picker, or the camera (a photo just taken). */
export type TPickSource = 'files' | 'camera';

/**
 * The one file picker of the app, for files of any row (a case document, a library page, a payment): several
 * files at once, or a photo taken with the camera (`camera`: a Take Photo button, the camera itself on phones),
 * checked by their bytes against what the owner kind declares (`owner`) or against `rules` (a case document's:
 * pickRules.ts); each pick adds to the kept ones (the input is emptied after), and a refused file is named
 * with the rule's message. `message`: the caller's own word on the pick (the uploader's "Select a File…").
 */
export function FilePicker({
  owner,
  rules: given,
  label,
  onPick,
  camera = false,
  disabled = false,
  message,
  onNone,
  onChecking,
}: {
  /** The owner kind as the original API names it (`Payment`, `GeneralCaseLaw`…), declared in shared-types. */
  owner?: string;
  /** Instead of `owner`: the rules of what may be picked. */
  rules?: TPickRules;
  label: string;
  /** The accepted files of a pick (not called when none was accepted). */
  onPick: (files: File[], from: TPickSource) => void;
  camera?: boolean;
  disabled?: boolean;
  message?: string | null;
  /** The picker was closed with no file in it (a cancelled picker, in browsers that say so). */
  onNone?: () => void;
  /** Whether picked files are being checked (a big PDF's pages take a moment). */
  onChecking?: (checking: boolean) => void;
}) {
  const rules = useMemo(() => given ?? ownerRules(owner ?? ''), [given, owner]);
  const [refused, setRefused] = useState<TRefusal[]>([]);
  const [checking, setChecking] = useState(false);
  const errorId = useId();
  const photo = useRef<HTMLInputElement>(null);
  const shown: TRefusal[] = message ? [{ message, names: [] }, ...refused] : refused;

  const busy = (b: boolean) => {
    setChecking(b);
    onChecking?.(b);
  };
  const picked = (input: HTMLInputElement, from: TPickSource) => {
    const list = [...(input.files ?? [])];
    if (!list.length) {
      setRefused([]);
      return onNone?.();
    }
    busy(true);
    void rules
      .check(list)
      .then(({ files, refused: r }) => {
        setRefused(r);
        if (files.length) onPick(files, from);
      })
      .catch((e: unknown) => setRefused([{ message: e instanceof Error ? e.message : String(e), names: [] }]))
      .finally(() => {
        // Emptied so the same file may be picked again; what was kept is the caller's to list.
        input.value = '';
        busy(false);
      });
  };

  return (
    <>
      <label className="field file-picker" aria-busy={checking || undefined}>
        <span className="field-label">{label}</span>
        <input
          type="file"
          multiple
          accept={rules.accept}
          disabled={disabled || checking}
          aria-invalid={shown.length ? true : undefined}
          aria-describedby={shown.length ? errorId : undefined}
          onChange={(e) => picked(e.currentTarget, 'files')}
        />
      </label>
      {camera && (
        <>
          <button
            type="button"
            className="btn"
            disabled={disabled || checking}
            onClick={() => photo.current?.click()}
          >
            Take Photo
          </button>
          {/* The camera on phones; a plain picker on desktops. Reached through the Take Photo button. */}
          <input
            ref={photo}
            type="file"
            accept="image/*"
            capture="environment"
            hidden
            tabIndex={-1}
            aria-hidden="true"
            onChange={(e) => picked(e.currentTarget, 'camera')}
          />
        </>
      )}
      {shown.length > 0 && (
        <div id={errorId} className="field-error" role="alert">
          {shown.map((r) => (
            <div key={r.message}>
              {r.message}
              {r.names.length > 0 && <span className="muted"> ({r.names.join(', ')})</span>}
            </div>
          ))}
        </div>
      )}
    </>
  );
}
