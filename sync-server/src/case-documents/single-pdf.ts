import {
  DATED_MODULES,
  datedFields,
  datedPdfEntry,
  STANDARD_INDEX_MODULES,
  type TDatedModule,
} from '@lawfirm/shared-types';
import { toAttachments, type TPdfDocumentEntry } from '@lawfirm/shared-types/pdf/index.ts';
import type { Db } from '../db/connect.ts';
import { forFirm, type Firm, type LiveTable } from '../sync/firm.ts';
import type { Row } from '../sync/entities.ts';
import { requireEditor } from '../case-files/access.ts';
import type { TActor } from '@lawfirm/shared-types';

/**
 * Every module item with a single-item PDF (POST /api/download_single_petition_index_pdf, rest-contract 27), by
 * the model name the original API gives it: where its rows live, what the PDF calls it, and the line that
 * names it. A module declares its own here; the call, the link and the PDF are one implementation.
 */
export type TPdfModel = {
  model: string;
  table: LiveTable;
  /** What the document is, printed above it. */
  kind: string;
  /**
   * Who may download it, besides reading its case file: the modules of part 2 give it to every reader
   * ("everyone else views, prints and downloads", issue 12); the petition index and replies to admins and
   * lawyers only (part 1 §6).
   */
  downloads: 'readers' | 'editors';
  entry: (firm: Firm, row: Row) => Promise<Omit<TPdfDocumentEntry, 'attachments'>>;
};

const text = (v: unknown) => (typeof v === 'string' && v ? v : null);

/** An indexed document list's item (petition index, replies, the standard index lists). */
export const indexedPdfModel = (
  model: string,
  table: string,
  kind: string,
  downloads: TPdfModel['downloads'],
): TPdfModel => ({
  model,
  table: table as LiveTable,
  kind,
  downloads,
  entry: async (_firm, r) => ({
    description: text(r.document_description) ?? '',
    date: text(r.date),
    annexure: text(r.annexure),
    page_info: text(r.page_info),
  }),
});

/** A dated module's item (the line both the server and the device print: datedPdfEntry). */
export const datedPdfModel = (m: TDatedModule): TPdfModel => ({
  model: m.model,
  table: m.entity as LiveTable,
  kind: m.label,
  downloads: 'readers',
  entry: async (firm, r) => {
    const typeId = text(r[datedFields(m).type]);
    const type = typeId
      ? await firm.selectFrom('module_types').select('title').where('id', '=', typeId).executeTakeFirst()
      : undefined;
    return datedPdfEntry(m, r, type?.title ?? null);
  },
});

export const PDF_MODELS: readonly TPdfModel[] = [
  indexedPdfModel('PetitionIndex', 'petition_index', 'Index', 'editors'),
  indexedPdfModel('PetitionReply', 'replies', 'Reply', 'editors'),
  ...STANDARD_INDEX_MODULES.map((m) => indexedPdfModel(m.model, m.module_type, m.title, 'readers')),
  ...DATED_MODULES.map(datedPdfModel),
];

export const pdfModelOf = (model: string | null | undefined) => PDF_MODELS.find((m) => m.model === model);

/** One live item of the firm with its attachments and the case file it belongs to; undefined when none. */
export async function pdfDocumentOf(
  db: Db,
  companyId: string,
  pm: TPdfModel,
  id: string,
): Promise<{ petitionId: string; kind: string; entry: TPdfDocumentEntry } | undefined> {
  const firm = forFirm(db, companyId);
  const row = (await firm.find(pm.table, id)) as Row | undefined;
  if (!row) return undefined;
  const files = await firm
    .live('attachments')
    .selectAll()
    .where('owner_type', '=', pm.model)
    .where('owner_id', '=', row.id)
    .execute();
  return {
    petitionId: String(row.petition_id),
    kind: pm.kind,
    entry: { ...(await pm.entry(firm, row)), attachments: toAttachments(files, pm.model, row.id) },
  };
}

/** Refuses (403) a caller the model's download rule leaves out; reading its case file is checked apart. */
export function requireDownloader(actor: TActor, pm: TPdfModel): void {
  if (pm.downloads === 'editors') requireEditor(actor);
}
