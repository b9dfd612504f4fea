import { existsSync, readdirSync } from 'node:fs';
import { request } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { MSG_INCOMPLETE, MSG_NO_FILES, PUBLIC_BODY_LIMIT } from '../src/http/request-body.ts';
import { adminBearer, describeEachDb, type TestApp } from './helper.ts';
import { caseFirm, multipart, PDF_SMALL, PNG_1PX, type CaseFirm } from './case-files-helpers.ts';

const MiB = 1024 * 1024;

/**
 * Sends a multipart body of `files` file parts of `fileBytes` each to a listening server, written as the socket
 * takes it (nothing of it held here), and stops when the answer comes. Samples this process's memory (the
 * server's too) meanwhile: the peak growth of arrayBuffers (where Buffers live) and rss.
 */
async function sendLargeParts(
  port: number,
  path: string,
  headers: Record<string, string>,
  files: number,
  fileBytes: number,
): Promise<{ status: number; body: string; sent: number; total: number; arrayBuffers: number; rss: number }> {
  const boundary = '----lfBigBoundary0123456789';
  const head = (i: number) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files[${i}]"; filename="big${i}.pdf"\r\n` +
        `Content-Type: application/pdf\r\n\r\n`,
    );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const total = files * (head(0).length + fileBytes + 2) + tail.length;
  const chunk = Buffer.alloc(64 * 1024, 0x41);
  const base = process.memoryUsage();
  let peak = { arrayBuffers: base.arrayBuffers, rss: base.rss };
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peak = { arrayBuffers: Math.max(peak.arrayBuffers, m.arrayBuffers), rss: Math.max(peak.rss, m.rss) };
  }, 10);
  let sent = 0;
  let answered = false;
  try {
    const res = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request({
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: {
          ...headers,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(total),
        },
      });
      req.on('response', (r) => {
        answered = true;
        let body = '';
        r.setEncoding('utf8');
        r.on('data', (d: string) => (body += d));
        r.on('end', () => resolve({ status: r.statusCode ?? 0, body }));
        r.on('error', () => resolve({ status: r.statusCode ?? 0, body }));
      });
      // The server closing the connection on a body it will not read is expected; only no answer is an error.
      req.on('error', (e) => {
        if (!answered) setTimeout(() => !answered && reject(e), 500);
      });
      const write = (b: Buffer) =>
        new Promise<void>((ok) => {
          if (answered || req.destroyed) return ok();
          sent += b.length;
          if (req.write(b)) return ok();
          const done = () => {
            req.off('drain', done);
            req.off('close', done);
            ok();
          };
          req.on('drain', done);
          req.on('close', done);
        });
      void (async () => {
        for (let i = 0; i < files && !answered && !req.destroyed; i++) {
          await write(head(i));
          for (let n = 0; n < fileBytes && !answered && !req.destroyed; n += chunk.length)
            await write(n + chunk.length <= fileBytes ? chunk : chunk.subarray(0, fileBytes - n));
          await write(Buffer.from('\r\n'));
        }
        await write(tail);
        if (!answered && !req.destroyed) req.end();
      })();
    });
    return {
      ...res,
      sent,
      total,
      arrayBuffers: peak.arrayBuffers - base.arrayBuffers,
      rss: peak.rss - base.rss,
    };
  } finally {
    clearInterval(sampler);
  }
}

