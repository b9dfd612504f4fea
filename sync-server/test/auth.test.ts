import { afterAll, beforeAll, expect, it } from 'vitest';
import { MSG } from '@lawfirm/shared-types';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  createTestApp,
  describeEachDb,
  insertUser,
  type TestApp,
} from './helper.ts';

describeEachDb('login and sessions', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('the documented login takes form fields and answers a token that GET /api/user accepts', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `email=${encodeURIComponent(ADMIN_EMAIL)}&password=${encodeURIComponent(ADMIN_PASSWORD)}`,
    });
    expect(res.statusCode).toBe(200);
    const { token } = res.json<{ token: string }>();
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);
    // The original client's token: to it the provider firm is company 1 (users/original-client.ts).
    expect(me.json()).toMatchObject({
      email: ADMIN_EMAIL,
      is_admin: true,
      is_approved: true,
      is_provider: true,
      company_id: '1',
    });
    expect(me.body).not.toContain('password_hash');
  });

  it('refuses a wrong password, an unapproved and a blocked account with clear messages', async () => {
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: ADMIN_EMAIL, password: 'nope-nope' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: MSG.wrongCredentials });

    const pending = await insertUser(t, { role: 'ASSOCIATE', approved: false });
    const r1 = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: pending.email, password: pending.password },
    });
    expect(r1.statusCode).toBe(403);
    expect(r1.json().message).toBe(MSG.notApproved);

    const blocked = await insertUser(t, { role: 'LAWYER', approved: false });
    await t.app.db
      .updateTable('users')
      .set({ blocked_at: new Date().toISOString() })
      .where('id', '=', blocked.id)
      .execute();
    const r2 = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: blocked.email, password: blocked.password },
    });
    expect(r2.json().message).toBe(MSG.blocked);
  });

  it('answers the spec messages for missing fields and never a 500 for junk', async () => {
    const r = await t.app.inject({ method: 'POST', url: '/api/login', payload: {} });
    expect(r.statusCode).toBe(422);
    expect(r.json().validation_error).toMatchObject({
      email: [MSG.loginEmailRequired],
      password: [MSG.loginPasswordRequired],
    });
    const junk = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(junk.statusCode).toBe(400);
    expect(junk.json()).toEqual({ message: 'The request body is not valid JSON.' });
  });

  it('rejects tampered, wrong-type and "Bearer null" tokens', async () => {
    for (const authorization of ['Bearer null', 'Bearer abc.def.ghi', 'Basic x']) {
      const r = await t.app.inject({ method: 'GET', url: '/api/user', headers: { authorization } });
      expect(r.statusCode).toBe(401);
      expect(r.json()).toEqual({ message: MSG.unauthenticated });
    }
  });

  it('rotates refresh tokens; a stale one revokes the family after the grace window', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    const first = login.cookies.find((c) => c.name === 'lf_rt')!;
    expect(first.httpOnly).toBe(true);
    const r1 = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { lf_rt: first.value },
    });
    expect(r1.statusCode).toBe(200);
    const second = r1.cookies.find((c) => c.name === 'lf_rt')!;
    expect(second.value).not.toBe(first.value);
    // Within the grace window the old token still works once more (a lost response on a bad network).
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { lf_rt: first.value },
    });
    expect(again.statusCode).toBe(200);
    // Past the grace window a reused token is theft: the whole family ends.
    await t.app.db
      .updateTable('sessions')
      .set({ rotated_at: new Date(Date.now() - 120_000).toISOString() })
      .where('rotated_at', 'is not', null)
      .execute();
    const stolen = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { lf_rt: first.value },
    });
    expect(stolen.statusCode).toBe(401);
    const afterTheft = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { lf_rt: second.value },
    });
    expect(afterTheft.statusCode).toBe(401);
  });

  it('logout ends the session at the next request', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    const headers = { authorization: `Bearer ${login.json().access_token}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers })).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers });
    expect(out.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers })).statusCode).toBe(401);
  });
});
