import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  MSG,
  MSG_AMOUNT_INVALID,
  MSG_CLIENT_INVALID,
  MSG_CLIENT_REQUIRED,
  MSG_INVOICE_PAID,
  MSG_TAX_RANGE,
} from '@lawfirm/shared-types';
import { readPdf } from '@lawfirm/shared-types/pdf/testing/read-pdf.ts';
import { newId } from '../src/db/ids.ts';
import {
  MSG_EXPENSE_DELETED,
  MSG_MARKED_PAID,
  MSG_PAID_OK,
  MSG_PAYMENT_DELETED,
} from '../src/invoices/invoices.routes.ts';
import { caseFirm, type Auth, type CaseFirm } from './case-files-helpers.ts';
import { connectDevice } from './device.ts';
import { bearerFor, describeEachDb, insertUser } from './helper.ts';

type TInvoice = {
  id: string;
  invoice_no: number | null;
  invoice_status_id: number;
  total_amount: string;
  total_paid_amount: string;
  due_amount: string;
  tax_amount: string;
  amount: string;
  paid_at: string | null;
  pdf_download_url: string;
  client: { name: string; email: string };
  invoice_expenses: { id: string; expense: string; amount: string }[];
  invoice_payments: { id: string; paid_date: string; paid_amount: string }[];
};
type TList = {
  invoices: { data: TInvoice[]; from: number | null; to: number | null; total: number; per_page: number };
  invoices_stats: { total: string; total_paid: string; total_due: string };
};

