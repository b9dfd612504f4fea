import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { newId } from '../src/db/ids.ts';
import { startServerProcess } from './fixtures/server-process.ts';
import { describeEachDb, emptyPostgres } from './helper.ts';

const EMAIL = 'drain-admin@test.firm';
const PASSWORD = 'drain-password-1';

type Outcome = {
  kind: 'push' | 'user';
  /** Sent before the server was told to stop. */
  before: boolean;
  status?: number;
  error?: string;
  /** A push's rows. */
  rows: string[];
  applied?: number;
};

/** One request on the keep-alive agent: its status and body, or the connection error that ended it. */
function send(
  agent: Agent,
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; body: string } | { error: string }> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers, agent }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      res.on('error', (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message }));
    });
    req.on('error', (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message }));
    req.end(body);
  });
}

/**
 * A server told to stop (SIGTERM, as systemd does in a rolling restart) answers every request it accepted: a
 * burst of pushes and reads on keep-alive connections is running when the signal comes; every request sent
 * before it is answered 200, no request is answered with an error status (no 503 while closing, no cut
 * connection a proxy would turn into a 502), a request that failed to connect afterwards was never applied, and
 * every push answered is in the database after the process exited.
 */
describeEachDb('a stopping server drains', (kind) => {
  const dirs: string[] = [];
  const drops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const d of drops) await d();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('answers every request it accepted, applies every push it answered, and exits', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lf-drain-'));
    dirs.push(dir);
    const pgDb = kind === 'postgres' ? await emptyPostgres('lf_drain_') : null;
    if (pgDb) drops.push(pgDb.drop);
    const server = await startServerProcess({
      DATA_DIR: dir,
      ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
      PWA_DIST_DIR: join(dir, 'no-pwa'),
      ADMIN_EMAIL: EMAIL,
      ADMIN_PASSWORD: PASSWORD,
      SCRYPT_N: '1024',
      PORT: '0',
    });
    const agent = new Agent({ keepAlive: true, maxSockets: 16 });
    try {
      const login = await send(
        agent,
        server.port,
        'POST',
        '/api/auth/login',
        { 'content-type': 'application/json' },
        JSON.stringify({ email: EMAIL, password: PASSWORD }),
      );
      if (!('status' in login) || login.status !== 200) throw new Error(`login: ${JSON.stringify(login)}`);
      const authorization = `Bearer ${(JSON.parse(login.body) as { access_token: string }).access_token}`;

      let stopping = false;
      const outcomes: Outcome[] = [];
      let answered = 0;
      const device = async (d: number) => {
        const clientId = `drain-${d}-${newId()}`;
        for (let n = 1; ; n++) {
          const rows = Array.from({ length: 20 }, () => newId());
          const mutations = rows.map((id, i) => ({
            id: (n - 1) * 20 + i + 1,
            name: 'put',
            args: { entity: 'statutes', id, values: { title: `Drain Act ${d}/${n}/${i}` } },
          }));
          const o: Outcome = { kind: 'push', before: !stopping, rows };
          outcomes.push(o);
          const r = await send(
            agent,
            server.port,
            'POST',
            '/sync/push',
            { authorization, 'content-type': 'application/json' },
            JSON.stringify({ clientId, mutations }),
          );
          if ('error' in r) return void (o.error = r.error);
          o.status = r.status;
          answered++;
          if (r.status !== 200) return;
          const body = JSON.parse(r.body) as { results: { status: string }[] };
          o.applied = body.results.filter((x) => x.status === 'applied').length;
        }
      };
      const reader = async () => {
        for (;;) {
          const o: Outcome = { kind: 'user', before: !stopping, rows: [] };
          outcomes.push(o);
          const r = await send(agent, server.port, 'GET', '/api/user', { authorization });
          if ('error' in r) return void (o.error = r.error);
          o.status = r.status;
          answered++;
          if (r.status !== 200) return;
        }
      };
      const load = [
        ...Array.from({ length: 6 }, (_, d) => device(d)),
        ...Array.from({ length: 6 }, () => reader()),
      ];
      // Once the load is well under way, the signal.
      await expect.poll(() => answered, { timeout: 20_000, interval: 10 }).toBeGreaterThan(60);
      stopping = true;
      server.child.kill('SIGTERM');
      const t0 = Date.now();
      await Promise.all(load);
      await server.exited;
      expect(server.child.exitCode).toBe(0);
      // Well inside the 30 s a drain may take at most.
      expect(Date.now() - t0).toBeLessThan(20_000);

      // Every request sent before the signal was answered, and answered well.
      const early = outcomes.filter((o) => o.before);
      expect(early.length).toBeGreaterThan(12);
      expect(early.filter((o) => o.status !== 200)).toEqual([]);
      // No request was answered with an error status while the server stopped.
      expect(outcomes.filter((o) => o.status !== undefined && o.status !== 200)).toEqual([]);
      // Some requests came after the signal; those the server did not answer failed to connect.
      expect(outcomes.some((o) => !o.before)).toBe(true);
      for (const o of outcomes.filter((x) => x.error))
        expect(['ECONNREFUSED', 'ECONNRESET', 'socket hang up', 'EPIPE']).toContain(o.error);

      // After exit: each push answered is in the database whole; a push that got no answer is not there at all.
      const pushes = outcomes.filter((o) => o.kind === 'push');
      const stored = await storedIds(
        kind,
        dir,
        pgDb?.url ?? null,
        pushes.flatMap((o) => o.rows),
      );
      for (const o of pushes) {
        const there = o.rows.filter((id) => stored.has(id)).length;
        if (o.status === 200) {
          expect(o.applied).toBe(o.rows.length);
          expect(there).toBe(o.rows.length);
        } else expect(there).toBe(0);
      }
    } finally {
      agent.destroy();
      await server.kill();
    }
  }, 90_000);
});

async function storedIds(kind: string, dir: string, url: string | null, ids: string[]): Promise<Set<string>> {
  if (kind === 'postgres') {
    const c = new pg.Client({ connectionString: url! });
    await c.connect();
    try {
      const r = await c.query<{ id: string }>('select id from statutes where id = any($1::text[])', [ids]);
      return new Set(r.rows.map((x) => x.id));
    } finally {
      await c.end();
    }
  }
  const db = new SQLite(join(dir, 'lawfirm.sqlite'), { readonly: true });
  try {
    const rows = db.prepare('select id from statutes').all() as { id: string }[];
    const wanted = new Set(ids);
    return new Set(rows.map((r) => r.id).filter((id) => wanted.has(id)));
  } finally {
    db.close();
  }
}
