import {
  concatTransformationMatrix,
  drawObject,
  popGraphicsState,
  pushGraphicsState,
  type PDFDocument,
} from 'pdf-lib';
import { A4, GREY } from '../layout/flow.ts';
import type { TPdfFonts } from '../text/fonts.ts';
import { drawAlignedLine, wrapText } from '../text/text.ts';
import type { TEmbeddedImage } from './png.ts';

/** What the file's own bytes say it is (DESIGN §7: the bytes decide, not the name or the stored type). */
export type TSniffed = 'png' | 'jpeg' | 'pdf' | null;

export function sniff(bytes: Uint8Array): TSniffed {
  if (bytes.length > 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47)
    return 'png';
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  // A PDF may carry a few bytes of junk before its header; readers accept it within the first kilobyte.
  const head = String.fromCharCode(...bytes.subarray(0, 1024));
  return head.includes('%PDF-') ? 'pdf' : null;
}

/**
 * The EXIF orientation (1–8) of a JPEG. Phones store photos as the sensor saw them and record the turn
 * here; a browser applies it, so a PDF must too or every portrait photo of a document lies on its side.
 */
export function jpegOrientation(bytes: Uint8Array): number {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 2;
  while (at + 4 <= bytes.length && bytes[at] === 0xff) {
    const marker = bytes[at + 1]!;
    const length = v.getUint16(at + 2);
    if (marker === 0xda) break; // start of scan: no more metadata
    const exif = at + 4;
    if (marker === 0xe1 && String.fromCharCode(...bytes.subarray(exif, exif + 4)) === 'Exif') {
      const tiff = exif + 6;
      if (tiff + 8 > bytes.length) return 1;
      const little = bytes[tiff] === 0x49;
      const u16 = (o: number) => v.getUint16(o, little);
      const ifd = tiff + v.getUint32(tiff + 4, little);
      if (ifd + 2 > bytes.length) return 1;
      const count = u16(ifd);
      for (let i = 0; i < count; i++) {
        const entry = ifd + 2 + i * 12;
        if (entry + 12 > bytes.length) return 1;
        if (u16(entry) === 0x0112) {
          const o = u16(entry + 8);
          return o >= 1 && o <= 8 ? o : 1;
        }
      }
      return 1;
    }
    at += 2 + length;
  }
  return 1;
}

/**
 * The matrix that maps the image's unit square onto the upright box (x, y, w, h) as the EXIF orientation
 * asks: for each value, where the stored first row and first column end up (EXIF 2.3, tag 0x0112).
 */
function placement(o: number, x: number, y: number, w: number, h: number): number[] {
  switch (o) {
    case 2:
      return [-w, 0, 0, h, x + w, y];
    case 3:
      return [-w, 0, 0, -h, x + w, y + h];
    case 4:
      return [w, 0, 0, -h, x, y + h];
    case 5:
      return [0, -h, -w, 0, x + w, y + h];
    case 6:
      return [0, -h, w, 0, x, y + h];
    case 7:
      return [0, h, w, 0, x, y];
    case 8:
      return [0, h, -w, 0, x + w, y];
    default:
      return [w, 0, 0, h, x, y];
  }
}

const IMAGE_MARGIN = 36;
const CAPTION_SIZE = 8;

/**
 * One image on its own A4 page, turned upright, scaled to fit inside the margins (never enlarged more than
 * twice: a small scan blown up to a page is unreadable anyway) and centred, with the document's caption above.
 */
export function addImagePage(
  doc: PDFDocument,
  fonts: TPdfFonts,
  image: TEmbeddedImage,
  orientation: number,
  caption: string,
): void {
  const page = doc.addPage([A4.width, A4.height]);
  const turned = orientation >= 5;
  const iw = turned ? image.height : image.width;
  const ih = turned ? image.width : image.height;
  const top = caption ? IMAGE_MARGIN + CAPTION_SIZE * 2 : IMAGE_MARGIN;
  const boxW = A4.width - 2 * IMAGE_MARGIN;
  const boxH = A4.height - IMAGE_MARGIN - top;
  const scale = Math.min(boxW / iw, boxH / ih, 2);
  const w = iw * scale;
  const h = ih * scale;
  const x = IMAGE_MARGIN + (boxW - w) / 2;
  const y = IMAGE_MARGIN + (boxH - h) / 2;
  const name = page.node.newXObject('Image', image.ref);
  const [a, b, c, d, e, f] = placement(orientation, x, y, w, h);
  page.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(a!, b!, c!, d!, e!, f!),
    drawObject(name),
    popGraphicsState(),
  );
  // One line only: a long description is cut with an ellipsis rather than run into the image.
  const line = caption ? wrapText(fonts, caption, CAPTION_SIZE, boxW, 1)[0] : '';
  if (line)
    drawAlignedLine(page, fonts, line, {
      x: IMAGE_MARGIN,
      y: A4.height - IMAGE_MARGIN - CAPTION_SIZE,
      size: CAPTION_SIZE,
      width: boxW,
      align: 'start',
      color: GREY,
    });
}
