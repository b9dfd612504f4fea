import { z } from 'zod';
import { can, type TActor } from '../auth/permissions.ts';
import { MSG, MSG_DATE_INVALID } from '../common/messages.ts';
import { optionalText, tooLong, tooMany } from '../common/validation.ts';
import { defineEntity, type TEntityPolicy, type TParent, type TReadScope } from '../sync/entity.ts';
import { MAX_FILE_BYTES } from '../attachments/limits.ts';
import { formatRs, MAX_PAISA, MSG_AMOUNT_INVALID } from '../common/money.ts';
import { DEFAULT_TAX_PERCENTAGE } from './invoice-list.ts';

export const MSG_CLIENT_REQUIRED = 'Client field is required.';
export const MSG_CLIENT_INVALID = 'The client must be a client of this firm.';
export const MSG_TAX_RANGE = 'The tax percentage must be a whole number from 0 to 100.';
export const MSG_INVOICE_PAID = 'A paid invoice cannot be changed.';
/** A payment that would take the invoice's payments past its total (amounts in paisa). */
export const paymentOverDueMessage = (duePaisa: number) =>
  `The payment may not be more than the amount due (${formatRs(duePaisa)}).`;
export const MSG_INVOICE_MISSING = 'The invoice of this record does not exist.';
export const MSG_EXPENSE_REQUIRED = 'Expense field is required.';
export const MSG_PAID_DATE_REQUIRED = 'Paid date field is required.';
export const MSG_REFERENCE_REQUIRED = 'Reference No field is required.';
export const MSG_SUBJECT_REQUIRED = 'Subject field is required.';
export const MSG_ISSUANCE_DATE_REQUIRED = 'Issuance date field is required.';

/** The name queued mails give the invoice PDF's maker (mails queued before the declaration name it so). */
export const INVOICE_PDF_SOURCE = 'invoice-pdf';

/** Invoice status ids (§4): 1 Draft (a new invoice's), 2 Sent, 3 Paid. */
export const INVOICE_STATUSES = [
  { id: 1, title: 'Draft' },
  { id: 2, title: 'Sent' },
  { id: 3, title: 'Paid' },
] as const;
export const STATUS_DRAFT = 1;
export const STATUS_SENT = 2;
export const STATUS_PAID = 3;
export const statusTitle = (id: unknown): string => INVOICE_STATUSES.find((s) => s.id === id)?.title ?? '';

/** Columns of a paid invoice that may still change: filing it away (§4 disables the rest of the form). */
const PAID_CHANGEABLE = ['archived'];

/**
 * Billing (part 3 §6, issue 15 item 7): admins create, edit, delete and mark paid; the firm's other staff read
 * and download; a client reads only their own (their device receives nothing else); students read none.
 * `own` is the scope of a client's rows: by the invoice's client column, or through the invoice of a child row.
 */
export const billingScope =
  (own: (a: TActor) => TReadScope) =>
  (a: TActor): TReadScope =>
    a.is_client ? own(a) : a.is_student ? 'none' : 'all';
const manage = (a: TActor) => can(a, 'billing.manage');

/** Rows of an invoice: readable with it, changed by admins whatever the invoice's status (payments of a paid one too). */
const invoiceChildPolicy: TEntityPolicy = {
  readScope: billingScope(() => ({ set: 'invoices', column: 'invoice_id' })),
  canCreate: manage,
  canUpdate: (a) => (manage(a) ? true : MSG.forbidden),
  canDelete: manage,
};

const isoDate = (required?: string) =>
  required
    ? z
        .string({ error: required })
        .min(1, { error: required, abort: true })
        .regex(/^\d{4}-\d{2}-\d{2}$/, { error: MSG_DATE_INVALID })
    : z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, { error: MSG_DATE_INVALID })
        .nullish();
/** Whole paisa (common/money.ts): a device sends integers, the REST calls convert the original client's decimals. */
const paisa = z
  .number({ error: MSG_AMOUNT_INVALID })
  .int({ error: MSG_AMOUNT_INVALID })
  .min(0, { error: MSG_AMOUNT_INVALID })
  .max(MAX_PAISA, { error: MSG_AMOUNT_INVALID });
const inInvoice: TParent = { column: 'invoice_id', entity: 'invoices', message: MSG_INVOICE_MISSING };

