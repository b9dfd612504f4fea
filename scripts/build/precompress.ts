// Brotli and gzip copies of the built PWA's text files, made once at build time at the highest levels, so the
// server sends them by content negotiation (sync-server/src/plugins/static.ts) without compressing per request.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text and fonts; images and woff2 are compressed already. */
export const PRECOMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|ttf|otf|ico|map|wasm)$/;
/** Below this the server's compression threshold sends the file raw anyway. */
export const MIN_BYTES = 1024;
const COPY = /\.(?:br|gz)$/;

const br = promisify(brotliCompress);
const gz = promisify(gzip);

export type PrecompressTotals = { files: number; raw: number; br: number; gzip: number };

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((f) => f.isFile())
    .map((f) => join(f.parentPath, f.name));
}

/**
 * Writes `x.br` and `x.gz` beside every compressible file of `dir` when they are smaller than it, and removes
 * copies left from an earlier build that no longer match an original (a stale copy would be served instead).
 */
export async function precompressDir(dir: string): Promise<PrecompressTotals> {
  const totals: PrecompressTotals = { files: 0, raw: 0, br: 0, gzip: 0 };
  const files = filesUnder(dir);
  const originals = new Set(files.filter((f) => !COPY.test(f)));
  for (const f of files) if (COPY.test(f) && !originals.has(f.slice(0, -3))) rmSync(f);
  for (const file of originals) {
    if (!PRECOMPRESSIBLE.test(file)) continue;
    const raw = readFileSync(file);
    const copies = raw.length < MIN_BYTES ? null : await compressBoth(file, raw);
    for (const [ext, bytes] of [
      ['.br', copies?.br],
      ['.gz', copies?.gzip],
    ] as const) {
      // A copy that saves under 5 % is not worth a decode on a phone.
      if (bytes && bytes.length < raw.length * 0.95) writeFileSync(file + ext, bytes);
      else rmSync(file + ext, { force: true });
    }
    if (!copies) continue;
    totals.files++;
    totals.raw += raw.length;
    totals.br += Math.min(raw.length, copies.br.length);
    totals.gzip += Math.min(raw.length, copies.gzip.length);
  }
  return totals;
}

async function compressBoth(file: string, raw: Buffer): Promise<{ br: Buffer; gzip: Buffer }> {
  const font = /\.(?:ttf|otf)$/.test(file);
  const [b, g] = await Promise.all([
    br(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: font ? constants.BROTLI_MODE_FONT : constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
    gz(raw, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  return { br: b, gzip: g };
}

/** Vite plugin: precompresses the output folder last, after the service worker has been written. */
export function precompress(): Plugin {
  let outDir = '';
  let log: (msg: string) => void = () => undefined;
  return {
    name: 'lawfirm:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      log = (msg) => config.logger.info(msg);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const t = await precompressDir(outDir);
        const kB = (n: number) => `${(n / 1000).toFixed(0)} kB`;
        log(`precompressed ${t.files} files: ${kB(t.raw)} raw, ${kB(t.br)} br, ${kB(t.gzip)} gzip`);
      },
    },
  };
}
