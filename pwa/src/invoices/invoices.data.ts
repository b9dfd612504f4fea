import {
  formatDate,
  invoiceTotals,
  MSG_AMOUNT_INVALID,
  MSG_PAID_DATE_REQUIRED,
  paisaToDecimal,
  statusAfterPayments,
  STATUS_DRAFT,
  STATUS_PAID,
  STATUS_SENT,
  todayInPakistan,
  type TInvoiceForList,
  type attachmentsDecl,
  type TRowOf,
} from '@lawfirm/shared-types';
import type { LocalDb, TRow } from '../sync/db.ts';
import { useLiveQuery, useSync } from '../sync/hooks.ts';
import { readWithChildren } from '../sync/read-with-children.ts';
import { saveWithChildren } from '../sync/save-with-children.ts';
import { compareCodes } from '@lawfirm/shared-types/common/natural-order.ts';
import type { TField } from '../ui/fields.ts';
import { patchRow, type TRowPatch } from '../ui/forms/useFieldRows.tsx';

/** An invoice as this device holds it (its declaration's columns). */
export type TInvoice = TRow & {
  invoice_no: number | null;
  client_id: string;
  client_name: string;
  client_email: string | null;
  client_company: string | null;
  client_phone: string | null;
  client_address: string | null;
  edit_client: boolean;
  invoice_status_id: number;
  due_date: string | null;
  amount: number;
  apply_tax: boolean;
  tax_percentage: number;
  attention: string | null;
  contact_person_emails: string[] | null;
  send_email: boolean;
  subject: string | null;
  content: string | null;
  services: string | null;
  paid_at: string | null;
  archived: boolean;
  created_at?: string | null;
};
export type TExpense = TRow & { invoice_id: string; expense: string; amount: number; display_order: number };
export type TPayment = TRow & {
  invoice_id: string;
  paid_date: string;
  paid_amount: number;
  notes: string | null;
};
/**
 * A receipt of a payment: its file in the one attachment model (owned by the payment), kept on the device and
 * uploaded like any other; `payment_id` names its payment as the screens always read it.
 */
export type TReceipt = TRowOf<typeof attachmentsDecl> & { payment_id: string };
/** Where a device keeps receipts: the one attachment model's table. */
export const RECEIPTS_TABLE = 'attachments';
/** A payment with its receipts, in their order. */
export type TPaymentWithReceipts = TPayment & { receipts: TReceipt[] };
export type TListedInvoice = TInvoice &
  TInvoiceForList & { expenseRows: TExpense[]; paymentRows: TPaymentWithReceipts[] };

/**
 * Every invoice on this device (or the one `id`) with its expenses, payments and receipts, read through the
 * generic parent-with-children read (the list filters and sums on the device). An invoice the server has not
 * dated yet shows the day it was made here (its number still waits for the server).
 */
export async function readInvoices(db: LocalDb, id?: string): Promise<TListedInvoice[]> {
  const read = await readWithChildren(db, 'invoices', {
    ...(id ? { id } : {}),
    madeAt: 'created_at',
    children: {
      invoice_expenses: { order: (a, b) => Number(a.display_order) - Number(b.display_order) },
      invoice_payments: {
        order: (a, b) => compareCodes(String(a.paid_date), String(b.paid_date)),
        files: true,
      },
    },
  });
  return read.map(({ children, ...inv }) => {
    const expenseRows = children.invoice_expenses as unknown as TExpense[];
    const paymentRows = (children.invoice_payments ?? []).map(({ files, ...p }) => ({
      ...(p as TPayment),
      receipts: files.map((r) => ({ ...(r as TReceipt), payment_id: p.id })),
    }));
    return {
      ...(inv as TInvoice),
      expenseRows,
      paymentRows,
      expenses: expenseRows.map((e) => e.amount),
      payments: paymentRows.map((p) => p.paid_amount),
    };
  });
}

export function useInvoices(): TListedInvoice[] | undefined {
  const ctx = useSync();
  return useLiveQuery(async () => (ctx ? readInvoices(ctx.db) : undefined), [ctx]);
}

export function useInvoice(id: string | undefined): TListedInvoice | null | undefined {
  const ctx = useSync();
  return useLiveQuery(async () => {
    if (!ctx) return undefined;
    if (!id) return null;
    return (await readInvoices(ctx.db, id))[0] ?? null;
  }, [ctx, id]);
}

export const totalsOf = (
  inv: Pick<TListedInvoice, 'amount' | 'apply_tax' | 'tax_percentage' | 'expenses' | 'payments'>,
) => invoiceTotals(inv);

/** An expense row of the form: a saved one has its id. */
export type TExpenseDraft = { id: string | null; expense: string; amount: number };

/**
 * A payment row as the device saves it (from the form or the dialog): amounts in paisa, receipts picked or photographed on this device
 * (`receipts`) and the saved receipts the user removed (`removedReceipts`, after confirmation).
 */
export type TPaymentSave = {
  id: string | null;
  paid_date: string;
  paid_amount: number;
  notes: string;
  receipts: readonly File[];
  removedReceipts: readonly string[];
};

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

