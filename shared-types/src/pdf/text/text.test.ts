import { PDFArray, PDFDocument, PDFName, type PDFRawStream, decodePDFRawStream } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { memoryHost } from '../testing/host.ts';
import { embedPdfFonts, type TPdfFonts } from './fonts.ts';
import { drawTextLine, textWidth, wrapText } from './text.ts';

/** The content stream a line of text becomes, as text. */
async function drawn(text: string): Promise<string> {
  const doc = await PDFDocument.create();
  const f = await embedPdfFonts(doc, memoryHost().loadBytes);
  drawTextLine(doc.addPage(), f, text, { x: 10, y: 10, size: 12 });
  const back = await PDFDocument.load(await doc.save());
  const contents = back.context.lookup(back.getPage(0).node.get(PDFName.of('Contents')));
  const streams =
    contents instanceof PDFArray ? contents.asArray().map((r) => back.context.lookup(r)) : [contents];
  return streams
    .map((s) => new TextDecoder().decode(decodePDFRawStream(s as PDFRawStream).decode()))
    .join('\n');
}

let fonts: TPdfFonts;
beforeAll(async () => {
  fonts = await embedPdfFonts(await PDFDocument.create(), memoryHost().loadBytes);
});

describe('measuring and wrapping', () => {
  it('measures Urdu with the Arabic font and English with the Latin one', () => {
    expect(textWidth(fonts, 'مقدمہ نمبر', 10)).toBeGreaterThan(20);
    expect(textWidth(fonts, '123/2024', 10)).toBeCloseTo(textWidth(fonts, '123/2024', 20) / 2, 5);
    expect(textWidth(fonts, '', 10)).toBe(0);
  });

  it('wraps at spaces within the width, keeps line breaks, and breaks a word only when it must', () => {
    const lines = wrapText(
      fonts,
      'The petitioner filed a writ petition\nمقدمہ نمبر 123/2024 بنام سرکار',
      10,
      90,
    );
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) expect(textWidth(fonts, line, 10)).toBeLessThanOrEqual(90);
    expect(lines.join(' ')).toBe('The petitioner filed a writ petition مقدمہ نمبر 123/2024 بنام سرکار');
    expect(lines.findIndex((l) => l.startsWith('مقدمہ'))).toBeGreaterThan(0);
    const long = wrapText(fonts, 'x'.repeat(200), 10, 50);
    expect(long.length).toBeGreaterThan(3);
    expect(long.join('')).toBe('x'.repeat(200));
  });

  it('cuts text to a number of lines with an ellipsis', () => {
    const lines = wrapText(fonts, 'one two three four five six seven eight nine ten', 10, 40, 2);
    expect(lines).toHaveLength(2);
    expect(lines[1]!.endsWith('…')).toBe(true);
    expect(textWidth(fonts, lines[1]!, 10)).toBeLessThanOrEqual(40);
  });

  it("places Urdu dots where the font's mark positioning puts them", async () => {
    // Noto Naskh draws the dots of ن and ق as separate glyphs lifted above the letter: without the rise they
    // would sit on the baseline beside it.
    const urdu = await drawn('مقدمہ نمبر');
    expect(urdu).toMatch(/\d+(\.\d+)? Ts/);
    expect(urdu).toContain('TJ');
    // Plain English needs no rise.
    expect(await drawn('Writ petition')).not.toMatch(/[1-9][\d.]* Ts/);
  });

  it('never throws on text fontkit cannot shape, or glyphs neither font has', () => {
    expect(textWidth(fonts, 'بِسْمِ اللّٰهِ', 12)).toBeGreaterThan(0);
    expect(() => wrapText(fonts, '漢字 😀 \u0007 تحریر', 10, 100)).not.toThrow();
  });
});
