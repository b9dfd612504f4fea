import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TUploadState } from '@lawfirm/shared-types';
import { runBackup } from '../src/backup/backup.ts';
import { runRestore } from '../src/backup/restore.ts';
import { readAll, type TFileStore } from '../src/files/file-store.ts';
import { openFileStore, type TFileStoreSettings } from '../src/files/open-store.ts';
import { requestedRange } from '../src/files/byte-range.ts';
import { moveFiles } from '../src/files/move-files.ts';
import { attachUploadedFile } from './attach-file.ts';
import { startS3, type TestS3 } from './fixtures/s3-server.ts';
import { adminBearer, createTestApp, type TestApp } from './helper.ts';

/**
 * The file store (DESIGN §6) behaves the same in the data folder and in an S3-compatible store (s3rver, started
 * in this process): what goes in comes out byte for byte, whole or by range, and is listed and removed.
 */
let s3: TestS3;
let buckets = 0;
const dirs: string[] = [];
beforeAll(async () => {
  s3 = await startS3();
}, 30_000);
afterAll(async () => {
  await s3.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'lf-store-'));
  dirs.push(d);
  return d;
};
const settingsOf = async (kind: 'folder' | 's3'): Promise<TFileStoreSettings> =>
  kind === 'folder' ? { kind: 'folder' } : s3.bucket(`store-${++buckets}`);
const text = async (body: Readable) => {
  const parts: Buffer[] = [];
  for await (const c of body) parts.push(c as Buffer);
  return Buffer.concat(parts);
};

describe.each(['folder', 's3'] as const)('the %s file store', (kind) => {
  let store: TFileStore;
  beforeAll(async () => {
    store = await openFileStore(await settingsOf(kind), tempDir());
  });

  it('gives back what was put, whole or by range, from bytes, a stream or a file it takes over', async () => {
    const bytes = randomBytes(100_000);
    await store.put(['c1', 'blobs', 'a'], bytes);
    expect((await readAll(store, ['c1', 'blobs', 'a']))!.equals(bytes)).toBe(true);
    expect(await store.head(['c1', 'blobs', 'a'])).toEqual({ size: 100_000 });

    const range = await store.get(['c1', 'blobs', 'a'], { start: 1000, end: 1999 });
    expect(range!.size).toBe(100_000);
    expect((await text(range!.body)).equals(bytes.subarray(1000, 2000))).toBe(true);

    // A stream of several parts, longer than one S3 part (8 MB): a multipart upload on S3.
    const big = [randomBytes(5 * 1024 * 1024), randomBytes(4 * 1024 * 1024)];
    await store.put(['c1', 'blobs', 'big'], Readable.from(big));
    const whole = await store.get(['c1', 'blobs', 'big']);
    expect(whole!.size).toBe(9 * 1024 * 1024);
    const got = await text(whole!.body);
    expect(createHash('sha256').update(got).digest('hex')).toBe(
      createHash('sha256').update(Buffer.concat(big)).digest('hex'),
    );

    const file = join(tempDir(), 'upload.part');
    writeFileSync(file, 'from a file');
    await store.put(['c1', 'user', 'u1', 'photo.png'], { path: file });
    expect((await readAll(store, ['c1', 'user', 'u1', 'photo.png']))!.toString()).toBe('from a file');
    expect(existsSync(file)).toBe(false);

    // Replacing a file replaces it whole.
    await store.put(['c1', 'blobs', 'a'], Buffer.from('short'));
    expect((await readAll(store, ['c1', 'blobs', 'a']))!.toString()).toBe('short');
  }, 60_000);

  it('lists by prefix in key order, deletes, and answers null for what is not there', async () => {
    await store.put(['c2', 'blobs', 'b'], Buffer.from('bb'));
    await store.put(['c2', 'blobs', 'a'], Buffer.from('a'));
    await store.put(['c2', 'settings', 'logo.png'], Buffer.from('logo'));
    await store.put(['c3', 'blobs', 'x'], Buffer.from('x'));
    const listed = [];
    for await (const f of store.list(['c2'])) listed.push(f);
    expect(listed).toEqual([
      { key: ['c2', 'blobs', 'a'], size: 1 },
      { key: ['c2', 'blobs', 'b'], size: 2 },
      { key: ['c2', 'settings', 'logo.png'], size: 4 },
    ]);
    await store.delete(['c2', 'blobs', 'a']);
    await store.delete(['c2', 'blobs', 'a']); // already gone: no error
    expect(await store.get(['c2', 'blobs', 'a'])).toBeNull();
    expect(await store.head(['c2', 'blobs', 'a'])).toBeNull();
    // A key that is only a prefix of others (a folder, in the data folder) is no file.
    expect(await store.get(['c2', 'blobs'])).toBeNull();
    expect(await store.head(['c2', 'blobs'])).toBeNull();
    const all = [];
    for await (const f of store.list()) all.push(f.key.join('/'));
    expect(all).toContain('c3/blobs/x');
    expect(all).not.toContain('c2/blobs/a');
    await expect(store.put(['c1', '..', 'x'], Buffer.from('x'))).rejects.toThrow(/Invalid storage key/);
    await expect(store.get(['c1', '../../etc', 'passwd'])).rejects.toThrow(/Invalid storage key/);
  });
});

