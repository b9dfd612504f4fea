import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  MSG_OWNER_INVALID,
  MSG_PAYMENT_MISSING,
  MSG_RECEIPT_TYPES,
  MAX_RECEIPTS,
  tooManyFilesMessage,
  type TUploadState,
} from '@lawfirm/shared-types';
import { MSG_LIBRARY_FILE_TYPES, MSG_PAGE_OWNER_INVALID } from '@lawfirm/shared-types/library/pages.ts';
import { down, up } from '../../migrations/src/2026_11_28_0022_one_attachment_model.ts';
import { newId } from '../src/db/ids.ts';
import { caseFirm, multipart, PDF_SMALL, PNG_1PX, type Auth, type CaseFirm } from './case-files-helpers.ts';
import { connectDevice, type Device } from './device.ts';
import { describeEachDb } from './helper.ts';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

type TPage = { id: string; files: { id: string; file_name: string }[] };
type TPayment = { id: string; attachments: { id: string; file_name: string; url: string }[] };

/**
 * One attachment model (issue 32 item 2): a library page's files and a payment's receipts are rows of
 * `attachments`, like a case document's. The migration moves the old tables' rows in (and every device pulls
 * them), an older build's queued changes to the old tables still land, what an owner's declaration says
 * (kinds, how many) holds on the server with a message, and nobody attaches a file to another firm's row.
 */
