import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  DEFAULT_TAX_PERCENTAGE,
  fillTemplate,
  formatRs,
  INVOICE_STATUSES,
  INVOICE_TEMPLATES,
  invoicesDecl,
  invoiceTotals,
  MSG,
  MSG_CLIENT_REQUIRED,
  MSG_EXPENSE_REQUIRED,
  MSG_TAX_RANGE,
  MSG_TEMPLATE_NEEDS_FIELDS,
  parseRupees,
  ROLE_IDS,
  STATUS_PAID,
  type TInvoiceWithRows,
} from '@lawfirm/shared-types';
import { formatPkPhone } from '@lawfirm/shared-types/common/phone.ts';
import { useAuth } from '../auth/AuthContext.tsx';
import { useToast } from '../feedback/toast.tsx';
import { useSaveReport } from '../feedback/useSaveReport.ts';
import { useEntityRows, useSync } from '../sync/hooks.ts';
import { useWithChildren } from '../sync/read-with-children.ts';
import { childList, saveWithChildren } from '../sync/save-with-children.ts';
import { CHECKED, draftOf, type TDraft, type TField } from '../ui/fields.ts';
import { Field } from '../ui/forms/Field.tsx';
import { useFieldForm } from '../ui/forms/useFieldForm.tsx';
import { rowOf, useFieldRows, type TRowDraft } from '../ui/forms/useFieldRows.tsx';
import { FieldRows } from '../ui/forms/FieldRows.tsx';
import { INVOICE_READ, invoiceNoText } from './InvoicesScreen.tsx';
import {
  newPaymentRow,
  PAYMENT_FIELDS,
  paymentRow,
  PaymentReceipts,
  type TPaymentRow,
} from './MarkPaidDialog.tsx';
import './invoices.css';

export const NO_RECORD = 'No Record Found!';
const MIN_SEARCH = 3;

type TClient = {
  id: string;
  name: string;
  email: string | null;
  company_name: string | null;
  phone: string | null;
  address: string | null;
};
type TExpenseRow = TRowDraft & { expense: string; amount: string };

/** The client's fields are typed only with "Edit client" ticked; otherwise they are the client's account's. */
const editingClient = (d: TDraft) => d.edit_client === CHECKED;
const text = (key: string, label: string, more: Partial<TField> = {}): TField => ({ key, label, ...more });

/**
 * The invoice's fields (part 3 §2.4), as the form kit draws and checks them. Dates are typed and shown
 * dd/mm/yyyy, never a native date picker; amounts are rupees typed and stored as paisa. `client` is the text of
 * the client search; the client picked is the draft's `client_id`.
 */
const FIELDS = {
  client: text('client', 'Client', { kind: 'autocomplete' }),
  edit_client: text('edit_client', 'Edit client', { kind: 'checkbox' }),
  client_company: text('client_company', 'Client company', { when: editingClient }),
  client_phone: text('client_phone', 'Client phone', { kind: 'phone', when: editingClient }),
  client_address: text('client_address', 'Client address', { when: editingClient }),
  due_date: text('due_date', 'Due date', { kind: 'date' }),
  invoice_status_id: text('invoice_status_id', 'Status', {
    kind: 'select',
    options: INVOICE_STATUSES.map((s) => ({ value: String(s.id), label: s.title })),
    parse: Number,
  }),
  attention: text('attention', 'Attention'),
  contact_person_emails: text('contact_person_emails', 'Contact person emails', {
    parse: (t) =>
      t
        .split(/[\s,;]+/)
        .map((s) => s.trim())
        .filter(Boolean),
    whenEmpty: () => [],
  }),
  services: text('services', 'Services', { kind: 'textarea' }),
  amount: text('amount', 'Amount', { kind: 'money', whenEmpty: () => 0 }),
  apply_tax: text('apply_tax', 'Apply tax', { kind: 'checkbox' }),
  tax_percentage: text('tax_percentage', 'Tax percentage', {
    kind: 'number',
    max: 100,
    invalid: MSG_TAX_RANGE,
    whenEmpty: () => 0,
  }),
  subject: text('subject', 'Subject'),
  content: text('content', 'Content', { kind: 'textarea' }),
  send_email: text('send_email', 'Send email', { kind: 'checkbox' }),
} satisfies Record<string, TField>;
const INVOICE_FIELDS = Object.values(FIELDS);
/** Shown, never typed: the number the server gives and the client's email. */
const INVOICE_NO = text('invoice_no', 'Invoice number');
const CLIENT_EMAIL = text('client_email', 'Client email');
const TEMPLATE = text('template', 'Template', {
  kind: 'select',
  placeholder: 'Choose a template',
  options: INVOICE_TEMPLATES.map((t) => ({ value: String(t.id), label: t.title })),
});
const EXPENSE_FIELDS: TField[] = [
  { key: 'expense', label: 'Expense', required: MSG_EXPENSE_REQUIRED },
  { key: 'amount', label: 'Expense amount', kind: 'money', whenEmpty: () => 0 },
];
/** The client is picked from the list (a name matching no client is not one). */
const clientPicked = (d: TDraft) => ({ client: d.client_id ? undefined : MSG_CLIENT_REQUIRED });

