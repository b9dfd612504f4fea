import { createDeflate, deflateSync } from 'node:zlib';

/**
 * Real image files for tests and the bench, made in memory: a PNG encoder is a few lines over zlib, and a
 * generated file can be any size without shipping binaries in the repository.
 */
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const v = new DataView(out.buffer);
  v.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  v.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** An 8-bit PNG whose pixels `paint(x, y)` gives: RGB, or RGBA (a screenshot's format) with `alpha`. */
export function makePng(
  width: number,
  height: number,
  paint: (x: number, y: number) => number[],
  opts: { alpha?: boolean } = {},
): Uint8Array<ArrayBuffer> {
  const channels = opts.alpha ? 4 : 3;
  const raw = new Uint8Array((width * channels + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * channels + 1);
    for (let x = 0; x < width; x++) raw.set(paint(x, y).slice(0, channels), row + 1 + x * channels);
  }
  return pngFile(width, height, opts.alpha ? 6 : 2, deflateSync(raw));
}

/** The chunks of an 8-bit, non-interlaced PNG around its compressed rows. */
function pngFile(width: number, height: number, color: number, idat: Uint8Array): Uint8Array<ArrayBuffer> {
  const ihdr = new Uint8Array(13);
  const v = new DataView(ihdr.buffer);
  v.setUint32(0, width);
  v.setUint32(4, height);
  ihdr.set([8, color, 0, 0, 0], 8);
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', new Uint8Array(0)),
  ];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * A blank transparent RGBA PNG of any size that stays small on disk (issue 9: 10000×10000 in a few hundred
 * KB, 400 MB once decoded). Its rows are compressed as a stream, never held whole in memory.
 */
export async function makeBlankRgbaPng(width: number, height: number): Promise<Uint8Array<ArrayBuffer>> {
  const row = new Uint8Array(width * 4 + 1);
  const deflate = createDeflate();
  const parts: Buffer[] = [];
  deflate.on('data', (b: Buffer) => parts.push(b));
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  for (let y = 0; y < height; y++)
    if (!deflate.write(row)) await new Promise((resolve) => deflate.once('drain', resolve));
  deflate.end();
  await done;
  return pngFile(width, height, 6, Buffer.concat(parts));
}

/** A scanned-page look: white paper with dark text-like bands, so it compresses like a real scan. */
export function makeScanPng(width: number, height: number): Uint8Array<ArrayBuffer> {
  return makePng(width, height, (x, y) => {
    const ink = y % 24 < 10 && (x * 7 + y * 3) % 11 < 6 && x > width * 0.08 && x < width * 0.92;
    const g = ink ? 40 : 245 + ((x ^ y) & 7);
    return [g, g, g];
  });
}
