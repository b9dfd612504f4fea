/**
 * What one attachment may cost to use (issue 9): checked when a file is accepted (server and device) and
 * again when a PDF is built, since files accepted before these limits existed are still stored. A file over
 * a limit is refused at upload, and named in a built PDF instead of its pages.
 */

/** Pages of one PDF attachment (a long paper book is a few hundred). */
export const MAX_PDF_PAGES = 3000;
/** Levels of a PDF's page tree: real files have a handful; a deep one is made to exhaust a reader. */
export const MAX_PAGE_TREE_DEPTH = 32;
/** Pages one built PDF copies from attachments; attachments past it are named instead. */
export const MAX_BUILD_PAGES = 10_000;
/** Pixels of one image (a 48-megapixel phone photo fits). */
export const MAX_IMAGE_PIXELS = 50_000_000;
/**
 * Decoded pixel data of a PNG that must be decoded to be put in a PDF (transparency, interlacing): PNG's
 * compression makes a 300 KB file of 10000×10000 that decodes to 400 MB. 64 MiB is 16 megapixels of RGBA.
 */
export const MAX_DECODED_IMAGE_BYTES = 64 * 1024 * 1024;

/** 3000 as "3,000", without Intl: the first Intl call of a page loads its locale data (about 60 ms on a slow phone, on the way to the first screen). */
const grouped = (n: number): string => String(n).replace(/\B(?=(\d{3})+$)/g, ',');
export const PDF_TOO_MANY_PAGES_MESSAGE = `A PDF may have at most ${grouped(MAX_PDF_PAGES)} pages.`;
export const PDF_PAGE_TREE_MESSAGE =
  'The PDF cannot be used: its list of pages is damaged (a page listed twice, or nested too deep).';
export const IMAGE_TOO_LARGE_MESSAGE =
  'The image is too large: at most 50 megapixels, or 16 megapixels for a PNG with transparency.';

/** What an image's header says it will cost to draw. */
export type TImageInfo = {
  kind: 'png' | 'jpeg';
  width: number;
  height: number;
  /** True when a PDF builder has to decode every pixel to embed it (pdf-lib decodes such PNGs to RGBA). */
  decodes: boolean;
};

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const chunkType = (b: Uint8Array, at: number) =>
  String.fromCharCode(b[at]!, b[at + 1]!, b[at + 2]!, b[at + 3]!);

/** A PNG's size from IHDR (which must come first), and whether it has transparency or interlacing. */
function pngInfo(b: Uint8Array): TImageInfo | null {
  if (b.length < 33 || !PNG_SIGNATURE.every((x, i) => b[i] === x)) return null;
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  if (v.getUint32(8) !== 13 || chunkType(b, 12) !== 'IHDR') return null;
  const width = v.getUint32(16);
  const height = v.getUint32(20);
  const color = b[25]!;
  let decodes = color === 4 || color === 6 || b[28] !== 0;
  // tRNS (transparency of a palette or grey/RGB image) comes before the first IDAT.
  for (let at = 33; !decodes && at + 8 <= b.length;) {
    const type = chunkType(b, at + 4);
    if (type === 'IDAT' || type === 'IEND') break;
    if (type === 'tRNS') decodes = true;
    at += 12 + v.getUint32(at);
  }
  return width && height ? { kind: 'png', width, height, decodes } : null;
}

/** Frame headers (SOFn) whose size pdf-lib reads: C0–CF but DHT (C4). */
const isFrameMarker = (m: number) => m >= 0xffc0 && m <= 0xffcf && m !== 0xffc4;

/** A JPEG's size from its frame header, found the way pdf-lib's embedder walks the markers. */
function jpegInfo(b: Uint8Array): TImageInfo | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return null;
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  for (let at = 2; at + 4 <= b.length;) {
    const marker = v.getUint16(at);
    if (isFrameMarker(marker)) {
      if (at + 9 > b.length) return null;
      const height = v.getUint16(at + 5);
      const width = v.getUint16(at + 7);
      return width && height ? { kind: 'jpeg', width, height, decodes: false } : null;
    }
    at += 2 + v.getUint16(at + 2);
  }
  return null;
}

/** An image's header, or null when the bytes are not a PNG or JPEG whose size can be read. */
export const imageInfo = (bytes: Uint8Array): TImageInfo | null => pngInfo(bytes) ?? jpegInfo(bytes);

/** Null when the image fits the limits, else the message that says why it does not. */
export function imageLimitMessage(info: TImageInfo): string | null {
  const pixels = info.width * info.height;
  if (pixels > MAX_IMAGE_PIXELS) return IMAGE_TOO_LARGE_MESSAGE;
  if (info.decodes && pixels * 4 > MAX_DECODED_IMAGE_BYTES) return IMAGE_TOO_LARGE_MESSAGE;
  return null;
}

/** Bytes of one attached file: what the resumable uploads accept (sync.schema.ts). */
export const MAX_FILE_BYTES = 50 * 1024 * 1024;
