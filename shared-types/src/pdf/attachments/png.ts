import { PDFHexString, type PDFDocument, type PDFRef } from 'pdf-lib';

/** An embedded image as a page needs it. */
export type TEmbeddedImage = { ref: PDFRef; width: number; height: number };

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/**
 * Embeds a PNG without decoding it, when PDF can read its data as it is: PNG's IDAT is a zlib stream of
 * rows with PNG filters, which a PDF FlateDecode filter with predictor 15 reads directly (ISO 32000 §7.4.4.4).
 * pdf-lib instead inflates every pixel and deflates it again, about half a second per scanned page; here the
 * cost is a checksum. Only images without transparency and without interlacing qualify; for the others this
 * answers null and pdf-lib's own decoder is used. A file whose chunks fail their checksums is refused.
 */
export function embedPngDirect(doc: PDFDocument, png: Uint8Array): TEmbeddedImage | null {
  const v = new DataView(png.buffer, png.byteOffset, png.byteLength);
  let at = 8;
  let header: { width: number; height: number; depth: number; color: number; interlace: number } | null =
    null;
  let palette: Uint8Array | null = null;
  const data: Uint8Array[] = [];
  let ended = false;
  while (at + 12 <= png.length) {
    const length = v.getUint32(at);
    const end = at + 12 + length;
    if (end > png.length) throw new Error('The PNG is truncated.');
    const type = String.fromCharCode(...png.subarray(at + 4, at + 8));
    const body = png.subarray(at + 8, at + 8 + length);
    if (crc32(png.subarray(at + 4, at + 8 + length)) !== v.getUint32(at + 8 + length))
      throw new Error('The PNG is damaged.');
    if (type === 'IHDR')
      header = {
        width: v.getUint32(at + 8),
        height: v.getUint32(at + 12),
        depth: body[8]!,
        color: body[9]!,
        interlace: body[12]!,
      };
    else if (type === 'PLTE') palette = body;
    else if (type === 'tRNS') return null;
    else if (type === 'IDAT') data.push(body);
    else if (type === 'IEND') {
      ended = true;
      break;
    }
    at = end;
  }
  if (!header || !data.length || !ended) throw new Error('The PNG is incomplete.');
  const { width, height, depth, color, interlace } = header;
  if (interlace !== 0 || (color !== 0 && color !== 2 && color !== 3)) return null;
  if (color === 3 && !palette) throw new Error('The PNG has no palette.');

  const idat = new Uint8Array(data.reduce((n, d) => n + d.length, 0));
  let pos = 0;
  for (const d of data) {
    idat.set(d, pos);
    pos += d.length;
  }
  const colors = color === 2 ? 3 : 1;
  const colorSpace =
    color === 0
      ? 'DeviceGray'
      : color === 2
        ? 'DeviceRGB'
        : doc.context.obj([
            'Indexed',
            'DeviceRGB',
            palette!.length / 3 - 1,
            PDFHexString.of([...palette!].map((b) => b.toString(16).padStart(2, '0')).join('')),
          ]);
  const stream = doc.context.stream(idat, {
    Type: 'XObject',
    Subtype: 'Image',
    Width: width,
    Height: height,
    BitsPerComponent: depth,
    ColorSpace: colorSpace,
    Filter: 'FlateDecode',
    DecodeParms: { Predictor: 15, Colors: colors, BitsPerComponent: depth, Columns: width },
  });
  return { ref: doc.context.register(stream), width, height };
}
