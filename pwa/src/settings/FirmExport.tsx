import { useState } from 'react';
import { can } from '@lawfirm/shared-types';
import { useAuth } from '../auth/AuthContext.tsx';
import { DOWNLOADED } from '../shell/useDownload.ts';
import { saveFile } from '../pdf/save-file.ts';
import { apiResponse } from '../http/client.ts';
import { useToast } from '../feedback/toast.tsx';
import { useOnline } from '../browser/useOnline.ts';
import {
  fileNameOf,
  FIRM_EXPORT_PATH,
  progressText,
  readWithProgress,
  type TDownloadProgress,
} from './firm-export.logic.ts';

export const MSG_EXPORT_OFFLINE = 'Downloading all firm data needs the network. Connect and try again.';

/**
 * "Download all firm data": the firm's records and stored files in one zip from the server (it holds every
 * device's changes and every file; this device may not), so it needs the network. Its progress is shown while
 * it comes, and the button stays disabled meanwhile so a second tap makes no second download.
 */
export function FirmExport() {
  const { actor } = useAuth();
  const online = useOnline();
  const toast = useToast();
  const [progress, setProgress] = useState<TDownloadProgress | null>(null);
  if (!can(actor, 'firm.export')) return null;

  const download = async () => {
    setProgress({ received: 0, expected: null });
    try {
      const res = await apiResponse(FIRM_EXPORT_PATH);
      const blob = await readWithProgress(res, setProgress);
      saveFile(blob, fileNameOf(res.headers.get('Content-Disposition'), 'firm-data.zip'), blob.type);
      toast.success(DOWNLOADED);
    } catch (e) {
      // A connection lost halfway is a TypeError from the body's reader: say so in the app's words.
      toast.failed(e instanceof TypeError ? new Error('The download was cut off. Please try again.') : e);
    } finally {
      setProgress(null);
    }
  };

  return (
    <section aria-labelledby="firm-export-title" style={{ maxWidth: 760, marginTop: '2rem' }}>
      <h2 id="firm-export-title">Your firm&apos;s data</h2>
      <p>
        One zip file with every record of the firm (case files, people, invoices and the rest, as JSON) and
        every stored file: attachments, receipts and photos. Passwords are never included.
      </p>
      <button
        type="button"
        className="btn"
        disabled={!online || progress !== null}
        onClick={() => void download()}
      >
        Download all firm data
      </button>
      {!online && <p role="status">{MSG_EXPORT_OFFLINE}</p>}
      {progress && (
        <p role="status">
          {progressText(progress)}
          {progress.expected !== null && (
            <progress
              max={progress.expected}
              value={Math.min(progress.received, progress.expected)}
              aria-label="Firm data download"
              style={{ display: 'block', width: '100%', maxWidth: 320 }}
            />
          )}
        </p>
      )}
    </section>
  );
}
