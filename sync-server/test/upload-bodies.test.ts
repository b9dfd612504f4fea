import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, watch } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { MSG_INCOMPLETE, MSG_NO_FILES } from '../src/http/request-body.ts';
import { describeEachDb, type TestApp } from './helper.ts';
import { caseFirm, type Auth, type CaseFirm } from './case-files-helpers.ts';
import { connectionInodes, descriptors, sendRaw, socketsIn, type TRawRequest } from './raw-http.ts';

/**
 * Bodies that end early, sent over real sockets to a listening server, on every call that takes an upload, as
 * every role: cut off inside a file part with an exact Content-Length (the request is complete, the form is
 * not), a Content-Length larger than what comes while the client holds the connection open, and a client that
 * closes the connection mid-body. A role that may upload there is answered 400, one that may not 403 (before
 * its body is read: no temporary file is ever made for it); and nothing of any of them is left: no temporary
 * file, no descriptor, no connection.
 */

/** The request timeout of this suite's server (config.requestTimeoutMs): a minute in production. */
const TIMEOUT_MS = 1500;
/** How late an answer due at the timeout may come on a busy machine (Node's own 408 would come 1.5 s later). */
const SLACK_MS = 1000;
const SIZES = [1000, 15_000, 1_000_000];
type Role = 'admin' | 'lawyer' | 'student' | 'client';
const ROLES: Role[] = ['admin', 'lawyer', 'student', 'client'];

type Route = { method: 'POST' | 'PATCH'; path: string; may: Role[]; noFiles?: boolean };

const BOUNDARY = 'cutBoundary7f3a';

/** A multipart body of `total` bytes: a field, then a file part (a PNG's start) that never ends. */
function cutForm(total: number): Buffer {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="attachmentable_id"\r\n\r\nx\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files[0]"; filename="cut.png"\r\n` +
      `Content-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n`,
    'latin1',
  );
  return Buffer.concat([head, Buffer.alloc(total - head.length, 0x41)]);
}

/** Sends a request over a socket of its own (raw-http.ts), waiting at most for an answer due at the timeout. */
const send = (port: number, req: TRawRequest, then: 'hold' | 'answer' | 'close') =>
  sendRaw(port, req, then, { waitMs: TIMEOUT_MS + SLACK_MS + 2000 });

