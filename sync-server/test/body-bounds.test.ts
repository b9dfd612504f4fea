import { afterAll, beforeAll, expect, it } from 'vitest';
import { MSG_AMOUNT_INVALID, paymentOverDueMessage } from '@lawfirm/shared-types';
import { tooManyItemsMessage } from '@lawfirm/shared-types/common/validation.ts';
import { newId } from '../src/db/ids.ts';
import { MSG_TOO_DEEP } from '../src/http/body-lists.ts';
import { caseFirm, type CaseFirm } from './case-files-helpers.ts';
import { connectDevice } from './device.ts';
import { describeEachDb } from './helper.ts';

type TInvoice = {
  id: string;
  total_amount: string;
  total_paid_amount: string;
  due_amount: string;
  invoice_expenses: unknown[];
  invoice_payments: { paid_amount: string }[];
};

/** Hostile bodies (issue 28 item 3 and its small rules): bounded lists, bounded nesting, money that adds up. */
describeEachDb('bounded bodies and payments', (kind) => {
  let f: CaseFirm;
  beforeAll(async () => {
    f = await caseFirm(kind);
  });
  afterAll(() => f.t.close());

  const expenses = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ expense: `Line ${i}`, amount: '1' }));
  const invoice = (body: object) =>
    f.call('POST', '/api/invoices', f.admin, { invoiceable_id: f.clientId, amount: '1000', ...body });

  it('refuses an invoice of more expense lines than the bound, with the field’s message, and saves one at it', async () => {
    const over = await invoice({ invoice_expenses: expenses(101) });
    expect(over.statusCode).toBe(422);
    const message = tooManyItemsMessage('invoice expenses', 100);
    expect(over.json()).toEqual({ message, validation_error: { invoice_expenses: [message] } });
    // 20,000 lines, the probe's body: refused as fast, nothing saved.
    const huge = await invoice({ invoice_expenses: expenses(20_000) });
    expect(huge.statusCode).toBe(422);
    const list = await f.call('GET', '/api/invoices', f.admin);
    expect(list.json<{ invoices: { total: number } }>().invoices.total).toBe(0);

    const at = await invoice({ invoice_expenses: expenses(100) });
    expect(at.statusCode, at.body).toBe(200);
    expect(at.json<{ invoice: TInvoice }>().invoice.invoice_expenses).toHaveLength(100);
  });

  it('bounds the lists of other bodies: FIR sections, parties, a push, any list, and deep nesting', async () => {
    const sections = Array.from({ length: 51 }, (_, i) => ({ section: String(300 + i) }));
    const fir = await f.call('POST', '/api/section_search_results', undefined, { filterSections: sections });
    expect(fir.statusCode).toBe(422);
    expect(fir.json<{ message: string }>().message).toBe(tooManyItemsMessage('FIR sections', 50));

    const party = { user: { name: 'Muhammad Aslam' } };
    const parties = await f.call('POST', '/api/petitions', f.admin, {
      case_no: '7',
      title: 'Aslam vs State',
      petitioners: Array.from({ length: 51 }, () => party),
    });
    expect(parties.statusCode).toBe(422);
    expect(parties.json()).toMatchObject({
      validation_error: { petitioners: [tooManyItemsMessage('petitioners', 50)] },
    });

    // A list the table does not name still has a bound.
    const any = await f.call('POST', '/api/petitions', f.admin, {
      case_no: '8',
      title: 'X vs Y',
      whatever: Array.from({ length: 1001 }, () => 1),
    });
    expect(any.statusCode).toBe(422);
    expect(any.json()).toMatchObject({
      validation_error: { whatever: [tooManyItemsMessage('whatever', 1000)] },
    });

    const push = await f.call('POST', '/sync/push', f.admin, {
      clientId: 'dev-bounds',
      mutations: Array.from({ length: 501 }, (_, i) => ({ id: i + 1, name: 'put', args: {} })),
    });
    expect(push.statusCode).toBe(422);
    expect(push.json<{ message: string }>().message).toBe(tooManyItemsMessage('changes', 500));

    // 5,000 lists deep, written out (JSON.stringify itself would run out of stack).
    const deep = `${'['.repeat(5000)}"x"${']'.repeat(5000)}`;
    const nested = await f.t.app.inject({
      method: 'POST',
      url: '/api/petitions',
      headers: { ...f.admin, 'content-type': 'application/json' },
      payload: `{"case_no":"9","title":"A vs B","deep":${deep}}`,
    });
    expect(nested.statusCode).toBe(422);
    expect(nested.json<{ message: string }>().message).toBe(MSG_TOO_DEEP);
  });

  it('rejects one mutation of a push over its entity’s bound and applies the others', async () => {
    const device = await connectDevice(f.t, f.admin);
    const id = newId();
    const res = await device.push([
      {
        name: 'put',
        args: {
          entity: 'petitions',
          id,
          values: { case_no: '10', title: 'Too many lawyers', lawyer_ids: Array.from({ length: 51 }, newId) },
        },
      },
      {
        name: 'put',
        args: { entity: 'petitions', id: newId(), values: { case_no: '11', title: 'Fine vs Fine' } },
      },
    ]);
    expect(res.results.map((r) => r.status)).toEqual(['rejected', 'applied']);
    expect(res.results[0]).toMatchObject({ message: tooManyItemsMessage('lawyers', 50) });
  });

  it('refuses a payment beyond what is due, over REST and from a device, and an expense of null as an amount', async () => {
    const created = await invoice({ amount: '1199.30' });
    expect(created.statusCode, created.body).toBe(200);
    const inv = created.json<{ invoice: TInvoice }>().invoice;
    const pay = (amount: string) =>
      f.call('POST', '/api/invoice/mark_as_paid', f.admin, {
        invoiceable_id: inv.id,
        payments: [{ paid_date: '01/12/2026', paid_amount: amount }],
      });
    const over = await pay('10000.00');
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({
      validation_error: { 'payments.0.paid_amount': [paymentOverDueMessage(119_930)] },
    });
    expect((await pay('199.30')).statusCode).toBe(200);
    // Rs 1,000.00 is due now: a device's payment of 1,000.01 is rejected, of 1,000.00 applied.
    const device = await connectDevice(f.t, f.admin);
    const payment = (paisa: number) => ({
      name: 'put',
      args: {
        entity: 'invoice_payments',
        id: newId(),
        values: { invoice_id: inv.id, paid_date: '2026-12-01', paid_amount: paisa },
      },
    });
    const pushed = await device.push([payment(100_001), payment(100_000)]);
    expect(pushed.results.map((r) => r.status)).toEqual(['rejected', 'applied']);
    expect(pushed.results[0]).toMatchObject({ message: paymentOverDueMessage(100_000) });
    const after = (await f.call('GET', `/api/invoices/${inv.id}`, f.admin)).json<{ invoice: TInvoice }>()
      .invoice;
    expect(after).toMatchObject({
      total_amount: '1199.30',
      total_paid_amount: '1199.30',
      due_amount: '0.00',
    });

    const nullExpense = await invoice({ invoice_expenses: [{ expense: 'Copies', amount: null }] });
    expect(nullExpense.statusCode).toBe(422);
    expect(nullExpense.json()).toMatchObject({
      validation_error: { 'invoice_expenses.0.amount': [MSG_AMOUNT_INVALID] },
    });
    const nullAmount = await invoice({ amount: null });
    expect(nullAmount.statusCode).toBe(422);
  });
});
