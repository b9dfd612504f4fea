import { afterAll, beforeAll, expect, it } from 'vitest';
import { MSG } from '@lawfirm/shared-types';
import { bearerFor, createFirm, createTestApp, describeEachDb, insertUser, type TestApp } from './helper.ts';
import { header, startSmtpSink, textBody, type SmtpSink } from './smtp-sink.ts';

const PUBLIC_URL = 'https://app.elawfirm.test';
const OK = { message: 'Link send successfully, Check Email.' };

/** The form the original ForgotPassword page sends: FormData without files, so multipart/form-data. */
function multipartEmail(email: string) {
  const boundary = '----lfBoundary7MA4YWxkTrZu0gW';
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: `--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\n${email}\r\n--${boundary}--\r\n`,
  };
}

describeEachDb('password reset', (kind) => {
  // Links are read from the mails as delivered: the outbox keeps them only with their tokens hidden.
  let sink: SmtpSink;
  let t: TestApp;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp(kind, { publicUrl: PUBLIC_URL, smtpUrl: sink.url });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const mailsTo = (email: string) =>
    t.app.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', email)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  /** The reset links delivered to `email`, oldest first, once the requests' mails have gone out. */
  const resetLinks = async (email: string) => {
    await t.app.mailer.flush();
    return sink.messages
      .filter((m) => m.to.includes(email) && header(m.raw, 'Subject') === 'Reset your password')
      .map((m) => new URL(/https?:\/\/\S+/.exec(textBody(m.raw))![0]));
  };
  const requestLink = (email: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/password.email', headers, payload: { email } });
  const reset = (body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/password/reset', payload: body });

  it('mails a single-use link; the reset signs out every session and the new password works', async () => {
    const user = await insertUser(t, { role: 'LAWYER' });
    const oldSession = await bearerFor(t, user.email, user.password);

    const { headers, payload } = multipartEmail(user.email.toUpperCase());
    const res = await t.app.inject({ method: 'POST', url: '/password.email', headers, payload });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(OK);

    const links = await resetLinks(user.email);
    expect(links).toHaveLength(1);
    const link = links[0]!;
    expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/reset-password`);
    expect(link.searchParams.get('email')).toBe(user.email);
    const token = link.searchParams.get('token')!;
    expect(token.length).toBeGreaterThanOrEqual(32);
    // Only a hash of the token is kept.
    const stored = await t.app.db
      .selectFrom('password_resets')
      .select('token_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).not.toContain(token);
    // The sent mail is kept with its token hidden.
    const kept = (await mailsTo(user.email)).find((m) => m.subject === 'Reset your password')!;
    expect(kept.body_text).not.toContain(token);
    expect(kept.body_text).toContain('/reset-password?token=[hidden]&email=');

    const done = await reset({
      token,
      email: user.email,
      password: 'a brand new passphrase',
      password_confirmation: 'a brand new passphrase',
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: 'Your password has been reset.' });

    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: oldSession });
    expect(me.statusCode).toBe(401);
    const oldLogin = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: user.password },
    });
    expect(oldLogin.statusCode).toBe(401);
    await expect(bearerFor(t, user.email, 'a brand new passphrase')).resolves.toHaveProperty('authorization');

    const again = await reset({
      token,
      email: user.email,
      password: 'yet another passphrase',
      password_confirmation: 'yet another passphrase',
    });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({
      message: MSG.resetTokenInvalid,
      validation_error: { token: [MSG.resetTokenInvalid] },
    });
    await expect(bearerFor(t, user.email, 'a brand new passphrase')).resolves.toHaveProperty('authorization');
    const notice = (await mailsTo(user.email)).find((m) => m.subject === 'Your password has been changed');
    expect(notice).toBeDefined();
  });

  it('answers the same for unknown and unapproved emails, and mails nobody', async () => {
    const pending = await insertUser(t, { role: 'CLIENT', approved: false });
    const before = await t.app.db.selectFrom('mail_outbox').select('id').execute();
    for (const email of ['nobody-here@example.pk', pending.email]) {
      const res = await requestLink(email);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(OK);
    }
    await t.app.mailer.flush();
    const after = await t.app.db.selectFrom('mail_outbox').select('id').execute();
    expect(after).toHaveLength(before.length);
  });

  it('urlencoded forms work too, and a missing or malformed email gets the spec messages', async () => {
    const user = await insertUser(t, { role: 'ADMIN' });
    const form = await t.app.inject({
      method: 'POST',
      url: '/password.email',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `email=${encodeURIComponent(user.email)}`,
    });
    expect(form.statusCode).toBe(200);
    expect(await resetLinks(user.email)).toHaveLength(1);

    const missing = await t.app.inject({ method: 'POST', url: '/password.email', ...multipartEmail('') });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({
      message: 'Email is Required.',
      validation_error: { email: ['Email is Required.'] },
    });
    const none = await t.app.inject({ method: 'POST', url: '/password.email', payload: {} });
    expect(none.json().message).toBe('Email is Required.');
    const bad = await requestLink('not-an-email');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe(MSG.emailInvalid);
  });

  it('sends at most one link a minute; a newer link replaces the older one', async () => {
    const user = await insertUser(t, { role: 'LAWYER' });
    await requestLink(user.email);
    await requestLink(user.email);
    const [first] = await resetLinks(user.email);
    expect(await resetLinks(user.email)).toHaveLength(1);

    // A minute later the form sends a fresh link, and the first one stops working.
    await t.app.db
      .updateTable('password_resets')
      .set({ created_at: new Date(Date.now() - 61_000).toISOString() })
      .where('user_id', '=', user.id)
      .execute();
    await requestLink(user.email);
    const links = await resetLinks(user.email);
    expect(links).toHaveLength(2);
    const body = (token: string | null) => ({
      token,
      email: user.email,
      password: 'replaced passphrase',
      password_confirmation: 'replaced passphrase',
    });
    const old = await reset(body(first!.searchParams.get('token')));
    expect(old.json().message).toBe(MSG.resetTokenInvalid);
    const fresh = await reset(body(links[1]!.searchParams.get('token')));
    expect(fresh.statusCode).toBe(200);
  });

  it('refuses an expired link, a link for another email, and bad new passwords without spending the link', async () => {
    const user = await insertUser(t, { role: 'PARTNER' });
    const other = await insertUser(t, { role: 'PARTNER' });
    await requestLink(user.email);
    const token = (await resetLinks(user.email))[0]!.searchParams.get('token');

    const mismatch = await reset({
      token,
      email: user.email,
      password: 'first passphrase',
      password_confirmation: 'second passphrase',
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().validation_error.password_confirmation).toEqual([
      'Password and Confirm Password should be same.',
    ]);
    const short = await reset({
      token,
      email: user.email,
      password: 'short',
      password_confirmation: 'short',
    });
    expect(short.json().validation_error.password).toEqual([MSG.passwordTooShort]);
    const missing = await reset({
      email: user.email,
      password: 'long enough',
      password_confirmation: 'long enough',
    });
    expect(missing.json().validation_error.token).toEqual([MSG.resetTokenInvalid]);

    const wrongUser = await reset({
      token,
      email: other.email,
      password: 'long enough 1',
      password_confirmation: 'long enough 1',
    });
    expect(wrongUser.statusCode).toBe(422);
    expect(wrongUser.json().message).toBe(MSG.resetTokenInvalid);
    await expect(bearerFor(t, other.email, other.password)).resolves.toHaveProperty('authorization');

    await t.app.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', user.id)
      .execute();
    const expired = await reset({
      token,
      email: user.email,
      password: 'long enough 2',
      password_confirmation: 'long enough 2',
    });
    expect(expired.statusCode).toBe(422);
    expect(expired.json().message).toBe(MSG.resetTokenInvalid);
    await expect(bearerFor(t, user.email, user.password)).resolves.toHaveProperty('authorization');
  });

  it('a forged Host header does not move the link off the configured site; a firm’s own domain keeps it', async () => {
    const victim = await insertUser(t, { role: 'LAWYER' });
    await requestLink(victim.email, { host: 'evil.example.com' });
    expect((await resetLinks(victim.email))[0]!.origin).toBe(PUBLIC_URL);

    const firm = await createFirm(t, 'Domain Firm', 'domain-firm.example.pk');
    const member = await insertUser(t, { role: 'LAWYER', companyId: firm });
    await requestLink(member.email, { host: 'domain-firm.example.pk' });
    expect((await resetLinks(member.email))[0]!.origin).toBe('http://domain-firm.example.pk');
  });
});

describeEachDb('password reset rate limit', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      rateLimit: { loginPerMinute: 1000, signupPerMinute: 1000, resetPerMinute: 2 },
    });
  });
  afterAll(() => t.close());

  it('answers 429 with a message after too many requests from one address', async () => {
    for (let i = 0; i < 2; i++) {
      const ok = await t.app.inject({
        method: 'POST',
        url: '/password.email',
        payload: { email: `x${i}@x.pk` },
      });
      expect(ok.statusCode).toBe(200);
    }
    const limited = await t.app.inject({
      method: 'POST',
      url: '/password.email',
      payload: { email: 'y@x.pk' },
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: MSG.tooManyRequests });
  });
});
