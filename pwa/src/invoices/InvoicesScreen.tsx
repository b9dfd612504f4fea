import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import {
  filterInvoices,
  formatDate,
  formatRs,
  INVOICE_CHILDREN,
  INVOICE_STATUSES,
  invoiceForList,
  invoiceStats,
  invoicesDecl,
  MSG,
  pageOf,
  parseDisplayDate,
  STATUS_PAID,
  statusTitle,
  type TInvoiceDateType,
  type TInvoiceWithRows,
} from '@lawfirm/shared-types';
import { useAuth } from '../auth/AuthContext.tsx';
import { deleteLocal } from '../sync/actions.ts';
import { usePendingIds, useSync } from '../sync/hooks.ts';
import { useWithChildren, type TReadWithChildren } from '../sync/read-with-children.ts';
import { CHECKED, type TDraft, type TField } from '../ui/fields.ts';
import { Field } from '../ui/forms/Field.tsx';
import { useFieldForm } from '../ui/forms/useFieldForm.tsx';
import { ListTable } from '../tables/ListTable.tsx';
import { Paginator } from '../tables/Paginator.tsx';
import { PendingMark } from '../feedback/PendingMark.tsx';
import { useToast } from '../feedback/toast.tsx';
import { useConfirmedDelete } from '../feedback/useConfirmedDelete.tsx';
import { downloadDocument } from '../pdf/document.ts';
import { MarkPaidDialog } from './MarkPaidDialog.tsx';
import './invoices.css';

export const NUMBER_ON_SYNC = 'number on sync';
/**
 * How this device reads invoices: with their rows (INVOICE_CHILDREN); one the server has not dated yet shows
 * the day it was made here (its number still waits for the server).
 */
export const INVOICE_READ: TReadWithChildren = { madeAt: 'created_at', children: INVOICE_CHILDREN };

export const invoiceNoText = (no: number | null) => (no == null ? NUMBER_ON_SYNC : String(no));

/** The list's filters: a query, not the user's work, so the form is unguarded. The range is typed dd/mm/yyyy. */
const FILTERS: TField[] = [
  { key: 'from', label: 'From', kind: 'date' },
  { key: 'to', label: 'To', kind: 'date' },
  {
    key: 'date_type',
    label: 'Date type',
    kind: 'select',
    options: [
      { value: 'created_at', label: 'Created' },
      { value: 'due_date', label: 'Due' },
      { value: 'paid_date', label: 'Paid' },
    ],
  },
  { key: 'invoice_no', label: 'Invoice number' },
  { key: 'client_name', label: 'Client name' },
  {
    key: 'status',
    label: 'Status',
    kind: 'select',
    placeholder: 'All',
    options: INVOICE_STATUSES.map((s) => ({ value: String(s.id), label: s.title })),
  },
  { key: 'archived', label: 'Archived', kind: 'checkbox' },
];
const EMPTY: TDraft = {
  from: '',
  to: '',
  date_type: 'created_at',
  invoice_no: '',
  client_name: '',
  status: '',
  archived: '',
};

