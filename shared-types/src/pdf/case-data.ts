import type {
  TOrderSheetRow,
  TPdfAttachment,
  TPdfCaseHeader,
  TPdfDocumentEntry,
  TPendingCaseRow,
} from './types.ts';
import { compareNatural, compareCodes } from '../common/natural-order.ts';
import { caseNumber, caseTypeOf } from '../case-files/case-title.ts';

export { caseTypeOf };

/**
 * From stored rows to what the builders print. The server reads the rows with Kysely and the PWA from its
 * Dexie tables (the same entities, the same columns), and both hand them here, so a PDF downloaded offline
 * matches the one the server makes field for field. No pdf-lib here: the PWA gathers data with this module
 * before it loads the builders.
 */

type TLive = { deleted_at?: string | null };
export type TPetitionRow = TLive & {
  case_no: string;
  year?: number | null;
  title: string;
  institution_date?: string | null;
  pending_tag?: string | null;
  archived?: boolean | number | null;
  /** An array on devices, JSON text in a raw database row. */
  lawyer_ids?: string[] | string | null;
};
export type TPartyRow = TLive & { side: string; name: string; display_order?: number | null };
export type TIndexedRow = TLive & {
  id: string;
  document_description: string;
  date?: string | null;
  annexure?: string | null;
  page_info?: string | null;
  display_order?: number | null;
  created_at?: string | null;
};
export type TAttachmentRow = TLive & {
  owner_type: string;
  owner_id: string;
  sha256: string;
  file_name: string;
  mime_type: string;
  title?: string | null;
  display_order?: number | null;
  created_at?: string | null;
};
export type TOrderSheetDataRow = TLive & { order_sheet_date: string; order_sheet_type_id?: string | null };
export type TNamed = { id: string; title: string; abbreviation?: string | null };

const live = <T extends TLive>(rows: readonly T[]): T[] => rows.filter((r) => !r.deleted_at);

/** Display order first; rows saved with the same order keep the order they were created in. */
const byDisplayOrder = <T extends { display_order?: number | null; created_at?: string | null }>(
  a: T,
  b: T,
) => (a.display_order ?? 0) - (b.display_order ?? 0) || compareCodes(a.created_at ?? '', b.created_at ?? '');

export function lawyerIdsOf(p: Pick<TPetitionRow, 'lawyer_ids'>): string[] {
  const v = p.lawyer_ids;
  if (Array.isArray(v)) return v.filter((x) => typeof x === 'string');
  if (typeof v !== 'string' || !v) return [];
  try {
    const parsed: unknown = JSON.parse(v);
    return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

export function toCaseHeader(args: {
  petition: TPetitionRow;
  parties: readonly TPartyRow[];
  court: TNamed | null | undefined;
  category: TNamed | null | undefined;
  /** The lawyers' names in the order of the petition's lawyer_ids. */
  lawyers: readonly string[];
  orderSheets: readonly TOrderSheetDataRow[];
  /** ISO date: the next hearing is the first order sheet dated today or later. */
  today: string;
}): TPdfCaseHeader {
  const { petition: p } = args;
  const parties = live(args.parties).sort(byDisplayOrder);
  const names = (side: string) => parties.filter((x) => x.side === side).map((x) => x.name);
  const upcoming = live(args.orderSheets)
    .map((s) => s.order_sheet_date)
    .filter((d) => d >= args.today)
    .sort();
  return {
    court: args.court?.title ?? null,
    caseType: caseTypeOf(args.category),
    caseNo: p.case_no,
    year: p.year ?? null,
    title: p.title,
    petitioners: names('petitioner'),
    opponents: names('opponent'),
    lawyers: [...args.lawyers],
    institutionDate: p.institution_date ?? null,
    nextHearing: upcoming[0] ?? null,
    pendingTag: p.pending_tag?.trim() || null,
  };
}

export function toAttachments(
  rows: readonly TAttachmentRow[],
  ownerType: string,
  ownerId: string,
): TPdfAttachment[] {
  return live(rows)
    .filter((a) => a.owner_type === ownerType && a.owner_id === ownerId)
    .sort(byDisplayOrder)
    .map((a) => ({
      sha256: a.sha256,
      file_name: a.file_name,
      mime_type: a.mime_type,
      title: a.title ?? null,
    }));
}

export function toDocumentEntry(
  item: TIndexedRow,
  attachments: readonly TAttachmentRow[],
  ownerType: string,
): TPdfDocumentEntry {
  return {
    description: item.document_description,
    date: item.date ?? null,
    annexure: item.annexure ?? null,
    page_info: item.page_info ?? null,
    attachments: toAttachments(attachments, ownerType, item.id),
  };
}

/** The case file's index items (or a standard index list's, by its owner type) with their files, in order. */
export function toIndexEntries(
  items: readonly TIndexedRow[],
  attachments: readonly TAttachmentRow[],
  ownerType = 'PetitionIndex',
): TPdfDocumentEntry[] {
  return live(items)
    .sort(byDisplayOrder)
    .map((item) => toDocumentEntry(item, attachments, ownerType));
}

/** Hearing dates oldest first, each with its order sheet type's title. */
export function toOrderSheetRows(
  sheets: readonly TOrderSheetDataRow[],
  types: readonly TNamed[],
): TOrderSheetRow[] {
  const titles = new Map(types.map((t) => [t.id, t.title]));
  return live(sheets)
    .sort((a, b) => compareCodes(a.order_sheet_date, b.order_sheet_date))
    .map((s) => ({
      date: s.order_sheet_date,
      type: s.order_sheet_type_id ? (titles.get(s.order_sheet_type_id) ?? null) : null,
    }));
}

/** Active (not archived) case files that carry a pending tag, in library-number order. */
export function toPendingCaseRows(
  petitions: readonly (TPetitionRow & { court_id?: string | null; petition_type_id?: string | null })[],
  courts: readonly TNamed[],
  categories: readonly TNamed[],
): TPendingCaseRow[] {
  const court = new Map(courts.map((c) => [c.id, c]));
  const category = new Map(categories.map((c) => [c.id, c]));
  return live(petitions)
    .filter((p) => !!p.pending_tag?.trim() && !(p.archived === true || p.archived === 1))
    .map((p) => ({
      pendingTag: p.pending_tag!.trim(),
      title: p.title,
      caseType: caseTypeOf(p.petition_type_id ? category.get(p.petition_type_id) : null),
      caseNo: p.case_no,
      year: p.year ?? null,
      court: (p.court_id ? court.get(p.court_id)?.title : null) ?? null,
    }))
    .sort(
      (a, b) => compareNatural(a.pendingTag ?? '', b.pendingTag ?? '') || compareNatural(a.caseNo, b.caseNo),
    );
}

/**
 * A download name that every system accepts: the case number's slash and other characters a file system
 * refuses become dashes; Urdu stays (the server sends it as an RFC 6266 UTF-8 name).
 */
export function pdfFileName(...parts: (string | null | undefined)[]): string {
  const base = parts
    .filter((p): p is string => !!p?.trim())
    .join(' ')
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);
  return `${base || 'document'}.pdf`;
}

export const caseFileName = (c: TPdfCaseHeader, what?: string): string =>
  pdfFileName(caseNumber(c), what ?? c.title);
