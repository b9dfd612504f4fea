import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROLE_IDS } from '@lawfirm/shared-types';
import {
  ADMIN_EMAIL,
  adminBearer,
  bearerFor,
  createTestApp,
  describeEachDb,
  insertUser,
  solvedCaptcha,
  type TestApp,
} from './helper.ts';
import { header, startSmtpSink, textBody, type SmtpSink } from './smtp-sink.ts';

const EVIL = { host: 'evil.example' };
let seq = 0;
const uniqueEmail = (prefix: string) => `${prefix}-${++seq}-${Date.now()}@example.pk`;

/** With PUBLIC_URL unset (as after a plain `npm start`), links use the server's own local address. */
describeEachDb('links in mails without PUBLIC_URL', (kind) => {
  let sink: SmtpSink;
  let t: TestApp;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp(kind, { smtpUrl: sink.url, publicUrl: null, port: 3999 });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  /** What was delivered to `to` (after every deferred and queued mail went out): subject and decoded text. */
  const delivered = async (to: string) => {
    await t.app.mailer.flush();
    return sink.messages
      .filter((m) => m.to.includes(to))
      .map((m) => ({ subject: header(m.raw, 'Subject'), text: textBody(m.raw) }));
  };
  const linksIn = (text: string) => [...text.matchAll(/https?:\/\/\S+/g)].map((m) => new URL(m[0]));
  const storedMails = () => t.app.db.selectFrom('mail_outbox').select(['to_address', 'body_text']).execute();

  it('a reset request sent with Host: evil.example mails a link on the server’s own address', async () => {
    const user = await insertUser(t, { role: 'LAWYER' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/password.email',
      headers: EVIL,
      payload: { email: user.email },
    });
    expect(res.statusCode).toBe(200);
    const [mail] = await delivered(user.email);
    expect(mail?.subject).toBe('Reset your password');
    const links = linksIn(mail!.text);
    expect(links.map((l) => `${l.origin}${l.pathname}`)).toEqual(['http://localhost:3999/reset-password']);
    expect(mail!.text).not.toContain('evil.example');
    expect((await storedMails()).some((m) => m.body_text.includes('evil.example'))).toBe(false);
  });

  it('a sign-up sent with Host: evil.example mails no link on that host, to the person or the admins', async () => {
    const email = uniqueEmail('signup');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      headers: EVIL,
      payload: {
        recaptcha_token: await solvedCaptcha(t, EVIL),
        name: 'Ayesha Khan',
        email,
        phone: '0300-1234567',
        password: 'correct horse battery',
        confirm_password: 'correct horse battery',
        role_name: 'PARTNER',
      },
    });
    expect(res.statusCode).toBe(200);
    const toAdmin = (await delivered(ADMIN_EMAIL)).find((m) => m.text.includes(email));
    expect(toAdmin?.subject).toBe('New sign-up waiting for approval');
    expect(linksIn(toAdmin!.text).map((l) => l.href)).toEqual(['http://localhost:3999/users']);
    const toUser = await delivered(email);
    expect(toUser).toHaveLength(1);
    expect(linksIn(toUser[0]!.text).map((l) => l.origin)).toEqual(['http://localhost:3999']);
    for (const m of sink.messages) expect(textBody(m.raw)).not.toContain('evil.example');
  });

  it('the welcome mail carries a set-password link, never the password; the outbox keeps it hidden', async () => {
    const admin = await adminBearer(t);
    const email = uniqueEmail('welcome');
    const password = 'chosen by admin 1';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { ...admin, ...EVIL },
      payload: {
        name: 'Welcome Person',
        email,
        password,
        confirm_password: password,
        role_id: ROLE_IDS.LAWYER,
        send_email: true,
        is_approved: true,
        contact_persons: [],
      },
    });
    expect(res.statusCode).toBe(200);

    const [mail] = await delivered(email);
    expect(mail?.subject).toBe('Your login details');
    expect(mail!.text).not.toContain(password);
    const link = linksIn(mail!.text).find((l) => l.pathname === '/reset-password')!;
    expect(link.origin).toBe('http://localhost:3999');
    expect(link.searchParams.get('email')).toBe(email);
    expect(link.searchParams.get('welcome')).toBe('1');
    const token = link.searchParams.get('token')!;
    expect(token.length).toBeGreaterThanOrEqual(32);

    // Neither the stored mail nor the admin's outbox holds the password or the live token.
    const stored = (await storedMails()).filter((m) => m.to_address === email);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.body_text).not.toContain(password);
    expect(stored[0]!.body_text).not.toContain(token);
    expect(stored[0]!.body_text).toContain('/reset-password?token=[hidden]');
    const outbox = await t.app.inject({ method: 'GET', url: '/api/mail_outbox', headers: admin });
    expect(outbox.body).not.toContain(token);
    expect(outbox.body).not.toContain(password);

    // The link sets the person's own password, once.
    const body = { token, email, password: 'my own passphrase', password_confirmation: 'my own passphrase' };
    const set = await t.app.inject({ method: 'POST', url: '/api/password/reset', payload: body });
    expect(set.statusCode).toBe(200);
    await expect(bearerFor(t, email, 'my own passphrase')).resolves.toHaveProperty('authorization');
    const again = await t.app.inject({ method: 'POST', url: '/api/password/reset', payload: body });
    expect(again.statusCode).toBe(422);
  });

  it('an outbox mail still waiting to be sent shows its link hidden to the admin', async () => {
    const id = await t.app.db.transaction().execute((trx) =>
      t.app.mailer.enqueue(
        {
          companyId: t.providerId,
          to: 'waiting@example.pk',
          subject: 'Reset your password',
          text: 'Open http://localhost:3999/reset-password?token=live-secret-token&email=waiting%40example.pk',
        },
        trx,
      ),
    );
    // Enqueued in a transaction and not woken: it waits in the queue with its live link for the sender.
    const row = await t.app.db
      .selectFrom('mail_outbox')
      .select(['status', 'body_text'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('queued');
    expect(row.body_text).toContain('live-secret-token');
    const outbox = await t.app.inject({
      method: 'GET',
      url: '/api/mail_outbox',
      headers: await adminBearer(t),
    });
    const shown = outbox
      .json<{ mails: { data: { id: string; body_text: string }[] } }>()
      .mails.data.find((m) => m.id === id);
    expect(shown?.body_text).toBe(
      'Open http://localhost:3999/reset-password?token=[hidden]&email=waiting%40example.pk',
    );
    await t.app.mailer.flush();
    const sent = await t.app.db
      .selectFrom('mail_outbox')
      .select(['status', 'body_text'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(sent.status).toBe('sent');
    expect(sent.body_text).not.toContain('live-secret-token');
  });
});

describeEachDb('mails kept without SMTP', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { publicUrl: 'https://app.firm.test' });
  });
  afterAll(() => t.close());

  it('a reset mail that is never sent keeps no live link, and both kinds of email answer alike', async () => {
    const user = await insertUser(t, { role: 'PARTNER' });
    const known = await t.app.inject({
      method: 'POST',
      url: '/password.email',
      payload: { email: user.email },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/password.email',
      payload: { email: 'nobody-at-all@example.pk' },
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    await t.app.mailer.flush();
    const mails = await t.app.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'status', 'body_text'])
      .where('subject', '=', 'Reset your password')
      .execute();
    expect(mails.map((m) => m.to_address)).toEqual([user.email]);
    expect(mails[0]!.status).toBe('stored');
    expect(mails[0]!.body_text).toMatch(/https:\/\/app\.firm\.test\/reset-password\?token=\[hidden\]&email=/);
  });
});
