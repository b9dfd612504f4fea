import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  DEFAULT_TAX_PERCENTAGE,
  fillTemplate,
  formatDate,
  formatRs,
  INVOICE_STATUSES,
  INVOICE_TEMPLATES,
  invoicesDecl,
  invoiceTotals,
  MSG,
  MSG_AMOUNT_INVALID,
  MSG_CLIENT_REQUIRED,
  MSG_DATE_INVALID,
  MSG_EXPENSE_REQUIRED,
  MSG_TAX_RANGE,
  MSG_TEMPLATE_NEEDS_FIELDS,
  paisaToDecimal,
  parseDisplayDate,
  parseRupees,
  ROLE_IDS,
  STATUS_PAID,
} from '@lawfirm/shared-types';
import { formatPkPhone, pkPhoneError } from '@lawfirm/shared-types/common/phone.ts';
import { useAuth } from '../auth/AuthContext.tsx';
import { useEntityRows, useSync } from '../sync/hooks.ts';
import { Combobox } from '../ui/Combobox.tsx';
import { FieldControl } from '../ui/FieldControl.tsx';
import { FieldFrame } from '../ui/form.tsx';
import { ConfirmDialog } from '../feedback/Modal.tsx';
import { useToast } from '../feedback/toast.tsx';
import { useDiscardGuard } from '../ui/useDiscardGuard.tsx';
import { useSaveReport } from '../feedback/useSaveReport.ts';
import { saveInvoiceLocal, useInvoice, type TListedInvoice } from './invoices.data.ts';
import { invoiceNoText } from './InvoicesScreen.tsx';
import {
  newPaymentDraft,
  patchPayment,
  PaymentFields,
  readPaymentDrafts,
  type TPaymentDraft,
  type TPaymentPatch,
} from './PaymentFields.tsx';
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
type TExpenseRow = { key: string; id: string | null; expense: string; amount: string };
/** Dates are typed and shown dd/mm/yyyy (the shared field control's mask), never a native date picker. */
const DATE_FIELD = { kind: 'date' } as const;
/** A typed date as stored (YYYY-MM-DD), '' for none, or null when it is not a real date. */
const typedDate = (text: string): string | null => (text.trim() ? parseDisplayDate(text.trim()) : '');

