import type { PDFDocument } from 'pdf-lib';
import type { TPdfFonts } from '../text/fonts.ts';
import { drawTextLine, textWidth } from '../text/text.ts';
import { GREY } from './flow.ts';

/**
 * "n / N" at the foot of every page, so the index's page column can be checked against a printed bundle.
 * Copied pages that are rotated are left alone: a number drawn on them would land on the page's side.
 */
export function numberPages(doc: PDFDocument, fonts: TPdfFonts): void {
  const pages = doc.getPages();
  pages.forEach((page, i) => {
    if (page.getRotation().angle % 360 !== 0) return;
    const box = page.getMediaBox();
    const label = `${i + 1} / ${pages.length}`;
    const size = 8;
    drawTextLine(page, fonts, label, {
      x: box.x + (box.width - textWidth(fonts, label, size)) / 2,
      y: box.y + 18,
      size,
      color: GREY,
    });
  });
}
