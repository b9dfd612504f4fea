import {
  formatDate,
  invoiceTotals,
  paisaToDecimal,
  statusTitle,
  invoicePaymentsDecl,
  ownerFilePath,
  RECEIPT_OWNER,
  type attachmentsDecl,
  type TActor,
  type TRowOf,
} from '@lawfirm/shared-types';
import type { Db } from '../db/connect.ts';
import { forFirm } from '../sync/firm.ts';
import { forbidden } from '../http/errors.ts';
import { toWire } from '../sync/codec.ts';
import { invoiceExpensesEntity, invoicePaymentsEntity, invoicesEntity } from './invoices.entities.ts';
import { attachmentsEntity } from '../attachments/attachments.entity.ts';

export type TInvoiceRow = Record<string, unknown> & {
  id: string;
  invoice_no: number | null;
  client_id: string;
  client_name: string;
  invoice_status_id: number;
  amount: number;
  apply_tax: boolean;
  tax_percentage: number;
  due_date: string | null;
  paid_at: string | null;
  archived: boolean;
  created_at: string;
};
export type TExpenseRow = {
  id: string;
  invoice_id: string;
  expense: string;
  amount: number;
  display_order: number;
};
export type TPaymentRow = {
  id: string;
  invoice_id: string;
  paid_date: string;
  paid_amount: number;
  notes: string | null;
  /** Its live receipts, in their order. */
  receipts: TReceiptRow[];
};
/** A receipt: a file of a payment in the one attachment model, with its payment's id as the REST calls name it. */
export type TReceiptRow = TRowOf<typeof attachmentsDecl> & { payment_id: string };
/** An invoice with its live expenses and payments. */
export type TLoadedInvoice = TInvoiceRow & { expenseRows: TExpenseRow[]; paymentRows: TPaymentRow[] };

/**
 * The live invoices the actor may read (all of the firm's for staff, a client's own, none for students: 403),
 * or the one with `id`, each with its expenses and payments.
 */
export async function loadInvoices(
  db: Db,
  actor: TActor,
  id?: string | readonly string[],
): Promise<TLoadedInvoice[]> {
  if (invoicesEntity.readScope(actor) === 'none') throw forbidden();
  const ids = id === undefined ? undefined : typeof id === 'string' ? [id] : id;
  if (ids && !ids.length) return [];
  const firm = forFirm(db, actor.company_id);
  let q = firm.live('invoices').selectAll();
  if (ids) q = q.where('id', 'in', ids);
  if (actor.is_client) q = q.where('client_id', '=', actor.id);
  const rows = await q.execute();
  if (!rows.length) return [];
  const children = async (table: 'invoice_expenses' | 'invoice_payments') => {
    let c = firm.live(table).selectAll();
    if (ids) c = c.where('invoice_id', 'in', ids);
    return c.orderBy('created_at').orderBy('id').execute();
  };
  // A payment's receipts are its files in the one attachment model, read with the invoice.
  let files = firm.live('attachments').selectAll().where('owner_type', '=', RECEIPT_OWNER);
  if (ids) files = files.where('invoice_id', 'in', ids);
  const receiptRows = await files.orderBy('created_at').orderBy('id').execute();
  const byColumn = <T>(
    list: Record<string, unknown>[],
    def: typeof invoiceExpensesEntity,
    column = 'invoice_id',
  ) => {
    const m = new Map<string, T[]>();
    for (const r of list) {
      const w = toWire(def, r) as unknown as T & Record<string, string>;
      m.set(w[column]!, [...(m.get(w[column]!) ?? []), w]);
    }
    return m;
  };
  const expenses = byColumn<TExpenseRow>(await children('invoice_expenses'), invoiceExpensesEntity);
  const receipts = byColumn<TReceiptRow>(receiptRows, attachmentsEntity, 'owner_id');
  const payments = byColumn<TPaymentRow>(await children('invoice_payments'), invoicePaymentsEntity);
  for (const list of payments.values())
    for (const p of list)
      p.receipts = (receipts.get(p.id) ?? [])
        .map((r) => ({ ...r, payment_id: r.owner_id }))
        .sort((a, b) => a.display_order - b.display_order);
  return rows.map((r) => ({
    ...(toWire(invoicesEntity, r) as unknown as TInvoiceRow),
    created_at: String(r.created_at),
    expenseRows: (expenses.get(r.id) ?? []).sort((a, b) => a.display_order - b.display_order),
    paymentRows: payments.get(r.id) ?? [],
  }));
}

/** An invoice as the list's filter, totals and stats read it: its expenses and payments as their sums. */
export type TInvoiceSummary = TInvoiceRow & { expenses: number[]; payments: number[] };

/**
 * The live invoices the actor may read, each with the sums of its expenses and payments: what the list
 * filters, counts and totals, in three queries whatever the firm holds (loadInvoices reads every line of every
 * invoice, about 1.8 s for a firm with 20,000 lines). The page shown is then loaded in full.
 */