/** The draft of an invoice (a new one: a Draft at the default tax). */
function invoiceDraft(inv: TInvoiceWithRows | null): TDraft {
  return {
    ...draftOf(INVOICE_FIELDS, {
      ...inv,
      client: inv?.client_name,
      contact_person_emails: (inv?.contact_person_emails ?? []).join(', '),
      invoice_status_id: inv?.invoice_status_id ?? 1,
      tax_percentage: inv?.tax_percentage ?? DEFAULT_TAX_PERCENTAGE,
    }),
    client_id: inv?.client_id ?? '',
  };
}

/** Create New Invoice / Edit Invoice (part 3 §2.4), saved on the device; the server numbers a new one. */
export default function InvoiceFormScreen() {
  const id = useParams().invoice_id;
  const read = useWithChildren<TInvoiceWithRows>('invoices', id ? { ...INVOICE_READ, id } : null);
  const inv = read && (read[0] ?? null);
  const { actor } = useAuth();
  const title = id ? 'Edit Invoice' : 'Create New Invoice';
  let body;
  if (!actor || !invoicesDecl.policy.canCreate(actor)) body = <p role="alert">{MSG.forbidden}</p>;
  else if (id && inv === undefined) body = <p role="status">Loading....</p>;
  else if (id && inv === null) body = <p role="alert">{MSG.notFound}</p>;
  else body = <InvoiceForm key={id ?? 'new'} inv={inv ?? null} />;
  return (
    <section className="page">
      <h1>{title}</h1>
      <div className="card">{body}</div>
    </section>
  );
}

