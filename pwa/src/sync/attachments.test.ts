import 'fake-indexeddb/auto';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { TUploadState } from '@lawfirm/shared-types';
import {
  CHUNK_SIZE,
  fetchFileForOffline,
  readLocalFile,
  storeLocalFile,
  uploadPending,
  type TUploadProgress,
} from './attachments.ts';
import { createHttpClient } from '../http/client.ts';
import { memorySession } from '../http/test-session.ts';
import { openLocalDb } from './db.ts';

/**
 * The upload contract (POST /uploads, HEAD and PATCH /uploads/{id}, GET /files/{sha256}) played by a small
 * in-memory server, so resuming, a lost answer and refusals can be staged exactly.
 */
function uploadServer() {
  type Upload = { id: string; sha256: string; size: number; bytes: Buffer };
  const uploads = new Map<string, Upload>();
  const files = new Map<string, { bytes: Buffer; mime: string; name: string }>();
  const s = {
    requests: [] as string[],
    patchBytes: 0,
    /** Store the chunk of this PATCH (1-based) but lose the answer. */
    dropAnswerOfPatch: 0,
    /** The next POST answers offset 0 although the server has more (another tab sent it). */
    staleOffsetOnce: false,
    /** GET /files answers these bytes instead of the real ones. */
    corruptDownload: false,
    files,
  };
  let patches = 0;
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const stateOf = (u: Upload): TUploadState => ({
    id: u.id,
    offset: u.bytes.length,
    size: u.size,
    complete: files.has(u.sha256),
    sha256: u.sha256,
  });
  const fetchFn: typeof fetch = async (input, init = {}) => {
    const url = new URL(input as string);
    const method = init.method ?? 'GET';
    s.requests.push(`${method} ${url.pathname}`);
    const headers = new Headers(init.headers);
    if (headers.get('Authorization') !== 'Bearer good') return json({ message: 'Unauthenticated.' }, 401);
    const id = /^\/uploads\/(.+)$/.exec(url.pathname)?.[1];
    if (method === 'POST' && url.pathname === '/uploads') {
      const b = JSON.parse(init.body as string) as { sha256: string; size: number; filename: string };
      if (b.filename.endsWith('.exe')) return json({ message: 'This file type is not allowed.' }, 415);
      if (files.has(b.sha256))
        return json({ id: 'done', offset: b.size, size: b.size, complete: true, sha256: b.sha256 });
      const u = [...uploads.values()].find((x) => x.sha256 === b.sha256) ?? {
        id: `up-${uploads.size + 1}`,
        sha256: b.sha256,
        size: b.size,
        bytes: Buffer.alloc(0),
      };
      uploads.set(u.id, u);
      if (s.staleOffsetOnce) {
        s.staleOffsetOnce = false;
        return json({ ...stateOf(u), offset: 0 });
      }
      return json(stateOf(u));
    }
    const u = id ? uploads.get(id) : undefined;
    if (method === 'HEAD' && u)
      return new Response(null, { status: 200, headers: { 'Upload-Offset': String(u.bytes.length) } });
    if (method === 'PATCH' && u) {
      if (headers.get('Content-Type') !== 'application/offset+octet-stream') return json({}, 415);
      if (Number(headers.get('Upload-Offset')) !== u.bytes.length)
        return json({ message: 'Offset mismatch.' }, 409);
      const chunk = Buffer.from(init.body as ArrayBuffer);
      patches += 1;
      s.patchBytes += chunk.length;
      u.bytes = Buffer.concat([u.bytes, chunk]);
      if (u.bytes.length === u.size) {
        files.set(u.sha256, { bytes: u.bytes, mime: 'image/jpeg', name: 'x' });
        uploads.delete(u.id);
      }
      if (patches === s.dropAnswerOfPatch) throw new TypeError('network connection lost');
      return json(stateOf(u));
    }
    const sha = /^\/files\/(.+)$/.exec(url.pathname)?.[1];
    const f = sha ? files.get(sha) : undefined;
    if (method === 'GET' && f) {
      const body = s.corruptDownload ? f.bytes.subarray(0, 10) : f.bytes;
      return new Response(new Uint8Array(body), {
        headers: {
          'Content-Type': f.mime,
          'Content-Disposition': `attachment; filename="x"; filename*=UTF-8''${encodeURIComponent(f.name)}`,
        },
      });
    }
    return json({ message: 'Not found.' }, 404);
  };
  return {
    s,
    http: createHttpClient({ baseUrl: 'http://files.test', fetch: fetchFn, session: memorySession('good') }),
  };
}

const bytesOf = (n: number, seed = 7) => {
  const b = new Uint8Array(n);
  for (let i = 0; i < n; i++) b[i] = (i * seed + (i >> 8)) & 0xff;
  return b;
};
const hex = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const db = () => openLocalDb(crypto.randomUUID());

