import type { FastifyReply } from 'fastify';
import { notFound } from '../http/errors.ts';
import type { FileKey, TByteRange, TFileStore } from './file-store.ts';

/**
 * The one range a `Range` header asks for, against a file of `size` bytes (RFC 9110 §14): `bytes=a-b`,
 * `bytes=a-` or the last n bytes `bytes=-n`. 'whole' when there is no header or one we answer whole (several
 * ranges, another unit, a malformed one: a server may ignore Range); 'unsatisfiable' when it starts past the
 * end (416).
 */
export function requestedRange(
  header: string | undefined,
  size: number,
): TByteRange | 'whole' | 'unsatisfiable' {
  if (!header) return 'whole';
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return 'whole';
  if (m[1] === '') {
    const n = Number(m[2]);
    if (n === 0) return 'unsatisfiable';
    return size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (m[2] !== '' && Number(m[2]) < start) return 'whole';
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

/**
 * Answers a stored file's bytes, streamed from the store, whole (200) or the one range the request asks for
 * (206, or 416 past the end), with the headers the caller set. Range lets a phone resume a large download and
 * a PDF viewer fetch pages. `size` is the file's known size (its row's), saving a round trip to the store.
 */
export async function sendFromStore(
  reply: FastifyReply,
  store: TFileStore,
  key: FileKey,
  size?: number,
): Promise<FastifyReply> {
  const header = reply.request.headers.range;
  let known = size;
  if (known === undefined || header) {
    // The store's size, not the row's: they agree, but the bytes are what a range must fit.
    const head = await store.head(key);
    if (!head) throw notFound('File not found.');
    known = head.size;
  }
  const range = requestedRange(header, known);
  reply.header('Accept-Ranges', 'bytes');
  if (range === 'unsatisfiable')
    return reply
      .code(416)
      .header('Content-Range', `bytes */${known}`)
      .header('Content-Type', 'application/json; charset=utf-8')
      .removeHeader('Content-Disposition')
      .send({ message: 'The requested range is past the end of the file.' });
  const got = await store.get(key, range === 'whole' ? undefined : range);
  if (!got) throw notFound('File not found.');
  if (range === 'whole') return reply.header('Content-Length', String(got.size)).send(got.body);
  return reply
    .code(206)
    .header('Content-Range', `bytes ${range.start}-${range.end}/${known}`)
    .header('Content-Length', String(range.end - range.start + 1))
    .send(got.body);
}
