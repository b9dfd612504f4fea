import {
  PDFOperator,
  PDFOperatorNames,
  TextRenderingMode,
  beginText,
  endText,
  popGraphicsState,
  pushGraphicsState,
  setFillingRgbColor,
  setFontAndSize,
  setLineWidth,
  setStrokingRgbColor,
  setTextMatrix,
  setTextRenderingMode,
  setTextRise,
  type PDFFont,
  type PDFName,
  type PDFPage,
  PDFHexString,
} from 'pdf-lib';
import { isRtlText } from './bidi.ts';
import type { TPdfFonts } from './fonts.ts';
import { cleanText as clean, shapeLine, type TShapedRun } from './shape.ts';

/**
 * Drawing mixed Urdu/English text with pdf-lib (DESIGN §7). pdf-lib encodes text through fontkit's layout,
 * so Arabic letters get their joined forms, but it drops the glyph positions: Noto Naskh draws dots and marks
 * as separate glyphs placed by GPOS, and without the positions they would land beside their letters. So each
 * run is shaped by fontkit here and drawn glyph by glyph with TJ adjustments and text rise.
 */

export type TRgb = readonly [number, number, number];
export const BLACK: TRgb = [0, 0, 0];

/** Width of one line in points. */
export function textWidth(fonts: TPdfFonts, text: string, size: number): number {
  return (shapeLine(fonts, clean(text)).reduce((w, r) => w + r.width, 0) * size) / 1000;
}

/** Does the line read right to left (its first strong letter is Urdu)? Such lines are right-aligned. */
export const isRtlLine = (text: string): boolean => isRtlText(text);

/**
 * Breaks text into lines no wider than `maxWidth`: at spaces where it can, inside a word only when the word
 * alone is too wide. Line breaks in the text are kept. Wrapping happens in reading order; each line is put in
 * display order only when drawn (UAX #9 reorders per line).
 */
export function wrapText(
  fonts: TPdfFonts,
  text: string,
  size: number,
  maxWidth: number,
  maxLines = Infinity,
): string[] {
  const width = (t: string) => textWidth(fonts, t, size);
  const lines: string[] = [];
  for (const paragraph of text.replace(/\r\n?/g, '\n').split('\n').map(clean)) {
    let line = '';
    for (const token of paragraph.split(/(\s+)/).filter(Boolean)) {
      if (/^\s+$/.test(token)) {
        if (line) line += token;
        continue;
      }
      if (width(line + token) <= maxWidth) {
        line += token;
        continue;
      }
      if (line.trim()) lines.push(line.trimEnd());
      line = '';
      if (width(token) <= maxWidth) {
        line = token;
        continue;
      }
      for (const ch of token) {
        if (line && width(line + ch) > maxWidth) {
          lines.push(line);
          line = '';
        }
        line += ch;
      }
    }
    lines.push(line.trimEnd());
  }
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = `${kept[maxLines - 1]!}…`;
  while (last.length > 1 && width(last) > maxWidth) last = `${[...last].slice(0, -2).join('')}…`;
  kept[maxLines - 1] = last;
  return kept;
}

const fontKeys = new WeakMap<PDFPage, Map<PDFFont, PDFName>>();

/** The page's resource name of a font, added once per page (pdf-lib would add one per call). */
function fontKey(page: PDFPage, font: PDFFont): PDFName {
  let keys = fontKeys.get(page);
  if (!keys) fontKeys.set(page, (keys = new Map()));
  let key = keys.get(font);
  if (!key) keys.set(font, (key = page.node.newFontDictionary(font.name, font.ref)));
  return key;
}

const round = (n: number) => Math.round(n * 1000) / 1000;

/**
 * The operators that show one shaped run: TJ arrays whose numbers move each glyph from the advance the font
 * declares to the one GPOS gave it (kerning, marks with no advance), with text rise for marks placed above or
 * below their letter.
 */
