import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import {
  formatDate,
  MSG,
  MSG_PAID_DATE_REQUIRED,
  optionalIdOr,
  ownerFilePath,
  paisaToDecimal,
  statusTitle,
  wireChecked,
  wireDateOf,
  wireList,
  wireNumber,
  wireRupees,
  invoiceExpensesDecl,
  invoicePaymentsDecl,
  invoicesDecl,
  opinionsDecl,
  ROLE_IDS,
  type TActor,
} from '@lawfirm/shared-types';
import {
  MSG_CLIENT_INVALID,
  MSG_INVOICE_PAID,
  paymentOverDueMessage,
  STATUS_PAID,
} from '@lawfirm/shared-types/invoices/invoices.entities.ts';
import { invoiceTotals } from '@lawfirm/shared-types/invoices/invoice-list.ts';
import { pkPhoneError } from '@lawfirm/shared-types/common/phone.ts';
import type { Db } from '../db/connect.ts';
import { forFirm } from '../sync/firm.ts';
import { serverEntity, type Access, type Row } from '../sync/entities.ts';
import { MutationRejected } from '../sync/store.ts';
import { documentEntity, documentMailHook } from '../documents/documents.ts';
import type { TChild, TChildList, TParentWithChildren } from '../sync/parent-rest.ts';

/** A live, approved-or-not client account of the firm (§2.3: clients are chosen from the firm's client users). */
export const findClient = (db: Db, companyId: string, id: unknown) =>
  typeof id === 'string' && id
    ? forFirm(db, companyId)
        .live('users')
        .select(['id', 'name', 'email', 'company_name', 'phone', 'address'])
        .where('id', '=', id)
        .where('role_id', '=', ROLE_IDS.CLIENT)
        .executeTakeFirst()
    : Promise.resolve(undefined);

/**
 * The firm's next invoice number, from its counter row: the upsert locks that row, so concurrent pushes on
 * PostgreSQL queue on it and no two invoices share a number; numbers of deleted invoices are never given again.
 */
export async function nextInvoiceNo(trx: Db, companyId: string): Promise<number> {
  const db = trx as unknown as Kysely<any>;
  // A firm that already has numbered invoices (from before the counter) continues after its highest.
  const max = await db
    .selectFrom('invoices')
    .select((eb) => eb.fn.max('invoice_no').as('m'))
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  const start = Number(max?.m ?? 0) + 1;
  const r = await db
    .insertInto('invoice_numbers')
    .values({ company_id: companyId, last_no: start })
    .onConflict((oc) => oc.column('company_id').doUpdateSet({ last_no: sql`invoice_numbers.last_no + 1` }))
    .returning('last_no')
    .executeTakeFirstOrThrow();
  return Number(r.last_no);
}

/** What the firm's next invoice will be numbered (the form's read-only preview, `next_invoice_num`). */
export async function peekInvoiceNo(db: Db, companyId: string): Promise<number> {
  const k = db as unknown as Kysely<any>;
  const c = await k
    .selectFrom('invoice_numbers')
    .select('last_no')
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  const max = await k
    .selectFrom('invoices')
    .select((eb) => eb.fn.max('invoice_no').as('m'))
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return Math.max(Number(c?.last_no ?? 0), Number(max?.m ?? 0)) + 1;
}

const clientCheck = async (trx: Db, actor: TActor, row: Row, changed: string[]) =>
  changed.includes('client_id') && !(await findClient(trx, actor.company_id, row.client_id))
    ? MSG_CLIENT_INVALID
    : null;

/**
 * A client phone typed on the invoice (Edit client) is a Pakistani number, checked when it changes (one copied
 * from the client's account, or stored before the check, is left as it is: the PDF prints it formatted).
 */
function clientPhoneCheck(row: Row, changed: string[]): void {
  const typed = row.edit_client === true || Number(row.edit_client) === 1;
  if (!typed || !(changed.includes('client_phone') || changed.includes('edit_client'))) return;
  const problem = pkPhoneError(row.client_phone as string | null);
  if (problem) throw new MutationRejected(problem, 422, { client_phone: [problem] });
}

/**
 * An invoice's client is a client of the firm; a new invoice gets the firm's next number here, when it first
 * reaches the server (a draft made offline shows "number on sync" until then), so two devices never collide.
 */
