import { afterAll, beforeAll, expect, it } from 'vitest';
import { MSG } from '@lawfirm/shared-types';
import { MSG_TOO_MANY_LOGINS } from '../src/auth/login-throttle.ts';
import { MSG_SERVER_BUSY, scryptQueue } from '../src/auth/passwords.ts';
import { createTestApp, describeEachDb, insertUser, type TestApp } from './helper.ts';

const LOGIN_PATHS = ['/api/login', '/api/auth/login'] as const;

/** A distinct client address for request `i` (light-my-request's remoteAddress). */
const addressOf = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

describeEachDb('login limits', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      // A long window, so a slow machine never sees one end in the middle of a test.
      rateLimit: {
        loginPerMinute: 3,
        loginFailuresPerAddressPerMinute: 5,
        loginWindowSec: 3600,
        signupPerMinute: 1000,
        resetPerMinute: 1000,
      },
    });
  });
  afterAll(() => t.close());

  const login = (email: string, password: string, remoteAddress: string, url: string = LOGIN_PATHS[1]) =>
    t.app.inject({ method: 'POST', url, remoteAddress, payload: { email, password } });

  it('counts whitespace and case variants of one email as one account', async () => {
    const user = await insertUser(t, { role: 'LAWYER' });
    const variants = [` ${user.email.toUpperCase()} `, `\t${user.email}`, `${user.email}  `];
    // From a different address each time: only the account's counter can stop the fourth guess.
    for (const [i, email] of variants.entries()) {
      const r = await login(email, 'wrong password', addressOf(100 + i));
      expect(r.statusCode).toBe(401);
      expect(r.json().message).toBe(MSG.wrongCredentials);
    }
    const right = await login(
      ` ${user.email.replace(/^./, (c) => c.toUpperCase())}`,
      user.password,
      addressOf(110),
    );
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({ message: MSG_TOO_MANY_LOGINS });
  });

  it('counts both login calls together, and a right password resets the account', async () => {
    const user = await insertUser(t, { role: 'PARALEGAL' });
    expect((await login(user.email, 'nope', addressOf(200), LOGIN_PATHS[0])).statusCode).toBe(401);
    expect((await login(user.email, 'nope', addressOf(201), LOGIN_PATHS[1])).statusCode).toBe(401);
    // A right password before the limit signs in and clears the count.
    expect((await login(user.email, user.password, addressOf(202), LOGIN_PATHS[0])).statusCode).toBe(200);
    for (let i = 0; i < 3; i++)
      expect((await login(user.email, 'nope', addressOf(203 + i), LOGIN_PATHS[i % 2])).statusCode).toBe(401);
    for (const url of LOGIN_PATHS) {
      const r = await login(user.email, user.password, addressOf(210), url);
      expect(r.statusCode, url).toBe(429);
      expect(r.json().message).toBe(MSG_TOO_MANY_LOGINS);
    }
  });

  it('caps failed logins per address across different emails', async () => {
    const user = await insertUser(t, { role: 'ASSOCIATE' });
    const from = addressOf(300);
    for (let i = 0; i < 5; i++)
      expect((await login(`guess-${i}@nowhere.pk`, 'x', from)).statusCode).toBe(401);
    const sixth = await login('guess-6@nowhere.pk', 'x', from);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe(MSG_TOO_MANY_LOGINS);
    // The address is stopped even for a right password; the account itself is not locked elsewhere.
    expect((await login(user.email, user.password, from)).statusCode).toBe(429);
    expect((await login(user.email, user.password, addressOf(301))).statusCode).toBe(200);
  });

  // The counters live in one table on both databases and are read and written by the same code, so the
  // 5,100-login flood (a minute of scrypt and commits) runs once, on SQLite; the other tests run on both.
  it.runIf(kind === 'sqlite')(
    'keeps a locked account locked through 5,100 junk logins',
    async () => {
      const user = await insertUser(t, { role: 'PARTNER' });
      for (let i = 0; i < 4; i++) await login(user.email, 'wrong', addressOf(400 + i));
      expect((await login(user.email, user.password, addressOf(410))).statusCode).toBe(429);

      // Each junk login names a new email from a new address, so each one makes counters of its own. Batches fit
      // the password-hashing queue, so every one is checked rather than refused as busy.
      const JUNK = 5_100;
      const BATCH = 30;
      const answers = new Map<number, number>();
      for (let start = 0; start < JUNK; start += BATCH) {
        const batch = await Promise.all(
          Array.from({ length: Math.min(BATCH, JUNK - start) }, (_, k) =>
            login(`junk-${start + k}@spam.pk`, 'x', addressOf(10_000 + start + k)),
          ),
        );
        for (const r of batch) answers.set(r.statusCode, (answers.get(r.statusCode) ?? 0) + 1);
      }
      expect([...answers]).toEqual([[401, JUNK]]);

      const after = await login(user.email, user.password, addressOf(411));
      expect(after.statusCode).toBe(429);
      expect(after.json().message).toBe(MSG_TOO_MANY_LOGINS);
    },
    300_000,
  );

  it('answers 503 with a message when password hashing is fully booked, and counts nothing', async () => {
    const user = await insertUser(t, { role: 'LAWYER' });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // Hold every running and waiting place of the hashing queue until the gate opens.
    const held: Promise<unknown>[] = [];
    let refused = 0;
    for (let i = 0; i < 200; i++)
      held.push(
        scryptQueue
          .run(() => gate)
          .catch((e: unknown) => {
            refused++;
            return e;
          }),
      );
    await new Promise((resolve) => setImmediate(resolve));
    expect(refused).toBeGreaterThan(0);

    for (let i = 0; i < 5; i++) {
      const busy = await login(user.email, user.password, addressOf(500 + i));
      expect(busy.statusCode).toBe(503);
      expect(busy.json()).toEqual({ message: MSG_SERVER_BUSY });
    }
    release();
    await Promise.all(held);
    // Five refused logins from one address spent neither the account's nor the address's count.
    expect((await login(user.email, user.password, addressOf(500))).statusCode).toBe(200);
  });
});