function InvoiceForm({ inv }: { inv: TInvoiceWithRows | null }) {
  const ctx = useSync();
  const toast = useToast();
  const saved = useSaveReport();
  const navigate = useNavigate();
  const users = useEntityRows<TClient & { id: string }>('users', { role_id: ROLE_IDS.CLIENT });
  const locked = inv?.invoice_status_id === STATUS_PAID;
  const savedExpenses = inv?.children.invoice_expenses ?? [];
  const savedPayments = inv?.children.invoice_payments ?? [];
  const expenses = useFieldRows<TExpenseRow>(EXPENSE_FIELDS, () =>
    savedExpenses.map((e) => rowOf<TExpenseRow>(EXPENSE_FIELDS, e)),
  );
  const payments = useFieldRows<TPaymentRow>(
    PAYMENT_FIELDS,
    () => savedPayments.map(paymentRow),
    'Do you really want to delete?',
  );
  // Any input (typed, chosen, ticked, a row added or a file picked) is unsaved: Back and the app's links ask.
  const form = useFieldForm(INVOICE_FIELDS, () => invoiceDraft(inv), {
    check: clientPicked,
    dirty: expenses.dirty || payments.dirty,
    readOnly: locked,
  });
  const v = form.draft;

  // The client picked: the invoice's own copy of its details, or the client account chosen now.
  const client: TClient | null = !v.client_id
    ? null
    : inv && v.client_id === inv.client_id
      ? {
          id: inv.client_id,
          name: inv.client_name,
          email: inv.client_email,
          company_name: inv.client_company,
          phone: inv.client_phone,
          address: inv.client_address,
        }
      : (users?.find((u) => u.id === v.client_id) ?? null);
  const q = (v.client ?? '').trim().toLowerCase();
  const suggestions =
    !v.client_id && q.length >= MIN_SEARCH
      ? (users ?? []).filter((u) => u.name.toLowerCase().includes(q)).slice(0, 8)
      : [];
  const choose = (c: TClient) =>
    form.patch({
      client: c.name,
      client_id: c.id,
      client_company: c.company_name ?? '',
      client_phone: formatPkPhone(c.phone),
      client_address: c.address ?? '',
    });

  const amount = parseRupees(v.amount || '0');
  const totals = invoiceTotals({
    amount: amount ?? 0,
    apply_tax: v.apply_tax === CHECKED,
    tax_percentage: Number(v.tax_percentage),
    expenses: expenses.rows.map((e) => parseRupees(e.amount || '0') ?? 0),
  });
  // §2.4: a new payment row starts at today's date and the invoice's amount.
  const addPayment = () => payments.add(newPaymentRow(amount));

  const allFilled = !!client && !!v.due_date && !!v.services?.trim() && !!v.amount && !!v.attention?.trim();
  // Not a field: the spec's warning while a template is chosen before the fields it needs are filled.
  const [templateWarning, setTemplateWarning] = useState(false);
  const applyTemplate = (tid: string) => {
    const t = INVOICE_TEMPLATES.find((x) => String(x.id) === tid);
    if (!t) return;
    if (!allFilled) return setTemplateWarning(true);
    setTemplateWarning(false);
    const fill = (s: string) =>
      fillTemplate(s, {
        client_name: client.name,
        total_amount: formatRs(totals.total),
        due_date: v.due_date ?? '',
      });
    form.patch({ subject: fill(t.subject), content: fill(t.content) });
  };

  const save = async (values: Record<string, unknown>) => {
    // Read again here (checked in onSubmit): the rows as they are now.
    const expenseRows = expenses.read() ?? [];
    const paymentRows = payments.read() ?? [];
    const { client: _, ...fields } = values;
    try {
      if (!ctx || !client) throw new Error('The local database is not open yet.');
      // One transaction with the rows and their receipts (kept on the device, uploaded after); the server
      // numbers a new invoice. "Send email" goes after the rows, so the mail has the final total.
      await saved(
        () =>
          saveWithChildren(ctx.db, {
            entity: 'invoices',
            id: inv?.id ?? null,
            values: { ...fields, client_id: client.id, client_name: client.name, client_email: client.email },
            before: inv,
            after: ['send_email'],
            children: {
              invoice_expenses: childList(savedExpenses, expenseRows, {
                removed: expenses.removed,
                order: 'display_order',
              }),
              invoice_payments: childList(savedPayments, paymentRows, { removed: payments.removed }),
            },
          }),
        inv ? MSG.updatedOk : MSG.savedOk,
        { files: (r) => r.files },
      );
      await navigate('/invoices');
    } catch (err) {
      toast.failed(err);
      throw err;
    }
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        // The rows are checked with the invoice, so every message shows at once.
        const rowsOk = !!expenses.read() && !!payments.read();
        if (rowsOk) return form.submit(save)(e);
        e.preventDefault();
        form.read(e.currentTarget);
      }}
      className="invoice-form"
    >
      <fieldset disabled={locked} className="plain">
        {locked && <p role="status">This invoice is paid: it can no longer be changed.</p>}
        {/* The one autocomplete (ui/Combobox.tsx): its list never covers the fields below it. */}
        <Field
          {...form.bind('client')}
          // Its message waits for Save: shown as the field is left it would move what the finger is on.
          onBlur={undefined}
          listLabel="Clients"
          openOnFocus
          highlightFirst
          choices={suggestions.map((c) => ({ key: c.id, label: c.name }))}
          onChange={(t) => form.patch({ client: t, client_id: '' })}
          onPick={(o) => {
            const c = suggestions.find((u) => u.id === o.key);
            if (c) choose(c);
          }}
        />
        {!v.client_id && q.length >= MIN_SEARCH && !suggestions.length && (
          <p className="suggestions" role="status">
            {NO_RECORD}
          </p>
        )}
        <div className="filter-grid">
          <Field
            field={INVOICE_NO}
            readOnly
            value={inv ? invoiceNoText(inv.invoice_no) : 'number on sync'}
            onChange={() => undefined}
          />
          <Field field={CLIENT_EMAIL} readOnly value={client?.email ?? ''} onChange={() => undefined} />
        </div>
        <Field {...form.bind('edit_client')} />
        <div className="filter-grid">
          <Field {...form.bind('client_company')} />
          <Field {...form.bind('client_phone')} />
          <Field {...form.bind('client_address')} />
          <Field {...form.bind('due_date')} />
          <Field {...form.bind('invoice_status_id')} />
          <Field {...form.bind('attention')} />
        </div>
        <Field {...form.bind('contact_person_emails')} inputMode="email" />
        <Field {...form.bind('services')} rows={3} />
        <div className="filter-grid">
          <Field {...form.bind('amount')} />
          <Field {...form.bind('apply_tax')} />
          <Field {...form.bind('tax_percentage')} />
        </div>
        <h2>Expenses</h2>
        <FieldRows
          rows={expenses}
          fields={EXPENSE_FIELDS}
          legend={(i) => `Expense ${i + 1}`}
          className="payment-row"
          actions={(x) => (
            <button type="button" className="btn danger" onClick={() => expenses.remove(x)}>
              Delete
            </button>
          )}
        />
        <button
          type="button"
          className="btn"
          onClick={() => expenses.add(rowOf<TExpenseRow>(EXPENSE_FIELDS, {}))}
        >
          Add Expense
        </button>
        <h2>Payments</h2>
        <FieldRows
          rows={payments}
          fields={PAYMENT_FIELDS}
          legend={(i) => `Payment ${i + 1}`}
          className="payment-row"
          extra={(x, legend) => (
            <PaymentReceipts
              row={x}
              legend={legend}
              saved={savedPayments.find((p) => p.id === x.id)?.files}
              onChange={(patch) => payments.edit(x.key, patch)}
            />
          )}
          actions={(x) => (
            <button type="button" className="btn danger" onClick={() => payments.remove(x)}>
              Delete payment
            </button>
          )}
        />
        <button type="button" className="btn" onClick={addPayment}>
          Add Payment
        </button>
        <p className="invoice-total">
          Tax {formatRs(totals.tax)} · Total <strong>{formatRs(totals.total)}</strong>
        </p>
        <Field field={TEMPLATE} value="" onChange={applyTemplate} />
        {templateWarning && <p role="alert">{MSG_TEMPLATE_NEEDS_FIELDS}</p>}
        <Field {...form.bind('subject')} />
        <Field {...form.bind('content')} />
        <Field {...form.bind('send_email')} />
      </fieldset>
      <div className="form-actions">
        <button type="submit" className="btn primary" disabled={form.submitting || locked}>
          {inv ? 'Update' : 'Save'}
        </button>
        <Link className="btn" to="/invoices">
          Back
        </Link>
      </div>
      {expenses.dialog}
      {payments.dialog}
      {form.dialog}
    </form>
  );
}
