import { afterAll, beforeAll, expect, it } from 'vitest';
import { INVOICE_PDF_SOURCE, MSG } from '@lawfirm/shared-types';
import { readPdf } from '@lawfirm/shared-types/pdf/testing/read-pdf.ts';
import { newId } from '../src/db/ids.ts';
import { caseFirm, type Auth, type CaseFirm } from './case-files-helpers.ts';
import { connectDevice } from './device.ts';
import { describeEachDb } from './helper.ts';
import { header, startSmtpSink, type SmtpSink } from './smtp-sink.ts';

type TAttachment = {
  id: string;
  file_name: string | null;
  mime_type: string | null;
  size: number | null;
  url: string | null;
};
type TOutboxMail = {
  id: string;
  to_address: string;
  subject: string;
  status: string;
  attachments: TAttachment[];
};

/** An invoice with Send email ticked: the saved invoice's PDF travels with the mail (part 3 §2.4, issue 15 item 5). */
const saveSent = async (f: CaseFirm, admin: Auth, extra: object = {}) => {
  const res = await f.call('POST', '/api/invoices', admin, {
    invoiceable_id: f.clientId,
    amount: '1000.05',
    apply_tax: true,
    tax_percentage: 10,
    invoice_expenses: [{ expense: 'Court fee', amount: '250.50' }],
    sendEmail: true,
    invoice_status_id: 2,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ invoice: { id: string; invoice_no: number; total_amount: string } }>().invoice;
};

describeEachDb('invoice mails carry the invoice PDF (no SMTP: stored)', (kind) => {
  let f: CaseFirm;
  beforeAll(async () => {
    f = await caseFirm(kind);
  });
  afterAll(() => f.t.close());

  const outbox = async (auth: Auth) => {
    const res = await f.call('GET', '/api/mail_outbox', auth);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ mails: { data: TOutboxMail[] } }>().mails.data;
  };

  it('stores the mail with the PDF, which the admin reads back; no other firm or role gets it', async () => {
    const invoice = await saveSent(f, f.admin, { contact_person_emails: ['accounts@client.pk'] });
    await f.t.app.mailer.flush();
    const mails = (await outbox(f.admin)).filter((m) =>
      m.subject.startsWith(`Invoice #${invoice.invoice_no} `),
    );
    expect(mails).toHaveLength(2);
    for (const m of mails) {
      expect(m.status).toBe('stored');
      expect(m.attachments).toHaveLength(1);
      expect(m.attachments[0]).toMatchObject({ mime_type: 'application/pdf' });
      expect(m.attachments[0]!.file_name).toMatch(/\.pdf$/);
      expect(m.attachments[0]!.size).toBeGreaterThan(1000);
    }
    const file = await f.call('GET', `/api/mail_outbox/attachments/${mails[0]!.attachments[0]!.id}`, f.admin);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^attachment;/);
    const pdf = await readPdf(new Uint8Array(file.rawPayload));
    const text = pdf.text.join(' ');
    expect(text).toContain(f.clientName);
    // §5: 1,000.05 + 250.50 expenses − 10% tax of 1,000.05 (100.01).
    expect(invoice.total_amount).toBe('1150.54');
    expect(text).toContain('Rs. 1,150.54');

    // The list's signed link downloads it with no bearer token (an <a download> in the outbox screen).
    const url = new URL(mails[0]!.attachments[0]!.url!);
    const signed = await f.call('GET', url.pathname + url.search);
    expect(signed.statusCode).toBe(200);
    expect(signed.rawPayload.equals(file.rawPayload)).toBe(true);
    const forged = await f.call('GET', `${url.pathname}?sig=${encodeURIComponent('x.y.1.z')}`);
    expect(forged.statusCode).toBe(401);

    const id = mails[0]!.attachments[0]!.id;
    const otherFirm = await f.call('GET', `/api/mail_outbox/attachments/${id}`, f.other);
    expect(otherFirm.statusCode).toBe(404);
    const lawyer = await f.call('GET', `/api/mail_outbox/attachments/${id}`, f.lawyer);
    expect(lawyer.statusCode).toBe(403);
    expect(lawyer.json()).toEqual({ message: MSG.forbidden });
  });

  it('a device’s push that sends an invoice queues the mail with its PDF, made after the push commits', async () => {
    const device = await connectDevice(f.t, f.admin);
    const id = newId();
    const pushed = await device.push([
      {
        name: 'put',
        args: {
          entity: 'invoices',
          id,
          values: {
            client_id: f.clientId,
            client_name: f.clientName,
            amount: 200_000,
            contact_person_emails: ['device@client.pk'],
            send_email: true,
          },
        },
      },
    ]);
    expect(pushed.results[0]!.status).toBe('applied');
    await f.t.app.mailer.flush();
    const [mail] = await f.t.app.db
      .selectFrom('mail_outbox as m')
      .innerJoin('mail_attachments as a', 'a.mail_id', 'm.id')
      .select(['m.status', 'a.file_name', 'a.mime_type', 'a.sha256', 'a.id'])
      .where('a.source_ref', '=', id)
      .execute();
    expect(mail).toMatchObject({ status: 'stored', mime_type: 'application/pdf' });
    expect(mail!.sha256).toMatch(/^[0-9a-f]{64}$/);
    const file = await f.call('GET', `/api/mail_outbox/attachments/${mail!.id}`, f.admin);
    const text = (await readPdf(new Uint8Array(file.rawPayload))).text.join(' ');
    expect(text).toContain('Rs. 2,000.00');
  });

  it('a mail whose invoice is gone before its PDF is made records why, and is never sent half made', async () => {
    const gone = newId();
    const id = await f.t.app.mailer.enqueue({
      companyId: f.t.providerId,
      to: 'client@x.pk',
      subject: 'Deleted invoice',
      text: 'x',
      attachments: [{ source: INVOICE_PDF_SOURCE, ref: gone }],
    });
    await f.t.app.mailer.flush();
    const mail = await f.t.app.db
      .selectFrom('mail_outbox as m')
      .innerJoin('mail_attachments as a', 'a.mail_id', 'm.id')
      .select(['m.status', 'm.last_error', 'm.attempts', 'a.sha256'])
      .where('m.id', '=', id)
      .executeTakeFirstOrThrow();
    expect(mail).toEqual({
      status: 'stored',
      sha256: null,
      attempts: 1,
      last_error: 'The attachment could not be made: The invoice was deleted before its mail was sent.',
    });
  });
});