describeEachDb('one attachment model', (kind) => {
  let f: CaseFirm;
  let admin: Device;
  let pageId: string;
  let invoiceId: string;
  let paymentId: string;
  beforeAll(async () => {
    f = await caseFirm(kind);
    admin = await connectDevice(f.t, f.admin);
    const page = await f.call('POST', '/api/general_case_laws', f.admin, { case_title: 'Bail after arrest' });
    expect(page.statusCode, page.body).toBe(200);
    pageId = page.json<{ case_laws: { id: string } }>().case_laws.id;
    const invoice = await f.call('POST', '/api/invoices', f.admin, {
      invoiceable_id: f.clientId,
      amount: '500',
    });
    expect(invoice.statusCode, invoice.body).toBe(200);
    invoiceId = invoice.json<{ invoice: { id: string } }>().invoice.id;
    paymentId = newId();
    const pushed = await admin.push([
      {
        name: 'put',
        args: {
          entity: 'invoice_payments',
          id: paymentId,
          values: { invoice_id: invoiceId, paid_date: '2026-11-20', paid_amount: 100, notes: null },
        },
      },
    ]);
    expect(pushed.results[0]).toMatchObject({ status: 'applied' });
  });
  afterAll(() => f.t.close());

  /** Sends a file's bytes as a device's upload queue does (POST /uploads, then one PATCH). */
  const uploadBytes = async (auth: Auth, bytes: Buffer, name: string) => {
    const open = await f.t.app.inject({
      method: 'POST',
      url: '/uploads',
      headers: auth,
      payload: { sha256: sha(bytes), size: bytes.length, filename: name },
    });
    expect(open.statusCode, open.body).toBe(200);
    const state = open.json<TUploadState>();
    if (state.complete) return;
    const sent = await f.t.app.inject({
      method: 'PATCH',
      url: `/uploads/${state.id}`,
      headers: {
        ...auth,
        'upload-offset': String(state.offset),
        'content-type': 'application/offset+octet-stream',
      },
      payload: bytes.subarray(state.offset),
    });
    expect(sent.statusCode, sent.body).toBe(200);
  };
  const fileValues = (bytes: Buffer, name: string, mime: string) => ({
    sha256: sha(bytes),
    file_name: name,
    mime_type: mime,
    size: bytes.length,
  });
  const pageFiles = async (auth: Auth = f.lawyer) =>
    (await f.call('GET', `/api/general_case_laws/${pageId}`, auth))
      .json<{ case_laws: TPage }>()
      .case_laws.files.map((x) => x.file_name);
  const payment = async () =>
    (await f.call('GET', `/api/invoices/${invoiceId}`, f.admin))
      .json<{ invoice: { invoice_payments: TPayment[] } }>()
      .invoice.invoice_payments.find((p) => p.id === paymentId)!;

  it('applies puts and deletes an older build queued against library_files and payment_receipts', async () => {
    await uploadBytes(f.admin, PDF_SMALL, 'judgment.pdf');
    const fileId = newId();
    const receiptId = newId();
    const old = await connectDevice(f.t, f.admin);
    const pushed = await old.push([
      {
        name: 'put',
        args: {
          entity: 'library_files',
          id: fileId,
          values: {
            owner_type: 'GeneralCaseLaw',
            owner_id: pageId,
            ...fileValues(PDF_SMALL, 'judgment.pdf', 'application/pdf'),
            display_order: 2,
          },
        },
      },
      {
        name: 'put',
        args: {
          entity: 'payment_receipts',
          id: receiptId,
          values: {
            invoice_id: invoiceId,
            owner_type: 'Payment',
            payment_id: paymentId,
            ...fileValues(PDF_SMALL, 'bank advice.pdf', 'application/pdf'),
            display_order: 2,
          },
        },
      },
    ]);
    expect(
      pushed.results.map((r) => r.status),
      JSON.stringify(pushed.results),
    ).toEqual(['applied', 'applied']);
    expect(await pageFiles()).toEqual(['judgment.pdf']);
    expect((await payment()).attachments.map((a) => a.file_name)).toEqual(['bank advice.pdf']);
    const other = await connectDevice(f.t, f.lawyer);
    expect(other.rowsOf('attachments').find((r) => r.id === fileId)).toMatchObject({ owner_id: pageId });

    const removed = await old.push([
      { name: 'delete', args: { entity: 'library_files', id: fileId } },
      { name: 'delete', args: { entity: 'payment_receipts', id: receiptId } },
    ]);
    expect(removed.results.map((r) => r.status)).toEqual(['applied', 'applied']);
    expect(await pageFiles()).toEqual([]);
    expect((await payment()).attachments).toEqual([]);
    expect((await other.pull()).get(`attachments/${fileId}`)).toBeNull();
  });

  it('holds what the owner declares: its kinds and how many files, with a message, on push and REST', async () => {
    const receipt = (name: string, mime = 'image/png') => ({
      name: 'put',
      args: {
        entity: 'attachments',
        id: newId(),
        values: {
          invoice_id: invoiceId,
          owner_type: 'Payment',
          owner_id: paymentId,
          ...fileValues(PNG_1PX, name, mime),
        },
      },
    });
    const word = await admin.push([receipt('advice.doc', 'application/msword')]);
    expect(word.results[0]).toMatchObject({ status: 'rejected', message: MSG_RECEIPT_TYPES });
    const xml = await admin.push([
      {
        name: 'put',
        args: {
          entity: 'attachments',
          id: newId(),
          values: {
            owner_type: 'GeneralCaseLaw',
            owner_id: pageId,
            ...fileValues(PNG_1PX, 'notes.xml', 'application/xml'),
          },
        },
      },
    ]);
    expect(xml.results[0]).toMatchObject({ status: 'rejected', message: MSG_LIBRARY_FILE_TYPES });

    // Fill the payment up to its declared number of receipts, then one more is refused.
    const fill = Array.from({ length: MAX_RECEIPTS }, (_, i) => receipt(`slip ${i}.png`));
    const filled = await admin.push(fill);
    expect(new Set(filled.results.map((r) => r.status))).toEqual(new Set(['applied']));
    const over = await admin.push([receipt('one too many.png')]);
    expect(over.results[0]).toMatchObject({
      status: 'rejected',
      message: tooManyFilesMessage(MAX_RECEIPTS),
    });
    expect((await payment()).attachments).toHaveLength(MAX_RECEIPTS);
    const body = multipart({ attachmentable_type: 'App\\Models\\Payment', attachmentable_id: paymentId }, [
      { filename: 'late.png', type: 'image/png', data: PNG_1PX },
    ]);
    const rest = await f.t.app.inject({
      method: 'POST',
      url: '/api/attachments',
      headers: { ...f.admin, ...body.headers },
      payload: body.payload,
    });
    expect(rest.statusCode, rest.body).toBe(422);
    expect(rest.json()).toMatchObject({ message: tooManyFilesMessage(MAX_RECEIPTS) });
    // The case documents' attachment calls (rest-contract 34–36) still know case documents' files only.
    const first = (await payment()).attachments[0]!.id;
    const del = await f.call('DELETE', `/api/attachments/${first}`, f.admin);
    expect(del.statusCode).toBe(404);
    expect(del.json()).toHaveProperty('message');
    expect((await payment()).attachments).toHaveLength(MAX_RECEIPTS);
  });

  it("refuses a file for another firm's row, whatever the owner kind", async () => {
    const theirs = await connectDevice(f.t, f.other);
    const petition = await f.petition({ case_no: 'OWN-1' });
    const item = (
      await f.call('POST', '/api/petitions_index', f.admin, {
        petition_id: petition,
        document_description: 'Plaint',
      })
    ).json<{ petition_index: { id: string } }>().petition_index.id;
    const put = (values: Record<string, unknown>) => ({
      name: 'put',
      args: {
        entity: 'attachments',
        id: newId(),
        values: { ...values, ...fileValues(PNG_1PX, 'x.png', 'image/png') },
      },
    });
    const res = await theirs.push([
      put({ owner_type: 'Payment', owner_id: paymentId, invoice_id: invoiceId }),
      put({ owner_type: 'GeneralCaseLaw', owner_id: pageId }),
      put({ owner_type: 'PetitionIndex', owner_id: item, petition_id: petition }),
    ]);
    expect(res.results.map((r) => [r.status, r.message])).toEqual([
      ['rejected', MSG_PAYMENT_MISSING],
      ['rejected', MSG_PAGE_OWNER_INVALID],
      ['rejected', MSG_OWNER_INVALID],
    ]);
    // Over REST: another firm's page is not found, with a message.
    const body = multipart(
      { attachmentable_type: 'App\\Models\\GeneralCaseLaw', attachmentable_id: pageId },
      [{ filename: 'x.png', type: 'image/png', data: PNG_1PX }],
    );
    const rest = await f.t.app.inject({
      method: 'POST',
      url: '/api/attachments',
      headers: { ...f.other, ...body.headers },
      payload: body.payload,
    });
    expect(rest.statusCode).toBe(404);
    expect(rest.json()).toHaveProperty('message');
    // A receipt naming another invoice than its payment's (whose readers would then read it).
    const stray = await admin.push([
      put({ owner_type: 'Payment', owner_id: paymentId, invoice_id: newId() }),
    ]);
    expect(stray.results[0]).toMatchObject({ status: 'rejected', message: MSG_PAYMENT_MISSING });
    // A page's file may not claim a case file (its readers would be the case file's).
    const claimed = await admin.push([
      put({ owner_type: 'GeneralCaseLaw', owner_id: pageId, petition_id: petition }),
    ]);
    expect(claimed.results[0]).toMatchObject({ status: 'rejected', message: MSG_PAGE_OWNER_INVALID });
  });

  // Last: PostgreSQL's prepared statements of this process were made for the tables as they were.
  it('migrates: library_files and payment_receipts rows become attachments, with their ids, for every device', async () => {
    await uploadBytes(f.admin, PNG_1PX, 'old.png');
    const db = f.t.app.db as unknown as Kysely<any>;
    const companyId = (
      await db
        .selectFrom('invoices')
        .select('company_id')
        .where('id', '=', invoiceId)
        .executeTakeFirstOrThrow()
    ).company_id as string;
    // A device that synced before the upgrade (while this server's statements fit the tables as they are).
    const device = await connectDevice(f.t, f.admin);
    // The database as it was before: the two old tables, each with a row an older server wrote.
    await down(db);
    const now = new Date().toISOString();
    const sync = {
      company_id: companyId,
      created_at: now,
      updated_at: now,
      version: 1,
      deleted_at: null,
      field_versions: '{}',
      field_writers: '{}',
      updated_by: null,
    };
    const fileId = newId();
    const receiptId = newId();
    const goneId = newId();
    await db
      .insertInto('library_files')
      .values(
        [
          { ...sync, id: fileId, owner_type: 'GeneralCaseLaw', owner_id: pageId, display_order: 1 },
          {
            ...sync,
            id: goneId,
            owner_type: 'GeneralCaseLaw',
            owner_id: pageId,
            deleted_at: now,
            display_order: 2,
          },
        ].map((r) => ({
          ...fileValues(PNG_1PX, r.id === goneId ? 'gone.png' : 'old page file.png', 'image/png'),
          ...r,
        })),
      )
      .execute();
    await db
      .insertInto('payment_receipts')
      .values({
        ...sync,
        id: receiptId,
        invoice_id: invoiceId,
        owner_type: 'Payment',
        payment_id: paymentId,
        ...fileValues(PNG_1PX, 'old slip.png', 'image/png'),
        display_order: 1,
      })
      .execute();
    await up(db);

    const pulled = await device.pull();
    expect(pulled.get(`attachments/${fileId}`)).toMatchObject({
      owner_type: 'GeneralCaseLaw',
      owner_id: pageId,
      petition_id: null,
      invoice_id: null,
      file_name: 'old page file.png',
    });
    expect(pulled.get(`attachments/${receiptId}`)).toMatchObject({
      owner_type: 'Payment',
      owner_id: paymentId,
      invoice_id: invoiceId,
      file_name: 'old slip.png',
      size: PNG_1PX.length,
    });
    expect(pulled.has(`attachments/${goneId}`)).toBe(false);
    // The calls of the old shape read them from the one model.
    expect(await pageFiles()).toEqual(['old page file.png']);
    const moved = (await payment()).attachments.filter((a) => a.id === receiptId);
    expect(moved.map((a) => a.file_name)).toEqual(['old slip.png']);
    const served = await f.t.app.inject({ method: 'GET', url: moved[0]!.url, headers: f.client });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG_1PX)).toBe(true);
    // One truth: the old tables are gone.
    await expect(db.selectFrom('library_files').selectAll().execute()).rejects.toThrow();
    await expect(db.selectFrom('payment_receipts').selectAll().execute()).rejects.toThrow();
  });
});