it('a server whose S3 bucket cannot be read does not start, and says what to check', async () => {
  const settings = { ...(await settingsOf('s3')), bucket: 'no-such-bucket' } as TFileStoreSettings;
  await expect(createTestApp('sqlite', { fileStore: settings })).rejects.toThrow(
    /The file store s3:\/\/no-such-bucket .* cannot be read .*Check S3_BUCKET/,
  );
});

it('reads an HTTP Range header as RFC 9110 says', () => {
  expect(requestedRange(undefined, 10)).toBe('whole');
  expect(requestedRange('bytes=2-4', 10)).toEqual({ start: 2, end: 4 });
  expect(requestedRange('bytes=8-', 10)).toEqual({ start: 8, end: 9 });
  expect(requestedRange('bytes=5-100', 10)).toEqual({ start: 5, end: 9 });
  expect(requestedRange('bytes=-3', 10)).toEqual({ start: 7, end: 9 });
  expect(requestedRange('bytes=10-', 10)).toBe('unsatisfiable');
  expect(requestedRange('bytes=0-1,4-5', 10)).toBe('whole');
  expect(requestedRange('items=0-1', 10)).toBe('whole');
});

/** A real PNG header followed by random bytes: passes the content check, and no other test has its hash. */
function randomPng(size: number): Buffer {
  const b = randomBytes(size);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b);
  return b;
}