describe('attachments', () => {
  it('keeps a photo as ArrayBuffer chunks under its SHA-256 and reads it back offline', async () => {
    const d = db();
    const bytes = bytesOf(2 * CHUNK_SIZE + 1000);
    const stored = await storeLocalFile(d, new File([bytes], 'order-sheet.jpg', { type: 'image/jpeg' }));
    expect(stored).toEqual({
      sha256: hex(bytes),
      size: bytes.length,
      mime: 'image/jpeg',
      name: 'order-sheet.jpg',
    });
    const chunks = await d.blobs.toArray();
    expect(chunks).toHaveLength(3);
    expect(chunks.every((c) => c.data instanceof ArrayBuffer)).toBe(true);

    const back = await readLocalFile(d, stored.sha256);
    expect(back?.type).toBe('image/jpeg');
    expect(hex(new Uint8Array(await back!.arrayBuffer()))).toBe(stored.sha256);
    // The same photo again is the same file, stored once.
    await storeLocalFile(d, new File([bytes], 'copy.jpg', { type: 'image/jpeg' }));
    expect(await d.files.count()).toBe(1);
    expect(await readLocalFile(d, 'f'.repeat(64))).toBeNull();
  });

  it('resumes an upload after a lost answer, resending at most one chunk', async () => {
    const d = db();
    const { s, http } = uploadServer();
    const bytes = bytesOf(3 * CHUNK_SIZE + 5);
    const { sha256 } = await storeLocalFile(
      d,
      new File([bytes], 'annexure.pdf', { type: 'application/pdf' }),
    );
    s.dropAnswerOfPatch = 2;

    await expect(uploadPending(d, http)).rejects.toThrow(/network/);
    expect((await d.files.get(sha256))?.uploaded).toBe(false);

    const progress: (TUploadProgress | null)[] = [];
    expect(await uploadPending(d, { ...http, onProgress: (p) => progress.push(p) })).toEqual({
      uploaded: 1,
      refused: 0,
    });
    expect((await d.files.get(sha256))?.uploaded).toBe(true);
    expect(hex(s.files.get(sha256)!.bytes)).toBe(sha256);
    expect(s.patchBytes).toBe(bytes.length);
    expect(progress.at(-1)).toBeNull();
    expect(progress.some((p) => p && p.total === 1 && p.sent === bytes.length)).toBe(true);

    // Nothing left: no request at all.
    const before = s.requests.length;
    await uploadPending(d, http);
    expect(s.requests.length).toBe(before);
  });

  it('asks where to go on when the server holds a different offset', async () => {
    const d = db();
    const { s, http } = uploadServer();
    const bytes = bytesOf(2 * CHUNK_SIZE, 3);
    const { sha256 } = await storeLocalFile(d, new File([bytes], 'photo.jpg', { type: 'image/jpeg' }));
    s.dropAnswerOfPatch = 1;
    await expect(uploadPending(d, http)).rejects.toThrow();
    s.staleOffsetOnce = true;
    await uploadPending(d, http);
    expect(s.requests).toContain('HEAD /uploads/up-1');
    expect(hex(s.files.get(sha256)!.bytes)).toBe(sha256);
    expect(s.patchBytes).toBe(bytes.length);
  });

  it('marks a file the server refuses and never sends it again', async () => {
    const d = db();
    const { s, http } = uploadServer();
    const { sha256 } = await storeLocalFile(d, new File([bytesOf(100)], 'virus.exe'));
    expect(await uploadPending(d, http)).toEqual({ uploaded: 0, refused: 1 });
    expect(await d.files.get(sha256)).toMatchObject({
      uploaded: false,
      refused: 'This file type is not allowed.',
    });
    const before = s.requests.length;
    await uploadPending(d, http);
    expect(s.requests.length).toBe(before);
  });

  it('downloads a file for offline reading, and never keeps a damaged download', async () => {
    const d = db();
    const { s, http } = uploadServer();
    const bytes = bytesOf(CHUNK_SIZE + 1, 11);
    const sha256 = hex(bytes);
    s.files.set(sha256, { bytes: Buffer.from(bytes), mime: 'application/pdf', name: 'حکم نامہ.pdf' });

    s.corruptDownload = true;
    await expect(fetchFileForOffline(d, sha256, http)).rejects.toThrow(/damaged/);
    expect(await readLocalFile(d, sha256)).toBeNull();

    s.corruptDownload = false;
    await fetchFileForOffline(d, sha256, http);
    expect(await d.files.get(sha256)).toMatchObject({
      name: 'حکم نامہ.pdf',
      mime: 'application/pdf',
      uploaded: true,
    });
    expect(hex(new Uint8Array(await (await readLocalFile(d, sha256))!.arrayBuffer()))).toBe(sha256);
  });
});
