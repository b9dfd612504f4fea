import type { ReactNode } from 'react';
import {
  formatDate,
  MSG_AMOUNT_INVALID,
  MSG_PAID_DATE_REQUIRED,
  paisaToDecimal,
  todayInPakistan,
} from '@lawfirm/shared-types';
import type { TField } from '../ui/fields.ts';
import { Field } from '../ui/forms/Field.tsx';
import { patchRow, type TRowPatch } from '../ui/forms/useFieldRows.tsx';
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

/** The typed fields of a payment row (the form kit checks them; the receipts are the row's own). */
export const PAYMENT_FIELDS = [
  { key: 'paid_date', label: 'Paid date', kind: 'date', required: MSG_PAID_DATE_REQUIRED },
  { key: 'amount', label: 'Paid amount', kind: 'money', required: MSG_AMOUNT_INVALID },
  { key: 'notes', label: 'Notes' },
] as const satisfies readonly TField[];
const [PAID_DATE, PAID_AMOUNT, NOTES] = PAYMENT_FIELDS;

export type TPaymentPatch = TRowPatch<TPaymentDraft>;
/** The rows with the one of `key` changed (a function patch sees the row as it is when the change lands). */
export const patchPayment = (rows: readonly TPaymentDraft[], key: string, patch: TPaymentPatch) =>
  patchRow(rows, key, patch);

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

/** Rows read by the kit (useFieldRows.read: dates ISO, amounts paisa) as the device saves them. */
export const paymentValues = (read: readonly { row: TPaymentDraft; values: Record<string, unknown> }[]) =>
  read.map(({ row, values }) => ({
    id: row.id,
    paid_date: String(values.paid_date),
    paid_amount: Number(values.amount),
    notes: row.notes,
    receipts: row.receipts,
    removedReceipts: row.removedReceipts,
  }));

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
  errors: Record<string, string | undefined>;
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
      <Field
        field={PAID_DATE}
        value={row.paid_date}
        error={error('paid_date')}
        onChange={(paid_date) => onChange({ paid_date })}
      />
      <Field
        field={PAID_AMOUNT}
        value={row.amount}
        error={error('amount')}
        onChange={(amount) => onChange({ amount })}
      />
      <Field field={NOTES} value={row.notes} onChange={(notes) => onChange({ notes })} />
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
