import { rgb, type PDFPage } from 'pdf-lib';
import { drawAlignedLine, wrapText, type TAlign } from '../text/text.ts';
import { A4, CONTENT_WIDTH, MARGIN, lineHeight, type PageFlow } from './flow.ts';

export type TColumn = {
  title: string;
  /** Share of the content width; the shares of a table add up to 1. */
  width: number;
  /** 'start' (the default) right-aligns a cell whose text reads right to left. */
  align?: TAlign;
};

const PAD = 4;
const BORDER = rgb(0.55, 0.55, 0.55);
const HEADER_FILL = rgb(0.9, 0.92, 0.94);

/**
 * A bordered table that wraps long cells and repeats its header on every page it runs onto. A cell taller
 * than a page (a pasted essay in a description) is cut with an ellipsis rather than breaking the layout.
 */
export function drawTable(flow: PageFlow, columns: TColumn[], rows: string[][], size = 9.5): void {
  const fonts = flow.fonts;
  const widths = columns.map((c) => c.width * CONTENT_WIDTH);
  const lh = lineHeight(size);
  const wrapCells = (cells: string[], maxLines: number) =>
    widths.map((w, i) => wrapText(fonts, cells[i] ?? '', size, w - 2 * PAD, maxLines));
  const heightOf = (cells: string[][]) => Math.max(1, ...cells.map((c) => c.length)) * lh + 2 * PAD;

  const header = wrapCells(
    columns.map((c) => c.title),
    3,
  );
  const headerHeight = heightOf(header);
  const maxLines = Math.max(1, Math.floor((A4.height - 2 * MARGIN - headerHeight - 2 * PAD) / lh));

  const drawRow = (cells: string[][], height: number, bold: boolean) => {
    const page: PDFPage | null = flow.page;
    const top = flow.y;
    let x = MARGIN;
    cells.forEach((lines, i) => {
      const w = widths[i]!;
      if (page) {
        page.drawRectangle({
          x,
          y: top - height,
          width: w,
          height,
          borderColor: BORDER,
          borderWidth: 0.5,
          ...(bold ? { color: HEADER_FILL } : {}),
        });
        lines.forEach((line, l) => {
          if (!line) return;
          drawAlignedLine(page, fonts, line, {
            x: x + PAD,
            y: top - PAD - (l + 1) * lh + size * 0.35,
            size,
            width: w - 2 * PAD,
            align: columns[i]!.align ?? 'start',
            bold,
          });
        });
      }
      x += w;
    });
    flow.y -= height;
  };

  let headerOnPage = -1;
  const startPageWithHeader = () => {
    if (!flow.hasPage || flow.room < headerHeight + lh + 2 * PAD) flow.newPage();
    drawRow(header, headerHeight, true);
    headerOnPage = flow.pages;
  };

  startPageWithHeader();
  for (const row of rows) {
    const cells = wrapCells(row, maxLines);
    const height = heightOf(cells);
    if (flow.room < height) {
      flow.newPage();
      startPageWithHeader();
    } else if (headerOnPage !== flow.pages) startPageWithHeader();
    drawRow(cells, height, false);
  }
}