describeEachDb('invoice mails over SMTP', (kind) => {
  let sink: SmtpSink;
  let f: CaseFirm;
  beforeAll(async () => {
    sink = await startSmtpSink();
    f = await caseFirm(kind, { smtpUrl: sink.url, mailFrom: 'Test Firm <no-reply@test.firm>' });
  });
  afterAll(async () => {
    await f.t.close();
    await sink.close();
  });

  it('sends the mail with the invoice PDF attached, which reads back with the client and the total', async () => {
    const invoice = await saveSent(f, f.admin);
    await f.t.app.mailer.flush();
    const sent = sink.messages.filter((m) =>
      header(m.raw, 'Subject')?.startsWith(`Invoice #${invoice.invoice_no} `),
    );
    expect(sent).toHaveLength(1);
    const raw = sent[0]!.raw;
    expect(header(raw, 'Content-Type')).toMatch(/^multipart\/mixed/);
    const part = /Content-Type: application\/pdf[^\r]*\r\n((?:[^\r\n]+\r\n)*)\r\n([A-Za-z0-9+/=\r\n]+)/.exec(
      raw,
    );
    expect(part, raw.slice(0, 2000)).not.toBeNull();
    expect(part![1]).toMatch(/Content-Disposition: attachment; filename=.*\.pdf/);
    const bytes = new Uint8Array(Buffer.from(part![2]!.replace(/\s+/g, ''), 'base64'));
    const text = (await readPdf(bytes)).text.join(' ');
    expect(text).toContain(f.clientName);
    expect(text).toContain('Rs. 1,150.54');
    const row = await f.t.app.db
      .selectFrom('mail_outbox')
      .select(['status', 'attempts'])
      .where('subject', 'like', `Invoice #${invoice.invoice_no} %`)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'sent', attempts: 1 });
  });
});