export const invoicesDecl = defineEntity({
  name: 'invoices',
  columns: {
    id: 'text',
    company_id: 'text',
    // The firm's number, given by the server when the invoice first reaches it (never by a device).
    invoice_no: 'int',
    client_id: 'text',
    client_name: 'text',
    client_email: 'text',
    client_company: 'text',
    client_phone: 'text',
    client_address: 'text',
    edit_client: 'bool',
    invoice_status_id: 'int',
    due_date: 'text',
    amount: 'int',
    apply_tax: 'bool',
    tax_percentage: 'int',
    attention: 'text',
    contact_person_emails: 'json',
    send_email: 'bool',
    subject: 'text',
    content: 'text',
    services: 'text',
    paid_at: 'text',
    archived: 'bool',
    created_at: 'text',
  },
  writable: [
    'client_id',
    'client_name',
    'client_email',
    'client_company',
    'client_phone',
    'client_address',
    'edit_client',
    'invoice_status_id',
    'due_date',
    'amount',
    'apply_tax',
    'tax_percentage',
    'attention',
    'contact_person_emails',
    'send_email',
    'subject',
    'content',
    'services',
    'paid_at',
    'archived',
  ],
  schema: z.object({
    client_id: z.string({ error: MSG_CLIENT_REQUIRED }).min(1, { error: MSG_CLIENT_REQUIRED }).max(200),
    client_name: z
      .string({ error: MSG_CLIENT_REQUIRED })
      .trim()
      .min(1, { error: MSG_CLIENT_REQUIRED })
      .max(191),
    client_email: optionalText(191),
    client_company: optionalText(191),
    client_phone: optionalText(50),
    client_address: optionalText(500),
    invoice_status_id: z.union([z.literal(1), z.literal(2), z.literal(3)], {
      error: 'Status field is required.',
    }),
    due_date: isoDate(),
    amount: paisa,
    tax_percentage: z
      .number({ error: MSG_TAX_RANGE })
      .int({ error: MSG_TAX_RANGE })
      .min(0, { error: MSG_TAX_RANGE })
      .max(100, { error: MSG_TAX_RANGE }),
    attention: optionalText(191),
    contact_person_emails: z
      .array(z.email({ error: 'The contact person email must be a valid email address.' }).max(191))
      .max(20, tooMany('contact person emails', 20))
      .default([]),
    subject: optionalText(500),
    content: optionalText(20_000),
    services: optionalText(5000),
    paid_at: isoDate(),
  }),
  defaults: {
    invoice_status_id: STATUS_DRAFT,
    apply_tax: false,
    tax_percentage: DEFAULT_TAX_PERCENTAGE,
    amount: 0,
    contact_person_emails: [],
    send_email: false,
    edit_client: false,
    archived: false,
  },
  indexes: ['invoice_no', 'client_id', 'invoice_status_id', 'created_at', 'due_date', 'paid_at', 'archived'],
  policy: {
    readScope: billingScope((a) => ({ anyOf: [{ column: 'client_id', value: a.id }] })),
    canCreate: manage,
    canUpdate: (a, row, fields) => {
      if (!manage(a)) return MSG.forbidden;
      if (row.invoice_status_id === STATUS_PAID && fields.some((f) => !PAID_CHANGEABLE.includes(f)))
        return MSG_INVOICE_PAID;
      return true;
    },
    canDelete: manage,
  },
  // The invoice PDF (§2.5 Download, pdf_download_url) with its expenses and payments, and the mail that
  // carries it: sent when saved with "send email" newly ticked, or its status changes while ticked (a device
  // sets the flag last, after the invoice's expenses, so the mail has its final total).
  document: {
    path: 'invoices',
    children: ['invoice_expenses', 'invoice_payments'],
    load: async () => (await import('./invoice.pdf.ts')).invoiceDocument,
    mailWhen: (before, after, changed) =>
      !!after.send_email && (!before || !before.send_email || changed.includes('invoice_status_id')),
    mailSource: INVOICE_PDF_SOURCE,
    noun: 'invoice',
  },
});