/** Invoices and their payments and expenses (part 3 §7, rest-contract 91–101) on the sync store. */
describeEachDb('invoices', (kind) => {
  let f: CaseFirm;
  let admin: Auth, lawyer: Auth, student: Auth, client: Auth, other: Auth, client2: Auth;
  let client2Id: string;
  beforeAll(async () => {
    f = await caseFirm(kind);
    ({ admin, lawyer, student, client, other } = f);
    const c2 = await insertUser(f.t, { role: 'CLIENT', name: 'Second Client' });
    client2Id = c2.id;
    client2 = await bearerFor(f.t, c2.email, c2.password);
  });
  afterAll(() => f.t.close());

  const save = (auth: Auth, body: object) => f.call('POST', '/api/invoices', auth, body);
  const list = async (auth: Auth, query = '') => {
    const res = await f.call('GET', `/api/invoices${query}`, auth);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TList>();
  };
  const create = async (body: object = {}) => {
    const res = await save(admin, { invoiceable_id: f.clientId, amount: '1000.05', ...body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ invoice: TInvoice; message: string }>();
  };

  it('saves an invoice with expenses and tax, with exact totals and the firm’s next number', async () => {
    const saved = await create({
      apply_tax: true,
      tax_percentage: 10,
      due_date: '01/12/2026',
      invoice_meta: { subject: 'Fee', services: 'Writ petition' },
      invoice_expenses: [
        { expense: 'Court fee', amount: '25' },
        { expense: 'Copies', amount: 12.5 },
      ],
    });
    expect(saved.message).toBe(MSG.savedOk);
    expect(saved.invoice).toMatchObject({
      invoice_no: 1,
      invoice_status_id: 1,
      amount: '1000.05',
      // 10% of 1000.05 is 100.005: half a paisa up.
      tax_amount: '100.01',
      total_amount: '937.54',
      due_date: '01/12/2026',
      client: { name: f.clientName },
    });
    expect(saved.invoice.invoice_expenses.map((e) => [e.expense, e.amount])).toEqual([
      ['Court fee', '25.00'],
      ['Copies', '12.50'],
    ]);
    const second = await create();
    expect(second.invoice.invoice_no).toBe(2);

    // Edit: the whole invoice back with one expense changed; the number stays.
    const edited = await save(admin, {
      ...saved.invoice,
      invoiceable_id: f.clientId,
      apply_tax: true,
      amount: '2000',
      invoice_expenses: [{ ...saved.invoice.invoice_expenses[0], amount: '30' }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const inv = edited.json<{ invoice: TInvoice; message: string }>();
    expect(inv.message).toBe(MSG.updatedOk);
    expect(inv.invoice).toMatchObject({ invoice_no: 1, total_amount: '1842.50' });

    const got = await f.call('GET', `/api/invoices/${saved.invoice.id}`, lawyer);
    expect(got.json<{ invoice: TInvoice }>().invoice.total_amount).toBe('1842.50');
  });

  it('answers the spec’s messages for a missing client and bad amounts, saving nothing', async () => {
    const before = (await list(admin)).invoices.total;
    const noClient = await save(admin, { amount: '10' });
    expect(noClient.statusCode).toBe(422);
    expect(noClient.json()).toMatchObject({ message: MSG_CLIENT_REQUIRED });
    const notAClient = await save(admin, { invoiceable_id: f.lawyerId, amount: '10' });
    expect(notAClient.json()).toMatchObject({ message: MSG_CLIENT_INVALID });
    for (const amount of ['-5', 'abc', '1,000', 1e20]) {
      const bad = await save(admin, { invoiceable_id: f.clientId, amount });
      expect(bad.statusCode).toBe(422);
      expect(bad.json()).toMatchObject({ validation_error: { amount: [MSG_AMOUNT_INVALID] } });
    }
    const tax = await save(admin, { invoiceable_id: f.clientId, amount: '10', tax_percentage: 150 });
    expect(tax.statusCode).toBe(422);
    expect(tax.json()).toMatchObject({ message: MSG_TAX_RANGE });
    expect((await list(admin)).invoices.total).toBe(before);
  });

  it('lists with filters, totals and paging as the original client reads them', async () => {
    const all = await list(admin);
    expect(all.invoices.per_page).toBe(10);
    expect(all.invoices.data.map((i) => i.invoice_no)).toEqual([2, 1]);
    expect(all.invoices_stats).toEqual({ total: '2842.55', total_paid: '0.00', total_due: '2842.55' });
    expect((await list(admin, '?invoice_no=2')).invoices.data.map((i) => i.invoice_no)).toEqual([2]);
    expect(
      (await list(admin, `?client_name=${encodeURIComponent(f.clientName.slice(2, 9))}`)).invoices.total,
    ).toBe(2);
    expect((await list(admin, '?client_name=nobody')).invoices.total).toBe(0);
    expect((await list(admin, '?invoice_status_id=3')).invoices.total).toBe(0);
    expect((await list(admin, '?is_archive=1')).invoices.total).toBe(0);
    const due = await list(
      admin,
      `?start_to_end_date=${encodeURIComponent('30/11/2026 - 02/12/2026')}&date_type=due_date`,
    );
    expect(due.invoices.data.map((i) => i.invoice_no)).toEqual([1]);
    const stats = await f.call('GET', '/api/invoices/stats?invoice_no=1', admin);
    expect(stats.json()).toEqual({
      invoices_stats: { total: '1842.50', total_paid: '0.00', total_due: '1842.50' },
    });
    const statuses = await f.call('GET', '/api/invoice_statuses', lawyer);
    expect(statuses.json()).toEqual({
      invoice_statuses: [
        { id: 1, title: 'Draft' },
        { id: 2, title: 'Sent' },
        { id: 3, title: 'Paid' },
      ],
    });
    expect(
      (await f.call('GET', '/api/invoice_templates', admin)).json().invoice_templates.length,
    ).toBeGreaterThan(0);
  });

  it('takes payments: a partial one leaves it Sent with the balance, the rest makes it Paid and read-only', async () => {
    const { invoice } = await create({
      amount: '500',
      invoice_expenses: [{ expense: 'Stamp', amount: '20' }],
    });
    const part = await f.call('POST', '/api/invoice/mark_as_paid', admin, {
      invoiceable_id: invoice.id,
      invoiceable_type: 'App\\Models\\Invoice',
      payments: [{ paid_date: '21/11/2026', paid_amount: '200.5', notes: 'Cash' }],
    });
    expect(part.statusCode, part.body).toBe(200);
    const partial = part.json<{ invoice: TInvoice; message: string }>();
    expect(partial.message).toBe(MSG_PAID_OK);
    expect(partial.invoice).toMatchObject({
      invoice_status_id: 2,
      total_paid_amount: '200.50',
      due_amount: '319.50',
    });

    const bad = await f.call('POST', '/api/invoice/mark_as_paid', admin, {
      invoiceable_id: invoice.id,
      payments: [{ paid_date: '31/02/2026', paid_amount: '1' }],
    });
    expect(bad.statusCode).toBe(422);

    const rest = await f.call('POST', '/api/invoice/mark_as_paid', admin, {
      invoiceable_id: invoice.id,
      payments: [
        ...partial.invoice.invoice_payments,
        { paid_date: '22/11/2026', paid_amount: '319.50', notes: '' },
      ],
    });
    const paid = rest.json<{ invoice: TInvoice }>().invoice;
    expect(paid).toMatchObject({ invoice_status_id: 3, due_amount: '0.00' });
    expect(paid.invoice_payments).toHaveLength(2);
    expect(paid.paid_at).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    // §4: a paid invoice's form is disabled; the server refuses the change too.
    const edit = await save(admin, { id: invoice.id, invoiceable_id: f.clientId, amount: '1' });
    expect(edit.statusCode).toBe(403);
    expect(edit.json()).toMatchObject({ message: MSG_INVOICE_PAID });

    const expense = (await f.call('GET', `/api/invoices/${invoice.id}`, admin)).json<{ invoice: TInvoice }>()
      .invoice.invoice_expenses[0]!;
    const delExp = await f.call('DELETE', `/api/delete_invoice_expense/${expense.id}`, admin);
    expect(delExp.statusCode).toBe(403);
    expect(delExp.json()).toEqual({ message: MSG_INVOICE_PAID });
    const device = await connectDevice(f.t, admin);
    const pushed = await device.push([
      { name: 'put', args: { entity: 'invoice_expenses', id: expense.id, values: { amount: 1 } } },
    ]);
    expect(pushed.results[0]).toMatchObject({ status: 'rejected', message: MSG_INVOICE_PAID });
    // Nor may a device's push delete it: the expense stays, with the paid total.
    const removed = await device.push([
      { name: 'delete', args: { entity: 'invoice_expenses', id: expense.id } },
    ]);
    expect(removed.results[0]).toMatchObject({ status: 'rejected', message: MSG_INVOICE_PAID });
    const kept = (await f.call('GET', `/api/invoices/${invoice.id}`, admin)).json<{ invoice: TInvoice }>()
      .invoice;
    expect(kept.invoice_expenses.map((e) => e.id)).toContain(expense.id);
    const delPay = await f.call(
      'DELETE',
      `/api/invoice/delete_payment/${paid.invoice_payments[0]!.id}`,
      admin,
    );
    expect(delPay.json()).toEqual({ message: MSG_PAYMENT_DELETED });
    const after = (await f.call('GET', `/api/invoices/${invoice.id}`, admin)).json<{ invoice: TInvoice }>()
      .invoice;
    expect(after.invoice_payments).toHaveLength(1);
  });

  it('marks one invoice paid and answers paid_at; deletes expenses and invoices', async () => {
    const { invoice } = await create({ invoice_expenses: [{ expense: 'Travel', amount: '10' }] });
    const delExp = await f.call(
      'DELETE',
      `/api/delete_invoice_expense/${invoice.invoice_expenses[0]!.id}`,
      admin,
    );
    expect(delExp.json()).toEqual({ message: MSG_EXPENSE_DELETED });
    const marked = await f.call('POST', '/api/invoices/mark_paid', admin, { ...invoice });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toEqual({
      paid_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      message: MSG_MARKED_PAID,
    });
    const got = (await f.call('GET', `/api/invoices/${invoice.id}`, admin)).json<{ invoice: TInvoice }>()
      .invoice;
    expect(got.invoice_status_id).toBe(3);
    expect(got.invoice_expenses).toHaveLength(0);
    expect((await f.call('DELETE', `/api/invoices/${invoice.id}`, admin)).json()).toEqual({
      message: MSG.deletedOk,
    });
    expect((await f.call('GET', `/api/invoices/${invoice.id}`, admin)).statusCode).toBe(404);
  });

  it('lets only admins change invoices; staff read and download; students are refused', async () => {
    const { invoice } = await create();
    expect((await save(lawyer, { invoiceable_id: f.clientId, amount: '5' })).statusCode).toBe(403);
    expect((await f.call('DELETE', `/api/invoices/${invoice.id}`, lawyer)).statusCode).toBe(403);
    expect((await f.call('POST', '/api/invoices/mark_paid', lawyer, { id: invoice.id })).statusCode).toBe(
      403,
    );
    expect(
      (
        await f.call('POST', '/api/invoice/mark_as_paid', lawyer, {
          invoiceable_id: invoice.id,
          payments: [{ paid_date: '01/01/2026', paid_amount: '1' }],
        })
      ).statusCode,
    ).toBe(403);
    expect((await list(lawyer)).invoices.total).toBeGreaterThan(0);
    const denied = await f.call('GET', '/api/invoices', student);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ message: MSG.forbidden });
    // Another firm's admin knows the id: nothing.
    for (const [m, url] of [
      ['GET', `/api/invoices/${invoice.id}`],
      ['DELETE', `/api/invoices/${invoice.id}`],
      ['GET', `/api/pdf/invoices/${invoice.id}`],
    ] as const)
      expect((await f.call(m, url, other)).statusCode).toBe(404);
    expect((await save(other, { id: invoice.id, invoiceable_id: f.clientId, amount: '1' })).statusCode).toBe(
      404,
    );
    expect((await list(other)).invoices.total).toBe(0);
  });

  it('downloads the invoice PDF from its signed link, with the client and the total in Rs.', async () => {
    const { invoice } = await create({
      amount: '1234.5',
      invoice_expenses: [{ expense: 'Fee', amount: '0.5' }],
    });
    const url = new URL(invoice.pdf_download_url);
    const pdf = await f.t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await readPdf(new Uint8Array(pdf.rawPayload))).text.join('\n');
    expect(text).toContain(f.clientName);
    expect(text).toContain('Total: Rs. 1,235.00');
    // The link is for this invoice only.
    const other = await f.t.app.inject({ method: 'GET', url: `/api/pdf/invoices/${newId()}${url.search}` });
    expect(other.statusCode).toBe(401);
  });

  it('shows a client only their own invoices, over REST and on their device', async () => {
    const mine = (await create({ invoice_expenses: [{ expense: 'Mine', amount: '1' }] })).invoice;
    const theirs = (
      await create({ invoiceable_id: client2Id, invoice_expenses: [{ expense: 'Theirs', amount: '1' }] })
    ).invoice;
    await f.call('POST', '/api/invoice/mark_as_paid', admin, {
      invoiceable_id: theirs.id,
      payments: [{ paid_date: '01/11/2026', paid_amount: '1' }],
    });
    const seen = (await list(client)).invoices.data;
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((i) => i.client.name === f.clientName)).toBe(true);
    expect(seen.some((i) => i.id === mine.id)).toBe(true);
    expect((await list(client2)).invoices.data.map((i) => i.id)).toEqual([theirs.id]);
    expect((await f.call('GET', `/api/invoices/${theirs.id}`, client)).statusCode).toBe(404);
    expect((await f.call('GET', `/api/pdf/invoices/${theirs.id}`, client)).statusCode).toBe(404);
    expect((await f.call('GET', `/api/invoices/${mine.id}`, client)).statusCode).toBe(200);
    expect((await save(client, { id: mine.id, invoiceable_id: f.clientId, amount: '1' })).statusCode).toBe(
      403,
    );

    const device = await connectDevice(f.t, client);
    const invoices = device.rowsOf('invoices');
    expect(invoices.length).toBe(seen.length);
    expect(invoices.every((r) => r.client_id === f.clientId)).toBe(true);
    const ids = new Set(invoices.map((r) => r.id));
    const expenses = device.rowsOf('invoice_expenses');
    expect(expenses.some((e) => e.expense === 'Mine')).toBe(true);
    expect(expenses.every((e) => ids.has(e.invoice_id as string))).toBe(true);
    expect(device.rowsOf('invoice_payments').every((p) => ids.has(p.invoice_id as string))).toBe(true);
    const d2 = await connectDevice(f.t, client2);
    expect(d2.rowsOf('invoices').map((r) => r.id)).toEqual([theirs.id]);
    expect(d2.rowsOf('invoice_payments')).toHaveLength(1);
  });

  it('numbers drafts made offline on two devices when they reach the server, never the same number', async () => {
    const a = await connectDevice(f.t, admin);
    const b = await connectDevice(f.t, admin);
    const draft = (id: string) => ({
      name: 'put',
      args: {
        entity: 'invoices',
        id,
        values: { client_id: f.clientId, client_name: f.clientName, amount: 150_000, apply_tax: true },
      },
    });
    const [ia, ib] = [newId(), newId()];
    // A device may not choose the number itself.
    const forged = await a.push([
      {
        name: 'put',
        args: {
          entity: 'invoices',
          id: newId(),
          values: { client_id: f.clientId, client_name: 'x', invoice_no: 1 },
        },
      },
    ]);
    expect(forged.results[0]!.status).toBe('rejected');
    const [ra, rb] = await Promise.all([a.push([draft(ia)]), b.push([draft(ib)])]);
    expect(ra.results[0]!.status).toBe('applied');
    expect(rb.results[0]!.status).toBe('applied');
    await a.pull();
    const na = a.rows.get(`invoices/${ia}`)!.invoice_no as number;
    const nb = a.rows.get(`invoices/${ib}`)!.invoice_no as number;
    expect(typeof na).toBe('number');
    expect(na).not.toBe(nb);
    const numbers = (await list(admin)).invoices;
    expect(numbers.total).toBeGreaterThan(2);
  });

  it('mails an invoice saved with Send email to the client and contact persons', async () => {
    const { invoice } = await create({
      sendEmail: true,
      contact_person_emails: ['accounts@client.pk'],
      invoice_status_id: 2,
    });
    const mails = await f.t.app.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('subject', 'like', `Invoice #${invoice.invoice_no}%`)
      .execute();
    expect(mails.map((m) => m.to_address).sort()).toEqual(
      ['accounts@client.pk', invoice.client.email].sort(),
    );
    expect(mails[0]!.body_text).toContain('Total: Rs. 1,000.05');
  });
});
