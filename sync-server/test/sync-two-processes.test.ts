import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPullResponse, TPushResponse, TUploadState } from '@lawfirm/shared-types';
import { newId } from '../src/db/ids.ts';
import { attachUploadedFile } from './attach-file.ts';
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
 * DESIGN §4: several stateless server processes share one PostgreSQL database and one files folder. A device
 * may be connected to any of them: pokes cross processes (LISTEN/NOTIFY), and so do rows and files.
 */
describe.skipIf(!process.env.DATABASE_URL_TEST)(
  'two server processes on one PostgreSQL database [postgres] (skipped without DATABASE_URL_TEST)',
  () => {
    let dir: string;
    let database: { url: string; drop: () => Promise<void> } | null = null;
    const servers: ServerProcess[] = [];
    let a: string;
    let b: string;
    let authorization: string;

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'lf-two-'));
      database = await emptyPostgres('lf_two_');
      const env = {
        DATA_DIR: dir,
        DATABASE_URL: database.url,
        PWA_DIST_DIR: join(dir, 'no-pwa'),
        ADMIN_EMAIL: EMAIL,
        ADMIN_PASSWORD: PASSWORD,
        SCRYPT_N: '1024',
        PORT: '0',
      };
      // One after the other: the first migrates and creates the firm, the second finds them.
      for (let i = 0; i < 2; i++) servers.push(await startServerProcess(env));
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
      rmSync(dir, { recursive: true, force: true });
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

    it('a file uploaded through process A downloads byte for byte through process B', async () => {
      const file = Buffer.alloc(300_000, 3);
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(file);
      file.write(newId(), 100); // unique bytes, so no earlier test's copy can answer for it
      const sha256 = createHash('sha256').update(file).digest('hex');
      const created = await fetch(`${a}/uploads`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify({ sha256, size: file.length, filename: 'scan.png' }),
      });
      const up = (await created.json()) as TUploadState;
      expect(up).toMatchObject({ offset: 0, complete: false });
      let last: TUploadState = up;
      for (const offset of [0, 200_000]) {
        const r = await fetch(`${a}/uploads/${up.id}`, {
          method: 'PATCH',
          headers: {
            authorization,
            'upload-offset': String(offset),
            'content-type': 'application/offset+octet-stream',
          },
          body: file.subarray(offset, offset + 200_000),
        });
        expect(r.status).toBe(200);
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
      await attachUploadedFile(post, { sha256, size: file.length, mime: 'image/png', name: 'scan.png' });

      const dl = await fetch(`${b}/files/${sha256}`, { headers: { authorization } });
      expect(dl.status).toBe(200);
      expect(dl.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await dl.arrayBuffer()).equals(file)).toBe(true);
    });

    it('a process stopped for a deploy ends its event streams and exits, and the other keeps serving', async () => {
      const events = await openEvents(`${b}/sync/events`, authorization);
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
        const r = await fetch(`${a}/sync/pull?clientId=after-stop-${newId()}`, {
          headers: { authorization },
        });
        expect(r.status).toBe(200);
      } finally {
        events.close();
      }
    }, 60_000);
  },
);