function runOperators(page: PDFPage, run: TShapedRun, size: number): PDFOperator[] {
  const { face } = run;
  const hex = face.pdf.encodeText(run.text).asString();
  const codes: string[] = [];
  for (let i = 0; i < hex.length; i += 4) codes.push(hex.slice(i, i + 4));
  if (run.reversed) codes.reverse();
  // pdf-lib shaped the same text with the same fontkit; should it ever differ, show its glyphs plainly.
  if (codes.length !== run.glyphs.length)
    return [PDFOperator.of(PDFOperatorNames.ShowText, [PDFHexString.of(codes.join(''))])];

  const ops: PDFOperator[] = [];
  let items: (PDFHexString | number)[] = [];
  const push = (n: number) => {
    if (Math.abs(n) < 0.001) return;
    const last = items[items.length - 1];
    if (typeof last === 'number') items[items.length - 1] = round(last + n);
    else items.push(round(n));
  };
  const flush = () => {
    if (items.length)
      ops.push(PDFOperator.of(PDFOperatorNames.ShowTextAdjusted, [page.doc.context.obj(items)]));
    items = [];
  };
  run.glyphs.forEach((glyph, i) => {
    const p = run.positions[i]!;
    const declared = glyph.advanceWidth * face.scale;
    const xOffset = p.xOffset * face.scale;
    if (p.yOffset !== 0) {
      flush();
      ops.push(setTextRise(round((p.yOffset * face.scale * size) / 1000)));
    }
    push(-xOffset);
    items.push(PDFHexString.of(codes[i]!));
    push(declared + xOffset - p.xAdvance * face.scale);
    if (p.yOffset !== 0) {
      flush();
      ops.push(setTextRise(0));
    }
  });
  flush();
  return ops;
}

export type TDrawTextOptions = {
  x: number;
  /** Baseline. */
  y: number;
  size: number;
  bold?: boolean;
  color?: TRgb;
};

/**
 * Draws one line (no line breaks) with its left edge at x. Bold is drawn by stroking the outline as well as
 * filling it: one font file per script instead of two keeps the PWA's precache small.
 */
export function drawTextLine(page: PDFPage, fonts: TPdfFonts, text: string, opts: TDrawTextOptions): number {
  const { size, color = BLACK } = opts;
  const runs = shapeLine(fonts, clean(text));
  let x = opts.x;
  const ops: PDFOperator[] = [pushGraphicsState(), setFillingRgbColor(...color)];
  if (opts.bold)
    ops.push(
      setStrokingRgbColor(...color),
      setLineWidth(size * 0.035),
      setTextRenderingMode(TextRenderingMode.FillAndOutline),
    );
  for (const run of runs) {
    if (!run.glyphs.length) continue;
    ops.push(
      beginText(),
      setFontAndSize(fontKey(page, run.face.pdf), size),
      setTextMatrix(1, 0, 0, 1, round(x), round(opts.y)),
      ...runOperators(page, run, size),
      endText(),
    );
    x += (run.width * size) / 1000;
  }
  ops.push(popGraphicsState());
  page.pushOperators(...ops);
  return x - opts.x;
}

export type TAlign = 'left' | 'right' | 'center' | 'start';

/** Draws a line inside a box of `width` from x: 'start' puts Urdu-first lines on the right, like a reader expects. */
export function drawAlignedLine(
  page: PDFPage,
  fonts: TPdfFonts,
  text: string,
  opts: TDrawTextOptions & { width: number; align?: TAlign },
): void {
  const w = textWidth(fonts, text, opts.size);
  const align = opts.align === 'start' || !opts.align ? (isRtlLine(text) ? 'right' : 'left') : opts.align;
  const x =
    align === 'right' ? opts.x + opts.width - w : align === 'center' ? opts.x + (opts.width - w) / 2 : opts.x;
  drawTextLine(page, fonts, text, { ...opts, x });
}
