import { constants } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';

/** Answers smaller than this go out as they are: the encoding would save less than a packet. */
export const COMPRESS_THRESHOLD = 1024;
/** Brotli quality 4: most of brotli's gain at gzip's speed (11 is for build-time assets); gzip level 6. */
export const BROTLI_QUALITY = 4;
export const GZIP_LEVEL = 6;

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
 * after the answer cache, which encodes the answers it keeps itself, once per encoding (a list page costs more
 * to compress than to send) and sets their Content-Encoding, so this plugin leaves them alone, as it leaves the
 * static files precompressed by the build (plugins/static.ts). Request bodies are never inflated (a small
 * compressed body could unpack past the body limits).
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
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    zlibOptions: { level: GZIP_LEVEL },
  });
}
