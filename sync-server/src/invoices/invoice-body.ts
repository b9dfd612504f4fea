import { z } from 'zod';
import {
  MSG,
  MSG_AMOUNT_INVALID,
  MSG_CLIENT_INVALID,
  MSG_DATE_INVALID,
  MSG_PAID_DATE_REQUIRED,
  optionalIdOr,
  parseRupees,
  dateInput,
} from '@lawfirm/shared-types';
import { idOf } from './invoices.repository.ts';

/**
 * The invoice calls' bodies as the original client sends them (rest-contract 94, 96, 97), each yielding what
 * the invoice's entities take. Rules a value of the row must meet (lengths, tax range, status) stay in the row
 * schemas; these only read the client's encodings and refuse what they cannot read, with the spec's messages.
 */

/** A checkbox as CreateInvoice.vue sends it: true, 1 or "1" (apply_tax also "true"). */
const checked = (...alsoTrue: unknown[]) =>
  z
    .unknown()
    .optional()
    .transform((v) => v === true || v === 1 || v === '1' || alsoTrue.includes(v));

/** An amount in rupees ("1,000.50" is refused: the form sends plain numbers); left out or '' is 0. */
const rupees = (required: boolean) =>
  z
    .unknown()
    .optional()
    .transform((v, ctx) => {
      const paisa = !required && (v === undefined || v === '') ? 0 : parseRupees(v);
      if (paisa === null) {
        ctx.addIssue({ code: 'custom', message: MSG_AMOUNT_INVALID });
        return z.NEVER;
      }
      return paisa;
    });

/** A date as dd/mm/yyyy, ISO or a JavaScript Date's instant; '' or none is null, `missing` refuses it. */
const invoiceDate = (missing?: string) =>
  z
    .unknown()
    .optional()
    .transform((v, ctx) => {
      const date = dateInput(v);
      if (date === undefined || (date === null && missing)) {
        ctx.addIssue({ code: 'custom', message: date === null ? missing! : MSG_DATE_INVALID });
        return z.NEVER;
      }
      return date;
    });

/** A number the form may send as text; left out or '' leaves it unset (the row keeps or defaults it). */
const optionalNumber = z
  .unknown()
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : Number(v)));

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
      amount: rupees(false),
    }),
  );

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
    edit_client: checked(),
    amount: rupees(false),
    due_date: invoiceDate(),
    apply_tax: checked('true'),
    tax_percentage: optionalNumber,
    invoice_status_id: optionalNumber,
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
    sendEmail: checked(),
    invoice_meta: ZInvoiceMeta,
    subject: z.unknown().optional(),
    content: z.unknown().optional(),
    services: z.unknown().optional(),
    invoice_expenses: z
      .unknown()
      .optional()
      .transform((v) => (Array.isArray(v) ? v : []))
      .pipe(z.array(ZExpenseLine)),
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
const ZPaymentLine = z.object({
  id: z
    .union([z.string(), z.number()])
    .nullish()
    .transform((v) => (v ? String(v) : null)),
  paid_date: invoiceDate(MSG_PAID_DATE_REQUIRED),
  paid_amount: rupees(true),
  notes: z
    .unknown()
    .optional()
    .transform((v) => v ?? null),
});

/** POST /api/invoice/mark_as_paid (rest-contract 97): the dialog's payments of invoice `invoiceable_id`. */
export const ZMarkAsPaidBody = z.object({
  payments: z.array(ZPaymentLine).max(100).default([]),
  invoiceable_id: z.union([z.string(), z.number()], { error: MSG.notFound }).transform(String),
});
