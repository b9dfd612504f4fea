import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPullResponse, TPushResponse, TUploadState } from '@lawfirm/shared-types';
import { makePng } from '@lawfirm/shared-types/pdf/testing/images.ts';
import { readPdf } from '@lawfirm/shared-types/pdf/testing/read-pdf.ts';
import { newId } from '../src/db/ids.ts';
import { attachUploadedFile } from './attach-file.ts';
import { startS3, type TestS3 } from './fixtures/s3-server.ts';
import { startServerProcess, type ServerProcess } from './fixtures/server-process.ts';
import { emptyPostgres } from './helper.ts';

const EMAIL = 'two-admin@test.firm';
const PASSWORD = 'two-password-1';

/** Reads a server-sent event stream as a device does, and tells when a text arrives after a given moment. */
async function openEvents(url: string, authorization: string) {
  const abort = new AbortController();
  const res = await fetch(url, { headers: { authorization }, signal: abort.signal });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let wake = () => undefined as void;
  /** Resolves when the server ends the stream (or the test aborts it). */
  const ended = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
        wake();
      }
    } catch {
      // Aborted at the end of the test.
    }
  })();
  /** Resolves with the time `what` appears after character `from`, or rejects after `ms`. */
  const waitFor = (what: string, from: number, ms: number) =>
    new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no "${what}" within ${ms} ms: ${text}`)), ms);
      wake = () => {
        if (text.indexOf(what, from) < 0) return;
        clearTimeout(timer);
        resolve(performance.now());
      };
      wake();
    });
  return { waitFor, ended, length: () => text.length, close: () => abort.abort() };
}

/**
 * DESIGN §4, issue 33: several stateless server processes share one PostgreSQL database and one S3-compatible
 * file store, and nothing else: each has its own data folder, as two machines would. A device may be
 * connected to any of them: pokes cross processes (LISTEN/NOTIFY), and so do rows, files, sessions and login
 * limits. No JWT_SECRET is set: the servers share the secret kept in the database.
 */
describe.skipIf(!process.env.DATABASE_URL_TEST)(
  'two server processes on one PostgreSQL database [postgres] (skipped without DATABASE_URL_TEST)',
  () => {
    const dirs: string[] = [];
    let database: { url: string; drop: () => Promise<void> } | null = null;
    let s3: TestS3 | null = null;
    const servers: ServerProcess[] = [];
    const envs: Record<string, string>[] = [];
    let a: string;
    let b: string;
    let authorization: string;

    beforeAll(async () => {
      database = await emptyPostgres('lf_two_');
      s3 = await startS3();
      const store = s3.env(await s3.bucket('two-servers'));
      for (let i = 0; i < 2; i++) {
        const dir = mkdtempSync(join(tmpdir(), 'lf-two-'));
        dirs.push(dir);
        envs.push({
          DATA_DIR: dir,
          DATABASE_URL: database.url,
          ...store,
          PWA_DIST_DIR: join(dir, 'no-pwa'),
          ADMIN_EMAIL: EMAIL,
          ADMIN_PASSWORD: PASSWORD,
          SCRYPT_N: '1024',
          LOGIN_RATE_PER_MIN: '4',
          PORT: '0',
        });
      }
      // One after the other: the first migrates and creates the firm, the second finds them.
      for (const env of envs) servers.push(await startServerProcess(env));
      a = `http://127.0.0.1:${servers[0]!.port}`;
      b = `http://127.0.0.1:${servers[1]!.port}`;
      const login = await fetch(`${a}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
      });
      expect(login.status).toBe(200);
      authorization = `Bearer ${((await login.json()) as { access_token: string }).access_token}`;
    }, 60_000);
    afterAll(async () => {
      for (const s of servers) await s.kill();
      await database?.drop();
      await s3?.close();
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    });

    const pullAll = async (server: string, clientId: string, cursor: string) => {
      const changes: TPullResponse['changes'] = [];
      let page: TPullResponse;
      do {
        const q = new URLSearchParams({ clientId, cursor, limit: '500' });
        const r = await fetch(`${server}/sync/pull?${q}`, { headers: { authorization } });
        expect(r.status).toBe(200);
        page = (await r.json()) as TPullResponse;
        changes.push(...page.changes);
        cursor = page.cursor;
      } while (page.more);
      return { changes, cursor };
    };

    it('a device listening on process B is poked within a second of a push through process A, and pulls it from B', async () => {
      const device = `device-b-${newId()}`;
      const { cursor } = await pullAll(b, device, '');
      const events = await openEvents(`${b}/sync/events`, authorization);
      try {
        await events.waitFor(': connected', 0, 5_000);
        const before = events.length();
        const id = newId();
        const started = performance.now();
        const pushed = fetch(`${a}/sync/push`, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/json' },
          body: JSON.stringify({
            clientId: `device-a-${newId()}`,
            mutations: [
              { id: 1, name: 'put', args: { entity: 'statutes', id, values: { title: 'Poked Across Act' } } },
            ],
          }),
        });
        const poked = await events.waitFor('event: poke', before, 1_000);
        expect(poked - started).toBeLessThan(1_000);
        expect(((await (await pushed).json()) as TPushResponse).lastMutationId).toBe(1);

        const after = await pullAll(b, device, cursor);
        expect(after.changes).toEqual([
          { entity: 'statutes', id, row: expect.objectContaining({ title: 'Poked Across Act' }) },
        ]);
      } finally {
        events.close();
      }
    });

    it('a photo uploaded through A and B downloads byte for byte, and goes into a case PDF, through B', async () => {
      // A real picture (the PDF draws it), of colours no other test uses.
      const seed = Number.parseInt(newId().slice(-4), 16) % 200;
      const file = Buffer.from(makePng(700, 500, (x, y) => [(x * 7 + seed) % 256, (y * 3) % 256, seed]));
      const sha256 = createHash('sha256').update(file).digest('hex');
      const created = await fetch(`${a}/uploads`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify({ sha256, size: file.length, filename: 'scan.png' }),
      });
      const up = (await created.json()) as TUploadState;
      expect(up).toMatchObject({ offset: 0, complete: false });
      let last: TUploadState = up;
      // The phone's connection moves between servers mid-upload: each takes the chunk the last one left off at.
      const half = Math.ceil(file.length / 2);
      for (const [server, offset] of [
        [a, 0],
        [b, half],
      ] as const) {
        const r = await fetch(`${server}/uploads/${up.id}`, {
          method: 'PATCH',
          headers: {
            authorization,
            'upload-offset': String(offset),
            'content-type': 'application/offset+octet-stream',
          },
          body: file.subarray(offset, offset + half),
        });
        expect(r.status, await r.clone().text()).toBe(200);
        last = (await r.json()) as TUploadState;
      }
      expect(last).toMatchObject({ complete: true, mime_type: 'image/png' });
      const post = async (url: string, body: object) =>
        (
          await fetch(`${a}${url}`, {
            method: 'POST',
            headers: { authorization, 'content-type': 'application/json' },
            body: JSON.stringify(body),
          })
        ).json();
      const { petitionId } = await attachUploadedFile(post, {
        sha256,
        size: file.length,
        mime: 'image/png',
        name: 'scan.png',
      });

      const dl = await fetch(`${b}/files/${sha256}`, { headers: { authorization } });
      expect(dl.status).toBe(200);
      expect(dl.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await dl.arrayBuffer()).equals(file)).toBe(true);
      const part = await fetch(`${b}/files/${sha256}`, { headers: { authorization, range: 'bytes=0-7' } });
      expect(part.status).toBe(206);
      expect(Buffer.from(await part.arrayBuffer()).equals(file.subarray(0, 8))).toBe(true);
      // Neither server kept it in its own data folder: it is in the shared store.
      for (const dir of dirs) expect(existsSync(join(dir, 'files'))).toBe(false);

      // The case file's PDF, made by B's PDF worker from the store: cover, index, and the photo's page.
      const pdf = await fetch(`${b}/api/pdf/petitions/${petitionId}`, { headers: { authorization } });
      expect(pdf.status).toBe(200);
      const read = await readPdf(new Uint8Array(await pdf.arrayBuffer()));
      expect(read.pages).toBeGreaterThanOrEqual(3);
      expect(read.text.join('\n')).not.toContain('could not be included');
    }, 60_000);

    it('a session signed in on A is honoured on B, and failed logins count across both', async () => {
      // The access token A signed opens B (the secret both read from the database).
      const user = await fetch(`${b}/api/user`, { headers: { authorization } });
      expect(user.status).toBe(200);
      // LOGIN_RATE_PER_MIN=4: four wrong passwords, two through each server, and the fifth try is refused
      // on both, whichever server it reaches.
      const email = `guess-${newId()}@two.test`;
      const login = (server: string) =>
        fetch(`${server}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: 'not-the-password' }),
        });
      for (const server of [a, b, a, b]) expect((await login(server)).status).toBe(401);
      expect((await login(a)).status).toBe(429);
      expect((await login(b)).status).toBe(429);
    });

    it('a process stopped for a deploy ends its event streams and exits, and the other keeps serving', async () => {
      const events = await openEvents(`${b}/sync/events`, authorization);
      // A device pushing one change after another through B while B is restarted, as a rolling deploy does: a
      // push B cannot take (refused, or cut off) is sent again to A, as the device's retry reaches whichever
      // server the proxy picks.
      const device = `device-rolling-${newId()}`;
      const ids: string[] = [];
      let next = 1;
      const pushOne = async () => {
        const id = newId();
        const body = JSON.stringify({
          clientId: device,
          mutations: [
            {
              id: next,
              name: 'put',
              args: { entity: 'statutes', id, values: { title: `Rolling Act ${next}` } },
            },
          ],
        });
        for (const server of [b, a]) {
          try {
            const r = await fetch(`${server}/sync/push`, {
              method: 'POST',
              headers: { authorization, 'content-type': 'application/json' },
              body,
            });
            if (r.status !== 200) continue;
            expect(((await r.json()) as TPushResponse).lastMutationId).toBe(next);
            ids.push(id);
            next++;
            return;
          } catch {
            // Connection refused or reset: the other server.
          }
        }
        throw new Error(`push ${next} reached no server`);
      };
      let stopping = false;
      const pushing = (async () => {
        while (!stopping || next <= 5) await pushOne();
      })();
      try {
        await events.waitFor(': connected', 0, 5_000);
        // An open event stream must not hold the process up: without that it never exits. The bound is only
        // how long a busy test machine may take to close the server's pools and workers.
        const stopped = servers[1]!.stop();
        const outcome = await Promise.race([
          stopped.then(() => 'exited'),
          new Promise((r) => setTimeout(() => r('still running after 30 s'), 30_000)),
        ]);
        expect(outcome).toBe('exited');
        expect(servers[1]!.child.exitCode).toBe(0);
        // The device sees its stream end (and reconnects elsewhere), rather than a connection left hanging.
        await events.ended;
        stopping = true;
        await pushing;
        const r = await fetch(`${a}/sync/pull?clientId=after-stop-${newId()}`, {
          headers: { authorization },
        });
        expect(r.status).toBe(200);

        // B comes back with the new version; the device carries on through it.
        servers[1] = await startServerProcess(envs[1]!);
        b = `http://127.0.0.1:${servers[1].port}`;
        await pushOne();
        // Every push the device sent was applied once: each row is there, none twice.
        const { changes } = await pullAll(a, `check-${newId()}`, '');
        const titles = changes
          .filter((c) => c.entity === 'statutes' && ids.includes(c.id))
          .map((c) => (c.row as { title: string }).title);
        expect(titles.sort()).toEqual(ids.map((_, i) => `Rolling Act ${i + 1}`).sort());
      } finally {
        stopping = true;
        events.close();
        await pushing.catch(() => undefined);
      }
    }, 120_000);
  },
);
