import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPullResponse, TPushResponse, TUploadState } from '@lawfirm/shared-types';
import { newId } from '../src/db/ids.ts';
import { runBackup } from '../src/backup/backup.ts';
import { runRestore } from '../src/backup/restore.ts';
import { countRows, namedFilePaths } from '../src/backup/sqlite-snapshot.ts';
import { attachUploadedFile } from './attach-file.ts';
import { startServerProcess, type ServerProcess } from './fixtures/server-process.ts';
import { ADMIN_EMAIL, createTestApp, emptyPostgres } from './helper.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const EMAIL = 'backup-admin@test.firm';
const PASSWORD = 'backup-password-1';
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** `npm run <script> -- FILE` as an operator runs it, with `env` over this process's environment. */
function npmRun(
  script: 'backup' | 'restore',
  file: string,
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const base = { ...process.env };
  delete base.DATABASE_URL;
  delete base.JWT_SECRET;
  const child = spawn('npm', ['run', '--silent', script, '--', file], {
    cwd: ROOT,
    env: { ...base, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

/** A PNG by its first bytes (what the server sniffs), unique, holding a zip data-descriptor signature. */
function pngFile(size: number): Buffer {
  const b = Buffer.alloc(size, 7);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b);
  b.write(newId(), 100);
  Buffer.from('PK\x07\x08PK\x01\x02', 'latin1').copy(b, 200);
  for (let i = 300; i < size; i += 4099) b[i] = (i * 31) & 0xff;
  return b;
}

/** A client of one running server: signed-in calls, uploads, and a device's pulls and pushes. */
function clientOf(base: string, authorization: string) {
  const json = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
    const r = await fetch(`${base}${path}`, {
      ...init,
      headers: { authorization, 'content-type': 'application/json', ...init.headers },
    });
    expect(r.status, `${path}: ${r.status}`).toBe(200);
    return (await r.json()) as T;
  };
  const post = (path: string, body: object) => json(path, { method: 'POST', body: JSON.stringify(body) });
  return {
    post,
    async upload(file: Buffer, name: string): Promise<string> {
      const sha = sha256(file);
      const up = await json<TUploadState>('/uploads', {
        method: 'POST',
        body: JSON.stringify({ sha256: sha, size: file.length, filename: name }),
      });
      const r = await fetch(`${base}/uploads/${up.id}`, {
        method: 'PATCH',
        headers: { authorization, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
        body: new Uint8Array(file),
      });
      expect(((await r.json()) as TUploadState).complete).toBe(true);
      await attachUploadedFile(post, { sha256: sha, size: file.length, mime: 'image/png', name });
      return sha;
    },
    /** Every page after `cursor`; answers the rows by entity/id after applying them to `rows`. */
    async pullAll(clientId: string, cursor: string, rows: Map<string, unknown>) {
      let page: TPullResponse;
      let reset = false;
      do {
        const q = new URLSearchParams({ clientId, cursor, limit: '1000' });
        page = await json<TPullResponse>(`/sync/pull?${q}`);
        if (page.reset) {
          rows.clear();
          reset = true;
        }
        for (const c of page.changes)
          if (c.row) rows.set(`${c.entity}/${c.id}`, c.row);
          else rows.delete(`${c.entity}/${c.id}`);
        cursor = page.cursor;
      } while (page.more);
      return { cursor, reset };
    },
    pushStatute: (clientId: string, mutationId: number, id: string) =>
      post('/sync/push', {
        clientId,
        mutations: [
          { id: mutationId, name: 'put', args: { entity: 'statutes', id, values: { title: `Act ${id}` } } },
        ],
      }) as Promise<TPushResponse>,
  };
}

async function signIn(base: string): Promise<string> {
  const r = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  expect(r.status).toBe(200);
  return `Bearer ${((await r.json()) as { access_token: string }).access_token}`;
}

const serverEnv = (dataDir: string, extra: Record<string, string> = {}) => ({
  DATA_DIR: dataDir,
  PWA_DIST_DIR: join(dataDir, '..', 'no-pwa'),
  ADMIN_EMAIL: EMAIL,
  ADMIN_PASSWORD: PASSWORD,
  SCRYPT_N: '1024',
  PORT: '0',
  ...extra,
});

/** Files under a folder, by path relative to it, with their SHA-256. */
function hashes(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string, rel: string) => {
    for (const e of readdirSync(d, { withFileTypes: true }))
      if (e.isDirectory()) walk(join(d, e.name), `${rel}${e.name}/`);
      else out.set(`${rel}${e.name}`, sha256(readFileSync(join(d, e.name))));
  };
  if (existsSync(dir)) walk(dir, '');
  return out;
}

/**
 * Issue 30, item 5: `npm run backup` of a running server while a device pushes, then `npm run restore` into an
 * empty folder: the same rows as the snapshot, the same files, and devices sync on.
 */
describe('backup and restore of a running server [sqlite]', () => {
  let dir: string;
  let live: string;
  let server: ServerProcess;
  let restoredServer: ServerProcess | null = null;
  let authorization: string;
  let api: ReturnType<typeof clientOf>;
  const uploaded: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'lf-backup-'));
    live = join(dir, 'live');
    server = await startServerProcess(serverEnv(live));
    const base = `http://127.0.0.1:${server.port}`;
    authorization = await signIn(base);
    api = clientOf(base, authorization);
    // A photo of a page, a bigger scan, and a small one: each a blob file and the attachment row naming it.
    for (const [size, name] of [
      [300_000, 'page.png'],
      [3_000_000, 'scan.png'],
      [5_000, 'stamp.png'],
    ] as const)
      uploaded.push(await api.upload(pngFile(size), name));
  }, 60_000);
  afterAll(async () => {
    await server?.kill();
    await restoredServer?.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  it('backs up while a device pushes; the restore has the snapshot rows, the files, and devices sync on', async () => {
    const device = {
      clientId: `backup-device-${newId()}`,
      rows: new Map<string, unknown>(),
      cursor: '',
      next: 1,
    };
    const early = { clientId: `early-device-${newId()}`, rows: new Map<string, unknown>(), cursor: '' };
    const pushed: string[] = [];
    const push = async () => {
      const id = newId();
      const r = await api.pushStatute(device.clientId, device.next++, id);
      expect(r.results[0]?.status).toBe('applied');
      pushed.push(id);
    };
    for (let i = 0; i < 20; i++) await push();
    device.cursor = (await api.pullAll(device.clientId, '', device.rows)).cursor;
    early.cursor = (await api.pullAll(early.clientId, '', early.rows)).cursor;
    const before = pushed.length;
    // An upload half way through when the backup is taken: its bytes so far are not in the archive.
    const half = pngFile(100_000);
    const open = await api.post('/uploads', {
      sha256: sha256(half),
      size: half.length,
      filename: 'half.png',
    });
    const halfId = (open as TUploadState).id;
    const patched = await fetch(`http://127.0.0.1:${server.port}/uploads/${halfId}`, {
      method: 'PATCH',
      headers: { authorization, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      body: new Uint8Array(half.subarray(0, 50_000)),
    });
    expect(patched.status).toBe(200);

    // The device keeps pushing, one acknowledged mutation after another, for as long as the backup runs, while
    // another device uploads photos and names them in attachments.
    const archive = join(dir, 'backup.zip');
    let running = true;
    let during = 0;
    const pushing = (async () => {
      while (running) {
        await push();
        during++;
      }
    })();
    const uploading = (async () => {
      while (running) uploaded.push(await api.upload(pngFile(20_000), 'during.png'));
    })();
    const backup = await npmRun('backup', archive, { DATA_DIR: live });
    running = false;
    await pushing;
    await uploading;
    const duringBackup = during;
    for (let i = 0; i < 5; i++) await push();
    // This device has now seen changes the backup does not hold: its cursor points past the snapshot.
    device.cursor = (await api.pullAll(device.clientId, device.cursor, device.rows)).cursor;

    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain('Backup written');
    expect(backup.stdout).toMatch(/database: \d+ tables, [\d,]+ rows/);
    expect(duringBackup).toBeGreaterThan(0);

    // Read by another zip reader (fflate's), as an operator's unzip would: the snapshot and the files.
    const entries = unzipSync(readFileSync(archive));
    const snapshotFile = join(dir, 'snapshot.sqlite');
    writeFileSync(snapshotFile, entries['database.sqlite']!);
    const snapshot = new SQLite(snapshotFile, { readonly: true });
    const snapshotCounts = countRows(snapshot);
    snapshot.close();
    for (const sha of uploaded.slice(0, 3))
      expect(Object.keys(entries).some((n) => n.endsWith(`/blobs/${sha}`))).toBe(true);

    const restored = join(dir, 'restored');
    const restore = await npmRun('restore', archive, { DATA_DIR: restored });
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain('Restored into');
    restoredServer = await startServerProcess(serverEnv(restored));
    const base = `http://127.0.0.1:${restoredServer.port}`;

    // Every table as the backup's own copy has it, once the restored server has started on it.
    const db = new SQLite(join(restored, 'lawfirm.sqlite'), { readonly: true });
    try {
      expect(countRows(db)).toEqual(snapshotCounts);
      // One consistent moment: the device's statutes up to some point, every one acknowledged before the
      // backup began among them, none acknowledged after it ended.
      const have = new Set(
        db
          .prepare(`select id from statutes where id in (${pushed.map(() => '?').join(',')})`)
          .pluck()
          .all(...pushed) as string[],
      );
      expect(have.size).toBeGreaterThanOrEqual(before);
      expect(have.size).toBeLessThanOrEqual(before + duringBackup);
      expect([...have].sort()).toEqual(pushed.slice(0, have.size).sort());

      // Every file a row names, byte for byte as on the live server (a blob is named by its SHA-256).
      const blobs = db.prepare('select company_id, sha256 from blobs').all() as {
        company_id: string;
        sha256: string;
      }[];
      expect(blobs.map((b) => b.sha256)).toEqual(expect.arrayContaining(uploaded.slice(0, 3)));
      const liveFiles = hashes(join(live, 'files'));
      const restoredFiles = hashes(join(restored, 'files'));
      for (const b of blobs) {
        const path = `${b.company_id}/blobs/${b.sha256}`;
        expect(restoredFiles.get(path)).toBe(b.sha256);
        expect(liveFiles.get(path)).toBe(b.sha256);
      }
    } finally {
      db.close();
    }

    // The same token secret: the device's session goes on, and a file downloads as it was uploaded.
    const after = clientOf(base, authorization);
    const dl = await fetch(`${base}/files/${uploaded[1]}`, { headers: { authorization } });
    expect(dl.status).toBe(200);
    expect(sha256(Buffer.from(await dl.arrayBuffer()))).toBe(uploaded[1]);

    // The upload in progress starts again (as after its expiry) and completes.
    const head = await fetch(`${base}/uploads/${halfId}`, { method: 'HEAD', headers: { authorization } });
    expect(head.status).toBe(404);
    const again = (await after.post('/uploads', {
      sha256: sha256(half),
      size: half.length,
      filename: 'half.png',
    })) as TUploadState;
    expect(again).toMatchObject({ offset: 0, complete: false });
    const finished = await fetch(`${base}/uploads/${again.id}`, {
      method: 'PATCH',
      headers: { authorization, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      body: new Uint8Array(half),
    });
    expect(((await finished.json()) as TUploadState).complete).toBe(true);

    // Both devices pull from their old cursors, start over, and hold what the restored server holds: the
    // device that saw changes made after the backup no longer shows them.
    const fresh = new Map<string, unknown>();
    await after.pullAll(`fresh-device-${newId()}`, '', fresh);
    for (const d of [device, early]) {
      const pulled = await after.pullAll(d.clientId, d.cursor, d.rows);
      expect(pulled.reset).toBe(true);
      expect([...d.rows.keys()].sort()).toEqual([...fresh.keys()].sort());
      d.cursor = pulled.cursor;
    }
    expect(device.rows.has(`statutes/${pushed.at(-1)}`)).toBe(false);

    // And push on: the next mutation is applied, and reaches the other device.
    const id = newId();
    const r = await after.pushStatute(device.clientId, device.next++, id);
    expect(r.results).toEqual([expect.objectContaining({ status: 'applied' })]);
    const pulled = await after.pullAll(early.clientId, early.cursor, early.rows);
    expect(pulled.reset).toBe(false);
    expect(early.rows.get(`statutes/${id}`)).toMatchObject({ title: `Act ${id}` });
  }, 180_000);

  it('refuses a data folder that is not empty, and leaves it as it was', async () => {
    const target = join(dir, 'not-empty');
    mkdirSync(target);
    writeFileSync(join(target, 'notes.txt'), 'keep me');
    const r = await npmRun('restore', join(dir, 'backup.zip'), { DATA_DIR: target });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`The data folder ${target} is not empty (it holds notes.txt)`);
    expect(readdirSync(target)).toEqual(['notes.txt']);

    // A database kept outside the data folder (DATABASE_URL) that already exists is never overwritten.
    const elsewhere = join(dir, 'elsewhere.sqlite');
    writeFileSync(elsewhere, 'a database');
    const empty = join(dir, 'empty');
    await expect(
      runRestore({ dataDir: empty, databaseUrl: elsewhere }, join(dir, 'backup.zip'), () => {}),
    ).rejects.toThrow(`A database already exists at ${elsewhere}`);
    expect(readFileSync(elsewhere, 'utf8')).toBe('a database');
    expect(readdirSync(empty)).toEqual([]);
  }, 60_000);

  it('refuses a file that is not a backup, and one that is damaged, leaving the folder empty', async () => {
    const archive = readFileSync(join(dir, 'backup.zip'));
    const target = join(dir, 'target');
    const attempt = async (name: string, bytes: Uint8Array) => {
      const file = join(dir, name);
      writeFileSync(file, bytes);
      const error = await runRestore(
        { dataDir: target, databaseUrl: join(target, 'lawfirm.sqlite') },
        file,
        () => {},
      ).then(
        () => null,
        (e: Error) => e.message,
      );
      // Nothing half restored: the folder is empty and no staging folder is left beside it.
      expect(readdirSync(target)).toEqual([]);
      expect(readdirSync(dir).filter((n) => n.startsWith('.restoring-'))).toEqual([]);
      return error;
    };

    const cli = await npmRun('restore', join(dir, 'backup.zip.nope'), { DATA_DIR: target });
    expect(cli.stderr).toContain('There is no file');
    writeFileSync(join(dir, 'notes.pdf'), '%PDF-1.4 not an archive');
    const notZip = await npmRun('restore', join(dir, 'notes.pdf'), { DATA_DIR: target });
    expect(notZip.code).toBe(1);
    expect(notZip.stderr).toContain('is not a backup made by npm run backup');
    expect(readdirSync(target)).toEqual([]);

    expect(await attempt('other.zip', zipSync({ 'readme.txt': new TextEncoder().encode('hello') }))).toMatch(
      /is not a backup made by npm run backup \(it has no backup.json\)/,
    );
    expect(await attempt('cut.zip', archive.subarray(0, Math.floor(archive.length / 2)))).toMatch(
      /is not a backup made by npm run backup/,
    );
    // One byte of the big scan changed inside the archive (stored as is, so found by its bytes).
    const scan = unzipSync(archive, { filter: (f) => f.name.endsWith(uploaded[1]!) });
    const at = archive.indexOf(Buffer.from(Object.values(scan)[0]!.subarray(1_000_000, 1_000_064)));
    expect(at).toBeGreaterThan(0);
    const changed = Buffer.from(archive);
    changed.writeUInt8(changed.readUInt8(at + 10) ^ 0xff, at + 10);
    expect(await attempt('changed.zip', changed)).toMatch(/is damaged \(.*blobs\/[0-9a-f]{64}/);
    // A manifest from a newer version of the app.
    const entries = unzipSync(archive);
    const manifest = JSON.parse(new TextDecoder().decode(entries['backup.json'])) as { version: number };
    const newer = zipSync({
      ...entries,
      'backup.json': new TextEncoder().encode(JSON.stringify({ ...manifest, version: 2 })),
    });
    expect(await attempt('newer.zip', newer)).toMatch(/made by a newer version of the app/);
  }, 60_000);
});

/**
 * The order the backup reads in (backup.ts): files, the database snapshot, then the files that came since. Here
 * the server's writes land at the two moments that would break another order, as the server makes them (the
 * file in place first, then its row; a replaced photo removed once its row names the new one).
 */
describe('a backup holds every file its snapshot names, whatever lands while it runs [sqlite]', () => {
  it('an upload stored while the files are copied, and a photo replaced after the snapshot', async () => {
    const t = await createTestApp('sqlite');
    const dir = mkdtempSync(join(tmpdir(), 'lf-backup-order-'));
    const db = new SQLite(t.config.databaseUrl);
    try {
      db.pragma('busy_timeout = 5000');
      const { dataDir } = t.config;
      const admin = db.prepare('select id, company_id from users where email = ?').get(ADMIN_EMAIL) as {
        id: string;
        company_id: string;
      };
      const store = (path: string, bytes: Uint8Array) => {
        mkdirSync(dirname(join(dataDir, path)), { recursive: true });
        writeFileSync(join(dataDir, path), bytes);
      };
      const storeBlob = () => {
        const bytes = pngFile(10_000);
        const sha = sha256(bytes);
        store(`files/${admin.company_id}/blobs/${sha}`, bytes);
        db.prepare(
          "insert into blobs (company_id, sha256, size, mime_type, created_at) values (?, ?, ?, 'image/png', ?)",
        ).run(admin.company_id, sha, bytes.length, new Date().toISOString());
        return sha;
      };
      const photo = (name: string) => `files/${admin.company_id}/user/${admin.id}/${name}`;
      storeBlob();
      store(photo('old.png'), pngFile(2_000));
      db.prepare("update users set avatar_file_name = 'old.png' where id = ?").run(admin.id);

      // An attachment a device pushed whose upload never finished, since deleted (a restore brings tombstones
      // back too): named by a row, never stored, so the backup warns of it.
      const unstored = sha256(Buffer.from(`never uploaded ${newId()}`));
      const now = new Date().toISOString();
      db.prepare(
        `insert into attachments (id, company_id, created_at, updated_at, deleted_at, owner_type, owner_id,
           sha256, file_name, mime_type, size) values (?, ?, ?, ?, ?, 'PetitionIndex', ?, ?, 'lost.pdf',
           'application/pdf', 10)`,
      ).run(newId(), admin.company_id, now, now, now, newId(), unstored);

      let late = '';
      let replaced = false;
      const archive = join(dir, 'order.zip');
      const summary = await runBackup(t.config, archive, (line) => {
        // The first file is being copied: an upload lands, its row commits before the snapshot.
        if (line.startsWith('  files:') && !late) late = storeBlob();
        // The snapshot is taken: the admin changes their photo, and the old one is removed.
        if (line.startsWith('  database:') && !replaced) {
          store(photo('new.png'), pngFile(2_000));
          db.prepare("update users set avatar_file_name = 'new.png' where id = ?").run(admin.id);
          unlinkSync(join(dataDir, photo('old.png')));
          replaced = true;
        }
      });
      expect(late).not.toBe('');
      expect(replaced).toBe(true);

      const entries = unzipSync(readFileSync(archive));
      const copy = join(dir, 'copy.sqlite');
      writeFileSync(copy, entries['database.sqlite']!);
      const snapshot = new SQLite(copy, { readonly: true });
      const named = namedFilePaths(snapshot);
      snapshot.close();
      const lost = `files/${admin.company_id}/blobs/${unstored}`;
      expect(named).toEqual(
        expect.arrayContaining([`files/${admin.company_id}/blobs/${late}`, photo('old.png'), lost]),
      );
      expect(summary.missing).toEqual([lost]);
      for (const path of named.filter((p) => p !== lost)) {
        expect(entries[path], path).toBeDefined();
        const blob = /\/blobs\/([0-9a-f]{64})$/.exec(path)?.[1];
        if (blob) expect(sha256(entries[path]!)).toBe(blob);
      }
    } finally {
      db.close();
      await t.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe.skipIf(!process.env.DATABASE_URL_TEST)(
  'backup and restore of a server on PostgreSQL [postgres] (skipped without DATABASE_URL_TEST)',
  () => {
    let dir: string;
    let database: { url: string; drop: () => Promise<void> } | null = null;
    let server: ServerProcess | null = null;
    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'lf-backup-pg-'));
      database = await emptyPostgres('lf_backup_');
    });
    afterAll(async () => {
      await server?.kill();
      await database?.drop();
      rmSync(dir, { recursive: true, force: true });
    });

    it('says to back the database up with pg_dump, archives the files, and restores them', async () => {
      const live = join(dir, 'live');
      server = await startServerProcess(serverEnv(live, { DATABASE_URL: database!.url }));
      const base = `http://127.0.0.1:${server.port}`;
      const sha = await clientOf(base, await signIn(base)).upload(pngFile(200_000), 'pg.png');

      const archive = join(dir, 'files.zip');
      const backup = await npmRun('backup', archive, { DATA_DIR: live, DATABASE_URL: database!.url });
      expect(backup.code).toBe(0);
      expect(backup.stdout).toContain('pg_dump');
      expect(backup.stdout).toContain('database: not included (PostgreSQL: back it up with pg_dump)');
      const entries = unzipSync(readFileSync(archive));
      expect(entries['database.sqlite']).toBeUndefined();
      const name = Object.keys(entries).find((n) => n.endsWith(`/blobs/${sha}`))!;
      expect(sha256(entries[name]!)).toBe(sha);

      // The database restored with pg_restore is this one; the files come back beside it.
      const restored = join(dir, 'restored');
      const restore = await npmRun('restore', archive, { DATA_DIR: restored, DATABASE_URL: database!.url });
      expect(restore.stderr).toBe('');
      expect(restore.code).toBe(0);
      expect(hashes(join(restored, 'files'))).toEqual(hashes(join(live, 'files')));
      // Without DATABASE_URL it would start a new SQLite database beside files it does not name: refused.
      const sqlite = await npmRun('restore', archive, { DATA_DIR: join(dir, 'sqlite') });
      expect(sqlite.code).toBe(1);
      expect(sqlite.stderr).toContain('pg_restore');
    }, 120_000);
  },
);