export async function invoiceSummaries(db: Db, actor: TActor): Promise<TInvoiceSummary[]> {
  if (invoicesEntity.readScope(actor) === 'none') throw forbidden();
  const firm = forFirm(db, actor.company_id);
  let q = firm.live('invoices').selectAll();
  if (actor.is_client) q = q.where('client_id', '=', actor.id);
  const rows = await q.execute();
  if (!rows.length) return [];
  const expenses = await firm
    .live('invoice_expenses')
    .select((eb) => ['invoice_id', eb.fn.sum<number | string>('amount').as('s')])
    .groupBy('invoice_id')
    .execute();
  const payments = await firm
    .live('invoice_payments')
    .select((eb) => ['invoice_id', eb.fn.sum<number | string>('paid_amount').as('s')])
    .groupBy('invoice_id')
    .execute();
  // PostgreSQL answers a sum of integers as text (bigint).
  const sums = (list: { invoice_id: string | null; s: number | string }[]) =>
    new Map(list.map((r) => [r.invoice_id, Number(r.s)]));
  const e = sums(expenses);
  const p = sums(payments);
  return rows.map((r) => ({
    ...(toWire(invoicesEntity, r) as unknown as TInvoiceRow),
    created_at: String(r.created_at),
    expenses: e.has(r.id) ? [e.get(r.id)!] : [],
    payments: p.has(r.id) ? [p.get(r.id)!] : [],
  }));
}

export const totalsOf = (inv: TLoadedInvoice) =>
  invoiceTotals({
    ...inv,
    expenses: inv.expenseRows.map((e) => e.amount),
    payments: inv.paymentRows.map((p) => p.paid_amount),
  });

/** An id or a text field as the original client sends it (text or a number); anything else is none. */
export const idOf = (v: unknown): string | null =>
  typeof v === 'string' && v.trim()
    ? v.trim()
    : typeof v === 'number' && Number.isFinite(v)
      ? String(v)
      : null;

/** The original client's storage URL of a payment's receipt (rest-contract: InvoiceThumb, folder Invoice/Payment). */
const receiptPath = (paymentId: string, fileName: string) =>
  ownerFilePath(invoicePaymentsDecl.files ?? {}, paymentId, fileName);

/** A receipt as the invoice calls answer it: the original client's storage URL serves its bytes. */
const receiptWire = (r: TReceiptRow) => ({
  id: r.id,
  sha256: r.sha256,
  file_name: r.file_name,
  mime_type: r.mime_type,
  size: r.size,
  url: receiptPath(r.payment_id, r.file_name),
});

/** An invoice as the original client reads it (rest-contract 91, 93): amounts as decimal text, dates dd/mm/yyyy. */
export function invoiceWire(inv: TLoadedInvoice, pdfDownloadUrl: string) {
  const t = totalsOf(inv);
  const emails = (inv.contact_person_emails as string[] | null) ?? [];
  return {
    id: inv.id,
    invoice_no: inv.invoice_no,
    invoiceable_id: inv.client_id,
    invoiceable_type: 'App\\Models\\User',
    invoice_status_id: inv.invoice_status_id,
    status: { id: inv.invoice_status_id, title: statusTitle(inv.invoice_status_id) },
    due_date: formatDate(inv.due_date),
    amount: paisaToDecimal(t.amount),
    apply_tax: inv.apply_tax,
    tax_percentage: inv.tax_percentage,
    tax_amount: paisaToDecimal(t.tax),
    attention: (inv.attention as string | null) ?? null,
    contact_person_emails: emails,
    sendEmail: !!inv.send_email,
    edit_client: !!inv.edit_client,
    is_archive: inv.archived,
    invoice_meta: {
      subject: (inv.subject as string | null) ?? null,
      content: (inv.content as string | null) ?? null,
      services: (inv.services as string | null) ?? null,
    },
    invoice_expenses: inv.expenseRows.map((e) => ({
      id: e.id,
      expense: e.expense,
      amount: paisaToDecimal(e.amount),
    })),
    invoice_payments: inv.paymentRows.map((p) => ({
      id: p.id,
      paid_date: formatDate(p.paid_date),
      paid_amount: paisaToDecimal(p.paid_amount),
      notes: p.notes,
      // The original client shows one (`attachment`); `attachments` has every receipt, in order.
      attachment: p.receipts[0] ? receiptWire(p.receipts[0]) : null,
      attachments: p.receipts.map(receiptWire),
    })),
    client: {
      id: inv.client_id,
      name: inv.client_name,
      company_name: (inv.client_company as string | null) ?? null,
      phone: (inv.client_phone as string | null) ?? null,
      email: (inv.client_email as string | null) ?? null,
      address: (inv.client_address as string | null) ?? null,
      contact_persons: emails.map((email) => ({ email })),
    },
    pdf_download_url: pdfDownloadUrl,
    created_at: inv.created_at,
    total_amount: paisaToDecimal(t.total),
    total_paid_amount: paisaToDecimal(t.paid),
    paid_amount: paisaToDecimal(t.paid),
    due_amount: paisaToDecimal(t.due),
    paid_date: formatDate(inv.paid_at),
    paid_at: inv.paid_at,
  };
}
