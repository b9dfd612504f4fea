import { parseDisplayDate } from '../common/dates.ts';
import { paisaOrZero } from '../common/money.ts';
import { compareCodes } from '../common/natural-order.ts';
import type { TRowOf } from '../sync/entity.ts';
import type { attachmentsDecl } from '../sync/entities.ts';
import type { invoiceExpensesDecl, invoicePaymentsDecl, invoicesDecl } from './invoices.entities.ts';

/** The invoices list's page size (§9: the server's per_page; the device pages the same way). */
export const INVOICES_PER_PAGE = 10;

/** Date types of the list's date range filter (§9). */
export const INVOICE_DATE_TYPES = ['created_at', 'due_date', 'paid_date'] as const;
export type TInvoiceDateType = (typeof INVOICE_DATE_TYPES)[number];

/** An invoice with the amounts of its live expenses and payments: what the list, its totals and filters need. */
export type TInvoiceForList = {
  id: string;
  invoice_no: number | null;
  client_name: string | null;
  invoice_status_id: number;
  amount: unknown;
  apply_tax: unknown;
  tax_percentage: unknown;
  due_date?: string | null;
  paid_at?: string | null;
  archived: boolean | null;
  created_at?: string | null;
  expenses: readonly unknown[];
  payments: readonly unknown[];
};

/**
 * The rows an invoice is read with, by child entity (their declarations' `parents`): expenses in the order
 * the form gave them, payments by their date, each payment with its receipts (its files).
 */
export const INVOICE_CHILDREN = {
  invoice_expenses: { order: 'display_order' },
  invoice_payments: { order: 'paid_date', files: true },
} as const;

/** An invoice with its rows as a device reads it (INVOICE_CHILDREN), every type from the declarations. */
export type TInvoiceWithRows = TRowOf<typeof invoicesDecl> & {
  children: {
    invoice_expenses: TRowOf<typeof invoiceExpensesDecl>[];
    invoice_payments: (TRowOf<typeof invoicePaymentsDecl> & { files: TRowOf<typeof attachmentsDecl>[] })[];
  };
};

/** Child rows as any reader holds them (a device's rows, the server's loadWithChildren): only their amounts count. */
type TWithChildAmounts = {
  children: {
    invoice_expenses?: readonly { amount?: unknown }[];
    invoice_payments?: readonly { paid_amount?: unknown }[];
  };
};

/**
 * An invoice read with its rows in the list's shape: the amounts of its live expenses and payments beside it,
 * which its totals, the list's filter and stats read.
 */
export const invoiceForList = <T extends TWithChildAmounts>(inv: T) => ({
  ...inv,
  expenses: (inv.children.invoice_expenses ?? []).map((e) => e.amount),
  payments: (inv.children.invoice_payments ?? []).map((p) => p.paid_amount),
});

/** The list's filters (§2.5), as the original client's query names them. */
export type TInvoiceFilter = {
  invoice_no?: string | null;
  client_name?: string | null;
  /** Archived invoices instead of active ones. */
  is_archive?: boolean;
  /** Both ends, ISO dates (inclusive). */
  from?: string | null;
  to?: string | null;
  date_type?: TInvoiceDateType | null;
  /** 1, 2 or 3; none = All. */
  invoice_status_id?: number | null;
};

/**
 * `start_to_end_date` as the original client's range picker sends it ("dd/mm/yyyy - dd/mm/yyyy", ISO dates,
 * or either joined by a comma or " to "): both ends, or null when it is not a full range.
 */
export function parseDateRange(text: string | null | undefined): { from: string; to: string } | null {
  if (!text) return null;
  const parts = String(text)
    .split(/\s+-\s+|\s+to\s+|,/)
    .map((p) => p.trim());
  if (parts.length !== 2) return null;
  const iso = parts.map((p) => (/^\d{4}-\d{2}-\d{2}/.test(p) ? p.slice(0, 10) : parseDisplayDate(p)));
  if (!iso[0] || !iso[1]) return null;
  return iso[0] <= iso[1] ? { from: iso[0], to: iso[1] } : { from: iso[1], to: iso[0] };
}

const dateOf = (inv: TInvoiceForList, type: TInvoiceDateType): string =>
  ((type === 'created_at' ? inv.created_at : type === 'due_date' ? inv.due_date : inv.paid_at) ?? '').slice(
    0,
    10,
  );

export type TInvoiceWithTotals<T extends TInvoiceForList = TInvoiceForList> = T & { totals: TInvoiceTotals };

/** Totals of each invoice (common/money.ts) and the filter of §2.5: one function on the device and on the server. */
export function filterInvoices<T extends TInvoiceForList>(
  rows: readonly T[],
  f: TInvoiceFilter,
): TInvoiceWithTotals<T>[] {
  const no = (f.invoice_no ?? '').trim();
  const name = (f.client_name ?? '').trim().toLowerCase();
  const type = f.date_type ?? 'created_at';
  const out: TInvoiceWithTotals<T>[] = [];
  for (const inv of rows) {
    if (!!inv.archived !== !!f.is_archive) continue;
    if (f.invoice_status_id && inv.invoice_status_id !== f.invoice_status_id) continue;
    if (no && !String(inv.invoice_no ?? '').includes(no)) continue;
    if (name && !(inv.client_name ?? '').toLowerCase().includes(name)) continue;
    if (f.from && f.to) {
      const d = dateOf(inv, type);
      if (!d || d < f.from || d > f.to) continue;
    }
    out.push({ ...inv, totals: invoiceTotals({ ...inv }) });
  }
  // Newest first, drafts waiting for their number on top.
  out.sort(
    (a, b) =>
      (b.invoice_no ?? Number.MAX_SAFE_INTEGER) - (a.invoice_no ?? Number.MAX_SAFE_INTEGER) ||
      compareCodes(String(b.created_at ?? ''), String(a.created_at ?? '')),
  );
  return out;
}