export const invoicesEntity = serverEntity(invoicesDecl, {
  check: async (trx, actor, row, changed) => {
    const refused = await clientCheck(trx, actor, row, changed);
    if (refused) return refused;
    clientPhoneCheck(row, changed);
    if (row.invoice_no == null) row.invoice_no = await nextInvoiceNo(trx, actor.company_id);
    return null;
  },
  // A device's save mails the invoice as its declared document says (REST calls send theirs themselves).
  afterWrite: documentMailHook(documentEntity('invoices')),
});
/** Whether the invoice of a line is Paid: its lines are fixed with its total then (§4). */
const invoicePaid = async (trx: Db, actor: TActor, row: Row) => {
  const inv = await forFirm(trx, actor.company_id)
    .live('invoices')
    .select('invoice_status_id')
    .where('id', '=', String(row.invoice_id))
    .executeTakeFirst();
  return Number(inv?.invoice_status_id) === STATUS_PAID;
};
/**
 * A paid invoice's expenses are fixed with it (§4): its total may not change after it is paid, neither by an
 * edit nor by a delete, from a device's push as over REST (delete_invoice_expense).
 */
export const invoiceExpensesEntity = serverEntity(invoiceExpensesDecl, {
  check: async (trx, actor, row) => ((await invoicePaid(trx, actor, row)) ? MSG_INVOICE_PAID : null),
  checkDelete: async (trx, actor, row) => ((await invoicePaid(trx, actor, row)) ? MSG_INVOICE_PAID : null),
});
/** What is due on an invoice, in paisa, leaving out the payment `except` (the one being saved). */
async function dueWithout(trx: Db, actor: TActor, invoiceId: string, except: string): Promise<number | null> {
  const firm = forFirm(trx, actor.company_id);
  const inv = await firm
    .live('invoices')
    .select(['amount', 'apply_tax', 'tax_percentage'])
    .where('id', '=', invoiceId)
    .executeTakeFirst();
  if (!inv) return null;
  const expenses = await firm
    .live('invoice_expenses')
    .select('amount')
    .where('invoice_id', '=', invoiceId)
    .execute();
  const payments = await firm
    .live('invoice_payments')
    .select('paid_amount')
    .where('invoice_id', '=', invoiceId)
    .where('id', '!=', except)
    .execute();
  return invoiceTotals({
    amount: inv.amount,
    // A boolean column reads back as 0/1 on SQLite and as a boolean on PostgreSQL: Number() of both.
    apply_tax: Number(inv.apply_tax) === 1,
    tax_percentage: inv.tax_percentage,
    expenses: expenses.map((e) => e.amount),
    payments: payments.map((p) => p.paid_amount),
  }).due;
}
/**
 * The payments of an invoice never add up to more than its total, from a device's push as over REST: a
 * payment typed with a digit too many is refused with what is due, not recorded as money received.
 */
export const invoicePaymentsEntity = serverEntity(invoicePaymentsDecl, {
  check: async (trx, actor, row, changed) => {
    if (!changed.includes('paid_amount') && !changed.includes('invoice_id')) return null;
    const due = await dueWithout(trx, actor, String(row.invoice_id), row.id);
    return due !== null && Number(row.paid_amount) > due ? paymentOverDueMessage(due) : null;
  },
});
export const opinionsEntity = serverEntity(opinionsDecl, { check: clientCheck });

/** The invoices a client may read: their own (access set 'invoices', for the rows of an invoice). */
export async function readableInvoices(db: Db, actor: TActor): Promise<Access> {
  if (!actor.is_client) return 'all';
  const rows = await forFirm(db, actor.company_id)
    .live('invoices')
    .select('id')
    .where('client_id', '=', actor.id)
    .execute();
  return new Set(rows.map((r) => r.id));
}

export const BILLING_SERVER_ENTITIES = [
  invoicesEntity,
  invoiceExpensesEntity,
  invoicePaymentsEntity,
  opinionsEntity,
];

/** The invoice's child lists as the old calls write them (sync/parent-rest.ts). */
export const CHILDREN = ['invoice_expenses', 'invoice_payments'] as const;
export const EXPENSES: TChildList = { entity: 'invoice_expenses', ordered: true };
// A payment over what is due is the payment's own check: the dialog shows it under the line's amount.
export const PAYMENTS: TChildList = {
  entity: 'invoice_payments',
  errorKey: { key: 'payments', field: 'paid_amount' },
};

/** An id or a text field as the original client sends it (text or a number); anything else is none. */
const idOf = (v: unknown): string | null =>
  typeof v === 'string' && v.trim()
    ? v.trim()
    : typeof v === 'number' && Number.isFinite(v)
      ? String(v)
      : null;

/*
 * The invoice calls' bodies as the original client sends them (rest-contract 94, 96, 97), each yielding what
 * the invoice's entities take. Rules a value of the row must meet (lengths, tax range, status) stay in the row
 * schemas; these only read the client's encodings (common/wire.ts) and refuse what they cannot read.
 */

