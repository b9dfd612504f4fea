import { useState } from 'react';
import { RECEIPT_OWNER } from '@lawfirm/shared-types';
import { FilePicker } from '../attachments/FilePicker.tsx';
import { PickedFile, SavedFile } from '../attachments/SavedFile.tsx';
import { ConfirmDialog } from '../feedback/Modal.tsx';
import type { TReceipt } from './invoices.data.ts';

/**
 * The receipts of a payment (part 3 §2.6 "receipt attachments"): several photos or PDFs, picked or taken with
 * the camera, kept on the device and uploaded when there is a network; each saved one opens from the device.
 */

/** A file input for several receipts at once: the one file picker, for a payment's files. */
export function ReceiptPicker({ label, onPick }: { label: string; onPick: (files: File[]) => void }) {
  return <FilePicker owner={RECEIPT_OWNER} label={label} onPick={onPick} />;
}

/** A saved receipt: the one file viewer (its name opens it), and Remove. */
export function SavedReceipt({ receipt, onRemove }: { receipt: TReceipt; onRemove?: () => void }) {
  return <SavedFile file={receipt} noun="receipt" onRemove={onRemove} />;
}

/** A receipt picked here and not saved yet: removed at once. */
export function PickedReceipt({ file, onRemove }: { file: File; onRemove: () => void }) {
  return <PickedFile file={file} noun="receipt" onRemove={onRemove} />;
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
