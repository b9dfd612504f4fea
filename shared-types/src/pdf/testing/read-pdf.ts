import { PDFDict, PDFDocument, PDFName, PDFRawStream, decodePDFRawStream } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * Reads a built PDF back the way a test needs it: the page count (pdf-lib), the text of each page
 * (pdf.js, since pdf-lib cannot extract text), and the embedded fonts with their files.
 */
export type TReadPdf = {
  pages: number;
  /** Per page, the text items joined by spaces. */
  text: string[];
  /** BaseFont names, e.g. ABCDEF+NotoSans-Regular. */
  fonts: string[];
  /** The embedded TrueType programs (FontFile2), decoded. */
  fontFiles: Uint8Array[];
};

export async function readPdf(bytes: Uint8Array): Promise<TReadPdf> {
  const doc = await PDFDocument.load(bytes);
  const fonts: string[] = [];
  const fontFiles: Uint8Array[] = [];
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFDict)) continue;
    if (obj.get(PDFName.of('Type')) === PDFName.of('Font')) {
      const base = obj.get(PDFName.of('BaseFont'));
      if (base instanceof PDFName) fonts.push(base.decodeText());
    }
    const file = obj.get(PDFName.of('FontFile2'));
    if (file) {
      const stream = doc.context.lookup(file);
      if (stream instanceof PDFRawStream) fontFiles.push(decodePDFRawStream(stream).decode());
    }
  }

  // pdf.js transfers the buffer it is given: hand it a copy so the caller's bytes stay usable.
  const pdf = await getDocument({ data: bytes.slice(), isEvalSupported: false, verbosity: 0 }).promise;
  const text: string[] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const content = await (await pdf.getPage(i)).getTextContent();
    text.push(
      content.items
        .map((item) => ('str' in item ? item.str : ''))
        .join(' ')
        .replace(/\s+/g, ' '),
    );
  }
  await pdf.destroy();
  return { pages: doc.getPageCount(), text, fonts: [...new Set(fonts)], fontFiles };
}