describeEachDb('request bodies that end early, on every upload call', (kind) => {
  let f: CaseFirm;
  let t: TestApp;
  let port: number;
  let tmp: string;
  let auth: Record<Role, Auth>;
  let routes: Route[];
  let uploadId: string;

  beforeAll(async () => {
    f = await caseFirm(kind, { requestTimeoutMs: TIMEOUT_MS });
    t = f.t;
    auth = { admin: f.admin, lawyer: f.lawyer, student: f.student, client: f.client };
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    tmp = join(t.config.dataDir, 'uploads-tmp');
    // A resumable upload in progress, for its PATCH (its own empty .part file is expected in the folder).
    const started = await f.call('POST', '/uploads', f.admin, {
      sha256: randomBytes(32).toString('hex'),
      size: 4_000_000,
      filename: 'scan.pdf',
    });
    expect(started.statusCode, started.body).toBe(200);
    uploadId = started.json<{ id: string }>().id;
    const everyone: Role[] = [...ROLES];
    routes = [
      { method: 'POST', path: '/api/attachments', may: ['admin', 'lawyer'] },
      { method: 'POST', path: '/api/upload_user_image', may: everyone },
      { method: 'POST', path: '/api/general_case_laws', may: ['admin'] },
      { method: 'POST', path: '/api/contracts_and_agreements', may: ['admin'] },
      { method: 'POST', path: '/api/sample_pleadings', may: ['admin'] },
      { method: 'POST', path: '/uploads', may: ['admin', 'lawyer'], noFiles: true },
      { method: 'PATCH', path: `/uploads/${uploadId}`, may: ['admin', 'lawyer'], noFiles: true },
    ];
    mkdirSync(tmp, { recursive: true });
    // Every role's connection once, so that the database's pool has opened what it keeps open.
    await Promise.all(
      ROLES.flatMap((role) =>
        routes.map(() =>
          send(
            port,
            { method: 'GET', path: '/api/user', headers: auth[role], body: Buffer.alloc(0), declared: 0 },
            'answer',
          ),
        ),
      ),
    );
  });
  afterAll(() => t.close());

  /** PostgreSQL's pool opens and closes connections as it likes: they are not counted. */
  const databaseSockets = (open: string[]) =>
    kind === 'postgres'
      ? socketsIn(open, connectionInodes(Number(new URL(t.config.databaseUrl).port || 5432), true)).length
      : 0;
  /** This process's open descriptors, but the database's connections. */
  const counted = () => {
    const open = descriptors();
    return open.length - databaseSockets(open);
  };

  /** What is in the temporary folder besides the resumable upload's own file. */
  const leftFiles = () => readdirSync(tmp).filter((name) => name !== `${uploadId}.part`);

  /** Waits until nothing of the requests is left: no temporary file, no descriptor, no connection. */
  async function expectNothingLeft(fdsBefore: number) {
    await vi.waitFor(
      () => {
        expect(leftFiles()).toEqual([]);
        const open = descriptors();
        expect(
          open.filter((target) => target.startsWith(tmp) && !target.endsWith(`${uploadId}.part`)),
        ).toEqual([]);
        expect(socketsIn(open, connectionInodes(port))).toEqual([]);
        expect(open.length - databaseSockets(open)).toBeLessThanOrEqual(fdsBefore);
      },
      { timeout: 5000, interval: 100 },
    );
  }

  const multipartHeaders = (role: Role) => ({
    ...auth[role],
    'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
    'Upload-Offset': '0',
  });

  it('answers a form cut off inside a file part (exact Content-Length) at once: 400 or 403, nothing left', async () => {
    const fdsBefore = counted();
    for (const size of SIZES) {
      const body = cutForm(size);
      const cases = routes.flatMap((route) => ROLES.map((role) => ({ route, role })));
      const answers = await Promise.all(
        cases.map(({ route, role }) =>
          send(port, { ...route, headers: multipartHeaders(role), body, declared: body.length }, 'answer'),
        ),
      );
      cases.forEach(({ route, role }, i) => {
        const a = answers[i]!;
        const what = `${route.method} ${route.path} as ${role}, ${size} bytes`;
        // The whole request is there: only the form is cut. No timeout is needed to see it.
        expect(a.ms, what).toBeLessThan(TIMEOUT_MS);
        if (!route.may.includes(role)) return expect(a.status, what).toBe(403);
        expect(a.status, what).toBe(400);
        expect(a.message, what).toBe(route.noFiles ? MSG_NO_FILES : MSG_INCOMPLETE);
      });
    }
    await expectNothingLeft(fdsBefore);
  });

  it('answers 400 within the request timeout when the client holds a cut body open, and closes the connection', async () => {
    const fdsBefore = counted();
    for (const size of SIZES) {
      const body = cutForm(size);
      const cases = routes.flatMap((route) => ROLES.map((role) => ({ route, role })));
      const answers = await Promise.all(
        cases.map(({ route, role }) =>
          send(
            port,
            { ...route, headers: multipartHeaders(role), body, declared: body.length + 1000 },
            'hold',
          ),
        ),
      );
      cases.forEach(({ route, role }, i) => {
        const a = answers[i]!;
        const what = `${route.method} ${route.path} as ${role}, ${size} bytes`;
        expect(a.ms, what).toBeLessThanOrEqual(TIMEOUT_MS + SLACK_MS);
        expect(a.serverClosed, what).toBe(true);
        if (!route.may.includes(role)) return expect(a.status, what).toBe(403);
        expect(a.status, what).toBe(400);
        expect(a.message, what).toBe(route.noFiles ? MSG_NO_FILES : MSG_INCOMPLETE);
      });
    }
    // An upload's chunk (raw bytes) held open the same way.
    for (const size of SIZES) {
      const answers = await Promise.all(
        ROLES.map((role) =>
          send(
            port,
            {
              method: 'PATCH',
              path: `/uploads/${uploadId}`,
              headers: {
                ...auth[role],
                'Content-Type': 'application/offset+octet-stream',
                'Upload-Offset': '0',
              },
              body: Buffer.alloc(size, 0x25),
              declared: size + 1000,
            },
            'hold',
          ),
        ),
      );
      ROLES.forEach((role, i) => {
        const a = answers[i]!;
        const what = `PATCH chunk as ${role}, ${size} bytes`;
        expect(a.ms, what).toBeLessThanOrEqual(TIMEOUT_MS + SLACK_MS);
        expect(a.serverClosed, what).toBe(true);
        expect(a.status, what).toBe(role === 'admin' || role === 'lawyer' ? 400 : 403);
      });
    }
    // None of them moved the upload on.
    const head = await t.app.inject({ method: 'HEAD', url: `/uploads/${uploadId}`, headers: f.admin });
    expect(head.headers['upload-offset']).toBe('0');
    await expectNothingLeft(fdsBefore);
  });

  it('frees everything of a cut body whose client goes away, mid-body or without waiting for the answer', async () => {
    const fdsBefore = counted();
    for (const size of SIZES) {
      const body = cutForm(size);
      // Closed mid-body (more was announced), and closed once a form cut inside its file part was sent whole.
      for (const declared of [body.length + 1000, body.length])
        await Promise.all(
          routes.flatMap((route) =>
            ROLES.map((role) =>
              send(port, { ...route, headers: multipartHeaders(role), body, declared }, 'close'),
            ),
          ),
        );
      await Promise.all(
        ROLES.map((role) =>
          send(
            port,
            {
              method: 'PATCH',
              path: `/uploads/${uploadId}`,
              headers: {
                ...auth[role],
                'Content-Type': 'application/offset+octet-stream',
                'Upload-Offset': '0',
              },
              body: Buffer.alloc(size, 0x25),
              declared: size + 1000,
            },
            'close',
          ),
        ),
      );
    }
    await expectNothingLeft(fdsBefore);
  });

  it('refuses a role that may not upload before its body is read: no temporary file is ever made', async () => {
    const made: string[] = [];
    const watcher = watch(tmp, (_event, name) => {
      if (name && name !== `${uploadId}.part`) made.push(name);
    });
    try {
      const body = cutForm(1_000_000);
      const cases = routes.flatMap((route) =>
        ROLES.filter((role) => !route.may.includes(role)).map((role) => ({ route, role })),
      );
      expect(cases.length).toBeGreaterThan(10);
      const answers = await Promise.all(
        cases.map(({ route, role }) =>
          send(
            port,
            { ...route, headers: multipartHeaders(role), body, declared: body.length + 1000 },
            'hold',
          ),
        ),
      );
      for (const [i, a] of answers.entries()) {
        const { route, role } = cases[i]!;
        // Not a 400 at the timeout: the body was never waited for. And the connection is not left open.
        expect(a.status, `${route.method} ${route.path} as ${role}`).toBe(403);
        expect(a.serverClosed, `${route.method} ${route.path} as ${role}`).toBe(true);
      }
    } finally {
      watcher.close();
    }
    expect(made).toEqual([]);
  });
  it('answers a JSON or urlencoded body held open short of its Content-Length with 400 within the timeout', async () => {
    const fdsBefore = counted();
    const json = Buffer.from('{"case_no":"12","title":"Aslam vs State","petitioners":[');
    const form = Buffer.from('email=admin%40firm.pk&password=');
    const answers = await Promise.all([
      send(
        port,
        {
          method: 'POST',
          path: '/api/petitions',
          headers: { ...f.admin, 'Content-Type': 'application/json' },
          body: json,
          declared: json.length + 500,
        },
        'hold',
      ),
      // Anyone may call it: the small public body limit, read the same way.
      send(
        port,
        {
          method: 'POST',
          path: '/api/auth/login',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: form,
          declared: form.length + 500,
        },
        'hold',
      ),
    ]);
    for (const a of answers) {
      expect(a.ms).toBeLessThanOrEqual(TIMEOUT_MS + SLACK_MS);
      expect(a).toMatchObject({ status: 400, message: MSG_INCOMPLETE, serverClosed: true });
    }
    await expectNothingLeft(fdsBefore);
  });
});