export const invoiceExpensesDecl = defineEntity({
  name: 'invoice_expenses',
  columns: {
    id: 'text',
    company_id: 'text',
    invoice_id: 'text',
    expense: 'text',
    amount: 'int',
    display_order: 'int',
  },
  writable: ['invoice_id', 'expense', 'amount', 'display_order'],
  schema: z.object({
    invoice_id: z.string().min(1, { error: MSG_INVOICE_MISSING }),
    expense: z
      .string({ error: MSG_EXPENSE_REQUIRED })
      .trim()
      .min(1, { error: MSG_EXPENSE_REQUIRED })
      .max(500, tooLong(500)),
    amount: paisa,
    display_order: z.number().int().min(0).max(1_000_000).default(0),
  }),
  defaults: { amount: 0, display_order: 0 },
  parents: [inInvoice],
  policy: invoiceChildPolicy,
});

export const MSG_RECEIPT_TYPES = 'A receipt must be a png, jpeg, jpg or pdf file.';
export const MSG_PAYMENT_MISSING = 'The payment of this receipt does not exist.';
export const MSG_RECEIPT_FIXED = 'A receipt cannot be changed: remove it and add the right file.';
export const RECEIPT_MIME_TYPES = ['image/png', 'image/jpeg', 'application/pdf'] as const;
/** The owner kind of a receipt, as the original API names it (`attachmentable_type` Payment). */
export const RECEIPT_OWNER = 'Payment';
/** Receipts a payment may have. */
export const MAX_RECEIPTS = 20;

/**
 * A payment of an invoice. Its receipts (§2.6 "receipt attachments": photos or PDFs) are its files in the one
 * attachment model, read with the invoice, added and removed by admins; a receipt's file is fixed (a wrong one
 * is removed and another added), and two receipts of a payment never share a name.
 */
export const invoicePaymentsDecl = defineEntity({
  name: 'invoice_payments',
  columns: {
    id: 'text',
    company_id: 'text',
    invoice_id: 'text',
    paid_date: 'text',
    paid_amount: 'int',
    notes: 'text',
    created_at: 'text',
  },
  writable: ['invoice_id', 'paid_date', 'paid_amount', 'notes'],
  schema: z.object({
    invoice_id: z.string().min(1, { error: MSG_INVOICE_MISSING }),
    paid_date: isoDate(MSG_PAID_DATE_REQUIRED),
    paid_amount: paisa,
    notes: optionalText(2000),
  }),
  defaults: { paid_amount: 0 },
  parents: [inInvoice],
  policy: invoiceChildPolicy,
  files: {
    type: RECEIPT_OWNER,
    kinds: ['png', 'jpg', 'pdf'],
    kindsMessage: MSG_RECEIPT_TYPES,
    max: MAX_RECEIPTS,
    maxBytes: MAX_FILE_BYTES,
    within: 'invoice_id',
    invalidMessage: MSG_PAYMENT_MISSING,
    fixedMessage: MSG_RECEIPT_FIXED,
    uniqueNames: true,
    storagePath: 'Invoice/Payment',
  },
});

/** Opinions issued to the firm's clients (§2.3): admins add, edit and delete; a client reads their own. */
export const opinionsDecl = defineEntity({
  name: 'opinions',
  columns: {
    id: 'text',
    company_id: 'text',
    client_id: 'text',
    reference_no: 'text',
    subject: 'text',
    issuance_date: 'text',
    created_at: 'text',
  },
  writable: ['client_id', 'reference_no', 'subject', 'issuance_date'],
  schema: z.object({
    client_id: z.string({ error: MSG_CLIENT_REQUIRED }).min(1, { error: MSG_CLIENT_REQUIRED }).max(200),
    reference_no: z
      .string({ error: MSG_REFERENCE_REQUIRED })
      .trim()
      .min(1, { error: MSG_REFERENCE_REQUIRED })
      .max(191, tooLong(191)),
    subject: z
      .string({ error: MSG_SUBJECT_REQUIRED })
      .trim()
      .min(1, { error: MSG_SUBJECT_REQUIRED })
      .max(2000, tooLong(2000)),
    issuance_date: isoDate(MSG_ISSUANCE_DATE_REQUIRED),
  }),
  indexes: ['client_id', 'reference_no', 'issuance_date'],
  policy: {
    readScope: billingScope((a) => ({ anyOf: [{ column: 'client_id', value: a.id }] })),
    canCreate: manage,
    canUpdate: (a) => (manage(a) ? true : MSG.forbidden),
    canDelete: manage,
  },
});

/** Billing's synced entities, invoices before their rows. */
export const BILLING_ENTITIES = [
  invoicesDecl,
  invoiceExpensesDecl,
  invoicePaymentsDecl,
  opinionsDecl,
] as const;
