import { afterAll, beforeAll, expect, it } from 'vitest';
import { MSG, ROLE_IDS } from '@lawfirm/shared-types';
import {
  ADMIN_EMAIL,
  adminBearer,
  bearerFor,
  createFirm,
  createTestApp,
  describeEachDb,
  insertUser,
  solvedCaptcha,
  type TestApp,
} from './helper.ts';
import { connectDevice } from './device.ts';

type OutboxMail = { to_address: string; subject: string; body_text: string; status: string };

let seq = 0;
const uniqueEmail = (prefix: string) => `${prefix}-${++seq}-${Date.now()}@example.pk`;

/** The body the original sign-up page sends (rest-contract #5): no moot flag at all. */
const validBody = (over: Record<string, unknown> = {}) => ({
  name: 'Ayesha Khan',
  email: uniqueEmail('ayesha'),
  phone: '0300-1234567',
  password: 'correct horse battery',
  confirm_password: 'correct horse battery',
  role_name: 'PARTNER',
  ...over,
});

describeEachDb('sign-up', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const signup = async (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/signup',
      headers,
      payload: { recaptcha_token: await solvedCaptcha(t), ...body },
    });

  const outbox = async (authorization: { authorization: string }) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/mail_outbox', headers: authorization });
    expect(res.statusCode).toBe(200);
    return res.json<{ mails: { data: OutboxMail[] } }>().mails.data;
  };

  it('creates an unapproved account in the provider firm, which cannot log in yet, and mails both sides', async () => {
    const body = validBody();
    const res = await signup(body);
    expect(res.statusCode).toBe(200);
    const { message, user_id } = res.json<{ message: string; user_id: string }>();
    expect(message).toBe('Thank you for signing up!');

    const row = await t.app.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user_id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      email: body.email,
      company_id: t.providerId,
      role_id: ROLE_IDS.PARTNER,
      phone: '0300-1234567',
      is_approved: 0,
      is_moot_student: 0,
    });
    expect(row.password_hash).toMatch(/^scrypt\$/);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: body.email, password: body.password },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual({ message: MSG.notApproved });

    const mails = await outbox(await adminBearer(t));
    const toUser = mails.find((m) => m.to_address === body.email);
    expect(toUser?.subject).toBe('Thank you for signing up!');
    expect(toUser?.body_text).toContain(body.email);
    expect(toUser?.body_text).toContain('as soon as an admin approves your account');
    // The password chosen is never mailed back in clear text.
    expect(toUser?.body_text).not.toContain(body.password);
    expect(toUser?.status).toBe('stored');
    const toAdmin = mails.find((m) => m.to_address === ADMIN_EMAIL && m.body_text.includes(body.email));
    expect(toAdmin?.subject).toBe('New sign-up waiting for approval');
    expect(toAdmin?.body_text).toContain('Ayesha Khan');
  });

  it('a new sign-up reaches the admins’ devices as a pending account, without its password', async () => {
    const device = await connectDevice(t, await adminBearer(t));
    const body = validBody({ name: 'Device Visible' });
    const id = (await signup(body)).json<{ user_id: string }>().user_id;
    const row = (await device.pull()).get(`users/${id}`);
    expect(row).toMatchObject({
      name: 'Device Visible',
      email: body.email,
      role_id: ROLE_IDS.PARTNER,
      is_approved: false,
      is_moot_student: false,
    });
    expect(row!.version).toBeGreaterThan(0);
    expect(JSON.stringify(row)).not.toContain('scrypt');
  });

  it('a moot student becomes an Associate student with team and institute, whatever role was sent', async () => {
    const body = validBody({
      role_name: 'CLIENT',
      mootStudent: true,
      moot_team_no: 'MT-17',
      moot_institute: 'Punjab Law College',
    });
    const res = await signup(body);
    expect(res.statusCode).toBe(200);
    const id = res.json<{ user_id: string }>().user_id;
    // Approve directly, then look at the account the way the client does.
    await t.app.db.updateTable('users').set({ is_approved: 1 }).where('id', '=', id).execute();
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: await bearerFor(t, body.email, body.password),
    });
    expect(me.json()).toMatchObject({
      roles: [{ id: ROLE_IDS.ASSOCIATE, name: 'Associate' }],
      is_moot_student: true,
      is_student: true,
      is_lawyer: false,
      moot_team_no: 'MT-17',
      moot_institute: 'Punjab Law College',
    });
  });

  it('signs up into the firm whose domain is the request host, and tells that firm’s admin only', async () => {
    // Stored as an admin might type it; the request carries the bare host name.
    const firmId = await createFirm(t, 'Rahman & Co', 'https://Rahman-Law.example.pk/');
    const firmAdmin = await insertUser(t, { role: 'ADMIN', companyId: firmId });
    const body = validBody();
    const res = await signup(body, { host: 'rahman-law.example.pk' });
    expect(res.statusCode).toBe(200);
    const row = await t.app.db
      .selectFrom('users')
      .select(['company_id', 'is_approved'])
      .where('id', '=', res.json<{ user_id: string }>().user_id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ company_id: firmId, is_approved: 0 });

    const firmMails = await outbox(await bearerFor(t, firmAdmin.email, firmAdmin.password));
    const notice = firmMails.find((m) => m.to_address === firmAdmin.email);
    expect(notice?.body_text).toContain(body.email);
    // Links in the mails point at the firm's own site.
    expect(notice?.body_text).toContain('http://rahman-law.example.pk/users');
    const providerMails = await outbox(await adminBearer(t));
    expect(providerMails.some((m) => m.body_text.includes(body.email))).toBe(false);
  });

  it('an unknown or junk host signs up into the provider firm', async () => {
    for (const host of ['somewhere-else.example.com', 'rahman%_\\']) {
      const res = await signup(validBody(), { host });
      expect(res.statusCode).toBe(200);
      const row = await t.app.db
        .selectFrom('users')
        .select('company_id')
        .where('id', '=', res.json<{ user_id: string }>().user_id)
        .executeTakeFirstOrThrow();
      expect(row.company_id).toBe(t.providerId);
    }
  });

  it.each([
    ['name', { name: '  ' }, MSG.nameRequired],
    ['email', { email: '' }, MSG.emailRequired],
    ['email', { email: 'not-an-email' }, MSG.emailInvalid],
    ['password', { password: '', confirm_password: '' }, MSG.passwordRequired],
    ['password', { password: 'short', confirm_password: 'short' }, MSG.passwordTooShort],
    [
      'confirm_password',
      { confirm_password: 'something else' },
      'Password and Confirm Password should be same.',
    ],
    ['role_name', { role_name: undefined }, 'Status field is required.'],
    // Nobody makes themselves an admin through the public form.
    ['role_name', { role_name: 'ADMIN' }, 'Status field is required.'],
    ['moot_team_no', { mootStudent: true, moot_team_no: '' }, 'Team field is required.'],
    [
      'moot_institute',
      { mootStudent: true, moot_team_no: 'MT-1', moot_institute: 'x'.repeat(21) },
      'Validation failed.',
    ],
  ])('refuses a bad %s with the spec message (%j)', async (field, change, text) => {
    const body = validBody(change);
    const res = await signup(body);
    expect(res.statusCode).toBe(422);
    const json = res.json<{ message: string; validation_error: Record<string, string[]> }>();
    expect(json.validation_error[field]?.[0]).toBe(text);
    expect(json.message).toBe(text);
    const created = await t.app.db
      .selectFrom('users')
      .select('id')
      .where('name', '=', body.name)
      .where('email', '=', String(body.email).toLowerCase())
      .executeTakeFirst();
    expect(created).toBeUndefined();
  });

  it('lists every message of an empty form at once', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/signup', payload: {} });
    expect(res.statusCode).toBe(422);
    expect(res.json().validation_error).toMatchObject({
      name: [MSG.nameRequired],
      email: [MSG.emailRequired],
      password: [MSG.passwordRequired],
      role_name: ['Status field is required.'],
    });
  });

  it('requires a bot-check token', async () => {
    for (const recaptcha_token of [undefined, '', '   ']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/signup',
        payload: { ...validBody(), recaptcha_token },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        message: 'Recaptcha token is required.',
        validation_error: { recaptcha_token: ['Recaptcha token is required.'] },
      });
    }
  });

  it('refuses an email that already has an account, in any letter case', async () => {
    const res = await signup(validBody({ email: ADMIN_EMAIL.toUpperCase() }));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: MSG.emailTaken, validation_error: { email: [MSG.emailTaken] } });
    const again = await signup(validBody({ email: 'first@example.pk' }));
    expect(again.statusCode).toBe(200);
    const twice = await signup(validBody({ email: 'First@Example.pk' }));
    expect(twice.json().validation_error.email[0]).toBe(MSG.emailTaken);
    const rows = await t.app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'first@example.pk')
      .execute();
    expect(rows).toHaveLength(1);
  });
});

describeEachDb('sign-up rate limit', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      rateLimit: { loginPerMinute: 1000, signupPerMinute: 2, resetPerMinute: 1000 },
    });
  });
  afterAll(() => t.close());

  it('answers 429 with a message once an address has signed up too often, creating nothing', async () => {
    const send = async (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/signup',
        payload: validBody({ email, recaptcha_token: await solvedCaptcha(t) }),
      });
    expect((await send(uniqueEmail('rl'))).statusCode).toBe(200);
    expect((await send(uniqueEmail('rl'))).statusCode).toBe(200);
    const third = uniqueEmail('rl');
    const res = await send(third);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: MSG.tooManyRequests });
    const row = await t.app.db.selectFrom('users').select('id').where('email', '=', third).executeTakeFirst();
    expect(row).toBeUndefined();
    // Other calls of the same address are not affected.
    expect((await t.app.inject({ method: 'GET', url: '/api/captcha/challenge' })).statusCode).toBe(200);
  });
});
