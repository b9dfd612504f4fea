import { useMemo, useState } from 'react';
import { useSync } from '../sync/hooks.ts';
import { useToast } from '../feedback/toast.tsx';
import { useSaveReport } from '../feedback/useSaveReport.ts';
import { FilePicker, type TPickSource } from '../attachments/FilePicker.tsx';
import { documentRules } from '../attachments/pickRules.ts';
import { PickedFile } from '../attachments/SavedFile.tsx';
import { SELECT_FILE_MESSAGE } from '../attachments/sniff.ts';
import { attachFilesLocal, type TAttachTarget } from './caseDocuments.actions.ts';
import './case-documents.css';

export const UPLOADED_MESSAGE = 'Files Uploaded Successfully!';

export type TUploadPanelProps = {
  /** Attaches on selection, without an Upload button. */
  compact?: boolean;
} & (
  | { target: TAttachTarget; hold?: never; owner?: never }
  /**
   * For a form whose row is saved later (a new item): checked files are handed over on selection, and the
   * form keeps them on the device with its row when it saves. `owner`: the owner kind the files will have.
   */
  | { target?: never; hold: (files: File[]) => void; owner: string }
);

/**
 * The uploader of a case document (DESIGN §3): the one file picker (attachments/FilePicker, with Take Photo and
 * the rules the owner kind declares in its entity's `files`, a PDF's pages counted) over the one attachment model. Files are
 * checked by their bytes, kept on the device and attached at once, so a photo taken offline shows immediately
 * and is uploaded by the sync engine when the phone is online; the save report follows the upload. `compact`
 * attaches on selection; otherwise the chosen files are listed and 'Upload' sends them (a photo just taken goes
 * at once: one tap in a court corridor, nothing left to forget). With `hold`, the checked files go to the form.
 */
export function UploadPanel({ target, hold, owner, compact: compactGiven = false }: TUploadPanelProps) {
  const compact = compactGiven || !!hold;
  // What the owner kind declares about its files (kinds, bytes, how many), as the server holds them.
  const ownerType = target?.ownerType ?? owner!;
  const rules = useMemo(() => documentRules(ownerType), [ownerType]);
  const ctx = useSync();
  const toast = useToast();
  const saved = useSaveReport();
  const [chosen, setChosen] = useState<File[]>([]);
  const [checking, setChecking] = useState(false);
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const busy = saving || checking;

  const upload = async (files: readonly File[]) => {
    if (!files.length) return setMessage(SELECT_FILE_MESSAGE);
    if (!ctx || saving) return;
    setSaving(true);
    setMessage(null);
    try {
      if (hold) hold([...files]);
      // The spec's text once the server has the rows and the bytes; until then, that they are on the device.
      else if (target)
        await saved(() => attachFilesLocal(ctx.db, target, files), UPLOADED_MESSAGE, { files: (h) => h });
      setChosen([]);
    } catch (e) {
      toast.failed(e);
    } finally {
      setSaving(false);
    }
  };

  const picked = (files: File[], from: TPickSource) => {
    setMessage(null);
    if (compact || from === 'camera') void upload(files);
    else setChosen((c) => [...c, ...files]);
  };

  return (
    <div className={`uploader${compact ? ' compact' : ''}`} aria-busy={busy || undefined}>
      <div className="uploader-row">
        <FilePicker
          label="Choose files"
          rules={rules}
          camera
          disabled={saving}
          message={message}
          onPick={picked}
          // A cancelled picker with nothing chosen: say why Upload is unavailable.
          onNone={() => setMessage(chosen.length ? null : SELECT_FILE_MESSAGE)}
          onChecking={setChecking}
        />
        {!compact && (
          <button
            type="button"
            className="btn primary"
            disabled={busy || chosen.length === 0}
            onClick={() => void upload(chosen)}
          >
            {saving ? 'Please Wait..!' : 'Upload'}
          </button>
        )}
        {compact && busy && <span role="status">Please Wait..!</span>}
      </div>
      {!compact && chosen.length > 0 && (
        <ul className="receipts" aria-label="Files to upload">
          {chosen.map((f, i) => (
            <PickedFile
              key={`${i}:${f.name}`}
              file={f}
              onRemove={() => setChosen((c) => c.filter((x) => x !== f))}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
