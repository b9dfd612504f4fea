import { GREY, PageFlow } from '../pdf/layout/flow.ts';
import { numberPages } from '../pdf/layout/page-numbers.ts';
import { drawTable, type TColumn } from '../pdf/layout/table.ts';
import { embedPdfFonts } from '../pdf/text/fonts.ts';
import { newPdf, siteLine } from '../pdf/builders/common.ts';
import type { TPdfHost } from '../pdf/types.ts';
import {
  FIR_PDF_TITLE,
  FIR_RESULT_FIELDS,
  firLine,
  type TFirResultGroup,
  type TFirSearchData,
} from './fir-result.ts';

export * from './fir-result.ts';

const COLUMNS: TColumn[] = [
  { title: 'Field', width: 0.22 },
  { title: 'Details', width: 0.78 },
];

export type TFirResultPdfData = TPdfHost & {
  siteName: string | null;
  search: TFirSearchData;
  groups: TFirResultGroup[];
};

/** The FIR reader's result (part 3 §2.16), the same file on the server and offline on a phone. */
export async function buildFirResultPdf(data: TFirResultPdfData): Promise<Uint8Array> {
  const doc = await newPdf(FIR_PDF_TITLE);
  const fonts = await embedPdfFonts(doc, data.loadBytes);
  const flow = new PageFlow(doc, fonts);
  flow.newPage();
  siteLine(flow, data.siteName);
  flow.text(FIR_PDF_TITLE, { size: 15, bold: true, align: 'center' });
  const fir = firLine(data.search);
  if (fir) flow.text(fir, { size: 10, align: 'center' });
  flow.gap(10);
  if (!data.groups.length) flow.text('Records Not Found!', { align: 'center', color: GREY });
  for (const g of data.groups) {
    flow.text(g.statute, { size: 13, bold: true });
    flow.gap(4);
    for (const s of g.sections) {
      flow.text(`Section ${s.fir_no}: ${s.title}`, { size: 11, bold: true });
      drawTable(
        flow,
        COLUMNS,
        FIR_RESULT_FIELDS.map(([k, label]) => [label, String(s[k] ?? 'Not set')]),
      );
      flow.gap(8);
    }
  }
  numberPages(doc, fonts);
  return doc.save();
}
