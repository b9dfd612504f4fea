import type { FastifyReply } from 'fastify';

/**
 * The Content-Disposition of a download (DESIGN §7, RFC 6266): an ASCII fallback name for old clients plus
 * the exact UTF-8 name, so an Urdu file name survives.
 */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Answers a built PDF as a download: its bytes (not JSON), named for the user, never sniffed, never cached
 * by a shared proxy (`private`, except for the public tools' PDFs, which hold nothing of a firm).
 */
export function sendPdf(
  reply: FastifyReply,
  name: string,
  bytes: Uint8Array,
  cache: 'private, no-store' | 'no-store' = 'private, no-store',
): FastifyReply {
  return reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', contentDisposition(name))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', cache)
    .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
}
