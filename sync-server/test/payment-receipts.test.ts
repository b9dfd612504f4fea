import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MSG, MSG_PAYMENT_MISSING, MSG_RECEIPT_FIXED, type TUploadState } from '@lawfirm/shared-types';
import { down, up } from '../../migrations/src/2026_11_26_0017_payment_receipts.ts';
import {
  down as downOneModel,
  up as upOneModel,
} from '../../migrations/src/2026_11_28_0022_one_attachment_model.ts';
import { newId } from '../src/db/ids.ts';
import { caseFirm, PDF_SMALL, PNG_1PX, type Auth, type CaseFirm } from './case-files-helpers.ts';
import { connectDevice, type Device } from './device.ts';
import { bearerFor, describeEachDb, insertUser } from './helper.ts';

type TPaymentAnswer = {
  id: string;
  attachment: { file_name: string } | null;
  attachments: { id: string; file_name: string; url: string }[];
};

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/**
 * A receipt as a device holds it since the one attachment model (migration 0022): a file of its payment in
 * `attachments`, owned by the payment. The puts below are in the shape older builds queue (payment_receipts).
 */
const asReceipt = <R extends Record<string, unknown>>(r: R | null | undefined) =>
  r && { ...r, payment_id: r.owner_id };
const receiptsOf = (d: Device) =>
  d
    .rowsOf('attachments')
    .filter((r) => r.owner_type === 'Payment')
    .map((r) => asReceipt(r)!);

/**
 * A payment's receipts (part 3 §2.6 "receipt attachments") as devices write them: several rows of
 * payment_receipts under one payment, read with the invoice (a client their own only), added by admins only,
 * and the migration that moved each payment's one receipt into them.
 */
