import { useState } from 'react';
import { formatDate, formatRs, MSG, STATUS_PAID } from '@lawfirm/shared-types';
import { deleteLocal } from '../sync/actions.ts';
import { useSync } from '../sync/hooks.ts';
import { ConfirmDialog, Modal } from '../feedback/Modal.tsx';
import { useToast } from '../feedback/toast.tsx';
import { useFieldForm } from '../ui/forms/useFieldForm.tsx';
import { useFieldRows } from '../ui/forms/useFieldRows.tsx';
import { useSaveReport } from '../feedback/useSaveReport.ts';
import {
  newPaymentDraft,
  PAYMENT_FIELDS,
  PaymentFields,
  paymentValues,
  type TPaymentDraft,
} from './PaymentFields.tsx';
import {
  addReceiptsLocal,
  RECEIPTS_TABLE,
  savePaymentsLocal,
  totalsOf,
  type TListedInvoice,
} from './invoices.data.ts';
import { ReceiptPicker, SavedReceipt, useReceiptRemoval } from './Receipts.tsx';

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
  const receiptRemoval = useReceiptRemoval((r) => {
    if (ctx)
      void saved(() => deleteLocal(ctx.db, RECEIPTS_TABLE, r.id), MSG.deletedOk).catch((e) =>
        toast.failed(e),
      );
  });
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
            {p.receipts.length > 0 && (
              <ul className="receipts" aria-label={`Receipts of payment ${i + 1}`}>
                {p.receipts.map((r) => (
                  <SavedReceipt key={r.id} receipt={r} onRemove={() => receiptRemoval.ask(r)} />
                ))}
              </ul>
            )}
            <ReceiptPicker
              label={`Add receipts to payment ${i + 1}`}
              onPick={(files) => addReceipts(p, files)}
            />
          </li>
        ))}
      </ul>
      {payments.rows.map((r, i) => (
        <PaymentFields
          key={r.key}
          row={r}
          legend={`New payment ${i + 1}`}
          errors={payments.errors}
          onChange={(patch) => payments.edit(r.key, patch)}
        >
          <button type="button" className="btn" onClick={() => payments.remove(r)}>
            Remove
          </button>
        </PaymentFields>
      ))}
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
      {receiptRemoval.dialog}
      {form.dialog}
    </Modal>
  );
}
