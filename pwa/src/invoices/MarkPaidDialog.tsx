import { useState } from 'react';
import {
  formatDate,
  formatRs,
  invoiceForList,
  invoiceTotals,
  MSG,
  MSG_AMOUNT_INVALID,
  MSG_PAID_DATE_REQUIRED,
  RECEIPT_OWNER,
  STATUS_PAID,
  statusOnPayment,
  todayInPakistan,
  type TInvoiceWithRows,
} from '@lawfirm/shared-types';
import { OwnerFiles } from '../attachments/OwnerFiles.tsx';
import { deleteLocal } from '../sync/actions.ts';
import { useSync } from '../sync/hooks.ts';
import { childList, saveFiles, saveWithChildren } from '../sync/save-with-children.ts';
import { ConfirmDialog, Modal } from '../feedback/Modal.tsx';
import { useToast } from '../feedback/toast.tsx';
import type { TField } from '../ui/fields.ts';
import { useFieldForm } from '../ui/forms/useFieldForm.tsx';
import { rowOf, useFieldRows, type TRowDraft } from '../ui/forms/useFieldRows.tsx';
import { FieldRows } from '../ui/forms/FieldRows.tsx';
import { useSaveReport } from '../feedback/useSaveReport.ts';

export const MSG_PAID_OK = 'Paid Successfully!';
export const MSG_MARKED_PAID = 'Successfully Mark as Paid Invoice!';
export const MSG_PAYMENT_DELETED = 'Payment Deleted Successfully!';

/** A payment's typed fields, its columns (the form kit checks them; the receipts are the row's files). */
export const PAYMENT_FIELDS = [
  { key: 'paid_date', label: 'Paid date', kind: 'date', required: MSG_PAID_DATE_REQUIRED },
  { key: 'paid_amount', label: 'Paid amount', kind: 'money', required: MSG_AMOUNT_INVALID },
  { key: 'notes', label: 'Notes' },
] as const satisfies readonly TField[];

/**
 * A payment row of the invoice form or of this dialog: its fields' text, the receipts picked here (kept on the
 * device and uploaded later) and the saved receipts removed (after confirmation, gone when it is saved).
 */
export type TPaymentRow = TRowDraft & {
  paid_date: string;
  paid_amount: string;
  notes: string;
  files: File[];
  removedFiles: string[];
};
const NO_FILES = { files: [], removedFiles: [] };
/** A saved payment's row. */
export const paymentRow = (p: TInvoiceWithRows['children']['invoice_payments'][number]) =>
  rowOf<TPaymentRow>(PAYMENT_FIELDS, p, NO_FILES);
/** §2.4: a new payment starts at today's date and the amount given (the invoice's amount, or what is due). */
export const newPaymentRow = (paisa: number | null) =>
  rowOf<TPaymentRow>(PAYMENT_FIELDS, { paid_date: todayInPakistan(), paid_amount: paisa }, NO_FILES);

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
  invoice: TInvoiceWithRows;
  details: boolean;
  onClose: () => void;
}) {
  const ctx = useSync();
  const toast = useToast();
  const saved = useSaveReport();
  const listed = invoiceForList(inv);
  const totals = invoiceTotals(listed);
  const paymentRows = inv.children.invoice_payments;
  // The new payments typed here: rows of the form kit, so closing with one typed asks first.
  const payments = useFieldRows<TPaymentRow>(PAYMENT_FIELDS, () => []);
  const form = useFieldForm([], {}, { dirty: payments.rows.length > 0 });
  const [asking, setAsking] = useState<string | null>(null);
  type TPayment = (typeof paymentRows)[number];
  const removeReceipt = (p: TPayment, id: string) => {
    if (ctx)
      void saved(() => saveFiles(ctx.db, 'invoice_payments', p, [], [id]), MSG.deletedOk).catch((e) =>
        toast.failed(e),
      );
  };
  const [busy, setBusy] = useState(false);
  const paid = inv.invoice_status_id === STATUS_PAID;
  const close = () => form.leave(onClose);

  // §2.4: a new payment starts at the invoice's amount (what is still due, once some is paid).
  const add = () => payments.add(newPaymentRow(totals.due || totals.total));

  /** Save (the typed payments) or Mark as Paid (those payments, and the invoice Paid whatever is due). */
  const save = async (markPaid: boolean) => {
    if (!ctx) return;
    const read = payments.read();
    if (!read || (!read.length && !markPaid)) return;
    // Receipts kept on the device (uploaded after the push), the payments queued, then the status they leave.
    const added = read.map(({ values }) => values.paid_amount);
    const status = statusOnPayment(
      { ...listed, payments: [...listed.payments, ...added] },
      { markPaid, today: todayInPakistan() },
    );
    setBusy(true);
    try {
      await saved(
        async () =>
          (
            await saveWithChildren(ctx.db, {
              entity: 'invoices',
              id: inv.id,
              values: {},
              before: inv,
              children: { invoice_payments: childList(paymentRows, read) },
              last: status,
            })
          ).files,
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
  const addReceipts = (payment: TPayment, files: File[]) => {
    if (!ctx) return;
    const add = () => saveFiles(ctx.db, 'invoice_payments', payment, files);
    void saved(add, MSG.savedOk, { files: (shas) => shas }).catch((e) => toast.failed(e));
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
        {paymentRows.map((p, i) => (
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
              saved={p.files}
              onPick={(files) => addReceipts(p, files)}
              onRemoveSaved={(r) => removeReceipt(p, r.id)}
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
  row: TPaymentRow;
  legend: string;
  saved?: TInvoiceWithRows['children']['invoice_payments'][number]['files'];
  onChange: (patch: (now: TPaymentRow) => Partial<TPaymentRow>) => void;
}) {
  return (
    <OwnerFiles
      owner={RECEIPT_OWNER}
      label="Receipts"
      noun="receipt"
      listLabel={`Receipts of ${legend}`}
      saved={saved.filter((r) => !row.removedFiles.includes(r.id))}
      picked={row.files}
      onPick={(files) => onChange((now) => ({ files: [...now.files, ...files] }))}
      onUnpick={(f) => onChange((now) => ({ files: now.files.filter((x) => x !== f) }))}
      onRemoveSaved={(r) => onChange((now) => ({ removedFiles: [...now.removedFiles, r.id] }))}
    />
  );
}
