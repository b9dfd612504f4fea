import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * First start as an operator runs it: `node sync-server/src/main.ts` (what `npm start` runs after the build),
 * configured by the environment only, read back through the HTTP calls a user's browser makes.
 */
const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const dirs: string[] = [];
/** Each start compiles and boots the whole server in a new process: on a loaded machine that takes a while. */
const STARTS_MS = 180_000;
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  const port = (probe.address() as { port: number }).port;
  await new Promise<void>((done) => probe.close(() => done()));
  return port;
}

type Started = { output: string; port: number; dataDir: string; stop: () => Promise<number | null> };

/** Starts the server and waits for the line that says where it runs, or for it to exit. */
async function start(env: Record<string, string>, existing?: string): Promise<Started> {
  const dataDir = existing ?? mkdtempSync(join(tmpdir(), 'lf-first-'));
  dirs.push(dataDir);
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PWA_DIST_DIR: join(dataDir, 'no-pwa'),
      SCRYPT_N: '1024',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const listening = new Promise<void>((done) => {
    const read = (d: Buffer) => {
      output += d.toString();
      if (/Admin login: .*\n/.test(output)) done();
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
  });
  await Promise.race([listening, exited]);
  return {
    get output() {
      return output;
    },
    port,
    dataDir,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

async function signIn(port: number, email: string, password: string): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password }).toString(),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

async function getJson<T>(port: number, path: string, token: string): Promise<T> {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

describe('first start', () => {
  it(
    'FIRM_NAME names the firm, its settings and invoice heading, and its admin signs in with the printed password',
    async () => {
      const s = await start({
        FIRM_NAME: 'Khan & Qureshi Advocates',
        ADMIN_EMAIL: 'Amna@KhanQureshi.pk',
        ADMIN_NAME: 'Amna Khan',
      });
      try {
        expect(s.output).toContain('First start: created Khan & Qureshi Advocates');
        expect(s.output).not.toContain('demo firm');
        // No ADMIN_PASSWORD: one is generated and printed once.
        const m = /Admin login: amna@khanqureshi\.pk \/ (\S+)\n/.exec(s.output);
        expect(m).not.toBeNull();
        const token = await signIn(s.port, 'amna@khanqureshi.pk', m![1]!);
        const me = await getJson<{ name: string; is_admin: boolean; company_name: string }>(
          s.port,
          '/api/user',
          token,
        );
        expect(me).toMatchObject({
          name: 'Amna Khan',
          is_admin: true,
          company_name: 'Khan & Qureshi Advocates',
        });
        const { setting } = await getJson<{ setting: Record<string, unknown> }>(
          s.port,
          '/api/settings',
          token,
        );
        expect(setting).toMatchObject({
          site_name: 'Khan & Qureshi Advocates',
          invoice_heading: 'Khan & Qureshi Advocates',
        });
        // None of the demo firm's details, and no demo data: the firm starts empty.
        expect(JSON.stringify(setting)).not.toMatch(/demo|elawfirmpk/i);
        const cases = await getJson<{ petitions: { data: unknown[] } }>(s.port, '/api/petitions', token);
        expect(cases.petitions.data).toEqual([]);
      } finally {
        expect(await s.stop()).toBe(0);
      }
    },
    STARTS_MS,
  );

  it(
    'without FIRM_NAME it is the demo firm with the printed demo login and its demo data, added once',
    async () => {
      const s = await start({});
      let dataDir = '';
      try {
        expect(s.output).toContain('First start: created Demo Law Associates');
        expect(s.output).toContain('This is the demo firm');
        expect(s.output).toContain('Added the demo data');
        expect(s.output).toMatch(
          /Demo members \(password demo-member-2026\): \S+@demo\.elawfirm\.pk \(Lawyer\)/,
        );
        expect(s.output).toContain('Admin login: admin@demo.elawfirm.pk / demo-admin-2026');
        const token = await signIn(s.port, 'admin@demo.elawfirm.pk', 'demo-admin-2026');
        const { setting } = await getJson<{ setting: Record<string, unknown> }>(
          s.port,
          '/api/settings',
          token,
        );
        expect(setting).toMatchObject({ invoice_heading: 'Demo Law Associates' });
        const cases = await getJson<{ petitions: { total: number } }>(s.port, '/api/petitions', token);
        expect(cases.petitions.total).toBeGreaterThanOrEqual(35);
        dataDir = s.dataDir;
      } finally {
        await s.stop();
      }
      // A second start on the same data folder adds nothing.
      const again = await start({}, dataDir);
      try {
        expect(again.output).toContain('Firm: Demo Law Associates');
        expect(again.output).not.toContain('Added the demo data');
        const token = await signIn(again.port, 'admin@demo.elawfirm.pk', 'demo-admin-2026');
        const cases = await getJson<{ petitions: { total: number } }>(again.port, '/api/petitions', token);
        expect(cases.petitions.total).toBeGreaterThanOrEqual(35);
      } finally {
        await again.stop();
      }
    },
    STARTS_MS,
  );

  it(
    'FIRM_NAME without ADMIN_EMAIL, or with a short ADMIN_PASSWORD, stops with one sentence and no stack trace',
    async () => {
      // Both refusals at once: two processes starting side by side.
      const [noEmail, shortPassword] = await Promise.all([
        start({ FIRM_NAME: 'Khan & Qureshi Advocates' }),
        start({
          FIRM_NAME: 'Khan & Qureshi Advocates',
          ADMIN_EMAIL: 'amna@khanqureshi.pk',
          ADMIN_PASSWORD: 'short',
        }),
      ]);
      expect(await noEmail.stop()).toBe(1);
      expect(noEmail.output).toContain(
        'Cannot start: FIRM_NAME is set but ADMIN_EMAIL is not: set ADMIN_EMAIL to the email the firm admin signs in with.',
      );
      expect(noEmail.output).not.toMatch(/\n\s+at /);
      expect(await shortPassword.stop()).toBe(1);
      expect(shortPassword.output).toContain('Cannot start: ADMIN_PASSWORD must be at least 8 characters.');
    },
    STARTS_MS,
  );
});
