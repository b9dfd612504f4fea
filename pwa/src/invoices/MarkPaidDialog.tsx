import { useState } from 'react';
import { formatDate, formatRs, MSG, RECEIPT_OWNER, STATUS_PAID } from '@lawfirm/shared-types';
import { OwnerFiles } from '../attachments/OwnerFiles.tsx';
import { deleteLocal } from '../sync/actions.ts';
import { useSync } from '../sync/hooks.ts';
import { ConfirmDialog, Modal } from '../feedback/Modal.tsx';
import { useToast } from '../feedback/toast.tsx';
import { useFieldForm } from '../ui/forms/useFieldForm.tsx';
import { useFieldRows } from '../ui/forms/useFieldRows.tsx';
import { FieldRows } from '../ui/forms/FieldRows.tsx';
import { useSaveReport } from '../feedback/useSaveReport.ts';
import {
  addReceiptsLocal,
  newPaymentDraft,
  PAYMENT_FIELDS,
  paymentValues,
  RECEIPTS_TABLE,
  savePaymentsLocal,
  totalsOf,
  type TListedInvoice,
  type TPaymentDraft,
} from './invoices.data.ts';

export const MSG_PAID_OK = 'Paid Successfully!';
export const MSG_MARKED_PAID = 'Successfully Mark as Paid Invoice!';
export const MSG_PAYMENT_DELETED = 'Payment Deleted Successfully!';

/**
 * The "Paid Invoice Dialog" (§2.6): the invoice's payments with their receipts, new ones with date, amount,
 * notes and receipts (photos taken offline are kept on the device and uploaded later); paid in full makes the
 * invoice Paid. A saved payment's receipts can be added to or removed (after confirmation) here too.
 * Mark as Paid keeps the payments typed here too; closing with a typed payment asks first.
 */
export function MarkPaidDialog({
  invoice: inv,
  details,
  onClose,
}: {
  invoice: TListedInvoice;
  details: boolean;
  onClose: () => void;
}) {
  const ctx = useSync();
  const toast = useToast();
  const saved = useSaveReport();
  const totals = totalsOf(inv);
  // The new payments typed here: rows of the form kit, so closing with one typed asks first.
  const payments = useFieldRows<TPaymentDraft>(PAYMENT_FIELDS, () => []);
  const form = useFieldForm([], {}, { dirty: payments.rows.length > 0 });
  const [asking, setAsking] = useState<string | null>(null);
  const removeReceipt = (id: string) => {
    if (ctx)
      void saved(() => deleteLocal(ctx.db, RECEIPTS_TABLE, id), MSG.deletedOk).catch((e) => toast.failed(e));
  };
  const [busy, setBusy] = useState(false);
  const paid = inv.invoice_status_id === STATUS_PAID;
  const close = () => form.leave(onClose);

  // §2.4: a new payment starts at the invoice's amount (what is still due, once some is paid).
  const add = () => payments.add(newPaymentDraft(totals.due || totals.total));

  /** Save (the typed payments) or Mark as Paid (those payments, and the invoice Paid whatever is due). */
  const save = async (markPaid: boolean) => {
    if (!ctx) return;
    const read = payments.read();
    if (!read || (!read.length && !markPaid)) return;
    const drafts = paymentValues(read);
    setBusy(true);
    try {
      await saved(
        () => savePaymentsLocal(ctx.db, inv, drafts, { markPaid }),
        markPaid ? MSG_MARKED_PAID : MSG_PAID_OK,
        { files: (shas) => shas },
      );
      payments.reset();
      onClose();
    } catch (e) {
      toast.failed(e);
    } finally {
      setBusy(false);
    }
  };
  const addReceipts = (payment: TListedInvoice['paymentRows'][number], files: File[]) => {
    if (!ctx) return;
    void saved(() => addReceiptsLocal(ctx.db, payment, files), MSG.savedOk, { files: (shas) => shas }).catch(
      (e) => toast.failed(e),
    );
  };

  return (
    <Modal
      open
      title="Paid Invoice Dialog"
      onClose={close}
      footer={
        <>
          {payments.rows.length > 0 && (
            <button type="button" className="btn primary" disabled={busy} onClick={() => void save(false)}>
              Save
            </button>
          )}
          {!paid && !details && (
            <button type="button" className="btn" disabled={busy} onClick={() => void save(true)}>
              Mark as Paid
            </button>
          )}
          <button type="button" className="btn" onClick={close}>
            Close
          </button>
        </>
      }
    >
      <p>
        {inv.client_name}: total {formatRs(totals.total)}, paid {formatRs(totals.paid)}, balance{' '}
        <strong>{formatRs(totals.due)}</strong>
      </p>
      <ul className="payments">
        {inv.paymentRows.map((p, i) => (
          <li key={p.id}>
            <span>
              {formatDate(p.paid_date)} · {formatRs(p.paid_amount)}
              {p.notes ? ` · ${p.notes}` : ''}
            </span>
            <button type="button" className="btn danger" onClick={() => setAsking(p.id)}>
              Delete
            </button>
            <OwnerFiles
              owner={RECEIPT_OWNER}
              label={`Add receipts to payment ${i + 1}`}
              noun="receipt"
              listLabel={`Receipts of payment ${i + 1}`}
              saved={p.receipts}
              onPick={(files) => addReceipts(p, files)}
              onRemoveSaved={(r) => removeReceipt(r.id)}
            />
          </li>
        ))}
      </ul>
      <FieldRows
        rows={payments}
        fields={PAYMENT_FIELDS}
        legend={(i) => `New payment ${i + 1}`}
        className="payment-row"
        extra={(r, legend) => (
          <PaymentReceipts row={r} legend={legend} onChange={(patch) => payments.edit(r.key, patch)} />
        )}
        actions={(r) => (
          <button type="button" className="btn" onClick={() => payments.remove(r)}>
            Remove
          </button>
        )}
      />
      <button type="button" className="btn" onClick={add}>
        Add Payment
      </button>
      <ConfirmDialog
        open={asking !== null}
        message="Do you really want to delete?"
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          const id = asking;
          setAsking(null);
          if (ctx && id)
            void saved(() => deleteLocal(ctx.db, 'invoice_payments', id), MSG_PAYMENT_DELETED).catch((e) =>
              toast.failed(e),
            );
        }}
      />
      {form.dialog}
    </Modal>
  );
}

/**
 * A payment row's receipts (§2.6): the one picker and viewer of the payment's files; picked ones and saved
 * ones removed are kept on the row until the invoice is saved.
 */
export function PaymentReceipts({
  row,
  legend,
  saved = [],
  onChange,
}: {
  row: TPaymentDraft;
  legend: string;
  saved?: readonly TListedInvoice['paymentRows'][number]['receipts'][number][];
  onChange: (patch: (now: TPaymentDraft) => Partial<TPaymentDraft>) => void;
}) {
  return (
    <OwnerFiles
      owner={RECEIPT_OWNER}
      label="Receipts"
      noun="receipt"
      listLabel={`Receipts of ${legend}`}
      saved={saved.filter((r) => !row.removedReceipts.includes(r.id))}
      picked={row.receipts}
      onPick={(files) => onChange((now) => ({ receipts: [...now.receipts, ...files] }))}
      onUnpick={(f) => onChange((now) => ({ receipts: now.receipts.filter((x) => x !== f) }))}
      onRemoveSaved={(r) => onChange((now) => ({ removedReceipts: [...now.removedReceipts, r.id] }))}
    />
  );
}