describe.each(['folder', 's3'] as const)('uploads and downloads through the %s store', (kind) => {
  let t: TestApp;
  let h: { authorization: string };
  let settings: TFileStoreSettings;
  beforeAll(async () => {
    settings = await settingsOf(kind);
    t = await createTestApp('sqlite', { fileStore: settings });
    h = await adminBearer(t);
  }, 30_000);
  afterAll(() => t?.close());

  it('assembles a resumable upload from its chunks into the store and serves ranges of it (206)', async () => {
    const file = randomPng(700_000);
    const sha256 = createHash('sha256').update(file).digest('hex');
    const up = (
      await t.app.inject({
        method: 'POST',
        url: '/uploads',
        headers: h,
        payload: { sha256, size: file.length, filename: 'scan.png' },
      })
    ).json<TUploadState>();
    let last: TUploadState = up;
    for (let offset = 0; offset < file.length; offset += 262_144) {
      const r = await t.app.inject({
        method: 'PATCH',
        url: `/uploads/${up.id}`,
        headers: { ...h, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
        payload: file.subarray(offset, offset + 262_144),
      });
      expect(r.statusCode, r.body).toBe(200);
      last = r.json<TUploadState>();
    }
    expect(last).toMatchObject({ complete: true, mime_type: 'image/png' });
    const post = async (url: string, body: object) =>
      (await t.app.inject({ method: 'POST', url, headers: h, payload: body })).json<unknown>();
    await attachUploadedFile(post, { sha256, size: file.length, mime: 'image/png', name: 'scan.png' });

    // The file is in the configured store, and nothing of the upload is left behind.
    const store = t.app.files;
    expect(store.kind).toBe(kind);
    expect(await store.head(['00000000-0000-0000-0000-000000000000', 'blobs', sha256])).toBeNull();
    const company = (
      await t.app.db
        .selectFrom('blobs')
        .select('company_id')
        .where('sha256', '=', sha256)
        .executeTakeFirstOrThrow()
    ).company_id;
    expect(await store.head([company, 'blobs', sha256])).toEqual({ size: file.length });
    const left = [];
    for await (const f of store.list(['uploads-tmp'])) left.push(f);
    expect(left).toEqual([]);
    expect(existsSync(join(t.config.dataDir, 'files'))).toBe(kind === 'folder');

    const whole = await t.app.inject({ method: 'GET', url: `/files/${sha256}`, headers: h });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(file)).toBe(true);

    const part = await t.app.inject({
      method: 'GET',
      url: `/files/${sha256}`,
      headers: { ...h, range: 'bytes=300000-300099' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 300000-300099/${file.length}`);
    expect(part.headers['content-length']).toBe('100');
    expect(part.rawPayload.equals(file.subarray(300_000, 300_100))).toBe(true);

    const tail = await t.app.inject({
      method: 'GET',
      url: `/files/${sha256}`,
      headers: { ...h, range: 'bytes=-10' },
    });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(file.subarray(file.length - 10))).toBe(true);

    const past = await t.app.inject({
      method: 'GET',
      url: `/files/${sha256}`,
      headers: { ...h, range: `bytes=${file.length}-` },
    });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${file.length}`);
    expect(past.json()).toEqual({ message: expect.any(String) });

    // `npm run backup` reads the files from the configured store: the archive holds the upload either way.
    const archive = join(tempDir(), 'backup.zip');
    await runBackup(t.config, archive, () => undefined);
    const entries = unzipSync(new Uint8Array(readFileSync(archive)));
    expect(Buffer.from(entries[`files/${company}/blobs/${sha256}`]!).equals(file)).toBe(true);

    // `npm run restore` with the same kind of settings puts the files back where the servers read them.
    const target = tempDir();
    const into = await settingsOf(kind);
    await runRestore(
      { dataDir: target, databaseUrl: join(target, 'test.sqlite'), fileStore: into },
      archive,
      () => {},
    );
    const restored = await openFileStore(into, target);
    expect((await readAll(restored, [company, 'blobs', sha256]))!.equals(file)).toBe(true);
    if (kind === 's3') expect(existsSync(join(target, 'files', company, 'blobs', sha256))).toBe(false);
  }, 60_000);
});

describe('moving an install’s files between the folder and the store', () => {
  const files = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ key: ['c9', 'blobs', `f${i}`], bytes: randomBytes(1000 + i) }));

  it('copies every file and verifies it, skips what is there with the same bytes, and moves back', async () => {
    const dir = tempDir();
    const folder = await openFileStore({ kind: 'folder' }, dir);
    const store = await openFileStore(await settingsOf('s3'), dir);
    const all = files(5);
    for (const f of all) await folder.put(f.key, f.bytes);
    // An unfinished upload's chunk in the store is not the firm's file: never moved.
    await store.put(['uploads-tmp', 'u1', '0000000000000'], Buffer.from('chunk'));

    expect(await moveFiles(folder, store)).toMatchObject({ copied: 5, skipped: 0, removed: 0 });
    for (const f of all) expect((await readAll(store, f.key))!.equals(f.bytes)).toBe(true);

    // Run again after a cut-off move: what is there with the same SHA-256 is skipped; a damaged copy (same
    // size, other bytes) is copied again.
    await store.put(all[2]!.key, randomBytes(all[2]!.bytes.length));
    expect(await moveFiles(folder, store)).toMatchObject({ copied: 1, skipped: 4 });
    expect((await readAll(store, all[2]!.key))!.equals(all[2]!.bytes)).toBe(true);

    // And back into an empty folder, removing each source file once its copy is verified.
    const back = await openFileStore({ kind: 'folder' }, tempDir());
    expect(await moveFiles(store, back, { removeSource: true })).toMatchObject({ copied: 5, removed: 5 });
    for (const f of all) expect((await readAll(back, f.key))!.equals(f.bytes)).toBe(true);
    const left = [];
    for await (const f of store.list()) left.push(f.key.join('/'));
    expect(left).toEqual(['uploads-tmp/u1/0000000000000']);
  }, 60_000);

  it('npm run files:move -- --to s3 moves a data folder into the configured store', async () => {
    const dir = tempDir();
    const folder = await openFileStore({ kind: 'folder' }, dir);
    const all = files(3);
    for (const f of all) await folder.put(f.key, f.bytes);
    const settings = await settingsOf('s3');
    // Not spawnSync: the S3 server answering the command runs in this process.
    const run = (args: string[]) =>
      new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
        execFile(
          process.execPath,
          ['--import', 'tsx', 'scripts/files-move.ts', ...args],
          {
            cwd: join(import.meta.dirname, '../..'),
            env: {
              ...process.env,
              DATA_DIR: dir,
              ...s3.env(settings as TFileStoreSettings & { kind: 's3' }),
            },
          },
          (e, stdout, stderr) => resolve({ status: e ? Number(e.code ?? 1) : 0, stdout, stderr }),
        );
      });
    const moved = await run(['--', '--to', 's3']);
    expect(moved.status, moved.stderr).toBe(0);
    expect(moved.stdout).toContain('3 copied and verified');
    const store = await openFileStore(settings, dir);
    for (const f of all) expect((await readAll(store, f.key))!.equals(f.bytes)).toBe(true);
    const again = await run(['--', '--to', 's3']);
    expect(again.stdout).toContain('0 copied and verified');
    expect(again.stdout).toContain('3 already there with the same SHA-256');
    const wrong = await run(['--', '--to', 'disk']);
    expect(wrong.status).toBe(64);
    expect(wrong.stderr).toContain('Usage: npm run files:move');
  }, 60_000);
});