/** Invoices (part 3 §2.5): filters folded on phones, totals, a page of rows, actions by role; all on the device. */
export default function InvoicesScreen() {
  const { actor } = useAuth();
  const ctx = useSync();
  const toast = useToast();
  const all = useWithChildren<TInvoiceWithRows>('invoices', INVOICE_READ);
  const pending = usePendingIds('invoices');
  const form = useFieldForm(FILTERS, EMPTY, { unguarded: true });
  const f = form.draft;
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<{ id: string; details: boolean } | null>(null);
  const del = useConfirmedDelete(
    async (inv: TInvoiceWithRows) => {
      if (ctx) await deleteLocal(ctx.db, 'invoices', inv.id);
    },
    MSG.deletedOk,
    () => undefined,
  );

  // The range is typed dd/mm/yyyy; it filters once both ends are real dates.
  const from = parseDisplayDate((f.from ?? '').trim());
  const to = parseDisplayDate((f.to ?? '').trim());
  const range = from && to;
  const filtered = useMemo(
    () =>
      filterInvoices((all ?? []).map(invoiceForList), {
        invoice_no: f.invoice_no ?? '',
        client_name: f.client_name ?? '',
        is_archive: f.archived === CHECKED,
        from: from && to ? (from <= to ? from : to) : null,
        to: from && to ? (from <= to ? to : from) : null,
        date_type: (f.date_type || 'created_at') as TInvoiceDateType,
        invoice_status_id: f.status ? Number(f.status) : null,
      }),
    [all, f, from, to],
  );
  if (!actor || invoicesDecl.policy.readScope(actor) === 'none')
    return (
      <section className="page">
        <h1>Invoices</h1>
        <p role="alert">{MSG.forbidden}</p>
      </section>
    );
  const admin = invoicesDecl.policy.canCreate(actor);
  const stats = invoiceStats(filtered);
  const shown = pageOf(filtered, page);
  // Any filter changed shows its first page.
  const bind = (key: string) => ({
    ...form.bind(key),
    onChange: (text: string) => {
      form.set(key, text);
      setPage(1);
    },
  });
  const download = async (inv: TInvoiceWithRows) => {
    if (!ctx) return;
    try {
      await downloadDocument(ctx.db, 'invoices', inv);
      toast.success('File Downloaded SuccessFully');
    } catch (e) {
      toast.failed(e);
    }
  };
  const open = dialog && all?.find((i) => i.id === dialog.id);

  return (
    <section className="page invoices">
      <div className="row-between">
        <h1>Invoices</h1>
        {admin && (
          <Link className="btn primary" to="/create-invoice">
            Create Invoice
          </Link>
        )}
      </div>
      <details className="card invoice-filters">
        <summary>Filters</summary>
        <div className="filter-grid">
          <Field {...bind('from')} />
          <Field {...bind('to')} />
          {range && <Field {...bind('date_type')} />}
          <Field {...bind('invoice_no')} inputMode="numeric" />
          <Field {...bind('client_name')} />
          <Field {...bind('status')} />
          <Field {...bind('archived')} />
          <button
            type="button"
            className="btn"
            onClick={() => {
              form.reset();
              setPage(1);
            }}
          >
            Reset
          </button>
        </div>
      </details>
      <dl className="invoice-totals" aria-label="Totals">
        <div>
          <dt>Total</dt>
          <dd>{formatRs(stats.total)}</dd>
        </div>
        <div>
          <dt>Paid</dt>
          <dd>{formatRs(stats.total_paid)}</dd>
        </div>
        <div>
          <dt>Due</dt>
          <dd>{formatRs(stats.total_due)}</dd>
        </div>
      </dl>
      <ListTable
        caption="Invoices"
        columns={['Invoice No', 'Client', 'Date', 'Due date', 'Status', 'Total', 'Paid', 'Actions']}
        loading={all === undefined}
        empty={shown.data.length === 0}
      >
        {shown.data.map((inv) => (
          <tr key={inv.id}>
            <td data-label="Invoice No">
              {invoiceNoText(inv.invoice_no)}
              {pending.has(inv.id) && <PendingMark />}
            </td>
            <td data-label="Client">{inv.client_name}</td>
            <td data-label="Date">{formatDate(inv.created_at)}</td>
            <td data-label="Due date">{formatDate(inv.due_date)}</td>
            <td data-label="Status">{statusTitle(inv.invoice_status_id)}</td>
            <td data-label="Total">{formatRs(inv.totals.total)}</td>
            <td data-label="Paid">{formatRs(inv.totals.paid)}</td>
            <td data-label="Actions">
              <div className="row-actions">
                {admin && inv.invoice_status_id !== STATUS_PAID && (
                  <button
                    type="button"
                    className="btn"
                    aria-label={`Mark as Paid ${invoiceNoText(inv.invoice_no)}`}
                    onClick={() => setDialog({ id: inv.id, details: false })}
                  >
                    Mark as Paid
                  </button>
                )}
                {admin && inv.invoice_status_id === STATUS_PAID && (
                  <button
                    type="button"
                    className="btn"
                    onClick={() => setDialog({ id: inv.id, details: true })}
                  >
                    Show Payment Details
                  </button>
                )}
                {admin && (
                  <Link className="btn" to={`/invoices/edit/${inv.id}`}>
                    Edit
                  </Link>
                )}
                <button
                  type="button"
                  className="btn"
                  aria-label={`Download ${invoiceNoText(inv.invoice_no)}`}
                  onClick={() => void download(inv)}
                >
                  Download
                </button>
                {admin && (
                  <button
                    type="button"
                    className="btn danger"
                    disabled={del.busy}
                    onClick={() => del.ask(inv)}
                  >
                    Delete
                  </button>
                )}
              </div>
            </td>
          </tr>
        ))}
      </ListTable>
      {shown.total > 0 && (
        <p role="status">
          Showing from {shown.from} to {shown.to} of {shown.total}
        </p>
      )}
      <Paginator current_page={shown.current_page} last_page={shown.last_page} onPage={setPage} />
      {open && <MarkPaidDialog invoice={open} details={dialog.details} onClose={() => setDialog(null)} />}
      {del.dialog}
    </section>
  );
}
