import { PDFDocument, PDFName, type PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { makePng } from '../testing/images.ts';
import { embedPngDirect } from './png.ts';

const rgb = makePng(30, 20, (x, y) => [x * 8, y * 12, 100]);

describe('PNG embedding without decoding', () => {
  it("hands an RGB PNG's compressed rows to the PDF as they are, with PNG predictors", async () => {
    const doc = await PDFDocument.create();
    const image = embedPngDirect(doc, rgb)!;
    expect(image).toMatchObject({ width: 30, height: 20 });
    const stream = doc.context.lookup(image.ref) as PDFRawStream;
    expect(stream.dict.get(PDFName.of('Filter'))).toBe(PDFName.of('FlateDecode'));
    expect(stream.dict.get(PDFName.of('ColorSpace'))).toBe(PDFName.of('DeviceRGB'));
    expect(String(stream.dict.get(PDFName.of('DecodeParms')))).toContain('/Predictor 15');
    // The IDAT payload starts after signature (8), IHDR (25) and the IDAT length and type (8).
    expect(stream.contents.subarray(0, 16)).toEqual(rgb.subarray(41, 57));
  });

  it('leaves transparent images to the full decoder', async () => {
    const doc = await PDFDocument.create();
    expect(
      embedPngDirect(
        doc,
        makePng(4, 4, () => [0, 0, 0, 128], { alpha: true }),
      ),
    ).toBeNull();
  });

  it('refuses a damaged or cut-off file', async () => {
    const doc = await PDFDocument.create();
    const damaged = rgb.slice();
    damaged[50] = damaged[50]! ^ 0xff;
    expect(() => embedPngDirect(doc, damaged)).toThrow();
    expect(() => embedPngDirect(doc, rgb.slice(0, rgb.length - 12))).toThrow();
  });
});
