import { toAttachments, type TAttachmentRow, type TNamed } from '../pdf/case-data.ts';
import type { TPdfDocumentEntry } from '../pdf/types.ts';
import { DATED_MODULES, datedFields, datedPdfEntry, type TDatedModule } from './dated.modules.ts';
import { compareCodes } from '../common/natural-order.ts';

/**
 * The dated modules inside the whole case-file PDF (issue 12 item 5), the same on the server and the device:
 * each module's live items by date, each with its files, as a section of the case file.
 */
type TDatedDataRow = Record<string, unknown> & {
  id: string;
  deleted_at?: string | null;
  created_at?: string | null;
};

export function toDatedEntries(
  m: TDatedModule,
  rows: readonly TDatedDataRow[],
  attachments: readonly TAttachmentRow[],
  types: readonly TNamed[],
): TPdfDocumentEntry[] {
  const f = datedFields(m);
  const titles = new Map(types.map((t) => [t.id, t.title]));
  const date = (r: TDatedDataRow) => {
    const d = r[f.date];
    return typeof d === 'string' ? d : '';
  };
  return rows
    .filter((r) => !r.deleted_at)
    .sort(
      (a, b) =>
        compareCodes(date(a), date(b)) ||
        compareCodes(String(a.created_at ?? ''), String(b.created_at ?? '')),
    )
    .map((r) => {
      const type = r[f.type];
      return {
        ...datedPdfEntry(m, r, typeof type === 'string' ? (titles.get(type) ?? null) : null),
        attachments: toAttachments(attachments, m.model, r.id),
      };
    });
}

/** The four modules' sections, given each module's rows (by entity name). */
export function datedSections(
  rowsOf: (m: TDatedModule) => readonly TDatedDataRow[],
  attachments: readonly TAttachmentRow[],
  types: readonly TNamed[],
): { title: string; entries: TPdfDocumentEntry[] }[] {
  return DATED_MODULES.map((m) => ({
    title: m.plural,
    entries: toDatedEntries(m, rowsOf(m), attachments, types),
  }));
}

/** The case's own order of its modules (its tabs, part 1 §2): sections are printed in it. */
const CASE_ORDER = [
  'Order Sheets',
  'Oral Arguments',
  'Naqal Forms',
  'Talbana',
  'Case Laws',
  'Extra Documents',
  'Synopsis',
  'Judgements',
];
export const inCaseOrder = <S extends { title: string }>(sections: readonly S[]): S[] =>
  [...sections].sort((a, b) => rank(a.title) - rank(b.title));
const rank = (title: string) => {
  const i = CASE_ORDER.indexOf(title);
  return i < 0 ? CASE_ORDER.length : i;
};