describeEachDb('request bodies before sign-in', (kind) => {
  let t: TestApp;
  let f: CaseFirm;
  let port: number;
  beforeAll(async () => {
    f = await caseFirm(kind);
    t = f.t;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  const tmpFiles = () => {
    const dir = join(t.config.dataDir, 'uploads-tmp');
    return existsSync(dir) ? readdirSync(dir) : [];
  };

  it('refuses ten 24 MiB file parts sent to /api/login at the first one, without holding them in memory', async () => {
    const r = await sendLargeParts(port, '/api/login', {}, 10, 24 * MiB);
    expect(r.status).toBe(400);
    expect(JSON.parse(r.body)).toEqual({ message: MSG_NO_FILES });
    // Answered long before the body was through (the old server read all 240 MiB into memory first).
    expect(r.sent).toBeLessThan(r.total / 4);
    expect(r.arrayBuffers).toBeLessThan(48 * MiB);
    expect(r.rss).toBeLessThan(120 * MiB);
    expect(tmpFiles()).toEqual([]);
  });

  it('answers an upload without a token 401 before reading or storing its body', async () => {
    for (const path of ['/api/attachments', '/api/upload_user_image']) {
      const r = await sendLargeParts(port, path, {}, 3, 20 * MiB);
      expect(r.status, path).toBe(401);
      expect(typeof JSON.parse(r.body).message).toBe('string');
      expect(r.sent, path).toBeLessThan(r.total / 2);
      expect(r.arrayBuffers, path).toBeLessThan(48 * MiB);
      expect(tmpFiles()).toEqual([]);
    }
    // A call no route serves is answered 404 before its body is read (not 413 after reading the first 2 MB).
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/no-such-call',
      payload: { x: 'x'.repeat(3 * MiB) },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Route POST /api/no-such-call not found.' });
    // A token that is not one counts as none.
    const forged = await sendLargeParts(
      port,
      '/api/attachments',
      { authorization: 'Bearer x.y.z' },
      3,
      20 * MiB,
    );
    expect(forged.status).toBe(401);
    expect(tmpFiles()).toEqual([]);
  });

  it('answers an upload call sent without multipart as a form without files', async () => {
    const me = (await t.app.inject({ method: 'GET', url: '/api/user', headers: f.admin })).json<{
      id: string;
    }>();
    const photo = await t.app.inject({
      method: 'POST',
      url: '/api/upload_user_image',
      headers: f.admin,
      payload: { attachmentable_id: me.id },
    });
    // No file is no change of photo (the original client calls it after every save of the user form).
    expect(photo.statusCode).toBe(200);
    expect(photo.json()).toEqual({
      attachment: null,
      message: 'No image was chosen: the photo is unchanged.',
    });
    const files = await t.app.inject({
      method: 'POST',
      url: '/api/attachments',
      headers: f.admin,
      payload: { attachmentable_id: me.id },
    });
    expect(files.statusCode).toBe(422);
    expect(files.json().message).toBe('Send the files as multipart/form-data.');
  });

  it('refuses a file part on a call that takes none, signed in or not', async () => {
    const form = multipart({ email: 'a@b.c', password: 'whatever-1' }, [
      { filename: 'x.pdf', type: 'application/pdf', data: PDF_SMALL },
    ]);
    for (const [url, headers] of [
      ['/api/login', {}],
      ['/password.email', {}],
      ['/api/contact_requests', {}],
      ['/api/petitions', f.admin],
      ['/api/courts', f.admin],
      ['/uploads', f.admin],
    ] as const) {
      const r = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...headers, ...form.headers },
        payload: form.payload,
      });
      expect(r.statusCode, url).toBe(400);
      expect(r.json(), url).toEqual({ message: MSG_NO_FILES });
    }
    expect(tmpFiles()).toEqual([]);
  });

  it('gives the calls anyone may make a small body limit, in JSON, urlencoded and multipart alike', async () => {
    const big = 'x'.repeat(PUBLIC_BODY_LIMIT + 1);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: big, password: 'p' },
    });
    expect(json.statusCode).toBe(413);
    expect(json.json()).toEqual({ message: 'The request is too large.' });
    const urlencoded = await t.app.inject({
      method: 'POST',
      url: '/password.email',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `email=${big}`,
    });
    expect(urlencoded.statusCode).toBe(413);
    for (const fields of [
      { email: big },
      Object.fromEntries([...Array(40)].map((_, i) => [`f${i}`, 'y'.repeat(2000)])),
    ]) {
      const form = multipart(fields, []);
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/signup',
        headers: form.headers,
        payload: form.payload,
      });
      expect(r.statusCode).toBe(413);
      expect(r.json()).toEqual({ message: 'The request is too large.' });
    }
    // A signed-in call keeps the usual limit: the same text is a validation answer, not a size one.
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/courts',
      headers: f.admin,
      payload: { title: big },
    });
    expect(signedIn.statusCode).toBe(422);
    // A form of normal size still signs in.
    const ok = multipart({ email: 'admin@test.firm', password: 'admin-password-1' }, []);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: ok.headers,
      payload: ok.payload,
    });
    expect(login.statusCode).toBe(200);
  });

  it('answers malformed multipart bodies 400 with a message on every kind of call', async () => {
    const admin = await adminBearer(t);
    const bodies: { headers: Record<string, string>; payload: string }[] = [
      { headers: { 'content-type': 'multipart/form-data' }, payload: 'email=a' },
      { headers: { 'content-type': 'multipart/form-data; boundary=' }, payload: '--\r\n' },
      {
        headers: { 'content-type': 'multipart/form-data; boundary=abc' },
        payload: '--abc\r\nContent-Disposition: form-data; name="email"\r\n\r\nno end',
      },
      {
        headers: { 'content-type': 'multipart/form-data; boundary=abc' },
        payload: '--abc\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\nx\r\n--abc--\r\n',
      },
    ];
    for (const url of [
      '/api/login',
      '/api/petitions',
      '/api/attachments',
      '/api/upload_user_image',
      '/sync/push',
    ])
      for (const b of bodies) {
        const r = await t.app.inject({
          method: 'POST',
          url,
          headers: { ...admin, ...b.headers },
          payload: b.payload,
        });
        expect(r.statusCode, `${url} ${b.headers['content-type']}`).toBeGreaterThanOrEqual(400);
        expect(r.statusCode, `${url} ${b.headers['content-type']}`).toBeLessThan(500);
        expect(typeof r.json().message).toBe('string');
      }
    expect(tmpFiles()).toEqual([]);
  });

  it('keeps uploads of signed-in users: files on disk under the call’s caps, none left after', async () => {
    const petitionId = await f.petition();
    const owner = await f.call('POST', '/api/petitions_index', f.admin, {
      petition_id: petitionId,
      document_description: 'Annex',
    });
    expect(owner.statusCode).toBe(200);
    const ownerId = owner.json<{ petition_index: { id: string } }>().petition_index.id;
    const fields = {
      attachmentable_id: ownerId,
      attachmentable_type: 'App\\Models\\PetitionIndex',
      petition_id: petitionId,
    };
    const upload = (files: { filename: string; type: string; data: Buffer }[]) => {
      const form = multipart(fields, files);
      return t.app.inject({
        method: 'POST',
        url: '/api/attachments',
        headers: { ...f.admin, ...form.headers },
        payload: form.payload,
      });
    };
    const two = await upload([
      { filename: 'a.png', type: 'image/png', data: PNG_1PX },
      { filename: 'b.pdf', type: 'application/pdf', data: PDF_SMALL },
    ]);
    expect(two.statusCode).toBe(200);
    expect(two.json<{ attachments: { file_name: string }[] }>().attachments.map((a) => a.file_name)).toEqual([
      'a.png',
      'b.pdf',
    ]);

    const tooBig = await upload([
      { filename: 'a.png', type: 'image/png', data: PNG_1PX },
      { filename: 'big.pdf', type: 'application/pdf', data: Buffer.alloc(25 * MiB + 1, 0x20) },
    ]);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({ message: 'A file may not be greater than 25 MB.' });

    const many = await upload(
      [...Array(51)].map((_, i) => ({ filename: `${i}.png`, type: 'image/png', data: PNG_1PX })),
    );
    expect(many.statusCode).toBe(413);
    expect(many.json()).toEqual({ message: 'Upload at most 50 files at a time.' });
    expect(tmpFiles()).toEqual([]);
  });
});

