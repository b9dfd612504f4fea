import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROLE_IDS, type TRoleName } from '@lawfirm/shared-types';
import { MSG_CURRENT_PASSWORD_REQUIRED, MSG_CURRENT_PASSWORD_WRONG } from '../src/users/users.mutators.ts';
import { adminBearer, createTestApp, describeEachDb, insertUser, type TestApp } from './helper.ts';

describeEachDb('password changes end other sessions', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  /** A PWA sign-in (access token and refresh cookie) and an original-client sign-in (legacy token). */
  async function twoDevices(email: string, password: string) {
    const pwa = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    expect(pwa.statusCode).toBe(200);
    const legacy = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
    expect(legacy.statusCode).toBe(200);
    return {
      phone: { authorization: `Bearer ${pwa.json<{ access_token: string }>().access_token}` },
      phoneCookie: pwa.cookies.find((c) => c.name === 'lf_rt')!.value,
      desk: { authorization: `Bearer ${legacy.json<{ token: string }>().token}` },
    };
  }
  const me = (headers: { authorization: string }) =>
    t.app.inject({ method: 'GET', url: '/api/user', headers }).then((r) => r.statusCode);
  const refresh = (cookie: string) =>
    t.app
      .inject({ method: 'POST', url: '/api/auth/refresh', cookies: { lf_rt: cookie } })
      .then((r) => r.statusCode);
  const loginStatus = (email: string, password: string) =>
    t.app
      .inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } })
      .then((r) => r.statusCode);
  /** The user form's save of `user` (of role `role`), with `extra` fields. */
  const save = (
    headers: { authorization: string },
    user: { id: string; email: string; role: TRoleName },
    extra: object,
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers,
      payload: {
        id: user.id,
        name: 'Changed Name',
        email: user.email,
        role_id: ROLE_IDS[user.role],
        ...extra,
      },
    });

  it('an own change needs the current password, and says so when it is missing or wrong', async () => {
    const user = { ...(await insertUser(t, { role: 'LAWYER' })), role: 'LAWYER' as const };
    const { phone, desk } = await twoDevices(user.email, user.password);
    const change = { password: 'new passphrase 1', confirm_password: 'new passphrase 1' };

    const missing = await save(phone, user, change);
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({
      message: MSG_CURRENT_PASSWORD_REQUIRED,
      validation_error: { current_password: [MSG_CURRENT_PASSWORD_REQUIRED] },
    });
    const wrong = await save(phone, user, { ...change, current_password: 'not my password' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({
      message: MSG_CURRENT_PASSWORD_WRONG,
      validation_error: { current_password: [MSG_CURRENT_PASSWORD_WRONG] },
    });
    // Nothing changed: the old password works, both devices are still signed in.
    expect(await loginStatus(user.email, user.password)).toBe(200);
    expect(await loginStatus(user.email, change.password)).toBe(401);
    expect(await me(phone)).toBe(200);
    expect(await me(desk)).toBe(200);
    // A profile edit without a password needs no current password.
    expect((await save(desk, user, {})).statusCode).toBe(200);
  });

  it('an own change signs out every other device; the device that made it stays signed in', async () => {
    const user = { ...(await insertUser(t, { role: 'PARALEGAL' })), role: 'PARALEGAL' as const };
    const { phone, phoneCookie, desk } = await twoDevices(user.email, user.password);
    const other = await twoDevices(user.email, user.password);

    const done = await save(phone, user, {
      password: 'new passphrase 2',
      confirm_password: 'new passphrase 2',
      current_password: user.password,
    });
    expect(done.statusCode, done.body).toBe(200);

    expect(await me(phone)).toBe(200);
    expect(await refresh(phoneCookie)).toBe(200);
    expect(await me(desk)).toBe(401);
    expect(await me(other.phone)).toBe(401);
    expect(await me(other.desk)).toBe(401);
    expect(await refresh(other.phoneCookie)).toBe(401);
    expect(await loginStatus(user.email, user.password)).toBe(401);
    expect(await loginStatus(user.email, 'new passphrase 2')).toBe(200);
    const notice = await t.app.db
      .selectFrom('mail_outbox')
      .select('body_text')
      .where('to_address', '=', user.email)
      .where('subject', '=', 'Your password has been changed')
      .execute();
    expect(notice).toHaveLength(1);
  });

  it("an admin's change of another user's password signs out all of that user's devices", async () => {
    const user = { ...(await insertUser(t, { role: 'CLIENT' })), role: 'CLIENT' as const };
    const { phone, phoneCookie, desk } = await twoDevices(user.email, user.password);
    const admin = await adminBearer(t);

    const done = await save(admin, user, {
      password: 'set by admin 3',
      confirm_password: 'set by admin 3',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(await me(phone)).toBe(401);
    expect(await me(desk)).toBe(401);
    expect(await refresh(phoneCookie)).toBe(401);
    expect(await me(admin)).toBe(200);
    expect(await loginStatus(user.email, 'set by admin 3')).toBe(200);
  });

  it('an admin changing their own password needs the current one too', async () => {
    const admin = { ...(await insertUser(t, { role: 'ADMIN' })), role: 'ADMIN' as const };
    const { phone, desk } = await twoDevices(admin.email, admin.password);
    const change = { password: 'admin passphrase 4', confirm_password: 'admin passphrase 4' };
    const missing = await save(phone, admin, change);
    expect(missing.json().message).toBe(MSG_CURRENT_PASSWORD_REQUIRED);
    const done = await save(phone, admin, { ...change, current_password: admin.password });
    expect(done.statusCode).toBe(200);
    expect(await me(phone)).toBe(200);
    expect(await me(desk)).toBe(401);
  });
});
