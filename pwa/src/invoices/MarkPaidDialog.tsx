import { useState } from 'react';
import {
  formatDate,
  formatRs,
  MSG_AMOUNT_INVALID,
  MSG_DATE_INVALID,
  MSG_PAID_DATE_REQUIRED,
  paisaToDecimal,
  parseDisplayDate,
  parseRupees,
  STATUS_PAID,
  todayInPakistan,
} from '@lawfirm/shared-types';
import { deleteLocal } from '../sync/actions.ts';
import { useSync } from '../sync/hooks.ts';
import { FieldControl } from '../ui/FieldControl.tsx';
import { ConfirmDialog, Modal } from '../ui/Modal.tsx';
import { useToast } from '../ui/toast.tsx';
import { useSaveReport } from '../ui/useSaveReport.ts';
import { markPaidLocal, savePaymentsLocal, totalsOf, type TListedInvoice } from './invoices.data.ts';

export const MSG_PAID_OK = 'Paid Successfully!';
export const MSG_MARKED_PAID = 'Successfully Mark as Paid Invoice!';
export const MSG_PAYMENT_DELETED = 'Payment Deleted Successfully!';

/** A new payment: the date as typed (dd/mm/yyyy), the amount as typed. */
type TDraftRow = { key: string; paid_date: string; amount: string; notes: string; receipt: File | null };
const DATE_FIELD = { kind: 'date' } as const;

/**
 * The "Paid Invoice Dialog" (§2.6): the invoice's payments, new ones with date, amount, notes and a receipt
 * (a photo taken offline is kept on the device and uploaded later); paid in full makes the invoice Paid.
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
  const [rows, setRows] = useState<TDraftRow[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [asking, setAsking] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const paid = inv.invoice_status_id === STATUS_PAID;

  const add = () =>
    setRows((r) => [
      ...r,
      {
        key: crypto.randomUUID(),
        paid_date: formatDate(todayInPakistan()),
        // §2.4: a new payment starts at the invoice's amount (what is still due, once some is paid).
        amount: paisaToDecimal(totals.due || totals.total),
        notes: '',
        receipt: null,
      },
    ]);
  const edit = (key: string, patch: Partial<TDraftRow>) =>
    setRows((r) => r.map((x) => (x.key === key ? { ...x, ...patch } : x)));

  const save = async () => {
    if (!ctx) return;
    const errs: Record<string, string> = {};
    const drafts = rows.map((r) => {
      const amount = parseRupees(r.amount);
      const date = r.paid_date.trim() ? parseDisplayDate(r.paid_date.trim()) : '';
      if (!date) errs[`${r.key}.date`] = date === null ? MSG_DATE_INVALID : MSG_PAID_DATE_REQUIRED;
      if (amount === null) errs[`${r.key}.amount`] = MSG_AMOUNT_INVALID;
      return {
        id: null,
        paid_date: date ?? '',
        paid_amount: amount ?? 0,
        notes: r.notes,
        receipt: r.receipt,
      };
    });
    setErrors(errs);
    if (Object.keys(errs).length || !drafts.length) return;
    setBusy(true);
    try {
      await saved(() => savePaymentsLocal(ctx.db, inv, drafts), MSG_PAID_OK, { files: (shas) => shas });
      setRows([]);
      onClose();
    } catch (e) {
      toast.failed(e);
    } finally {
      setBusy(false);
    }
  };
  const markPaid = async () => {
    if (!ctx) return;
    try {
      await saved(() => markPaidLocal(ctx.db, inv), MSG_MARKED_PAID);
      onClose();
    } catch (e) {
      toast.failed(e);
    }
  };

  return (
    <Modal
      open
      title="Paid Invoice Dialog"
      onClose={onClose}
      footer={
        <>
          {rows.length > 0 && (
            <button type="button" className="btn primary" disabled={busy} onClick={() => void save()}>
              Save
            </button>
          )}
          {!paid && !details && (
            <button type="button" className="btn" onClick={() => void markPaid()}>
              Mark as Paid
            </button>
          )}
          <button type="button" className="btn" onClick={onClose}>
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
        {inv.paymentRows.map((p) => (
          <li key={p.id}>
            <span>
              {formatDate(p.paid_date)} · {formatRs(p.paid_amount)}
              {p.notes ? ` · ${p.notes}` : ''}
              {p.receipt_file_name ? ` · Receipt: ${p.receipt_file_name}` : ''}
            </span>
            <button type="button" className="btn danger" onClick={() => setAsking(p.id)}>
              Delete
            </button>
          </li>
        ))}
      </ul>
      {rows.map((r, i) => (
        <fieldset key={r.key} className="payment-row">
          <legend>New payment {i + 1}</legend>
          <label className="field">
            <span className="field-label">Paid date</span>
            <FieldControl
              field={DATE_FIELD}
              value={r.paid_date}
              aria-invalid={!!errors[`${r.key}.date`]}
              onChange={(paid_date) => edit(r.key, { paid_date })}
            />
          </label>
          {errors[`${r.key}.date`] && <span className="field-error">{errors[`${r.key}.date`]}</span>}
          <label className="field">
            <span className="field-label">Paid amount</span>
            <input
              inputMode="decimal"
              value={r.amount}
              onChange={(e) => edit(r.key, { amount: e.target.value })}
            />
          </label>
          {errors[`${r.key}.amount`] && <span className="field-error">{errors[`${r.key}.amount`]}</span>}
          <label className="field">
            <span className="field-label">Notes</span>
            <input value={r.notes} onChange={(e) => edit(r.key, { notes: e.target.value })} />
          </label>
          <label className="field">
            <span className="field-label">Receipt</span>
            <input
              type="file"
              accept="image/png,image/jpeg,application/pdf"
              onChange={(e) => edit(r.key, { receipt: e.target.files?.[0] ?? null })}
            />
          </label>
          <button
            type="button"
            className="btn"
            onClick={() => setRows((all) => all.filter((x) => x.key !== r.key))}
          >
            Remove
          </button>
        </fieldset>
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
    </Modal>
  );
}