/**
 * Writes `head`, then the body one byte at a time (a byte every `everyMs`, standing in for a byte every 10 s),
 * until the server answers or closes. Answers what came back and how many body bytes went out.
 */
function slowBody(
  port: number,
  head: string,
  body: Buffer,
  everyMs: number,
): Promise<{ answer: string; sent: number; closed: boolean }> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    let answer = '';
    let sent = 0;
    const timer = setInterval(() => {
      if (sent === body.length) return finish(false);
      socket.write(body.subarray(sent, sent + 1));
      sent++;
    }, everyMs);
    const finish = (closed: boolean) => {
      clearInterval(timer);
      socket.destroy();
      resolve({ answer, sent, closed });
    };
    socket.on('data', (d: Buffer) => (answer += d.toString('latin1')));
    socket.on('close', () => finish(true));
    socket.on('error', () => undefined);
    socket.write(head);
  });
}

describeEachDb('slow request bodies', (kind) => {
  let t: TestApp;
  let port: number;
  let admin: { authorization: string };
  beforeAll(async () => {
    // A request timeout of 1.5 s (a minute in production), so a body sent a byte every 400 ms is cut short.
    const f = await caseFirm(kind, { requestTimeoutMs: 1500 });
    t = f.t;
    admin = f.admin;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it('closes a connection whose body trickles in, signed in or not, and keeps nothing of it', async () => {
    const server = t.app.server;
    // Node's own cut of a slow request (408) is the backstop, one check after the body readers' 400, and the
    // headers may not take longer than a body.
    expect(server.requestTimeout).toBeGreaterThan(t.config.requestTimeoutMs);
    expect(server.requestTimeout).toBeLessThanOrEqual(2 * t.config.requestTimeoutMs);
    expect(server.headersTimeout).toBeLessThanOrEqual(t.config.requestTimeoutMs);
    const json = Buffer.from(JSON.stringify({ email: 'slow@test.firm', password: 'x'.repeat(80) }));
    const loginDone = slowBody(
      port,
      `POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${json.length}\r\n\r\n`,
      json,
      400,
    );

    // The part's head goes at once, so its file is on disk when the bytes start to trickle.
    const boundary = 'slowBoundary';
    const partHead =
      `--${boundary}\r\nContent-Disposition: form-data; name="files[0]"; filename="a.pdf"\r\n` +
      `Content-Type: application/pdf\r\n\r\n%PDF-1.4\n`;
    const rest = Buffer.concat([Buffer.alloc(100, 0x41), Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const uploadDone = slowBody(
      port,
      `POST /api/attachments HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${admin.authorization}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\n` +
        `Content-Length: ${Buffer.byteLength(partHead) + rest.length}\r\n\r\n${partHead}`,
      rest,
      400,
    );
    const [login, upload] = await Promise.all([loginDone, uploadDone]);
    expect(login.sent).toBeLessThan(json.length);
    expect(login.closed || login.answer.startsWith('HTTP/1.1 408')).toBe(true);
    // A body the server reads itself is answered, with a message, and its connection closed.
    expect(upload.sent).toBeLessThan(rest.length);
    expect(upload.answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(upload.answer).toContain(JSON.stringify({ message: MSG_INCOMPLETE }));
    expect(upload.closed).toBe(true);
    // The part that had begun to arrive was on disk; it is gone with the connection.
    const dir = join(t.config.dataDir, 'uploads-tmp');
    expect(existsSync(dir)).toBe(true);
    await vi.waitFor(() => expect(readdirSync(dir)).toEqual([]));
  });
  it('reads a JSON body that came with its headers as one that came after them, and keeps the connection', async () => {
    const request = (body: Buffer) =>
      `POST /sync/push HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${admin.authorization}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    // In one write (the whole body parsed with its headers, the token checked from memory after the first), or
    // with the body 50 ms behind its headers.
    const send = (body: Buffer, split: boolean) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect({ host: '127.0.0.1', port });
        let answer = '';
        socket.on('data', (d: Buffer) => {
          answer += d.toString('utf8');
          if (/\r\n\r\n[\s\S]*\}$/.test(answer)) {
            socket.destroy();
            resolve(answer);
          }
        });
        socket.on('error', reject);
        if (!split) socket.write(Buffer.concat([Buffer.from(request(body)), body]));
        else {
          socket.write(request(body));
          setTimeout(() => socket.write(body), 50);
        }
      });
    const good = Buffer.from(JSON.stringify({ clientId: 'body-at-once', mutations: [] }));
    for (const split of [false, false, true]) {
      const answer = await send(good, split);
      expect(answer).toMatch(/^HTTP\/1\.1 200 /);
      expect(answer).toContain(JSON.stringify({ lastMutationId: 0, results: [] }));
      expect(answer.toLowerCase()).toContain('connection: keep-alive');
    }
    // A body refused as soon as it is read is answered with the connection kept, as one that was read through.
    const bad = Buffer.from(JSON.stringify({ clientId: 'body-at-once', mutations: 'none' }));
    const refused = await send(bad, false);
    expect(refused).toMatch(/^HTTP\/1\.1 422 /);
    expect(refused.toLowerCase()).toContain('connection: keep-alive');
  });

  it('keeps the connection of a request without a body open, even when it is answered at once', async () => {
    const get = () =>
      new Promise<string | undefined>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port, path: '/api/users', headers: admin }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.headers.connection));
        });
        req.on('error', reject);
        req.end();
      });
    // The second and third are answered from what was kept, with no wait at all.
    for (let i = 0; i < 3; i++) expect((await get())?.toLowerCase()).toBe('keep-alive');
  });
});
