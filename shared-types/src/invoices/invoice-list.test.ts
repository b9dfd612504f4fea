import { describe, expect, it } from 'vitest';
import { filterInvoices, invoiceForList, statusOnPayment } from './invoice-list.ts';

/** An invoice of Rs 1,000 (no tax, no expenses) with the payments given, in paisa. */
const inv = (invoice_status_id: number, payments: number[]) => ({
  invoice_status_id,
  amount: 100_000,
  apply_tax: false,
  tax_percentage: 10,
  expenses: [],
  payments,
});
const today = '2026-11-29';

describe('statusOnPayment: the Paid Invoice Dialog status rule', () => {
  it('paid in full makes a Draft or a Sent invoice Paid today', () => {
    expect(statusOnPayment(inv(1, [100_000]), { markPaid: false, today })).toEqual({
      invoice_status_id: 3,
      paid_at: today,
    });
    expect(statusOnPayment(inv(2, [20_000, 80_000]), { markPaid: false, today })).toEqual({
      invoice_status_id: 3,
      paid_at: today,
    });
  });

  it('less than the total moves a Draft to Sent and leaves a Sent one as it is', () => {
    expect(statusOnPayment(inv(1, [20_000]), { markPaid: false, today })).toEqual({ invoice_status_id: 2 });
    expect(statusOnPayment(inv(2, [20_000, 30_000]), { markPaid: false, today })).toEqual({});
  });

  it('Mark as Paid makes it Paid whatever is still due', () => {
    expect(statusOnPayment(inv(1, []), { markPaid: true, today })).toEqual({
      invoice_status_id: 3,
      paid_at: today,
    });
    expect(statusOnPayment(inv(2, [1]), { markPaid: true, today })).toEqual({
      invoice_status_id: 3,
      paid_at: today,
    });
  });

  it('never touches an invoice already Paid (its paid date stays the day it was paid)', () => {
    expect(statusOnPayment(inv(3, [100_000, 5_000]), { markPaid: false, today })).toEqual({});
    expect(statusOnPayment(inv(3, []), { markPaid: true, today })).toEqual({});
  });

  it('counts the tax and the expenses in the total it compares with', () => {
    const taxed = { ...inv(2, [91_000]), apply_tax: true, expenses: [1_000] };
    // 1,000 + 10 − 100 (10% tax) = 910.00: paid in full.
    expect(statusOnPayment(taxed, { markPaid: false, today }).invoice_status_id).toBe(3);
    expect(statusOnPayment({ ...taxed, payments: [90_999] }, { markPaid: false, today })).toEqual({});
  });
});

describe('invoiceForList: an invoice read with its rows in the list shape', () => {
  const read = {
    id: 'inv',
    invoice_no: 7,
    client_name: 'Ayesha',
    invoice_status_id: 2,
    amount: 100_000,
    apply_tax: false,
    tax_percentage: 10,
    due_date: null,
    paid_at: null,
    archived: false,
    created_at: '2026-11-20T10:00:00Z',
    children: {
      invoice_expenses: [
        { id: 'e1', amount: 500 },
        { id: 'e2', amount: 250 },
      ],
      invoice_payments: [{ id: 'p1', paid_amount: 20_000, files: [] }],
    },
  };

  it('puts the amounts of its expenses and payments beside the row, keeping the rows', () => {
    const listed = invoiceForList(read);
    expect(listed.expenses).toEqual([500, 250]);
    expect(listed.payments).toEqual([20_000]);
    expect(listed.children).toBe(read.children);
    expect(filterInvoices([listed], {})[0]?.totals).toMatchObject({
      total: 100_750,
      paid: 20_000,
      due: 80_750,
    });
  });

  it('reads a row without a child list as having none', () => {
    const listed = invoiceForList({ ...read, children: {} });
    expect([listed.expenses, listed.payments]).toEqual([[], []]);
  });
});
