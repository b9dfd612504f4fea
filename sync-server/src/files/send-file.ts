import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyReply } from 'fastify';
import { contentDisposition } from '../http/content-disposition.ts';
import { notFound } from '../http/errors.ts';

/**
 * A stored file's bytes as the original client's /storage URLs answer them: images shown in the page, anything
 * else (PDF, Word, XML) downloaded, never rendered by us; `source` is a path on disk or the bytes. The same URL
 * may name other bytes after a delete and a new upload, and access can be withdrawn, so nothing is cached.
 */
export async function sendStoredFile(
  reply: FastifyReply,
  source: string | Uint8Array,
  file: { name: string; mime: string },
): Promise<FastifyReply> {
  const size =
    typeof source === 'string'
      ? (
          await stat(source).catch(() => {
            throw notFound('File not found.');
          })
        ).size
      : source.byteLength;
  const disposition = contentDisposition(file.name);
  return reply
    .header('Content-Type', file.mime)
    .header('Content-Length', String(size))
    .header(
      'Content-Disposition',
      file.mime.startsWith('image/') ? disposition.replace(/^attachment/, 'inline') : disposition,
    )
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .header('Cache-Control', 'private, no-cache')
    .send(
      typeof source === 'string'
        ? createReadStream(source)
        : Buffer.from(source.buffer, source.byteOffset, source.byteLength),
    );
}