/**
 * The client the form picked (the answer of GET /api/users/{id}) in `selectedClient`, or the `client` an edited
 * invoice's GET answered. With `edit_client` the invoice keeps the company, phone and address typed over it.
 */
const ZClientPicked = z
  .object(
    {
      id: optionalIdOr(MSG_CLIENT_INVALID).optional(),
      company_name: z.unknown().optional(),
      phone: z.unknown().optional(),
      address: z.unknown().optional(),
    },
    { error: MSG_CLIENT_INVALID },
  )
  .nullish();

/** An expense line of the form: its id when it was saved before, the text and the amount. */
const ZExpenseLine = z
  .unknown()
  .transform((e) => (typeof e === 'object' && e ? (e as Record<string, unknown>) : {}))
  .pipe(
    z.object({
      id: z.unknown().optional().transform(idOf),
      expense: z.unknown().optional(),
      amount: wireRupees(false),
    }),
  )
  .transform(({ id, ...values }) => ({ id, values }));

/** The form's template texts, sent in `invoice_meta` (older builds sent them at the top level). */
const ZInvoiceMeta = z
  .object({
    subject: z.unknown().optional(),
    content: z.unknown().optional(),
    services: z.unknown().optional(),
  })
  .nullish()
  .catch(null);

/**
 * POST /api/invoices (rest-contract 94) as CreateInvoice.vue posts it: its form starts `invoiceable_id` as ""
 * and keeps the picked client in `selectedClient`. Yields the invoice's id (none: a new one), the client to
 * look up (the picked one first: when an invoice's client is changed its invoiceable_id still names the old
 * one, and the old server took only the picked one), the client fields typed over it, the invoice's values and
 * its expense lines.
 */
export const ZInvoiceBody = z
  .object({
    id: optionalIdOr(MSG.notFound).optional(),
    invoiceable_id: optionalIdOr(MSG_CLIENT_INVALID).optional(),
    selectedClient: ZClientPicked,
    client: ZClientPicked,
    edit_client: wireChecked(),
    amount: wireRupees(false),
    due_date: wireDateOf(),
    apply_tax: wireChecked('true'),
    tax_percentage: wireNumber,
    invoice_status_id: wireNumber,
    is_archive: z
      .unknown()
      .optional()
      .transform((v) => (v === undefined ? undefined : v === true || v === 1 || v === '1')),
    attention: z.unknown().optional(),
    contact_person_emails: z
      .unknown()
      .optional()
      .transform((v) =>
        Array.isArray(v)
          ? v.map((e: unknown) => (typeof e === 'object' && e ? (e as { email?: unknown }).email : e))
          : [],
      ),
    sendEmail: wireChecked(),
    invoice_meta: ZInvoiceMeta,
    subject: z.unknown().optional(),
    content: z.unknown().optional(),
    services: z.unknown().optional(),
    invoice_expenses: wireList(ZExpenseLine),
  })
  .transform((b) => {
    const picked = b.selectedClient ?? b.client ?? {};
    const meta = b.invoice_meta ?? {};
    const typed = (v: unknown) => (b.edit_client && typeof v === 'string' ? v : undefined);
    const values: Record<string, unknown> = {
      edit_client: b.edit_client,
      due_date: b.due_date,
      amount: b.amount,
      apply_tax: b.apply_tax,
      attention: b.attention ?? null,
      contact_person_emails: b.contact_person_emails,
      send_email: b.sendEmail,
      subject: meta.subject ?? b.subject ?? null,
      content: meta.content ?? b.content ?? null,
      services: meta.services ?? b.services ?? null,
    };
    if (b.tax_percentage !== undefined) values.tax_percentage = b.tax_percentage;
    if (b.invoice_status_id !== undefined) values.invoice_status_id = b.invoice_status_id;
    if (b.is_archive !== undefined) values.archived = b.is_archive;
    return {
      id: b.id,
      clientId: picked.id ?? b.invoiceable_id ?? null,
      typedClient: {
        company_name: typed(picked.company_name),
        phone: typed(picked.phone),
        address: typed(picked.address),
      },
      values,
      expenses: b.invoice_expenses,
    };
  });
export type TInvoiceBody = z.output<typeof ZInvoiceBody>;

/** POST /api/invoices/mark_paid (rest-contract 96): the invoice's id (the list sends the whole row). */
export const ZMarkPaidBody = z.object({ id: optionalIdOr(MSG.notFound).optional() });

