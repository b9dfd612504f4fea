import { sql, type Kysely } from 'kysely';
import {
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
