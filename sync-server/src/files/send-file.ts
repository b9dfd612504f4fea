import type { FastifyReply } from 'fastify';
import { contentDisposition } from '../http/content-disposition.ts';
import { sendFromStore } from './byte-range.ts';
import type { FileKey, TFileStore } from './file-store.ts';

/**
 * A stored file's bytes as the original client's /storage URLs answer them: images shown in the page, anything
 * else (PDF, Word, XML) downloaded, never rendered by us; `source` is a file in the store (streamed, with
 * range requests) or the bytes. The same URL may name other bytes after a delete and a new upload, and access
 * can be withdrawn, so nothing is cached.
 */
export async function sendStoredFile(
  reply: FastifyReply,
  source: { store: TFileStore; key: FileKey } | Uint8Array,
  file: { name: string; mime: string },
): Promise<FastifyReply> {
  const disposition = contentDisposition(file.name);
  reply
    .header('Content-Type', file.mime)
    .header(
      'Content-Disposition',
      file.mime.startsWith('image/') ? disposition.replace(/^attachment/, 'inline') : disposition,
    )
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .header('Cache-Control', 'private, no-cache');
  if (source instanceof Uint8Array)
    return reply
      .header('Content-Length', String(source.byteLength))
      .send(Buffer.from(source.buffer, source.byteOffset, source.byteLength));
  return sendFromStore(reply, source.store, source.key);
}