/** The typed fields of a payment row (the form kit checks them; the receipts are the row's files). */
export const PAYMENT_FIELDS = [
  { key: 'paid_date', label: 'Paid date', kind: 'date', required: MSG_PAID_DATE_REQUIRED },
  { key: 'amount', label: 'Paid amount', kind: 'money', required: MSG_AMOUNT_INVALID },
  { key: 'notes', label: 'Notes' },
] as const satisfies readonly TField[];

/** The rows with the one of `key` changed (a function patch sees the row as it is when the change lands). */
export const patchPayment = (rows: readonly TPaymentDraft[], key: string, patch: TRowPatch<TPaymentDraft>) =>
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
export const paymentValues = (
  read: readonly { row: TPaymentDraft; values: Record<string, unknown> }[],
): TPaymentSave[] =>
  read.map(({ row, values }) => ({
    id: row.id,
    paid_date: String(values.paid_date),
    paid_amount: Number(values.amount),
    notes: row.notes,
    receipts: row.receipts,
    removedReceipts: row.removedReceipts,
  }));

/** Payment drafts as child rows of the generic save: amounts in paisa, receipts its files. */
const paymentRows = (
  before: readonly TPayment[],
  drafts: readonly TPaymentSave[],
  removed: readonly string[] = [],
) => ({
  before,
  removed,
  rows: drafts.map((d) => ({
    id: d.id,
    values: { paid_date: d.paid_date, paid_amount: d.paid_amount, notes: d.notes.trim() || null },
    files: d.receipts,
    removedFiles: d.removedReceipts,
  })),
});

/** The form's payment rows: the rows shown, and the saved ones deleted (after confirmation). */
export type TPaymentRowsDraft = { drafts: readonly TPaymentSave[]; removed: readonly string[] };

/**
 * Saves an invoice with its expense and payment rows on the device in one transaction (queued for the server,
 * which gives a new invoice its number; receipts kept on the device and uploaded after). "Send email" is set
 * last, after the rows, so the mail has the final total. Answers the invoice's id and the receipts' hashes.
 */
export async function saveInvoiceLocal(
  db: LocalDb,
  id: string | null,
  values: Record<string, unknown>,
  expenses: readonly TExpenseDraft[],
  removedExpenseIds: readonly string[],
  before: TListedInvoice | null,
  payments: TPaymentRowsDraft = { drafts: [], removed: [] },
): Promise<{ id: string; files: string[] }> {
  const { send_email: send, ...rest } = values;
  const saved = await saveWithChildren(db, {
    entity: 'invoices',
    id,
    // A new invoice is queued without its mail; "send email" follows its rows.
    values: before ? rest : { ...rest, send_email: false },
    before,
    children: {
      invoice_expenses: {
        before: before?.expenseRows ?? [],
        removed: removedExpenseIds,
        rows: expenses.map((e, i) => ({
          id: e.id,
          values: { expense: e.expense, amount: e.amount, display_order: i + 1 },
        })),
      },
      invoice_payments: paymentRows(before?.paymentRows ?? [], payments.drafts, payments.removed),
    },
    last: send === undefined ? {} : { send_email: !!send },
  });
  return { id: saved.id, files: saved.files };
}

/**
 * The Paid Invoice Dialog's save: receipts kept on the device (uploaded after the push), payments queued, then
 * the status: paid in full is Paid with today's date, less leaves a draft Sent. `markPaid` (its Mark as Paid)
 * makes it Paid whatever was paid, in the same transaction as the payments typed in the dialog.
 */
export async function savePaymentsLocal(
  db: LocalDb,
  inv: TListedInvoice,
  drafts: readonly TPaymentSave[],
  { markPaid = false }: { markPaid?: boolean } = {},
) {
  const kept = inv.paymentRows.filter((p) => !drafts.some((d) => d.id === p.id)).map((p) => p.paid_amount);
  const status = statusAfterPayments(
    totalsOf({ ...inv, payments: [...kept, ...drafts.map((d) => d.paid_amount)] }),
  );
  const last =
    inv.invoice_status_id === STATUS_PAID
      ? {}
      : markPaid || status === STATUS_PAID
        ? { invoice_status_id: STATUS_PAID, paid_at: todayInPakistan() }
        : inv.invoice_status_id === STATUS_DRAFT
          ? { invoice_status_id: STATUS_SENT }
          : {};
  const saved = await saveWithChildren(db, {
    entity: 'invoices',
    id: inv.id,
    values: {},
    before: inv,
    children: { invoice_payments: paymentRows(inv.paymentRows, drafts) },
    last,
  });
  return saved.files;
}

/** Adds receipts to a saved payment (the Paid Invoice Dialog's list): kept on the device, uploaded later. */
export async function addReceiptsLocal(db: LocalDb, payment: TPayment, files: readonly File[]) {
  const saved = await saveWithChildren(db, {
    entity: 'invoices',
    id: payment.invoice_id,
    values: {},
    before: null,
    children: { invoice_payments: { before: [payment], rows: [{ id: payment.id, values: {}, files }] } },
  });
  return saved.files;
}