/** Create New Invoice / Edit Invoice (part 3 §2.4), saved on the device; the server numbers a new one. */
export default function InvoiceFormScreen() {
  const id = useParams().invoice_id;
  const inv = useInvoice(id);
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

function InvoiceForm({ inv }: { inv: TListedInvoice | null }) {
  const ctx = useSync();
  const toast = useToast();
  const saved = useSaveReport();
  const navigate = useNavigate();
  const users = useEntityRows<TClient & { id: string }>('users', { role_id: ROLE_IDS.CLIENT });
  const locked = inv?.invoice_status_id === STATUS_PAID;
  const [client, setClient] = useState<TClient | null>(
    inv
      ? {
          id: inv.client_id,
          name: inv.client_name,
          email: inv.client_email,
          company_name: inv.client_company,
          phone: inv.client_phone,
          address: inv.client_address,
        }
      : null,
  );
  const [search, setSearch] = useState(inv?.client_name ?? '');
  const clientId = useId();
  const [v, setV] = useState({
    edit_client: !!inv?.edit_client,
    client_company: inv?.client_company ?? '',
    // Shown as the invoice prints it (042-37654321), whatever the stored text.
    client_phone: formatPkPhone(inv?.client_phone),
    client_address: inv?.client_address ?? '',
    due_date: formatDate(inv?.due_date),
    invoice_status_id: String(inv?.invoice_status_id ?? 1),
    attention: inv?.attention ?? '',
    contact_person_emails: (inv?.contact_person_emails ?? []).join(', '),
    subject: inv?.subject ?? '',
    content: inv?.content ?? '',
    services: inv?.services ?? '',
    amount: inv ? paisaToDecimal(inv.amount) : '',
    apply_tax: !!inv?.apply_tax,
    tax_percentage: String(inv?.tax_percentage ?? DEFAULT_TAX_PERCENTAGE),
    send_email: !!inv?.send_email,
  });
  const [expenses, setExpenses] = useState<TExpenseRow[]>(
    (inv?.expenseRows ?? []).map((e) => ({
      key: e.id,
      id: e.id,
      expense: e.expense,
      amount: paisaToDecimal(e.amount),
    })),
  );
  const [removed, setRemoved] = useState<string[]>([]);
  const [asking, setAsking] = useState<TExpenseRow | null>(null);
  const [payments, setPayments] = useState<TPaymentDraft[]>(
    (inv?.paymentRows ?? []).map((p) => ({
      key: p.id,
      id: p.id,
      paid_date: formatDate(p.paid_date),
      amount: paisaToDecimal(p.paid_amount),
      notes: p.notes ?? '',
      receipts: [],
      removedReceipts: [],
    })),
  );
  const [removedPayments, setRemovedPayments] = useState<string[]>([]);
  const [askingPayment, setAskingPayment] = useState<TPaymentDraft | null>(null);
  const editPayment = (key: string, patch: TPaymentPatch) =>
    setPayments((all) => patchPayment(all, key, patch));
  // §2.4: a new payment row starts at today's date and the invoice's amount.
  const addPayment = () => setPayments((all) => [...all, newPaymentDraft(amount)]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [templateWarning, setTemplateWarning] = useState(false);
  const [touched, setTouched] = useState(false);
  const guard = useDiscardGuard(touched && !busy);
  const set = (patch: Partial<typeof v>) => setV((old) => ({ ...old, ...patch }));

  const q = search.trim().toLowerCase();
  const suggestions =
    !client && q.length >= MIN_SEARCH
      ? (users ?? []).filter((u) => u.name.toLowerCase().includes(q)).slice(0, 8)
      : [];
  const choose = (c: TClient) => {
    setClient(c);
    setSearch(c.name);
    set({
      client_company: c.company_name ?? '',
      client_phone: formatPkPhone(c.phone),
      client_address: c.address ?? '',
    });
  };
  const amount = parseRupees(v.amount || '0');
  const totals = invoiceTotals({
    amount: amount ?? 0,
    apply_tax: v.apply_tax,
    tax_percentage: Number(v.tax_percentage),
    expenses: expenses.map((e) => parseRupees(e.amount || '0') ?? 0),
  });

  const allFilled = !!client && !!v.due_date && !!v.services.trim() && !!v.amount && !!v.attention.trim();
  const applyTemplate = (tid: string) => {
    const t = INVOICE_TEMPLATES.find((x) => String(x.id) === tid);
    if (!t) return;
    if (!allFilled) return setTemplateWarning(true);
    setTemplateWarning(false);
    const fill = (s: string) =>
      fillTemplate(s, {
        client_name: client.name,
        total_amount: formatRs(totals.total),
        due_date: v.due_date,
      });
    set({ subject: fill(t.subject), content: fill(t.content) });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!ctx || locked) return;
    const errs: Record<string, string> = {};
    if (!client) errs.client = MSG_CLIENT_REQUIRED;
    // A phone typed here (Edit client) must be a Pakistani number; one taken from the client's account is theirs.
    const phoneProblem = v.edit_client ? pkPhoneError(v.client_phone) : null;
    if (phoneProblem) errs.client_phone = phoneProblem;
    if (amount === null) errs.amount = MSG_AMOUNT_INVALID;
    const pct = Number(v.tax_percentage);
    if (!Number.isInteger(pct) || pct < 0 || pct > 100) errs.tax_percentage = MSG_TAX_RANGE;
    const due = typedDate(v.due_date);
    if (due === null) errs.due_date = MSG_DATE_INVALID;
    const paymentDrafts = readPaymentDrafts(payments, errs);
    const rows = expenses.map((x) => {
      if (!x.expense.trim()) errs[`${x.key}.expense`] = MSG_EXPENSE_REQUIRED;
      const a = parseRupees(x.amount || '0');
      if (a === null) errs[`${x.key}.amount`] = MSG_AMOUNT_INVALID;
      return { id: x.id, expense: x.expense.trim(), amount: a ?? 0 };
    });
    setErrors(errs);
    if (Object.keys(errs).length) return;
    const text = (s: string) => (s.trim() ? s.trim() : null);
    const values = {
      client_id: client!.id,
      client_name: client!.name,
      client_email: client!.email,
      client_company: text(v.client_company),
      client_phone: text(v.client_phone),
      client_address: text(v.client_address),
      edit_client: v.edit_client,
      due_date: due || null,
      invoice_status_id: Number(v.invoice_status_id),
      amount,
      apply_tax: v.apply_tax,
      tax_percentage: pct,
      attention: text(v.attention),
      contact_person_emails: v.contact_person_emails
        .split(/[\s,;]+/)
        .map((s) => s.trim())
        .filter(Boolean),
      subject: text(v.subject),
      content: text(v.content),
      services: text(v.services),
      send_email: v.send_email,
    };
    setBusy(true);
    try {
      await saved(
        () =>
          saveInvoiceLocal(ctx.db, inv?.id ?? null, values, rows, removed, inv, {
            drafts: paymentDrafts,
            removed: removedPayments,
          }),
        inv ? MSG.updatedOk : MSG.savedOk,
        { files: (r) => r.files },
      );
      await navigate('/invoices');
    } catch (err) {
      toast.failed(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    // Any input of the form (typed, chosen, ticked or a file picked) makes it unsaved: Back and the app's links
    // ask before dropping it (ui/useDiscardGuard.tsx).
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      onInput={() => setTouched(true)}
      className="invoice-form"
    >
      <fieldset disabled={locked} className="plain">
        {locked && <p role="status">This invoice is paid: it can no longer be changed.</p>}
        {/* The shared autocomplete (ui/Combobox.tsx): its list never covers the fields below it. */}
        <FieldFrame id={clientId} label="Client" error={errors.client}>
          <Combobox
            id={clientId}
            listLabel="Clients"
            openOnFocus
            highlightFirst
            value={search}
            aria-invalid={!!errors.client}
            aria-describedby={errors.client ? `${clientId}-error` : undefined}
            options={suggestions.map((c) => ({ key: c.id, label: c.name }))}
            onChange={(text) => {
              setSearch(text);
              setClient(null);
            }}
            onPick={(o) => {
              const c = suggestions.find((u) => u.id === o.key);
              if (c) choose(c);
            }}
          />
        </FieldFrame>
        {!client && q.length >= MIN_SEARCH && !suggestions.length && (
          <p className="suggestions" role="status">
            {NO_RECORD}
          </p>
        )}
        <div className="filter-grid">
          <label className="field">
            <span className="field-label">Invoice number</span>
            <input readOnly value={inv ? invoiceNoText(inv.invoice_no) : 'number on sync'} />
          </label>
          <label className="field">
            <span className="field-label">Client email</span>
            <input readOnly value={client?.email ?? ''} />
          </label>
        </div>
        <label className="check">
          <input
            type="checkbox"
            checked={v.edit_client}
            onChange={(e) => set({ edit_client: e.target.checked })}
          />
          Edit client
        </label>
        <div className="filter-grid">
          <label className="field">
            <span className="field-label">Client company</span>
            <input
              readOnly={!v.edit_client}
              value={v.client_company}
              onChange={(e) => set({ client_company: e.target.value })}
            />
          </label>
          <label className="field">
            <span className="field-label">Client phone</span>
            <input
              type="tel"
              autoComplete="off"
              placeholder="0300-1234567"
              readOnly={!v.edit_client}
              value={v.client_phone}
              aria-invalid={!!errors.client_phone}
              onChange={(e) => set({ client_phone: e.target.value })}
              onBlur={() => set({ client_phone: formatPkPhone(v.client_phone) })}
            />
          </label>
          {errors.client_phone && <span className="field-error">{errors.client_phone}</span>}
          <label className="field">
            <span className="field-label">Client address</span>
            <input
              readOnly={!v.edit_client}
              value={v.client_address}
              onChange={(e) => set({ client_address: e.target.value })}
            />
          </label>
          <label className="field">
            <span className="field-label">Due date</span>
            <FieldControl
              field={DATE_FIELD}
              value={v.due_date}
              aria-invalid={!!errors.due_date}
              onChange={(due_date) => set({ due_date })}
            />
          </label>
          {errors.due_date && <span className="field-error">{errors.due_date}</span>}
          <label className="field">
            <span className="field-label">Status</span>
            {/* Named by its label alone: a label holding a select is otherwise named with the chosen option too. */}
            <select
              aria-label="Status"
              value={v.invoice_status_id}
              onChange={(e) => set({ invoice_status_id: e.target.value })}
            >
              {INVOICE_STATUSES.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.title}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span className="field-label">Attention</span>
            <input value={v.attention} onChange={(e) => set({ attention: e.target.value })} />
          </label>
        </div>
        <label className="field">
          <span className="field-label">Contact person emails</span>
          <input
            type="text"
            inputMode="email"
            value={v.contact_person_emails}
            onChange={(e) => set({ contact_person_emails: e.target.value })}
          />
        </label>
        <label className="field">
          <span className="field-label">Services</span>
          <textarea rows={3} value={v.services} onChange={(e) => set({ services: e.target.value })} />
        </label>
        <div className="filter-grid">
          <label className="field">
            <span className="field-label">Amount</span>
            <input inputMode="decimal" value={v.amount} onChange={(e) => set({ amount: e.target.value })} />
          </label>
          {errors.amount && <span className="field-error">{errors.amount}</span>}
          <label className="check">
            <input
              type="checkbox"
              checked={v.apply_tax}
              onChange={(e) => set({ apply_tax: e.target.checked })}
            />
            Apply tax
          </label>
          <label className="field">
            <span className="field-label">Tax percentage</span>
            <input
              type="number"
              min={0}
              max={100}
              value={v.tax_percentage}
              onChange={(e) => set({ tax_percentage: e.target.value })}
            />
          </label>
          {errors.tax_percentage && <span className="field-error">{errors.tax_percentage}</span>}
        </div>
        <h2>Expenses</h2>
        {expenses.map((x, i) => (
          <fieldset key={x.key} className="payment-row">
            <legend>Expense {i + 1}</legend>
            <label className="field">
              <span className="field-label">Expense</span>
              <input
                value={x.expense}
                onChange={(e) =>
                  setExpenses((all) =>
                    all.map((r) => (r.key === x.key ? { ...r, expense: e.target.value } : r)),
                  )
                }
              />
            </label>
            {errors[`${x.key}.expense`] && <span className="field-error">{errors[`${x.key}.expense`]}</span>}
            <label className="field">
              <span className="field-label">Expense amount</span>
              <input
                inputMode="decimal"
                value={x.amount}
                onChange={(e) =>
                  setExpenses((all) =>
                    all.map((r) => (r.key === x.key ? { ...r, amount: e.target.value } : r)),
                  )
                }
              />
            </label>
            {errors[`${x.key}.amount`] && <span className="field-error">{errors[`${x.key}.amount`]}</span>}
            <button
              type="button"
              className="btn danger"
              onClick={() => (x.id ? setAsking(x) : setExpenses((all) => all.filter((r) => r.key !== x.key)))}
            >
              Delete
            </button>
          </fieldset>
        ))}
        <button
          type="button"
          className="btn"
          onClick={() =>
            setExpenses((all) => [...all, { key: crypto.randomUUID(), id: null, expense: '', amount: '' }])
          }
        >
          Add Expense
        </button>
        <h2>Payments</h2>
        {payments.map((x, i) => (
          <PaymentFields
            key={x.key}
            row={x}
            saved={inv?.paymentRows.find((p) => p.id === x.id)?.receipts}
            legend={`Payment ${i + 1}`}
            errors={errors}
            onChange={(patch) => editPayment(x.key, patch)}
          >
            <button
              type="button"
              className="btn danger"
              onClick={() =>
                x.id ? setAskingPayment(x) : setPayments((all) => all.filter((r) => r.key !== x.key))
              }
            >
              Delete payment
            </button>
          </PaymentFields>
        ))}
        <button type="button" className="btn" onClick={addPayment}>
          Add Payment
        </button>
        <p className="invoice-total">
          Tax {formatRs(totals.tax)} · Total <strong>{formatRs(totals.total)}</strong>
        </p>
        <label className="field">
          <span className="field-label">Template</span>
          <select aria-label="Template" value="" onChange={(e) => applyTemplate(e.target.value)}>
            <option value="">Choose a template</option>
            {INVOICE_TEMPLATES.map((t) => (
              <option key={t.id} value={t.id}>
                {t.title}
              </option>
            ))}
          </select>
        </label>
        {templateWarning && <p role="alert">{MSG_TEMPLATE_NEEDS_FIELDS}</p>}
        <label className="field">
          <span className="field-label">Subject</span>
          <input value={v.subject} onChange={(e) => set({ subject: e.target.value })} />
        </label>
        <label className="field">
          <span className="field-label">Content</span>
          <textarea rows={4} value={v.content} onChange={(e) => set({ content: e.target.value })} />
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={v.send_email}
            onChange={(e) => set({ send_email: e.target.checked })}
          />
          Send email
        </label>
      </fieldset>
      <div className="form-actions">
        <button type="submit" className="btn primary" disabled={busy || locked}>
          {inv ? 'Update' : 'Save'}
        </button>
        <Link className="btn" to="/invoices">
          Back
        </Link>
      </div>
      <ConfirmDialog
        open={asking !== null}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          const row = asking;
          setAsking(null);
          if (!row?.id) return;
          setRemoved((r) => [...r, row.id!]);
          setExpenses((all) => all.filter((r) => r.key !== row.key));
        }}
      />
      <ConfirmDialog
        open={askingPayment !== null}
        message="Do you really want to delete?"
        onCancel={() => setAskingPayment(null)}
        onConfirm={() => {
          const row = askingPayment;
          setAskingPayment(null);
          if (!row?.id) return;
          setRemovedPayments((r) => [...r, row.id!]);
          setPayments((all) => all.filter((r) => r.key !== row.key));
        }}
      />
      {guard.dialog}
    </form>
  );
}
