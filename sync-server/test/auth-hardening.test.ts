import { statSync } from 'node:fs';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIENCE, ISSUER } from '../src/auth/tokens.ts';
import { adminBearer, createTestApp, describeEachDb, type TestApp } from './helper.ts';

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