describeEachDb('payment receipts', (kind) => {
  let f: CaseFirm;
  let client2: Auth;
  let invoiceId: string;
  let otherInvoiceId: string;
  let admin: Device;
  beforeAll(async () => {
    f = await caseFirm(kind);
    const c2 = await insertUser(f.t, { role: 'CLIENT' });
    client2 = await bearerFor(f.t, c2.email, c2.password);
    const invoice = async (clientId: string) => {
      const res = await f.call('POST', '/api/invoices', f.admin, { invoiceable_id: clientId, amount: '500' });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ invoice: { id: string } }>().invoice.id;
    };
    invoiceId = await invoice(f.clientId);
    otherInvoiceId = await invoice(c2.id);
    admin = await connectDevice(f.t, f.admin);
  });
  afterAll(() => f.t.close());

  /** Sends a file's bytes as a device's upload queue does (POST /uploads, then one PATCH). */
  const uploadBytes = async (bytes: Buffer, name: string) => {
    const open = await f.t.app.inject({
      method: 'POST',
      url: '/uploads',
      headers: f.admin,
      payload: { sha256: sha(bytes), size: bytes.length, filename: name },
    });
    expect(open.statusCode, open.body).toBe(200);
    const state = open.json<TUploadState>();
    if (state.complete) return;
    const sent = await f.t.app.inject({
      method: 'PATCH',
      url: `/uploads/${state.id}`,
      headers: {
        ...f.admin,
        'upload-offset': String(state.offset),
        'content-type': 'application/offset+octet-stream',
      },
      payload: bytes.subarray(state.offset),
    });
    expect(sent.statusCode, sent.body).toBe(200);
  };
  const receipt = (invoice: string, payment: string, bytes: Buffer, name: string, mime: string) => ({
    name: 'put',
    args: {
      entity: 'payment_receipts',
      id: newId(),
      values: {
        invoice_id: invoice,
        owner_type: 'Payment',
        payment_id: payment,
        sha256: sha(bytes),
        file_name: name,
        mime_type: mime,
        size: bytes.length,
        display_order: 1,
      },
    },
  });
  const paymentsOf = async (auth: Auth, id = invoiceId) =>
    (await f.call('GET', `/api/invoices/${id}`, auth)).json<{
      invoice: { invoice_payments: TPaymentAnswer[] };
    }>().invoice.invoice_payments;
  /** A receipt's original-API URL gives `bytes` to a reader of its invoice. */
  const expectServed = async (url: string, bytes: Buffer) => {
    const served = await f.t.app.inject({ method: 'GET', url, headers: f.client });
    expect(served.statusCode, url).toBe(200);
    expect(served.rawPayload.equals(bytes)).toBe(true);
  };
  const newPayment = (invoice: string) => ({
    name: 'put',
    args: {
      entity: 'invoice_payments',
      id: newId(),
      values: { invoice_id: invoice, paid_date: '2026-11-20', paid_amount: 20_000, notes: 'Cheque' },
    },
  });

  let paymentId: string;
  let receiptIds: string[];

  it('keeps two receipts a device pushes on one payment, given to readers of the invoice only', async () => {
    await uploadBytes(PNG_1PX, 'photo.png');
    await uploadBytes(PDF_SMALL, 'photo.pdf');
    const payment = newPayment(invoiceId);
    paymentId = payment.args.id;
    // Taken offline: the payment and both receipts go in one push (the bytes went up through /uploads).
    const first = receipt(invoiceId, paymentId, PNG_1PX, 'photo.png', 'image/png');
    const second = receipt(invoiceId, paymentId, PDF_SMALL, 'photo.png', 'application/pdf');
    receiptIds = [first.args.id, second.args.id];
    const pushed = await admin.push([payment, first, second]);
    expect(pushed.results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied']);

    // The second keeps its own name, so the original client's URL names each receipt.
    const [answer] = await paymentsOf(f.admin);
    expect(answer!.attachments.map((a) => [a.id, a.file_name])).toEqual([
      [receiptIds[0], 'photo.png'],
      [receiptIds[1], 'photo (2).png'],
    ]);
    expect(answer!.attachment).toMatchObject({ file_name: 'photo.png' });

    const mine = await connectDevice(f.t, f.client);
    expect(receiptsOf(mine).map((r) => r.id)).toEqual(expect.arrayContaining(receiptIds));
    expect(receiptsOf(mine)).toHaveLength(2);
    const theirs = await connectDevice(f.t, client2);
    expect(receiptsOf(theirs)).toEqual([]);
    expect(theirs.rowsOf('invoice_payments')).toEqual([]);

    for (const [i, bytes] of [PNG_1PX, PDF_SMALL].entries()) {
      const url = answer!.attachments[i]!.url;
      await expectServed(url, bytes);
      expect((await f.t.app.inject({ method: 'GET', url, headers: client2 })).statusCode).toBe(404);
      // The bytes by their hash too, as devices download them: only to a reader of a receipt naming them.
      const file = `/files/${sha(bytes)}`;
      expect((await f.t.app.inject({ method: 'GET', url: file, headers: f.client })).statusCode).toBe(200);
      expect((await f.t.app.inject({ method: 'GET', url: file, headers: client2 })).statusCode).toBe(404);
    }
    // Another client's invoice is not theirs to read over REST either.
    expect((await f.call('GET', `/api/invoices/${invoiceId}`, client2)).statusCode).toBe(404);
  });

  it('refuses a receipt from a lawyer or a student, on a payment of another invoice, and a changed file', async () => {
    for (const who of [f.lawyer, f.student]) {
      const device = await connectDevice(f.t, who);
      const res = await device.push([receipt(invoiceId, paymentId, PNG_1PX, 'mine.png', 'image/png')]);
      expect(res.results[0]).toMatchObject({ status: 'rejected', message: MSG.forbidden });
    }
    const stray = await admin.push([receipt(otherInvoiceId, paymentId, PNG_1PX, 'stray.png', 'image/png')]);
    expect(stray.results[0]).toMatchObject({ status: 'rejected', message: MSG_PAYMENT_MISSING });
    await admin.pull();
    const changed = await admin.push([
      {
        name: 'put',
        args: { entity: 'payment_receipts', id: receiptIds[0], values: { sha256: sha(PDF_SMALL) } },
      },
    ]);
    expect(changed.results[0]).toMatchObject({ status: 'rejected', message: MSG_RECEIPT_FIXED });
    expect((await paymentsOf(f.admin))[0]!.attachments).toHaveLength(2);

    // A receipt removed on a device goes from every device; deleting its payment takes the rest.
    const mine = await connectDevice(f.t, f.client);
    const removed = await admin.push([
      { name: 'delete', args: { entity: 'payment_receipts', id: receiptIds[0] } },
    ]);
    expect(removed.results[0]!.status).toBe('applied');
    expect((await mine.pull()).get(`attachments/${receiptIds[0]}`)).toBeNull();
    const gone = await f.call('DELETE', `/api/invoice/delete_payment/${paymentId}`, f.admin);
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await mine.pull()).get(`attachments/${receiptIds[1]}`)).toBeNull();
  });

  it('applies a payment an older build of the app queued with its receipt in the old fields: nothing lost, no second receipt', async () => {
    // Queued offline before the upgrade: the payment with its one receipt (receipt_* fields); the photo's
    // bytes follow the push, as the old upload queue sends them.
    const device = await connectDevice(f.t, f.admin);
    const photo = Buffer.concat([PNG_1PX, Buffer.from('old build')]);
    const payment = newPayment(invoiceId);
    const legacy = {
      name: 'put',
      args: {
        ...payment.args,
        values: {
          ...payment.args.values,
          receipt_sha256: sha(photo),
          receipt_file_name: 'cheque.png',
          receipt_mime_type: 'image/png',
        },
      },
    };
    const pushed = await device.push([legacy]);
    expect(pushed.results[0], JSON.stringify(pushed.results)).toMatchObject({ status: 'applied' });
    await uploadBytes(photo, 'cheque.png');

    const saved = (await paymentsOf(f.admin)).find((p) => p.id === payment.args.id);
    expect(saved, 'the payment').toBeDefined();
    expect(saved!.attachments.map((a) => a.file_name)).toEqual(['cheque.png']);
    await expectServed(saved!.attachments[0]!.url, photo);
    // Every device pulls it as a receipt row of today's shape.
    const mine = await connectDevice(f.t, f.client);
    expect(receiptsOf(mine).filter((r) => r.payment_id === payment.args.id)).toMatchObject([
      { file_name: 'cheque.png', mime_type: 'image/png', sha256: sha(photo), invoice_id: invoiceId },
    ]);

    // The old build edits the payment naming the same receipt again: no second receipt.
    await device.pull();
    const again = await device.push([
      {
        name: 'put',
        args: {
          entity: 'invoice_payments',
          id: payment.args.id,
          values: { notes: 'Cheque cleared', receipt_sha256: sha(photo), receipt_file_name: 'cheque.png' },
        },
      },
    ]);
    expect(again.results[0]).toMatchObject({ status: 'applied' });
    const edited = (await paymentsOf(f.admin)).find((p) => p.id === payment.args.id)!;
    expect(edited.attachments).toHaveLength(1);
    expect(await mine.pull()).toSatisfy((d: Map<string, Record<string, unknown> | null>) =>
      [...d.values()].some((r) => r?.notes === 'Cheque cleared'),
    );

    // Clearing the old field removes the receipt, as it did; a lawyer's old-shape change is refused whole.
    const lawyer = await connectDevice(f.t, f.lawyer);
    const refused = await lawyer.push([
      {
        name: 'put',
        args: { entity: 'invoice_payments', id: payment.args.id, values: { receipt_sha256: null } },
      },
    ]);
    expect(refused.results[0]).toMatchObject({ status: 'rejected', message: MSG.forbidden });
    const renamed = await lawyer.push([
      {
        name: 'put',
        args: { entity: 'invoice_payments', id: payment.args.id, values: { receipt_sha256: sha(photo) } },
      },
    ]);
    expect(renamed.results[0]).toMatchObject({ status: 'rejected', message: MSG.forbidden });
    const cleared = await device.push([
      {
        name: 'put',
        args: { entity: 'invoice_payments', id: payment.args.id, values: { receipt_sha256: null } },
      },
    ]);
    expect(cleared.results[0]).toMatchObject({ status: 'applied' });
    expect((await paymentsOf(f.admin)).find((p) => p.id === payment.args.id)!.attachments).toEqual([]);
  });

  it('migrates: a payment’s one receipt (the old columns) becomes its first receipt, for every device', async () => {
    const paid = await f.call('POST', '/api/invoice/mark_as_paid', f.admin, {
      invoiceable_id: invoiceId,
      invoiceable_type: 'App\\Models\\Invoice',
      payments: [{ paid_date: '21/11/2026', paid_amount: '100.00', notes: 'Cash' }],
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const [payment] = await paymentsOf(f.admin);
    const mine = await connectDevice(f.t, f.client);
    const db = f.t.app.db as unknown as Kysely<any>;

    // The database as it was before: a payment holding its receipt in its own columns.
    await downOneModel(db);
    await down(db);
    await db
      .updateTable('invoice_payments')
      .set({
        receipt_sha256: sha(PNG_1PX),
        receipt_file_name: 'old slip.png',
        receipt_mime_type: 'image/png',
      })
      .where('id', '=', payment!.id)
      .execute();
    await up(db);
    await upOneModel(db);

    const [after] = await paymentsOf(f.admin);
    expect(after!.attachments.map((a) => a.file_name)).toEqual(['old slip.png']);
    await expectServed(after!.attachments[0]!.url, PNG_1PX);
    const delivered = await mine.pull();
    expect(asReceipt(delivered.get(`attachments/${after!.attachments[0]!.id}`))).toMatchObject({
      payment_id: payment!.id,
      invoice_id: invoiceId,
      sha256: sha(PNG_1PX),
      file_name: 'old slip.png',
      mime_type: 'image/png',
      size: PNG_1PX.length,
    });
    // The old columns are gone: one truth for a payment's receipts.
    await expect(db.selectFrom('invoice_payments').select('receipt_sha256').execute()).rejects.toThrow();
  });
});
