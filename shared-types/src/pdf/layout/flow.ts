import type { PDFDocument, PDFPage } from 'pdf-lib';
import type { TPdfFonts } from '../text/fonts.ts';
import { drawAlignedLine, wrapText, type TAlign, type TRgb } from '../text/text.ts';

/** A4 in points, with the margins every generated page keeps. */
export const A4 = { width: 595.28, height: 841.89 } as const;
export const MARGIN = 50;
export const CONTENT_WIDTH = A4.width - 2 * MARGIN;
export const GREY: TRgb = [0.35, 0.35, 0.35];

export const lineHeight = (size: number) => size * 1.45;

export type TTextOptions = {
  size?: number;
  bold?: boolean;
  align?: TAlign;
  color?: TRgb;
  /** Left indent in points. */
  indent?: number;
};

/**
 * Writes text down the page and starts a new page when the next line does not fit. `measureOnly` runs the
 * same layout without drawing, so a builder can learn how many pages a table takes before inserting them
 * (the index shows page numbers that depend on its own length). New pages come from `addPage`, so the index
 * can be inserted after the cover while attachments are appended at the end.
 */
export class PageFlow {
  private current: PDFPage | null = null;
  /** Baseline of the next line's top edge. */
  y = 0;
  pages = 0;

  constructor(
    readonly doc: PDFDocument,
    readonly fonts: TPdfFonts,
    private readonly addPage: (n: number) => PDFPage | null = () => doc.addPage([A4.width, A4.height]),
  ) {}

  static measuring(doc: PDFDocument, fonts: TPdfFonts): PageFlow {
    return new PageFlow(doc, fonts, () => null);
  }

  /** The page being written (null while measuring). */
  get page(): PDFPage | null {
    return this.current;
  }

  get hasPage(): boolean {
    return this.y > 0;
  }

  newPage(): void {
    this.current = this.addPage(this.pages);
    this.pages++;
    this.y = A4.height - MARGIN;
  }

  /** The next text starts on a fresh page (an image or a copied PDF page was placed after this one). */
  closePage(): void {
    this.current = null;
    this.y = 0;
  }

  /** Room left above the bottom margin. */
  get room(): number {
    return this.y - MARGIN;
  }

  /** Makes sure `height` fits on the current page, starting a new one if not. */
  ensure(height: number): void {
    if (!this.hasPage || this.room < height) this.newPage();
  }

  gap(height: number): void {
    if (this.hasPage) this.y -= height;
  }

  /** Wrapped text across the content width. */
  text(text: string, opts: TTextOptions = {}): void {
    const size = opts.size ?? 10;
    const indent = opts.indent ?? 0;
    const width = CONTENT_WIDTH - indent;
    const lh = lineHeight(size);
    for (const line of wrapText(this.fonts, text, size, width)) {
      this.ensure(lh);
      this.y -= lh;
      const page = this.current;
      if (page && line)
        drawAlignedLine(page, this.fonts, line, {
          x: MARGIN + indent,
          y: this.y + size * 0.35,
          size,
          width,
          align: opts.align ?? 'start',
          ...(opts.bold ? { bold: true } : {}),
          ...(opts.color ? { color: opts.color } : {}),
        });
    }
  }
}
