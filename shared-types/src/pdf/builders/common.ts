import { PDFDocument } from 'pdf-lib';
import { formatDate } from '../../common/dates.ts';
import { GREY, type PageFlow } from '../layout/flow.ts';
import { isolate } from '../text/bidi.ts';
import { caseNumber } from '../../case-files/case-title.ts';
import type { TPdfCaseHeader, TPdfDocumentEntry } from '../types.ts';

/** Names joined into one line, each isolated so an Urdu name does not turn the whole line right to left. */
export const nameList = (names: readonly string[]): string => names.map(isolate).join(', ');

export const partiesLine = (c: TPdfCaseHeader): string =>
  [nameList(c.petitioners), nameList(c.opponents)].filter(Boolean).join(' v. ');

/** The line printed above a document's pages: its annexure and description. */
export const entryCaption = (e: TPdfDocumentEntry): string =>
  [e.annexure?.trim(), e.description.trim()].filter(Boolean).join(' — ');

export async function newPdf(title: string): Promise<PDFDocument> {
  const doc = await PDFDocument.create();
  doc.setTitle(title, { showInWindowTitleBar: true });
  doc.setCreator('eLawFirm');
  doc.setProducer('eLawFirm (pdf-lib)');
  return doc;
}

export function siteLine(flow: PageFlow, siteName: string | null): void {
  if (!siteName?.trim()) return;
  flow.text(siteName.trim(), { size: 9, align: 'center', color: GREY });
  flow.gap(6);
}

/** The case block at the top of a single document or the hearing list: which case this paper belongs to. */
export function caseBlock(flow: PageFlow, c: TPdfCaseHeader): void {
  flow.text(caseNumber(c), { size: 12, bold: true, align: 'center' });
  flow.text(c.title, { size: 12, align: 'center' });
  const parties = partiesLine(c);
  if (parties) flow.text(parties, { size: 10, align: 'center' });
  if (c.court) flow.text(c.court, { size: 10, align: 'center', color: GREY });
}

export const showDate = (iso: string | null | undefined): string => formatDate(iso);
