import { afterAll, beforeAll, expect, it } from 'vitest';
import { MSG } from '@lawfirm/shared-types';
import {
  ADMIN_EMAIL,
  adminBearer,
  bearerFor,
  createFirm,
  createTestApp,
  describeEachDb,
  insertUser,
  type TestApp,
} from './helper.ts';
import { header, startSmtpSink, textBody, type SmtpSink } from './smtp-sink.ts';

type OutboxMail = {
  id: string;
  to_address: string;
  subject: string;
  body_text: string;
  status: string;
  attempts: number;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
};
type OutboxPage = {
  mails: {
    data: OutboxMail[];
    current_page: number;
    from: number | null;
    to: number | null;
    total: number;
    per_page: number;
    last_page: number;
  };
};

const readOutbox = async (t: TestApp, auth: { authorization: string }, query = '') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/mail_outbox${query}`, headers: auth });
  expect(res.statusCode).toBe(200);
  return res.json<OutboxPage>().mails;
};

describeEachDb('mail outbox for admins', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('is for admins only', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/mail_outbox' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: MSG.unauthenticated });
    const lawyer = await insertUser(t, { role: 'LAWYER' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/mail_outbox',
      headers: await bearerFor(t, lawyer.email, lawyer.password),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: MSG.forbidden });
  });

  it('shows each firm only its own mails, stored (not sent) when no SMTP is configured', async () => {
    const otherFirm = await createFirm(t, 'Other Firm');
    const otherAdmin = await insertUser(t, { role: 'ADMIN', companyId: otherFirm });
    await t.app.mailer.enqueue({
      companyId: t.providerId,
      to: 'a@x.pk',
      subject: 'Provider mail',
      text: 'p',
    });
    await t.app.mailer.enqueue({ companyId: otherFirm, to: 'b@x.pk', subject: 'Other firm mail', text: 'o' });
    await t.app.mailer.flush();

    const mine = await readOutbox(t, await adminBearer(t));
    expect(mine.data.map((m) => m.subject)).toContain('Provider mail');
    expect(mine.data.map((m) => m.subject)).not.toContain('Other firm mail');
    const provider = mine.data.find((m) => m.subject === 'Provider mail')!;
    expect(provider).toMatchObject({
      to_address: 'a@x.pk',
      body_text: 'p',
      status: 'stored',
      attempts: 0,
      last_error: null,
      sent_at: null,
    });

    const theirs = await readOutbox(t, await bearerFor(t, otherAdmin.email, otherAdmin.password));
    expect(theirs.data.map((m) => m.subject)).toEqual(['Other firm mail']);
  });

  it('pages 20 at a time, newest first, in the Laravel paginator shape', async () => {
    const firm = await createFirm(t, 'Busy Firm');
    const admin = await insertUser(t, { role: 'ADMIN', companyId: firm });
    for (let i = 1; i <= 25; i++)
      await t.app.mailer.enqueue({ companyId: firm, to: `c${i}@x.pk`, subject: `Mail ${i}`, text: '' });
    const auth = await bearerFor(t, admin.email, admin.password);

    const first = await readOutbox(t, auth);
    expect(first).toMatchObject({ current_page: 1, from: 1, to: 20, total: 25, per_page: 20, last_page: 2 });
    expect(first.data.map((m) => m.subject)).toEqual(Array.from({ length: 20 }, (_, i) => `Mail ${25 - i}`));
    const second = await readOutbox(t, auth, '?page=2');
    expect(second).toMatchObject({ current_page: 2, from: 21, to: 25, total: 25, last_page: 2 });
    expect(second.data.map((m) => m.subject)).toEqual(['Mail 5', 'Mail 4', 'Mail 3', 'Mail 2', 'Mail 1']);
    const beyond = await readOutbox(t, auth, '?page=3');
    expect(beyond).toMatchObject({ current_page: 3, from: null, to: null, total: 25, data: [] });
    const junk = await readOutbox(t, auth, '?page=abc');
    expect(junk.current_page).toBe(1);
  });
});

describeEachDb('mailer over SMTP', (kind) => {
  let sink: SmtpSink;
  let t: TestApp;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp(kind, { smtpUrl: sink.url, mailFrom: 'Test Firm <no-reply@test.firm>' });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('sends a queued mail through the SMTP server and marks it sent', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/password.email',
      payload: { email: ADMIN_EMAIL },
    });
    expect(res.statusCode).toBe(200);
    await t.app.mailer.flush();

    const delivered = sink.messages.filter((m) => m.to.includes(ADMIN_EMAIL));
    expect(delivered).toHaveLength(1);
    const raw = delivered[0]!.raw;
    expect(delivered[0]!.from).toBe('no-reply@test.firm');
    expect(header(raw, 'Subject')).toBe('Reset your password');
    expect(textBody(raw)).toMatch(/\/reset-password\?token=[\w-]+&email=admin%40test\.firm/);

    const outbox = await readOutbox(t, await adminBearer(t));
    const row = outbox.data.find((m) => m.subject === 'Reset your password')!;
    expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
    expect(row.sent_at).not.toBeNull();
  });
});

describeEachDb('mailer when the SMTP server refuses', (kind) => {
  let sink: SmtpSink;
  let t: TestApp;
  beforeAll(async () => {
    sink = await startSmtpSink({ rejectRecipients: true });
    t = await createTestApp(kind, { smtpUrl: sink.url });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('keeps the mail queued with the error, and gives up after five attempts', async () => {
    const id = await t.app.mailer.enqueue({
      companyId: t.providerId,
      to: 'nobody@x.pk',
      subject: 'Will bounce',
      text: 'x',
    });
    const row = () =>
      t.app.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    await t.app.mailer.flush();
    const afterFirst = await row();
    expect(afterFirst.status).toBe('queued');
    expect(afterFirst.attempts).toBeGreaterThanOrEqual(1);
    expect(afterFirst.last_error).toMatch(/550/);
    for (let i = 0; i < 10 && (await row()).attempts < 5; i++) await t.app.mailer.flush();
    expect(await row()).toMatchObject({ status: 'failed', attempts: 5 });
    await t.app.mailer.flush();
    expect((await row()).attempts).toBe(5);
    expect(sink.messages).toHaveLength(0);
  });
});
