import { useState } from 'react';
import { MSG_RECEIPT_TYPES, RECEIPT_MIME_TYPES } from '@lawfirm/shared-types';
import { checkFile } from '../case-documents/sniff.ts';
import { useLocalFile } from '../case-documents/useLocalFile.ts';
import { usePendingFor } from '../sync/hooks.ts';
import { PendingMark } from '../feedback/PendingMark.tsx';
import { ConfirmDialog } from '../feedback/Modal.tsx';
import { RECEIPTS_TABLE, type TReceipt } from './invoices.data.ts';

/**
 * The receipts of a payment (part 3 §2.6 "receipt attachments"): several photos or PDFs, picked or taken with
 * the camera, kept on the device and uploaded when there is a network; each saved one opens from the device.
 */

const ACCEPT = RECEIPT_MIME_TYPES.join(',');
const isReceiptMime = (mime: string) => (RECEIPT_MIME_TYPES as readonly string[]).includes(mime);

/** The picked files that are receipts by their bytes, typed by those bytes; whether any was refused. */
async function receiptFiles(list: readonly File[]): Promise<{ files: File[]; refused: boolean }> {
  const files: File[] = [];
  for (const f of list) {
    const bytes = await f.arrayBuffer();
    const check = checkFile(f.name, new Uint8Array(bytes));
    if (check.ok && isReceiptMime(check.mime)) files.push(new File([bytes], f.name, { type: check.mime }));
  }
  return { files, refused: files.length < list.length };
}

/** A file input for several receipts at once; each pick adds to the kept ones (the input is emptied after). */
export function ReceiptPicker({ label, onPick }: { label: string; onPick: (files: File[]) => void }) {
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <label className="field">
        <span className="field-label">{label}</span>
        <input
          type="file"
          multiple
          accept={ACCEPT}
          onChange={(e) => {
            const input = e.currentTarget;
            void receiptFiles([...(input.files ?? [])]).then(({ files, refused }) => {
              setError(refused ? MSG_RECEIPT_TYPES : null);
              if (files.length) onPick(files);
              input.value = '';
            });
          }}
        />
      </label>
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
    </>
  );
}

/** A saved receipt: its name opens it (the device's copy, or downloaded for offline reading), and Remove. */
export function SavedReceipt({ receipt: r, onRemove }: { receipt: TReceipt; onRemove?: () => void }) {
  const file = useLocalFile(r.sha256, r.file_name);
  const pending = usePendingFor(RECEIPTS_TABLE, r.id);
  return (
    <li className="receipt">
      {file.status === 'ready' ? (
        <a
          href={file.url}
          className="receipt-link"
          {...(file.view.show === 'download'
            ? { download: r.file_name }
            : { target: '_blank', rel: 'noopener noreferrer' })}
        >
          {r.file_name}
        </a>
      ) : (
        <span className="receipt-link">{r.file_name}</span>
      )}
      {pending && <PendingMark />}
      {onRemove && (
        <button
          type="button"
          className="btn danger"
          aria-label={`Remove receipt ${r.file_name}`}
          onClick={onRemove}
        >
          Remove
        </button>
      )}
    </li>
  );
}

/** A receipt picked here and not saved yet: removed at once. */
export function PickedReceipt({ file, onRemove }: { file: File; onRemove: () => void }) {
  return (
    <li className="receipt">
      <span className="receipt-link">{file.name}</span>
      <button type="button" className="btn" aria-label={`Remove receipt ${file.name}`} onClick={onRemove}>
        Remove
      </button>
    </li>
  );
}

/**
 * Removing a saved receipt after "Do you really want to delete?": `ask` opens the question for one receipt,
 * `dialog` is the question to render, and `remove` runs once it is confirmed.
 */
export function useReceiptRemoval(remove: (receipt: TReceipt) => void) {
  const [asking, setAsking] = useState<TReceipt | null>(null);
  const dialog = (
    <ConfirmDialog
      open={asking !== null}
      message="Do you really want to delete?"
      detail={asking ? `Receipt ${asking.file_name}` : undefined}
      onCancel={() => setAsking(null)}
      onConfirm={() => {
        const r = asking;
        setAsking(null);
        if (r) remove(r);
      }}
    />
  );
  return { ask: setAsking, dialog };
}