/** The list's totals line (§3 "Invoice list stats"), in paisa. */
export function invoiceStats(rows: readonly { totals: TInvoiceTotals }[]) {
  let total = 0;
  let paid = 0;
  let due = 0;
  for (const r of rows) {
    total += r.totals.total;
    paid += r.totals.paid;
    due += r.totals.due;
  }
  return { total, total_paid: paid, total_due: due };
}

/** One page of a list, with the paginator's numbers ("Showing from X to Y of Z"). */
export function pageOf<T>(rows: readonly T[], page: number, perPage = INVOICES_PER_PAGE) {
  const total = rows.length;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), lastPage);
  const data = rows.slice((current - 1) * perPage, current * perPage);
  return {
    data,
    current_page: current,
    last_page: lastPage,
    per_page: perPage,
    total,
    from: data.length ? (current - 1) * perPage + 1 : null,
    to: data.length ? (current - 1) * perPage + data.length : null,
  };
}

/** The balance after a mark-paid: fully paid is Paid (3) with its date, anything less leaves it Sent (2). */
export const statusAfterPayments = (totals: TInvoiceTotals): 2 | 3 => (totals.paid >= totals.total ? 3 : 2);

/**
 * What a save of payments does to the invoice's status (the Paid Invoice Dialog, §2.6), given the invoice with
 * every payment it will have: a Paid invoice stays as it is (its date is when it was paid); paid in full, or
 * "Mark as Paid" whatever is due, makes it Paid (3) on `today`; a payment short of the total moves a Draft (1)
 * to Sent (2), as money was asked for; a Sent one stays Sent.
 */
export function statusOnPayment(
  inv: TInvoiceMoney & { invoice_status_id: number | null },
  { markPaid, today }: { markPaid: boolean; today: string },
): { invoice_status_id?: 2 | 3; paid_at?: string } {
  if (inv.invoice_status_id === 3) return {};
  if (markPaid || statusAfterPayments(invoiceTotals(inv)) === 3)
    return { invoice_status_id: 3, paid_at: today };
  return inv.invoice_status_id === 1 ? { invoice_status_id: 2 } : {};
}

/** Invoice templates (§3): subject and content with placeholders the form fills in. */
export const INVOICE_TEMPLATES = [
  {
    id: 1,
    title: 'Professional fee',
    subject: 'Invoice for professional services',
    content:
      'Dear {client_name},\n\nPlease find attached our invoice for professional services, for a total of {total_amount}, due on {due_date}.\n\nRegards',
  },
  {
    id: 2,
    title: 'Reminder',
    subject: 'Payment reminder',
    content:
      'Dear {client_name},\n\nThis is a reminder that our invoice of {total_amount} is due on {due_date}.\n\nRegards',
  },
] as const;

export const MSG_TEMPLATE_NEEDS_FIELDS = 'Please fill in all the fields before choosing a template.';

export function fillTemplate(
  text: string,
  v: { client_name: string; total_amount: string; due_date: string },
) {
  return text
    .replaceAll('{client_name}', v.client_name)
    .replaceAll('{total_amount}', v.total_amount)
    .replaceAll('{due_date}', v.due_date);
}

/** The tax percentage an invoice applies: a whole number 0–100 (default 10, §9). */
export const DEFAULT_TAX_PERCENTAGE = 10;

export type TInvoiceMoney = {
  amount: unknown;
  apply_tax: unknown;
  tax_percentage: unknown;
  expenses: readonly unknown[];
  payments?: readonly unknown[];
};

export type TInvoiceTotals = {
  amount: number;
  expenses: number;
  tax: number;
  /** amount + expenses − tax, never below 0. */
  total: number;
  paid: number;
  /** What is still owed: total − paid, never below 0. */
  due: number;
};

/**
 * The invoice's totals in paisa (§5): the tax is the percentage of the amount (half a paisa rounds up) and
 * applies only when apply_tax is set and the percentage is above 0; negative or invalid amounts count as 0.
 */
export function invoiceTotals(inv: TInvoiceMoney): TInvoiceTotals {
  const amount = paisaOrZero(inv.amount);
  const pct = typeof inv.tax_percentage === 'number' ? inv.tax_percentage : Number(inv.tax_percentage);
  const rate = Number.isInteger(pct) && pct > 0 ? Math.min(pct, 100) : 0;
  const tax = inv.apply_tax === true && rate > 0 ? Math.floor((amount * rate + 50) / 100) : 0;
  const expenses = inv.expenses.reduce<number>((s, e) => s + paisaOrZero(e), 0);
  const paid = (inv.payments ?? []).reduce<number>((s, p) => s + paisaOrZero(p), 0);
  const total = Math.max(0, amount + expenses - tax);
  return { amount, expenses, tax, total, paid, due: Math.max(0, total - paid) };
}