/** A payment line of the Paid Invoice Dialog: its id when saved before, a date (required), an amount, notes. */
const ZPaymentLine = z
  .object({
    id: z
      .union([z.string(), z.number()])
      .nullish()
      .transform((v) => (v ? String(v) : null)),
    paid_date: wireDateOf(MSG_PAID_DATE_REQUIRED),
    paid_amount: wireRupees(true),
    notes: z
      .unknown()
      .optional()
      .transform((v) => v ?? null),
  })
  .transform(({ id, ...values }) => ({ id, values }));

/** POST /api/invoice/mark_as_paid (rest-contract 97): the dialog's payments of invoice `invoiceable_id`. */
export const ZMarkAsPaidBody = z.object({
  payments: z.array(ZPaymentLine).max(100).default([]),
  invoiceable_id: z.union([z.string(), z.number()], { error: MSG.notFound }).transform(String),
});

/*
 * The answer: an invoice as the original client reads it (rest-contract 91, 93): amounts as decimal text,
 * dates dd/mm/yyyy, its client as an object, each payment's receipts with their old storage URLs.
 */
const num = (v: unknown) => Number(v ?? 0);
const expensesOf = (inv: TParentWithChildren) => inv.children.invoice_expenses ?? [];
const paymentsOf = (inv: TParentWithChildren) => inv.children.invoice_payments ?? [];

export const totalsOf = (inv: TParentWithChildren) =>
  invoiceTotals({
    amount: num(inv.amount),
    apply_tax: !!inv.apply_tax,
    tax_percentage: num(inv.tax_percentage),
    expenses: expensesOf(inv).map((e) => num(e.amount)),
    payments: paymentsOf(inv).map((p) => num(p.paid_amount)),
  });

/** A receipt as the invoice calls answer it: the original client's storage URL serves its bytes. */
const receiptWire = (r: Record<string, unknown>) => ({
  id: r.id as string,
  sha256: r.sha256 as string,
  file_name: r.file_name as string,
  mime_type: r.mime_type as string,
  size: r.size as number,
  url: ownerFilePath(invoicePaymentsDecl.files ?? {}, String(r.owner_id), String(r.file_name)),
});

const text = (v: unknown) => (v as string | null | undefined) ?? null;

export function invoiceWire(inv: TParentWithChildren, pdfDownloadUrl: string) {
  const t = totalsOf(inv);
  const emails = (inv.contact_person_emails as string[] | null) ?? [];
  const status = num(inv.invoice_status_id);
  return {
    id: inv.id,
    invoice_no: inv.invoice_no as number | null,
    invoiceable_id: inv.client_id,
    invoiceable_type: 'App\\Models\\User',
    invoice_status_id: status,
    status: { id: status, title: statusTitle(status) },
    due_date: formatDate(text(inv.due_date)),
    amount: paisaToDecimal(t.amount),
    apply_tax: inv.apply_tax,
    tax_percentage: inv.tax_percentage,
    tax_amount: paisaToDecimal(t.tax),
    attention: text(inv.attention),
    contact_person_emails: emails,
    sendEmail: !!inv.send_email,
    edit_client: !!inv.edit_client,
    is_archive: inv.archived,
    invoice_meta: { subject: text(inv.subject), content: text(inv.content), services: text(inv.services) },
    invoice_expenses: expensesOf(inv).map((e) => ({
      id: e.id,
      expense: e.expense,
      amount: paisaToDecimal(num(e.amount)),
    })),
    invoice_payments: paymentsOf(inv).map((p: TChild) => ({
      id: p.id,
      paid_date: formatDate(text(p.paid_date)),
      paid_amount: paisaToDecimal(num(p.paid_amount)),
      notes: p.notes,
      // The original client shows one (`attachment`); `attachments` has every receipt, in order.
      attachment: p.files[0] ? receiptWire(p.files[0]) : null,
      attachments: p.files.map(receiptWire),
    })),
    client: {
      id: inv.client_id,
      name: inv.client_name,
      company_name: text(inv.client_company),
      phone: text(inv.client_phone),
      email: text(inv.client_email),
      address: text(inv.client_address),
      contact_persons: emails.map((email) => ({ email })),
    },
    pdf_download_url: pdfDownloadUrl,
    created_at: inv.created_at,
    total_amount: paisaToDecimal(t.total),
    total_paid_amount: paisaToDecimal(t.paid),
    paid_amount: paisaToDecimal(t.paid),
    due_amount: paisaToDecimal(t.due),
    paid_date: formatDate(text(inv.paid_at)),
    paid_at: inv.paid_at,
  };
}
