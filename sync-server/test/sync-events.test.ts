import { afterAll, beforeAll, expect, it } from 'vitest';
import { MAX_EVENT_STREAMS_PER_USER, MSG_TOO_MANY_STREAMS } from '../src/sync/sync.routes.ts';
import { adminBearer, bearerFor, createTestApp, describeEachDb, insertUser, type TestApp } from './helper.ts';

/** Event streams are capped per user (issue 9 item 11): one account cannot hold hundreds of the server's sockets. */
describeEachDb('sync events: streams per user', (kind) => {
  let t: TestApp;
  let base: string;
  let admin: { authorization: string };
  let lawyer: { authorization: string };
  const open: AbortController[] = [];
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await adminBearer(t);
    const l = await insertUser(t, { role: 'LAWYER' });
    lawyer = await bearerFor(t, l.email, l.password);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const c of open) c.abort();
    await t.close();
  });

  /** Opens a stream; answers its status and body (the first chunk of a stream, all of an error). */
  const connect = async (auth: { authorization: string }) => {
    const abort = new AbortController();
    const res = await fetch(`${base}/sync/events`, { headers: auth, signal: abort.signal });
    if (res.status !== 200) return { status: res.status, body: await res.text(), abort };
    open.push(abort);
    const first = await res.body!.getReader().read();
    return { status: 200, body: new TextDecoder().decode(first.value), abort };
  };

  it('refuses a stream beyond the cap with 429 and a message; other users and a closed stream’s slot are unaffected', async () => {
    const streams = [];
    for (let i = 0; i < MAX_EVENT_STREAMS_PER_USER; i++) {
      const s = await connect(admin);
      expect(s.status).toBe(200);
      expect(s.body).toContain(': connected');
      streams.push(s);
    }
    const refused = await connect(admin);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toEqual({ message: MSG_TOO_MANY_STREAMS });

    // Another member of the firm is not affected.
    expect((await connect(lawyer)).status).toBe(200);

    // Closing one frees its place once the server has seen it go.
    streams[0]!.abort.abort();
    let again = await connect(admin);
    for (let tries = 0; again.status === 429 && tries < 100; tries++) {
      await new Promise((r) => setTimeout(r, 20));
      again = await connect(admin);
    }
    expect(again.status).toBe(200);
    expect((await connect(admin)).status).toBe(429);
  });
});
