import { afterAll, beforeAll, expect, it } from 'vitest';
import { MSG, MSG_RECEIPT_TYPES } from '@lawfirm/shared-types';
import { MSG_LOGO_TYPES } from '../src/settings/site-logo.ts';
import { caseFirm, multipart, PDF_SMALL, PNG_1PX, type Auth, type CaseFirm } from './case-files-helpers.ts';
import { connectDevice } from './device.ts';
import { bearerFor, describeEachDb, insertUser } from './helper.ts';

type TFile = { filename: string; type: string; data: Buffer };
type TAttachment = {
  id: string;
  attachmentable_type: string;
  file_name: string;
  mime_type: string;
  url: string;
};

/**
 * rest-contract 33's Payment and Setting owners (part 3 §7: "a file upload widget posts attachments with a type of
 * Payment or Setting"), next_invoice_num on GET /api/users/{id} (103).
 */
describeEachDb('payment receipts and the site logo over POST /api/attachments', (kind) => {
  let f: CaseFirm;
  let paymentId: string;
  let invoiceId: string;
  beforeAll(async () => {
    f = await caseFirm(kind);
    const saved = await f.call('POST', '/api/invoices', f.admin, {
      invoiceable_id: f.clientId,
      amount: '500',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    invoiceId = saved.json<{ invoice: { id: string } }>().invoice.id;
    const paid = await f.call('POST', '/api/invoice/mark_as_paid', f.admin, {
      invoiceable_id: invoiceId,
      invoiceable_type: 'App\\Models\\Invoice',
      payments: [{ paid_date: '20/11/2026', paid_amount: '200.00', notes: 'Cash' }],
    });
    expect(paid.statusCode, paid.body).toBe(200);
    paymentId = paid.json<{ invoice: { invoice_payments: { id: string }[] } }>().invoice.invoice_payments[0]!
      .id;
  });
  afterAll(() => f.t.close());

  const upload = (auth: Auth, type: string, id: string, files: TFile[]) => {
    const body = multipart({ attachmentable_id: id, attachmentable_type: type, petition_id: '' }, files);
    return f.t.app.inject({
      method: 'POST',
      url: '/api/attachments',
      headers: { ...auth, ...body.headers },
      payload: body.payload,
    });
  };
  const png = (name = 'receipt.png'): TFile => ({ filename: name, type: 'image/png', data: PNG_1PX });

  const receiptsOf = async (auth: Auth) =>
    (await f.call('GET', `/api/invoices/${invoiceId}`, auth)).json<{
      invoice: {
        invoice_payments: {
          id: string;
          attachment: { file_name: string } | null;
          attachments: { file_name: string; url: string }[];
        }[];
      };
    }>().invoice.invoice_payments[0]!;

  it('adds several receipts to a payment, as the invoice and every device read them, served to its readers', async () => {
    const res = await upload(f.admin, 'App\\Models\\Payment', paymentId, [
      png('Bank slip #1.png'),
      { filename: 'receipt.pdf', type: 'application/pdf', data: PDF_SMALL },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ message: string; attachments: TAttachment[] }>();
    expect(body.message).toBe('Files Uploaded Successfully!');
    expect(body.attachments).toEqual([
      expect.objectContaining({
        attachmentable_type: 'App\\Models\\Payment',
        file_name: 'Bank slip _1.png',
        mime_type: 'image/png',
        url: `/storage/attachments/Invoice/Payment/${paymentId}/Bank%20slip%20_1.png`,
      }),
      expect.objectContaining({
        file_name: 'receipt.pdf',
        mime_type: 'application/pdf',
        url: `/storage/attachments/Invoice/Payment/${paymentId}/receipt.pdf`,
      }),
    ]);
    // A later upload adds to them; a second file of the same name gets its own name (and URL).
    const again = await upload(f.admin, 'Payment', paymentId, [png('Bank slip #1.png')]);
    expect(again.statusCode, again.body).toBe(200);
    const third = again.json<{ attachments: TAttachment[] }>().attachments[0]!;
    expect(third.file_name).toBe('Bank slip _1 (2).png');
    const payment = await receiptsOf(f.admin);
    expect(payment.attachment).toMatchObject({ file_name: 'Bank slip _1.png' });
    expect(payment.attachments.map((a) => a.file_name)).toEqual([
      'Bank slip _1.png',
      'receipt.pdf',
      'Bank slip _1 (2).png',
    ]);
    // The device of the invoice's client pulls the receipts of the payment.
    const device = await connectDevice(f.t, f.client);
    expect(
      device
        // Receipts are files of their payment in the one attachment model (migration 0022).
        .rowsOf('attachments')
        .filter((r) => r.owner_type === 'Payment' && r.owner_id === paymentId)
        .map((r) => r.file_name)
        .sort(),
    ).toEqual(['Bank slip _1 (2).png', 'Bank slip _1.png', 'receipt.pdf']);

    for (const url of [body.attachments[0]!.url, body.attachments[1]!.url, third.url])
      for (const reader of [f.admin, f.lawyer, f.client]) {
        const served = await f.t.app.inject({ method: 'GET', url, headers: reader });
        expect(served.statusCode, url).toBe(200);
        expect(served.rawPayload.equals(url.endsWith('.pdf') ? PDF_SMALL : PNG_1PX)).toBe(true);
      }
    const url = body.attachments[0]!.url;
    const c2 = await insertUser(f.t, { role: 'CLIENT' });
    for (const stranger of [f.other, await bearerFor(f.t, c2.email, c2.password)])
      expect((await f.t.app.inject({ method: 'GET', url, headers: stranger })).statusCode).toBe(404);
    expect((await f.t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('refuses what a receipt may not be, and anyone but an admin of the payment’s firm', async () => {
    const before = (await receiptsOf(f.admin)).attachments.length;
    const docx = Buffer.from('PK\x03\x04not really a docx');
    const word = await upload(f.admin, 'Payment', paymentId, [
      { filename: 'r.doc', type: 'application/msword', data: docx },
    ]);
    expect(word.statusCode).toBe(422);
    // One file that is not a receipt refuses the whole upload: nothing of it is kept.
    const xml = await upload(f.admin, 'Payment', paymentId, [
      png('fine.png'),
      { filename: 'r.xml', type: 'application/xml', data: Buffer.from('<?xml version="1.0"?><r>1</r>') },
    ]);
    expect(xml.statusCode).toBe(422);
    expect(xml.json().validation_error).toEqual({ files: [MSG_RECEIPT_TYPES] });
    const none = await upload(f.admin, 'Payment', paymentId, []);
    expect(none.statusCode).toBe(422);
    expect(none.json().validation_error).toEqual({ files: ['Select a File Before Uploading.'] });
    expect((await receiptsOf(f.admin)).attachments).toHaveLength(before);

    for (const someone of [f.lawyer, f.student, f.client]) {
      const refused = await upload(someone, 'Payment', paymentId, [png()]);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: MSG.forbidden });
    }
    const otherFirm = await upload(f.other, 'Payment', paymentId, [png()]);
    expect(otherFirm.statusCode).toBe(404);
    const unknown = await upload(f.admin, 'Payment', 'no-such-payment', [png()]);
    expect(unknown.statusCode).toBe(404);
    expect((await receiptsOf(f.admin)).attachments).toHaveLength(before);
  });

  it('sets the firm’s site logo, a server-made name every device pulls, shown to visitors of the firm', async () => {
    const res = await upload(f.admin, 'App\\Models\\Setting', '1', [png('My Logo.png')]);
    expect(res.statusCode, res.body).toBe(200);
    const [logo] = res.json<{ attachments: TAttachment[] }>().attachments;
    expect(logo!.file_name).toMatch(/^site-logo-[0-9a-f]{16}\.png$/);
    expect(logo!.url).toBe(`/storage/attachments/settings/1/${logo!.file_name}`);
    const settings = (await f.call('GET', '/api/settings', f.admin)).json<{
      setting: { site_file_name: string };
    }>();
    expect(settings.setting.site_file_name).toBe(logo!.file_name);
    const device = await connectDevice(f.t, f.lawyer);
    await device.pull();
    expect([...device.rows.values()].find((r) => 'site_file_name' in r)).toMatchObject({
      site_file_name: logo!.file_name,
    });
    // Public, like the About page that shows it (the host names the provider firm here).
    const served = await f.t.app.inject({ method: 'GET', url: logo!.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG_1PX)).toBe(true);
    expect(served.headers['content-type']).toBe('image/png');
    const stale = await f.t.app.inject({ method: 'GET', url: '/storage/attachments/settings/1/old.png' });
    expect(stale.statusCode).toBe(404);
    // Another firm's admin sets their own firm's logo, never this one's.
    const theirs = await upload(f.other, 'Setting', '1', [png('theirs.png')]);
    expect(theirs.statusCode, theirs.body).toBe(200);
    const still = (await f.call('GET', '/api/settings', f.admin)).json<{
      setting: { site_file_name: string };
    }>();
    expect(still.setting.site_file_name).toBe(logo!.file_name);
  });

  it('refuses a logo that is not an image, and anyone but an admin', async () => {
    const pdf = await upload(f.admin, 'Setting', '1', [
      { filename: 'logo.pdf', type: 'application/pdf', data: PDF_SMALL },
    ]);
    expect(pdf.statusCode).toBe(422);
    expect(pdf.json().validation_error).toEqual({ files: [MSG_LOGO_TYPES] });
    const lawyer = await upload(f.lawyer, 'Setting', '1', [png()]);
    expect(lawyer.statusCode).toBe(403);
    const student = await upload(f.student, 'Setting', '1', [png()]);
    expect(student.statusCode).toBe(403);
    const wrongId = await upload(f.admin, 'Setting', 'another-firms-settings', [png()]);
    expect(wrongId.statusCode).toBe(404);
  });

  it('gives the firm’s next invoice number on GET /api/users/{id} to staff, not to a client', async () => {
    const before = await f.call('GET', `/api/users/${f.clientId}`, f.admin);
    expect(before.statusCode).toBe(200);
    const next = before.json<{ user: { next_invoice_num: number } }>().user.next_invoice_num;
    const saved = await f.call('POST', '/api/invoices', f.admin, { invoiceable_id: f.clientId, amount: '1' });
    expect(saved.json<{ invoice: { invoice_no: number } }>().invoice.invoice_no).toBe(next);
    const after = await f.call('GET', `/api/users/${f.clientId}`, f.admin);
    expect(after.json<{ user: { next_invoice_num: number } }>().user.next_invoice_num).toBe(next + 1);
    const own = await f.call('GET', `/api/users/${f.clientId}`, f.client);
    expect(own.statusCode).toBe(200);
    expect(own.json<{ user: { next_invoice_num: number | null } }>().user.next_invoice_num).toBeNull();
  });
});
