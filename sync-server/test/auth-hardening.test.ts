import { createHmac, hkdfSync } from 'node:crypto';
import { statSync } from 'node:fs';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, solveChallenge } from '@lawfirm/shared-types';
import { createChallenge } from '../src/auth/captcha.ts';
import { AUDIENCE, ISSUER } from '../src/auth/tokens.ts';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  adminBearer,
  createTestApp,
  describeEachDb,
  type TestApp,
} from './helper.ts';

const THIRTY_YEARS_SEC = 30 * 365 * 86_400;
const nowSec = () => Math.floor(Date.now() / 1000);

describeEachDb('token claims', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('refuses a correctly signed token without an expiry', async () => {
    const { authorization } = await adminBearer(t);
    const claims = decodeJwt(authorization.slice('Bearer '.length));
    const sign = (withExp: boolean) => {
      const jwt = new SignJWT({ cid: claims.cid, sid: claims.sid, typ: 'access' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub!)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt();
      return (withExp ? jwt.setExpirationTime('5m') : jwt).sign(t.config.jwtSecret);
    };
    const me = async (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${token}` } });
    // The same claims with an expiry are accepted, so only the missing expiry refuses the other.
    expect((await me(await sign(true))).statusCode).toBe(200);
    const forever = await me(await sign(false));
    expect(forever.statusCode).toBe(401);
    expect(typeof forever.json().message).toBe('string');
  });
});

/**
 * A token signed with the server's own secret lives no longer than its kind's configured lifetime, counted from
 * when it was issued, whatever its `exp` says: someone who once got a signing (a leaked secret since rotated, a
 * bug, a test key) cannot mint a 30-year pass, and the server alone decides how long a sign-in lasts.
 */
describeEachDb('token lifetimes are the server’s, not the token’s', (kind) => {
  let t: TestApp;
  let admin: { sub: string; cid: string; sid: string };
  beforeAll(async () => {
    t = await createTestApp(kind);
    const c = decodeJwt((await adminBearer(t)).authorization.slice('Bearer '.length));
    admin = { sub: c.sub!, cid: String(c.cid), sid: String(c.sid) };
  });
  afterAll(() => t.close());

  /** A token signed with the server's secret: `iat` (seconds, or none) and `exp` as given. */
  const forge = (
    claims: { sub: string; cid: string; sid: string; typ: string },
    times: { iat: number | null; exp: number },
  ) => {
    const jwt = new SignJWT({ cid: claims.cid, sid: claims.sid, typ: claims.typ })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setExpirationTime(times.exp);
    return (times.iat === null ? jwt : jwt.setIssuedAt(times.iat)).sign(t.config.jwtSecret);
  };
  const me = async (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${token}` } });

  it('an access token issued past its lifetime is refused though its exp is 30 years ahead', async () => {
    const claims = { ...admin, typ: 'access' };
    const ttl = t.config.accessTokenTtlSec;
    // Within its lifetime the same construction is accepted: only the age refuses the other.
    const fresh = await me(
      await forge(claims, { iat: nowSec() - ttl + 60, exp: nowSec() + THIRTY_YEARS_SEC }),
    );
    expect(fresh.statusCode).toBe(200);
    const old = await me(await forge(claims, { iat: nowSec() - ttl - 60, exp: nowSec() + THIRTY_YEARS_SEC }));
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual({ message: MSG.unauthenticated });
  });

  it('a token without iat, or issued in the future, is refused', async () => {
    const claims = { ...admin, typ: 'access' };
    expect((await me(await forge(claims, { iat: null, exp: nowSec() + 300 }))).statusCode).toBe(401);
    const future = nowSec() + THIRTY_YEARS_SEC;
    expect((await me(await forge(claims, { iat: future, exp: future + 300 }))).statusCode).toBe(401);
  });

  it('the original client’s working-day token is capped at its lifetime too', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    const c = decodeJwt(login.json<{ token: string }>().token);
    const claims = { sub: c.sub!, cid: String(c.cid), sid: String(c.sid), typ: 'legacy' };
    const ttl = t.config.legacyTokenTtlSec;
    expect(
      (await me(await forge(claims, { iat: nowSec() - 60, exp: nowSec() + THIRTY_YEARS_SEC }))).statusCode,
    ).toBe(200);
    // Its session is still open (it was opened a moment ago): the token's own age refuses it.
    const old = await me(await forge(claims, { iat: nowSec() - ttl - 60, exp: nowSec() + THIRTY_YEARS_SEC }));
    expect(old.statusCode).toBe(401);
  });

  it('a PDF download link signed to expire in 30 years is refused', async () => {
    const path = '/api/pdf/pending-cases';
    const key = Buffer.from(
      hkdfSync('sha256', t.config.jwtSecret, 'lawfirm-pdf-url', 'pdf url signature v1', 32),
    );
    const link = (exp: number) => {
      const mac = createHmac('sha256', key)
        .update(`${path}\n${admin.cid}\n${admin.sub}\n${exp}`)
        .digest('base64url');
      return `${path}?sig=${encodeURIComponent(`${admin.sub}.${admin.cid}.${exp}.${mac}`)}`;
    };
    // A link of the usual ten minutes opens; the same link made to last 30 years does not.
    const usual = await t.app.inject({ method: 'GET', url: link(nowSec() + 600) });
    expect(usual.statusCode, usual.body).toBe(200);
    expect(usual.headers['content-type']).toBe('application/pdf');
    const forever = await t.app.inject({ method: 'GET', url: link(nowSec() + THIRTY_YEARS_SEC) });
    expect(forever.statusCode).toBe(401);
    expect(forever.json()).toEqual({ message: 'This download link is not valid or has expired.' });
  });

  it('a sign-up puzzle signed to expire in 30 years is refused', async () => {
    const signup = (recaptcha_token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/signup',
        payload: {
          name: 'Far Future',
          email: `future-${Date.now()}@example.pk`,
          phone: '0300-1234567',
          password: 'a-long-password',
          confirm_password: 'a-long-password',
          role_name: 'CLIENT',
          recaptcha_token,
        },
      });
    const far = await signup(
      await solveChallenge(createChallenge(t.config, Date.now() + THIRTY_YEARS_SEC * 1000)),
    );
    expect(far.statusCode).toBe(422);
    expect(far.json().message).toBe(MSG.recaptchaInvalid);
    expect((await signup(await solveChallenge(createChallenge(t.config)))).statusCode).toBe(200);
  });
});

describe('SQLite database files', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('are readable and writable by the server’s user only', async () => {
    // A write, so the write-ahead log and its index exist.
    await adminBearer(t);
    const file = t.config.databaseUrl;
    for (const f of [file, `${file}-wal`, `${file}-shm`])
      expect((statSync(f).mode & 0o777).toString(8), f).toBe('600');
  });
});
