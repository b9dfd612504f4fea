import { GREY, PageFlow } from '../pdf/layout/flow.ts';
import { numberPages } from '../pdf/layout/page-numbers.ts';
import { drawTable, type TColumn } from '../pdf/layout/table.ts';
import { embedPdfFonts } from '../pdf/text/fonts.ts';
import { newPdf, siteLine } from '../pdf/builders/common.ts';
import type { TPdfHost } from '../pdf/types.ts';

export const FIR_PDF_TITLE = 'FIR Search Results';

/** The FIR the reader was asked about (part 3 §3 "FIR search input"). */
export type TFirSearchData = { police_station?: string | null; fir_no?: string | null; year?: string | null };

/** A section as the result shows it. */
export type TFirResultSection = {
  fir_no: string;
  title: string;
  arrest_info: string | null;
  warrent_info: string | null;
  bailable_info: string | null;
  compoundable_info: string | null;
  punishment_info: string | null;
  court_triable: string | null;
  link?: string | null;
};

export type TFirResultGroup = { statute: string; sections: TFirResultSection[] };

/** The rows of a section's classification, labelled as the result page labels them. */
export const FIR_RESULT_FIELDS: readonly [keyof TFirResultSection, string][] = [
  ['arrest_info', 'Arrest'],
  ['warrent_info', 'Warrant'],
  ['bailable_info', 'Bail'],
  ['compoundable_info', 'Compoundable'],
  ['punishment_info', 'Punishment'],
  ['court_triable', 'Trial court'],
];

/** The FIR line of the result: police station, FIR no. and year, those given. */
export const firLine = (s: TFirSearchData): string =>
  [
    s.police_station?.trim() && `Police Station: ${s.police_station.trim()}`,
    s.fir_no?.trim() && `FIR No.: ${s.fir_no.trim()}`,
    s.year?.trim() && `Year: ${s.year.trim()}`,
  ]
    .filter(Boolean)
    .join('   ');

const COLUMNS: TColumn[] = [
  { title: 'Field', width: 0.22 },
  { title: 'Details', width: 0.78 },
];

/** The FIR reader's result (part 3 §2.16), the same file on the server and offline on a phone. */
export async function buildFirResultPdf(
  data: TPdfHost & { siteName: string | null; search: TFirSearchData; groups: TFirResultGroup[] },
): Promise<Uint8Array> {
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
