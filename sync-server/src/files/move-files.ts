import { createHash } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import type { TFileStore, TStoredFile } from './file-store.ts';

/** What a move did: files copied (and verified), files already there with the same bytes, files removed. */
export type TMoveSummary = { copied: number; skipped: number; removed: number; bytes: number };

/** The first segment of the keys of unfinished uploads' chunks: never moved (devices resume or restart). */
const UPLOAD_CHUNKS = 'uploads-tmp';

/** SHA-256 of a stream, read to its end. */
async function hashOf(body: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of body) hash.update(chunk as Uint8Array);
  return hash.digest('hex');
}

/** The SHA-256 of the file under `key` in `store`, or null when it is not there. */
async function storedHash(store: TFileStore, file: TStoredFile): Promise<string | null> {
  const head = await store.head(file.key);
  // A different size is different bytes: no need to read them.
  if (!head || head.size !== file.size) return null;
  const got = await store.get(file.key);
  return got ? hashOf(got.body) : null;
}

/**
 * Copies every stored file from one store to the other (the data folder into S3, or back), streamed, each
 * verified by SHA-256 after it is written: a file that reads back different is an error, and the move stops.
 * Resumable: a file already in the target with the same bytes is skipped, so a move cut off part-way is run
 * again. The source keeps its files unless `removeSource`, which deletes each one once its copy is verified.
 */
export async function moveFiles(
  from: TFileStore,
  to: TFileStore,
  opts: { removeSource?: boolean; log?: (line: string) => void } = {},
): Promise<TMoveSummary> {
  const log = opts.log ?? (() => undefined);
  const summary: TMoveSummary = { copied: 0, skipped: 0, removed: 0, bytes: 0 };
  let lastLog = Date.now();
  for await (const file of from.list()) {
    if (file.key[0] === UPLOAD_CHUNKS) continue;
    const got = await from.get(file.key);
    // Removed since it was listed (a replaced profile photo): nothing to move.
    if (!got) continue;
    const existing = await storedHash(to, file);
    if (existing) {
      const source = await hashOf(got.body);
      if (source === existing) {
        summary.skipped++;
        await removeSource(file);
        continue;
      }
      const again = await from.get(file.key);
      if (!again) continue;
      await copy(file, again.body);
    } else await copy(file, got.body);
    if (Date.now() - lastLog > 2_000) {
      lastLog = Date.now();
      log(`  ${summary.copied} copied, ${summary.skipped} already there…`);
    }
  }
  return summary;

  async function copy(file: TStoredFile, body: Readable): Promise<void> {
    // Hashed on the way through, then read back from the target and hashed again.
    const hash = createHash('sha256');
    const through = new PassThrough();
    body.on('data', (chunk: Buffer) => hash.update(chunk));
    body.on('error', (e) => through.destroy(e));
    body.pipe(through);
    await to.put(file.key, through);
    const sent = hash.digest('hex');
    const back = await to.get(file.key);
    const landed = back ? await hashOf(back.body) : null;
    if (landed !== sent)
      throw new Error(
        `${file.key.join('/')} did not arrive intact in ${to.where} (SHA-256 ${sent}, read back ${landed ?? 'nothing'}). Run the move again.`,
      );
    summary.copied++;
    summary.bytes += file.size;
    await removeSource(file);
  }

  async function removeSource(file: TStoredFile): Promise<void> {
    if (!opts.removeSource) return;
    await from.delete(file.key);
    summary.removed++;
  }
}
