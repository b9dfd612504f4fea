import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  filterInvoices,
  INVOICE_DATE_TYPES,
  INVOICE_STATUSES,
  INVOICE_TEMPLATES,
  invoiceStats,
  MSG,
  MSG_CLIENT_INVALID,
  MSG_CLIENT_REQUIRED,
  MSG_INVOICE_PAID,
  pageOf,
  paisaToDecimal,
  parseDateRange,
  statusAfterPayments,
  STATUS_PAID,
  todayInPakistan,
  ZMessageResponse,
  type TActor,
  dateInput,
} from '@lawfirm/shared-types';
import type { Db } from '../db/connect.ts';
import { forActor } from '../sync/firm.ts';
import { inTransaction } from '../db/query-helpers.ts';
import { forbidden, validationError } from '../http/errors.ts';
import { ZIdParams } from '../http/schemas.ts';
import {
  loadOne,
  loadWithChildren,
  saveChildLines,
  saveWithChildren,
  removeChild,
  withChildSums,
  type TParentWithChildren,
} from '../sync/parent-rest.ts';
import {
  CHILDREN,
  EXPENSES,
  findClient,
  invoicesEntity,
  invoiceWire,
  PAYMENTS,
  totalsOf,
  ZInvoiceBody,
  ZMarkAsPaidBody,
  ZMarkPaidBody,
  type TInvoiceBody,
} from './invoices.entities.ts';
import { documentEntity, documentUrl, mailDocument } from '../documents/documents.ts';

export const MSG_MARKED_PAID = 'Successfully Mark as Paid Invoice!';
export const MSG_PAID_OK = 'Paid Successfully!';
export const MSG_PAYMENT_DELETED = 'Payment Deleted Successfully!';
export const MSG_EXPENSE_DELETED = 'Expense Deleted Successfully!';

const ZInvoice = z.looseObject({
  id: z.string(),
  invoice_no: z.number().nullable(),
  total_amount: z.string(),
});
const ZStats = z.object({ total: z.string(), total_paid: z.string(), total_due: z.string() });
/** The list's query as the original list sends it; other parameters are dropped. */
const ZListQuery = z.object({
  invoice_no: z.string().max(50).optional(),
  client_name: z.string().max(200).optional(),
  is_archive: z.string().max(10).optional(),
  start_to_end_date: z.string().max(100).optional(),
  // The original list's range picker holds two JavaScript Dates, which axios sends as
  // `start_to_end_date[]=<ISO instant>` twice (the second "null" until it is picked).
  'start_to_end_date[]': z.union([z.string().max(100), z.array(z.string().max(100)).max(2)]).optional(),
  date_type: z.string().max(20).optional(),
  invoice_status_id: z.string().max(10).optional(),
  page: z.string().max(10).optional(),
});
type TListQuery = z.infer<typeof ZListQuery>;
/** Invoices declare their document (the PDF and its mail): documents/documents.ts serves it. */
const INVOICE_DOCUMENT = documentEntity('invoices');

/**
 * The range of the original list's picker (two instants, each the day it is in Pakistan: a day picked at
 * midnight in Lahore is 19:00 UTC the day before), or of a typed "dd/mm/yyyy - dd/mm/yyyy".
 */
function rangeOf(q: TListQuery): { from: string; to: string } | null {
  const picked = q['start_to_end_date[]'];
  if (picked === undefined) return parseDateRange(q.start_to_end_date);
  const [a, b] = (Array.isArray(picked) ? picked : [picked]).map((d) => dateInput(d));
  if (!a || !b) return null;
  return a <= b ? { from: a, to: b } : { from: b, to: a };
}

/** The list's filters from the original client's query (unknown values mean no filter). */
function filterOf(q: TListQuery) {
  const range = rangeOf(q);
  const status = Number(q.invoice_status_id);
  const type = (INVOICE_DATE_TYPES as readonly string[]).includes(q.date_type ?? '')
    ? (q.date_type as (typeof INVOICE_DATE_TYPES)[number])
    : 'created_at';
  return {
    invoice_no: q.invoice_no ?? null,
    client_name: q.client_name ?? null,
    is_archive: q.is_archive === '1' || q.is_archive === 'true',
    from: range?.from ?? null,
    to: range?.to ?? null,
    date_type: type,
    invoice_status_id: [1, 2, 3].includes(status) ? status : null,
  };
}

const statsWire = (s: { total: number; total_paid: number; total_due: number }) => ({
  total: paisaToDecimal(s.total),
  total_paid: paisaToDecimal(s.total_paid),
  total_due: paisaToDecimal(s.total_due),
});

