import { constants } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';

/** Answers smaller than this go out as they are: the encoding would save less than a packet. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * Routes whose answers keep their stored bytes: downloads of attachments and avatars and resumable uploads
 * (their lengths, offsets and any Range request speak of those bytes) and the PDFs (already deflated).
 */
const STORED_BYTES = ['/files/', '/storage/', '/uploads', '/api/pdf/'];

/** Text that compresses: JSON, HTML, CSS, JavaScript, XML, SVG, plain text. Never event streams or binaries. */
const COMPRESSIBLE =
  /^(?:text\/(?!event-stream)|application\/(?:[\w.+-]*\+)?(?:json|xml|javascript)\b|image\/svg\+xml)/;

/**
 * API answers (REST lists, the sync pull…) compressed on the fly for clients that accept br or gzip. Registered
 * after the answer cache: its route hooks run after the cache's, so the cache keeps and re-sends uncompressed
 * bodies and each request is encoded for its own Accept-Encoding. Static files come precompressed from the
 * build (plugins/static.ts); those already carry a Content-Encoding and are left alone. Request bodies are never
 * inflated (a small compressed body could unpack past the body limits).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    if (STORED_BYTES.some((p) => route.url.startsWith(p))) route.compress = false;
  });
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD,
    customTypes: COMPRESSIBLE,
    // Quality 4: most of brotli's gain at gzip's speed (11 is for build-time assets).
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
