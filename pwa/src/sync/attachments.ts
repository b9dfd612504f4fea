import type { TUploadState } from '@lawfirm/shared-types';
import type { LocalDb, TBlobChunk, TLocalFile } from './db.ts';
import { readAnswer, type THttpClient } from '../http/client.ts';

/**
 * Attachment bytes on the device and their way to the server (DESIGN §5). Files are content-addressed by
 * SHA-256: the same photo taken twice is stored and uploaded once, and a retried upload can never duplicate.
 */
export const CHUNK_SIZE = 256 * 1024;

/** A sync request may wait a long time for a slow network, but not forever (a hung sync blocks other tabs). */
export const REQUEST_TIMEOUT_MS = 60_000;
const timeout = () => AbortSignal.timeout(REQUEST_TIMEOUT_MS);

/** The server's `message` of a refused answer (readAnswer throws it as an ApiError). */
const messageOf = (res: Response): Promise<string> =>
  readAnswer(res).then(
    () => '',
    (e: unknown) => (e as Error).message,
  );

export type TStoredFile = Pick<TLocalFile, 'sha256' | 'size' | 'mime' | 'name'>;
export type TUploadProgress = {
  /** Files finished in this run, and how many the run has. */
  done: number;
  total: number;
  /** Bytes of the file being sent now. */
  sent: number;
  size: number;
};

export async function sha256Hex(data: ArrayBuffer): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', data);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

// Every chunk of one file (chunk numbers are whole numbers, so the bounds take all of them); no Dexie import
// here, so the screens that keep files (this module) load without Dexie's code.
const chunksOf = (db: LocalDb, sha256: string) =>
  db.blobs.where('[sha256+index]').between([sha256, -Infinity], [sha256, Infinity], true, true);

/** Writes bytes and their files row together, so a files row always has every chunk. */
async function putBytes(db: LocalDb, meta: TLocalFile, bytes: ArrayBuffer): Promise<void> {
  const chunks: TBlobChunk[] = [];
  for (let i = 0, index = 0; i < bytes.byteLength; i += CHUNK_SIZE, index++)
    chunks.push({ sha256: meta.sha256, index, data: bytes.slice(i, i + CHUNK_SIZE) });
  await db.transaction('rw', db.blobs, db.files, async () => {
    await chunksOf(db, meta.sha256).delete();
    await db.blobs.bulkPut(chunks);
    await db.files.put(meta);
  });
}

/**
 * Keeps a picked or photographed file on the device for offline reading and a later upload. The hash is taken
 * before the transaction: awaiting crypto inside an IndexedDB transaction would let it commit early.
 */
export async function storeLocalFile(db: LocalDb, file: File): Promise<TStoredFile> {
  const bytes = await file.arrayBuffer();
  const sha256 = await sha256Hex(bytes);
  const stored: TStoredFile = {
    sha256,
    size: bytes.byteLength,
    mime: file.type || 'application/octet-stream',
    name: file.name || 'file',
  };
  const existing = await db.files.get(sha256);
  if (existing && (await hasLocalFile(db, sha256))) return stored;
  await putBytes(
    db,
    {
      ...stored,
      uploaded: existing?.uploaded ?? false,
      refused: existing?.refused ?? null,
      createdAt: new Date().toISOString(),
    },
    bytes,
  );
  return stored;
}

/** Are all the bytes of a file on this device? */
export async function hasLocalFile(db: LocalDb, sha256: string): Promise<boolean> {
  const f = await db.files.get(sha256);
  if (!f) return false;
  return (await chunksOf(db, sha256).count()) === Math.ceil(f.size / CHUNK_SIZE);
}

/** The file as a Blob for viewers and downloads, or null when its bytes are not (all) on this device. */
export async function readLocalFile(db: LocalDb, sha256: string): Promise<Blob | null> {
  const f = await db.files.get(sha256);
  if (!f) return null;
  const chunks = await chunksOf(db, sha256).toArray();
  if (chunks.length !== Math.ceil(f.size / CHUNK_SIZE)) return null;
  return new Blob(
    chunks.map((c) => c.data),
    { type: f.mime },
  );
}

const REFUSED = new Set([413, 415, 422]);

async function refuse(db: LocalDb, sha256: string, message: string): Promise<'refused'> {
  await db.files.update(sha256, { refused: message });
  return 'refused';
}

async function headOffset(http: THttpClient, id: string): Promise<number | null> {
  const res = await http.send(`/uploads/${id}`, { method: 'HEAD', signal: timeout() });
  if (res.status === 404) return null;
  if (!res.ok) await readAnswer(res);
  const offset = Number(res.headers.get('Upload-Offset'));
  if (!Number.isInteger(offset) || offset < 0) throw new Error('The server sent no upload offset.');
  return offset;
}