/**
 * The invoice's values with its client: the one the body names must be a client of the firm (a database check
 * the body's schema cannot make); the fields typed over it with edit_client win over the client's own.
 */
async function withClient(db: Db, actor: TActor, body: TInvoiceBody): Promise<Record<string, unknown>> {
  const client = await findClient(db, actor.company_id, body.clientId);
  if (!client)
    throw validationError({ invoiceable_id: [body.clientId ? MSG_CLIENT_INVALID : MSG_CLIENT_REQUIRED] });
  const typed = body.typedClient;
  return {
    client_id: client.id,
    client_name: client.name,
    client_email: client.email,
    client_company: typed.company_name ?? client.company_name,
    client_phone: typed.phone ?? client.phone,
    client_address: typed.address ?? client.address,
    ...body.values,
  };
}

/**
 * The invoice calls (part 3 §7 "Invoices", rest-contract 91–101) on the same sync store as devices' pushes:
 * every write is checked against the entities' policy (admins change, staff read, clients read their own).
 */
export async function invoicesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const wire = (req: FastifyRequest, actor: TActor, inv: TParentWithChildren) =>
    invoiceWire(inv, documentUrl(app, req, actor, INVOICE_DOCUMENT, inv.id));
  /** The firm's invoices a staff member or client may read, one by id (404 for any other id). */
  const readInvoice = (db: Db, actor: TActor, id: string) =>
    loadOne(app, db, actor, 'invoices', CHILDREN, id);

  /**
   * The list's filter, counts and totals read each invoice with the sums of its lines, in three queries
   * whatever the firm holds; the page shown is then loaded in full.
   */
  const listed = async (actor: TActor, q: TListQuery) => {
    const rows = await withChildSums(app, app.db, actor, 'invoices', {
      invoice_expenses: 'amount',
      invoice_payments: 'paid_amount',
    });
    const sum = (v: number | null | undefined) => (v == null ? [] : [v]);
    const summaries = rows.map(({ sums, ...r }) => ({
      ...r,
      expenses: sum(sums.invoice_expenses),
      payments: sum(sums.invoice_payments),
    }));
    return filterInvoices(summaries as unknown as Parameters<typeof filterInvoices>[0], filterOf(q));
  };

  app.get(
    '/api/invoices',
    {
      config: { auth: true },
      schema: {
        querystring: ZListQuery,
        response: {
          200: z.object({
            invoices: z.object({
              data: z.array(ZInvoice),
              current_page: z.number(),
              last_page: z.number(),
              per_page: z.number(),
              total: z.number(),
              from: z.number().nullable(),
              to: z.number().nullable(),
            }),
            invoices_stats: ZStats,
          }),
        },
      },
    },
    async (req) => {
      const { actor } = await req.auth();
      const rows = await listed(actor, req.query);
      const page = pageOf(rows, Number(req.query.page ?? 1));
      // Only the page shown is read with its lines.
      const ids = page.data.map((r) => r.id);
      const full = new Map(
        (await loadWithChildren(app, app.db, actor, 'invoices', CHILDREN, ids)).map((inv) => [inv.id, inv]),
      );
      return {
        invoices: {
          ...page,
          data: page.data.flatMap((r) => (full.has(r.id) ? [wire(req, actor, full.get(r.id)!)] : [])),
        },
        invoices_stats: statsWire(invoiceStats(rows)),
      };
    },
  );

  app.get(
    '/api/invoices/stats',
    {
      config: { auth: true },
      schema: { querystring: ZListQuery, response: { 200: z.object({ invoices_stats: ZStats }) } },
    },
    async (req) => {
      const { actor } = await req.auth();
      return { invoices_stats: statsWire(invoiceStats(await listed(actor, req.query))) };
    },
  );

  app.get(
    '/api/invoice_statuses',
    {
      config: { auth: true },
      schema: {
        response: {
          200: z.object({ invoice_statuses: z.array(z.object({ id: z.number(), title: z.string() })) }),
        },
      },
    },
    async () => ({ invoice_statuses: INVOICE_STATUSES.map((s) => ({ ...s })) }),
  );

  app.get(
    '/api/invoice_templates',
    {
      config: { auth: true },
      schema: {
        response: {
          200: z.object({
            invoice_templates: z.array(
              z.object({ id: z.number(), title: z.string(), subject: z.string(), content: z.string() }),
            ),
          }),
        },
      },
    },
    async () => ({ invoice_templates: INVOICE_TEMPLATES.map((t) => ({ ...t })) }),
  );

  app.get(
    '/api/invoices/:id',
    {
      config: { auth: true },
      schema: { params: ZIdParams, response: { 200: z.object({ invoice: ZInvoice }) } },
    },
    async (req) => {
      const { actor } = await req.auth();
      return { invoice: wire(req, actor, await readInvoice(app.db, actor, req.params.id)) };
    },
  );

  app.post(
    '/api/invoices',
    {
      config: { auth: true },
      schema: {
        body: ZInvoiceBody,
        response: { 200: z.object({ invoice: ZInvoice, message: z.string() }) },
      },
    },
    async (req) => {
      const { actor } = await req.auth();
      const body = req.body;
      const saved = await inTransaction(app.db, (trx) =>
        saveWithChildren(app, trx, actor, 'invoices', {
          id: body.id,
          values: () => withClient(trx, actor, body),
          lists: [{ list: EXPENSES, lines: body.expenses }],
        }),
      );
      // The invoice declares when a save mails it (its document's mailWhen).
      if (saved.mail) await mailDocument(app, actor, INVOICE_DOCUMENT, saved.id);
      return {
        invoice: wire(req, actor, await readInvoice(app.db, actor, saved.id)),
        message: saved.message,
      };
    },
  );

  app.delete(
    '/api/invoices/:id',
    { config: { auth: true }, schema: { params: ZIdParams, response: { 200: ZMessageResponse } } },
    async (req) => {
      const { actor } = await req.auth();
      await inTransaction(app.db, async (trx) => {
        await readInvoice(trx, actor, req.params.id);
        await forActor(trx, actor).remove(invoicesEntity, req.params.id);
      });
      return { message: MSG.deletedOk };
    },
  );

  /** The list's and form's Mark as Paid: status Paid, paid today (§4: the client reads paid_at). */
  app.post(
    '/api/invoices/mark_paid',
    {
      config: { auth: true },
      schema: {
        body: ZMarkPaidBody,
        response: { 200: z.object({ paid_at: z.string(), message: z.string() }) },
      },
    },
    async (req) => {
      const { actor } = await req.auth();
      const id = String(req.body.id ?? '');
      const paidAt = await inTransaction(app.db, async (trx) => {
        const inv = await readInvoice(trx, actor, id);
        if (inv.invoice_status_id === STATUS_PAID && inv.paid_at) return inv.paid_at as string;
        const today = todayInPakistan();
        await forActor(trx, actor).put(invoicesEntity, id, {
          invoice_status_id: STATUS_PAID,
          paid_at: today,
        });
        return today;
      });
      return { paid_at: paidAt, message: MSG_MARKED_PAID };
    },
  );

  /** The Paid Invoice Dialog: saves its payments; paid in full makes the invoice Paid, less leaves it Sent. */
  app.post(
    '/api/invoice/mark_as_paid',
    {
      config: { auth: true },
      schema: {
        body: ZMarkAsPaidBody,
        response: { 200: z.object({ invoice: ZInvoice, message: z.string() }) },
      },
    },
    async (req) => {
      const { actor } = await req.auth();
      const id = req.body.invoiceable_id;
      await inTransaction(app.db, async (trx) => {
        const firm = forActor(trx, actor);
        const inv = await readInvoice(trx, actor, id);
        await saveChildLines(app, trx, actor, 'invoices', id, PAYMENTS, req.body.payments);
        if (inv.invoice_status_id !== STATUS_PAID) {
          const status = statusAfterPayments(totalsOf(await readInvoice(trx, actor, id)));
          await firm.put(invoicesEntity, id, {
            invoice_status_id: status,
            ...(status === STATUS_PAID ? { paid_at: todayInPakistan() } : {}),
          });
        }
      });
      return { invoice: wire(req, actor, await readInvoice(app.db, actor, id)), message: MSG_PAID_OK };
    },
  );

  /** Deletes one row of an invoice the actor may read (another firm's, or another client's, is a 404). */
  const deleteChild = (path: string, child: (typeof CHILDREN)[number], message: string) =>
    app.delete(
      path,
      { config: { auth: true }, schema: { params: ZIdParams, response: { 200: ZMessageResponse } } },
      async (req) => {
        const { actor } = await req.auth();
        await inTransaction(app.db, (trx) =>
          removeChild(app, trx, actor, 'invoices', child, req.params.id, (inv) => {
            // A paid invoice's expenses are fixed with its total (§4); its payments may still be corrected.
            if (child === 'invoice_expenses' && inv.invoice_status_id === STATUS_PAID)
              throw forbidden(MSG_INVOICE_PAID);
          }),
        );
        return { message };
      },
    );
  deleteChild('/api/invoice/delete_payment/:id', 'invoice_payments', MSG_PAYMENT_DELETED);
  deleteChild('/api/delete_invoice_expense/:id', 'invoice_expenses', MSG_EXPENSE_DELETED);
}
