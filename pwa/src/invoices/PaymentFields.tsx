import type { ReactNode } from 'react';
import {
  formatDate,
  MSG_AMOUNT_INVALID,
  MSG_DATE_INVALID,
  MSG_PAID_DATE_REQUIRED,
  paisaToDecimal,
  parseDisplayDate,
  parseRupees,
  todayInPakistan,
} from '@lawfirm/shared-types';
import { FieldControl } from '../ui/FieldControl.tsx';
import type { TReceipt } from './invoices.data.ts';
import { PickedReceipt, ReceiptPicker, SavedReceipt, useReceiptRemoval } from './Receipts.tsx';

/**
 * A payment as typed on the invoice form or in the Paid Invoice Dialog: the date dd/mm/yyyy, the amount as
 * typed, the notes, the receipts picked here (kept on the device and uploaded later) and the saved receipts
 * removed (after confirmation, gone when the payment is saved); a saved payment has its id.
 */
export type TPaymentDraft = {
  key: string;
  id: string | null;
  paid_date: string;
  amount: string;
  notes: string;
  receipts: File[];
  removedReceipts: string[];
};

/**
 * A change to one payment row: the fields it sets, or a function of the row as it is when the change lands
 * (two quick picks of receipts each add to the list, rather than the second replacing the first's).
 */
export type TPaymentPatch = Partial<TPaymentDraft> | ((row: TPaymentDraft) => Partial<TPaymentDraft>);
/** The rows with the one of `key` changed. */
export const patchPayment = (rows: readonly TPaymentDraft[], key: string, patch: TPaymentPatch) =>
  rows.map((r) => (r.key === key ? { ...r, ...(typeof patch === 'function' ? patch(r) : patch) } : r));

/** Dates are typed and shown dd/mm/yyyy (the shared field control's mask), never a native date picker. */
const DATE_FIELD = { kind: 'date' } as const;

/** §2.4: a new payment starts at today's date and the amount given (the invoice's amount, or what is due). */
export const newPaymentDraft = (amountPaisa: number | null): TPaymentDraft => ({
  key: crypto.randomUUID(),
  id: null,
  paid_date: formatDate(todayInPakistan()),
  amount: amountPaisa === null ? '' : paisaToDecimal(amountPaisa),
  notes: '',
  receipts: [],
  removedReceipts: [],
});

/** The rows checked and read (dates to ISO, amounts to paisa); each error under `{key}.paid_date|paid_amount`. */
export function readPaymentDrafts(rows: readonly TPaymentDraft[], errors: Record<string, string>) {
  return rows.map((r) => {
    const typed = r.paid_date.trim();
    const date = typed ? parseDisplayDate(typed) : '';
    if (!date) errors[`${r.key}.paid_date`] = date === null ? MSG_DATE_INVALID : MSG_PAID_DATE_REQUIRED;
    const amount = parseRupees(r.amount);
    if (amount === null) errors[`${r.key}.paid_amount`] = MSG_AMOUNT_INVALID;
    return {
      id: r.id,
      paid_date: date ?? '',
      paid_amount: amount ?? 0,
      notes: r.notes,
      receipts: r.receipts,
      removedReceipts: r.removedReceipts,
    };
  });
}

/** One payment's fields with its receipts (`saved`: those of a saved payment); `children` are its row actions. */
export function PaymentFields({
  row,
  saved = [],
  legend,
  errors,
  onChange,
  children,
}: {
  row: TPaymentDraft;
  saved?: readonly TReceipt[];
  legend: string;
  errors: Record<string, string>;
  onChange: (patch: TPaymentPatch) => void;
  children: ReactNode;
}) {
  const error = (field: string) => errors[`${row.key}.${field}`];
  const removal = useReceiptRemoval((r) =>
    onChange((now) => ({ removedReceipts: [...now.removedReceipts, r.id] })),
  );
  const kept = saved.filter((r) => !row.removedReceipts.includes(r.id));
  return (
    <fieldset className="payment-row">
      <legend>{legend}</legend>
      <label className="field">
        <span className="field-label">Paid date</span>
        <FieldControl
          field={DATE_FIELD}
          value={row.paid_date}
          aria-invalid={!!error('paid_date')}
          onChange={(paid_date) => onChange({ paid_date })}
        />
      </label>
      {error('paid_date') && <span className="field-error">{error('paid_date')}</span>}
      <label className="field">
        <span className="field-label">Paid amount</span>
        <input
          inputMode="decimal"
          value={row.amount}
          aria-invalid={!!error('paid_amount')}
          onChange={(e) => onChange({ amount: e.target.value })}
        />
      </label>
      {error('paid_amount') && <span className="field-error">{error('paid_amount')}</span>}
      <label className="field">
        <span className="field-label">Notes</span>
        <input value={row.notes} onChange={(e) => onChange({ notes: e.target.value })} />
      </label>
      <ReceiptPicker
        label="Receipts"
        onPick={(files) => onChange((now) => ({ receipts: [...now.receipts, ...files] }))}
      />
      {(kept.length > 0 || row.receipts.length > 0) && (
        <ul className="receipts" aria-label={`Receipts of ${legend}`}>
          {kept.map((r) => (
            <SavedReceipt key={r.id} receipt={r} onRemove={() => removal.ask(r)} />
          ))}
          {row.receipts.map((f, i) => (
            <PickedReceipt
              key={`${i}:${f.name}`}
              file={f}
              onRemove={() => onChange((now) => ({ receipts: now.receipts.filter((x) => x !== f) }))}
            />
          ))}
        </ul>
      )}
      {children}
      {removal.dialog}
    </fieldset>
  );
}