/**
 * Sends one file: POST opens (or finds) the upload of this hash and answers how much the server has; PATCH
 * sends one chunk at a time from there, so a dropped connection costs at most one chunk; 409 (the server has
 * a different offset) asks HEAD where to go on; 404 (the upload expired) starts over.
 */
async function uploadOne(
  db: LocalDb,
  http: THttpClient,
  f: TLocalFile,
  onSent: (sent: number) => void,
): Promise<'uploaded' | 'refused'> {
  const open = async (): Promise<TUploadState | 'refused'> => {
    const res = await http.send('/uploads', {
      json: { sha256: f.sha256, size: f.size, filename: f.name },
      signal: timeout(),
    });
    if (REFUSED.has(res.status)) return refuse(db, f.sha256, await messageOf(res));
    return (await readAnswer(res)) as TUploadState;
  };
  let state = await open();
  let restarts = 0;
  let stalls = 0;
  while (state !== 'refused' && !state.complete) {
    const index = Math.floor(state.offset / CHUNK_SIZE);
    const chunk = await db.blobs.get([f.sha256, index]);
    if (!chunk) return refuse(db, f.sha256, 'Part of this file is missing on this device.');
    const res = await http.send(`/uploads/${state.id}`, {
      method: 'PATCH',
      headers: { 'Upload-Offset': String(state.offset), 'Content-Type': 'application/offset+octet-stream' },
      body: chunk.data.slice(state.offset - index * CHUNK_SIZE),
      signal: timeout(),
    });
    if (res.status === 409 || res.status === 404) {
      const offset = res.status === 409 ? await headOffset(http, state.id) : null;
      if (offset === null) {
        if (++restarts > 2) throw new Error('The server keeps losing this upload.');
        state = await open();
      } else state = { ...state, offset };
      continue;
    }
    if (REFUSED.has(res.status)) return refuse(db, f.sha256, await messageOf(res));
    const next = (await readAnswer(res)) as TUploadState;
    // A server that accepts a chunk without moving on would loop forever: give up and retry later.
    stalls = next.offset > state.offset || next.complete ? 0 : stalls + 1;
    if (stalls > 2) throw new Error('The upload is not moving forward.');
    state = next;
    onSent(state.offset);
  }
  if (state === 'refused') return state;
  await db.files.update(f.sha256, { uploaded: true });
  return 'uploaded';
}

export type TUploadOptions = THttpClient & { onProgress?: (p: TUploadProgress | null) => void };

/**
 * Uploads every file the server does not have yet, oldest first. A network error stops the run (the engine
 * retries with backoff); a refused file is marked and never retried.
 */
export async function uploadPending(
  db: LocalDb,
  opts: TUploadOptions,
): Promise<{ uploaded: number; refused: number }> {
  const todo = (await db.files.orderBy('createdAt').toArray()).filter((f) => !f.uploaded && !f.refused);
  const out = { uploaded: 0, refused: 0 };
  try {
    for (const [i, f] of todo.entries()) {
      opts.onProgress?.({ done: i, total: todo.length, sent: 0, size: f.size });
      const r = await uploadOne(db, opts, f, (sent) =>
        opts.onProgress?.({ done: i, total: todo.length, sent, size: f.size }),
      );
      out[r] += 1;
    }
  } finally {
    opts.onProgress?.(null);
  }
  return out;
}

function filenameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? null;
}

/**
 * Downloads a server file into the device so it opens offline later (an annexure read in court). The bytes
 * must hash to the name asked for: a truncated download is never kept as the document.
 */
export async function fetchFileForOffline(
  db: LocalDb,
  sha256: string,
  http: THttpClient,
  name?: string,
): Promise<void> {
  if (await hasLocalFile(db, sha256)) return;
  const res = await http.download(`/files/${sha256}`, { signal: timeout() });
  const bytes = await res.arrayBuffer();
  if ((await sha256Hex(bytes)) !== sha256) throw new Error('The downloaded file is damaged. Try again.');
  await putBytes(
    db,
    {
      sha256,
      size: bytes.byteLength,
      mime: res.headers.get('Content-Type')?.split(';')[0] ?? 'application/octet-stream',
      name: filenameOf(res.headers.get('Content-Disposition')) ?? name ?? sha256,
      uploaded: true,
      refused: null,
      createdAt: new Date().toISOString(),
    },
    bytes,
  );
}
