import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  MSG,
  solveChallenge,
  type TCaptchaChallenge,
  type TPowChallenge,
  type TPowSolution,
} from '@lawfirm/shared-types';
import { createChallenge } from '../src/auth/captcha.ts';
import { createTestApp, describeEachDb, solvedCaptcha, type TestApp } from './helper.ts';

const decode = (token: string) => JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as TPowSolution;
const encode = (s: TPowSolution) => Buffer.from(JSON.stringify(s)).toString('base64');

let seq = 0;
const signupBody = (recaptcha_token: string | undefined) => ({
  name: 'Bot Check',
  email: `captcha-${++seq}-${Date.now()}@example.pk`,
  password: 'a-long-password',
  confirm_password: 'a-long-password',
  role_name: 'CLIENT',
  recaptcha_token,
});

describeEachDb('sign-up bot check (proof of work)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const signup = (token: string | undefined) =>
    t.app.inject({ method: 'POST', url: '/api/signup', payload: signupBody(token) });

  it('hands out a signed, expiring, never-cached puzzle', async () => {
    const before = Math.floor(Date.now() / 1000);
    const res = await t.app.inject({ method: 'GET', url: '/api/captcha/challenge' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const ch = res.json<TPowChallenge>();
    expect(ch).toMatchObject({
      provider: 'pow',
      algorithm: 'SHA-256',
      maxnumber: t.config.captcha.maxNumber,
    });
    expect(ch.challenge).toMatch(/^[0-9a-f]{64}$/);
    expect(ch.signature).toMatch(/^[0-9a-f]{64}$/);
    const expires = Number(/^[0-9a-f]+\?expires=(\d+)$/.exec(ch.salt)?.[1]);
    expect(expires).toBeGreaterThanOrEqual(before + t.config.captcha.ttlSec);
    expect(expires).toBeLessThanOrEqual(before + t.config.captcha.ttlSec + 5);
    const other = (
      await t.app.inject({ method: 'GET', url: '/api/captcha/challenge' })
    ).json<TPowChallenge>();
    expect(other.salt).not.toBe(ch.salt);
  });

  it('the shared solver finds the number whose hash is the challenge', async () => {
    const s = decode(await solvedCaptcha(t));
    expect(s.number).toBeGreaterThanOrEqual(0);
    expect(s.number).toBeLessThanOrEqual(t.config.captcha.maxNumber);
    expect(
      createHash('sha256')
        .update(s.salt + String(s.number))
        .digest('hex'),
    ).toBe(s.challenge);
  });

  it('a solved puzzle lets a sign-up through once; the same token again is refused', async () => {
    const token = await solvedCaptcha(t);
    const first = await signup(token);
    expect(first.statusCode).toBe(200);
    const replay = await signup(token);
    expect(replay.statusCode).toBe(422);
    expect(replay.json()).toMatchObject({
      message: MSG.recaptchaInvalid,
      validation_error: { recaptcha_token: [MSG.recaptchaInvalid] },
    });
  });

  it('refuses a puzzle that expired before it was sent', async () => {
    const elevenMinutesAgo = Date.now() - 11 * 60_000;
    const stale = await solveChallenge(createChallenge(t.config, elevenMinutesAgo));
    const res = await signup(stale);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(MSG.recaptchaInvalid);
    // The same construction made now is accepted, so it was the age that counted.
    expect((await signup(await solveChallenge(createChallenge(t.config)))).statusCode).toBe(200);
  });

  it('refuses a wrong number, an edited expiry, a foreign signature and junk, never with a 500', async () => {
    const good = decode(await solvedCaptcha(t));
    const wrongNumber = encode({ ...good, number: good.number + 1 });
    const laterExpiry = encode({
      ...good,
      salt: good.salt.replace(/expires=\d+/, `expires=${Math.floor(Date.now() / 1000) + 86_400 * 365}`),
    });
    const foreign = encode({
      ...good,
      signature: createHash('sha256').update('not the server key').digest('hex'),
    });
    for (const token of [wrongNumber, laterExpiry, foreign, 'not-base64-json', encode({} as TPowSolution)]) {
      const res = await signup(token);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(MSG.recaptchaInvalid);
    }
    // None of those spent the genuine solution.
    expect((await signup(encode(good))).statusCode).toBe(200);
  });

  it('a puzzle signed with another server secret is refused', async () => {
    const otherServer = { ...t.config, jwtSecret: new TextEncoder().encode('another-installation-secret') };
    const res = await signup(await solveChallenge(createChallenge(otherServer)));
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(MSG.recaptchaInvalid);
  });

  it('forgets spent puzzles once they have expired', async () => {
    await t.app.db
      .insertInto('captcha_spent')
      .values({ signature: 'f'.repeat(64), expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect((await signup(await solvedCaptcha(t))).statusCode).toBe(200);
    const left = await t.app.db.selectFrom('captcha_spent').select(['signature', 'expires_at']).execute();
    expect(left.map((r) => r.signature)).not.toContain('f'.repeat(64));
    expect(left.every((r) => r.expires_at > new Date().toISOString())).toBe(true);
  });
});

describeEachDb('sign-up bot check (reCAPTCHA configured)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      captcha: { recaptchaSiteKey: 'site-key-1', recaptchaSecret: 'secret-1', maxNumber: 2000, ttlSec: 600 },
    });
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** Google cannot be reached from the tests; this stands in for its siteverify answer and records the ask. */
  const google = (answer: Record<string, unknown>) =>
    vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(
        new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } }),
      );

  it('answers the site key instead of a puzzle', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/captcha/challenge' });
    expect(res.json<TCaptchaChallenge>()).toEqual({ provider: 'recaptcha', site_key: 'site-key-1' });
  });

  it('asks Google with the secret and the token, and creates the account only when Google agrees', async () => {
    const fetchSpy = google({ success: true, action: 'signup', score: 0.9 });
    const ok = await t.app.inject({ method: 'POST', url: '/api/signup', payload: signupBody('g-token-1') });
    expect(ok.statusCode).toBe(200);
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe('https://www.google.com/recaptcha/api/siteverify');
    expect(init?.method).toBe('POST');
    // The server sends the form as a string (URLSearchParams.toString()).
    const sent = new URLSearchParams(init?.body as string);
    expect(sent.get('secret')).toBe('secret-1');
    expect(sent.get('response')).toBe('g-token-1');
  });

  it('refuses what Google refuses, a token for another action, a low score, and an unreachable Google', async () => {
    const answers = [
      { success: false },
      { success: true, action: 'login', score: 0.9 },
      { success: true, action: 'signup', score: 0.1 },
    ];
    for (const answer of answers) {
      google(answer);
      const res = await t.app.inject({ method: 'POST', url: '/api/signup', payload: signupBody('g-token') });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(MSG.recaptchaInvalid);
      vi.restoreAllMocks();
    }
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('fetch failed'));
    const down = await t.app.inject({ method: 'POST', url: '/api/signup', payload: signupBody('g-token') });
    expect(down.statusCode).toBe(422);
    expect(down.json().message).toBe(MSG.recaptchaInvalid);
  });
});

describe('solveChallenge', () => {
  it('gives up on a challenge no number up to maxnumber fits', async () => {
    const ch = createChallenge({
      jwtSecret: new TextEncoder().encode('x'),
      captcha: { recaptchaSecret: null, recaptchaSiteKey: null, maxNumber: 50, ttlSec: 60 },
    });
    await expect(solveChallenge({ ...ch, challenge: 'ab'.repeat(32) })).rejects.toThrow(
      /could not be solved/,
    );
  });
});
