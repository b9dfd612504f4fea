import { useId, useRef, useState } from 'react';
import { useSync } from '../sync/hooks.ts';
import { useToast } from '../feedback/toast.tsx';
import { useSaveReport } from '../feedback/useSaveReport.ts';
import { attachFilesLocal, type TAttachTarget } from './caseDocuments.actions.ts';
import { ACCEPT_ATTRIBUTE, checkFile, checkPdfPages, SELECT_FILE_MESSAGE } from '../attachments/sniff.ts';
import './case-documents.css';

export const UPLOADED_MESSAGE = 'Files Uploaded Successfully!';

type TRefusal = { message: string; names: string[] };

/**
 * Sniffs each file (and counts a PDF's pages); accepted ones are re-wrapped with the type their bytes show (the
 * browser may not know it).
 */
async function sortFiles(files: readonly File[]): Promise<{ accepted: File[]; refused: TRefusal[] }> {
  const accepted: File[] = [];
  const refused = new Map<string, string[]>();
  for (const f of files) {
    const bytes = new Uint8Array(await f.arrayBuffer());
    const checked = checkFile(f.name, bytes);
    const pages = checked.ok && checked.kind === 'pdf' ? await checkPdfPages(bytes) : null;
    const check = pages ? { ok: false as const, message: pages } : checked;
    if (check.ok) accepted.push(new File([bytes], f.name || `photo.${check.kind}`, { type: check.mime }));
    else refused.set(check.message, [...(refused.get(check.message) ?? []), f.name || 'file']);
  }
  return { accepted, refused: [...refused].map(([message, names]) => ({ message, names })) };
}

export type TUploadPanelProps = {
  /** Attaches on selection, without an Upload button. */
  compact?: boolean;
} & (
  | { target: TAttachTarget; hold?: never }
  /**
   * For a form whose row is saved later (a new item): checked files are handed over on selection, and the
   * form keeps them on the device with its row when it saves.
   */
  | { target?: never; hold: (files: File[]) => void }
);

/**
 * The one uploader (DESIGN §3) for every owner of attachments. Files are checked by their bytes, kept on the
 * device and attached at once, so a photo taken offline shows immediately and is uploaded by the sync engine
 * when the phone is online. `compact` attaches on selection; otherwise 'Upload' sends the chosen files.
 * With `hold`, the checked files go to the form instead (attached on selection, as `compact`).
 */
export function UploadPanel({ target, hold, compact: compactGiven = false }: TUploadPanelProps) {
  const compact = compactGiven || !!hold;
  const ctx = useSync();
  const toast = useToast();
  const saved = useSaveReport();
  const inputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<File[]>([]);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<TRefusal[] | null>(null);

  const upload = async (files: readonly File[]) => {
    if (!files.length) return setError([{ message: SELECT_FILE_MESSAGE, names: [] }]);
    if (!ctx || saving) return;
    setSaving(true);
    setError(null);
    try {
      const { accepted, refused } = await sortFiles(files);
      if (hold) hold(accepted);
      // The spec's text once the server has the rows and the bytes; until then, that they are on the device.
      else if (accepted.length && target)
        await saved(() => attachFilesLocal(ctx.db, target, accepted), UPLOADED_MESSAGE, { files: (h) => h });
      setError(refused.length ? refused : null);
      setChosen([]);
      if (fileInput.current) fileInput.current.value = '';
      if (camera.current) camera.current.value = '';
    } catch (e) {
      toast.failed(e);
    } finally {
      setSaving(false);
    }
  };

  const picked = (list: FileList | null) => {
    const files = [...(list ?? [])];
    if (compact) {
      if (files.length) void upload(files);
      return;
    }
    setChosen(files);
    // A cancelled picker empties the selection: say why Upload is unavailable.
    setError(files.length ? null : [{ message: SELECT_FILE_MESSAGE, names: [] }]);
  };
  // A photo just taken is attached at once: one tap in a court corridor, nothing left to forget.
  const photographed = (list: FileList | null) => {
    const files = [...(list ?? [])];
    if (files.length) void upload(files);
  };

  return (
    <div className={`uploader${compact ? ' compact' : ''}`} aria-busy={saving || undefined}>
      <div className="uploader-row">
        <label htmlFor={inputId} className="uploader-label">
          Choose files
        </label>
        <input
          ref={fileInput}
          id={inputId}
          type="file"
          multiple
          accept={ACCEPT_ATTRIBUTE}
          disabled={saving}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          onChange={(e) => picked(e.target.files)}
        />
        <button type="button" className="btn" disabled={saving} onClick={() => camera.current?.click()}>
          Take Photo
        </button>
        {/* The camera on phones; a plain picker on desktops. Reached through the Take Photo button. */}
        <input
          ref={camera}
          type="file"
          accept="image/*"
          capture="environment"
          hidden
          tabIndex={-1}
          aria-hidden="true"
          onChange={(e) => photographed(e.target.files)}
        />
        {!compact && (
          <button
            type="button"
            className="btn primary"
            disabled={saving || chosen.length === 0}
            onClick={() => void upload(chosen)}
          >
            {saving ? 'Please Wait..!' : 'Upload'}
          </button>
        )}
        {compact && saving && <span role="status">Please Wait..!</span>}
      </div>
      {error && (
        <div className="field-error" id={`${inputId}-error`} role="alert">
          {error.map((r) => (
            <div key={r.message}>
              {r.message}
              {r.names.length > 0 && <span className="muted"> ({r.names.join(', ')})</span>}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
