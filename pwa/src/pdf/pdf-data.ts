import { todayInPakistan } from '@lawfirm/shared-types/common/dates.ts';
import { STANDARD_INDEX_MODULES } from '@lawfirm/shared-types/case-documents/standard-index.ts';
import { inCaseOrder } from '@lawfirm/shared-types/case-documents/dated.pdf.ts';
import { datedSectionsLocal } from './dated-sections.ts';
import {
  datedFields,
  datedPdfEntry,
  type TDatedModule,
} from '@lawfirm/shared-types/case-documents/dated.modules.ts';
import {
  caseFileName,
  lawyerIdsOf,
  pdfFileName,
  toAttachments,
  toCaseHeader,
  toDocumentEntry,
  toIndexEntries,
  toOrderSheetRows,
  toPendingCaseRows,
  type TAttachmentRow,
  type TIndexedRow,
  type TNamed,
  type TOrderSheetDataRow,
  type TPartyRow,
  type TPetitionRow,
} from '@lawfirm/shared-types/pdf/case-data.ts';
import type {
  TCaseFilePdfData,
  TDocumentPdfData,
  TLoadBytes,
  TOrderSheetsPdfData,
  TPendingCasesPdfData,
  TScriptFont,
} from '@lawfirm/shared-types/pdf/types.ts';
import { readLocalFile } from '../sync/attachments.ts';
import type { LocalDb, TRow } from '../sync/db.ts';

/**
 * What a PDF prints, read from this device's tables (the same entities the server has), so a lawyer with no
 * signal downloads the same document the server would make. Rows are the synced rows as the server sent
 * them, hence the casts to the shared row shapes.
 */
type TPdfData<T> = { name: string; data: Omit<T, 'loadBytes' | 'onProgress'> };

export const NOT_ON_DEVICE = 'This case file is not on this device.';

const live = (r: TRow | undefined): r is TRow => !!r && !r.deleted_at;
const byPetition = (db: LocalDb, entity: string, petitionId: string) =>
  db.rows(entity).where('petition_id').equals(petitionId).toArray();

async function siteName(db: LocalDb): Promise<string | null> {
  const s = await db.rows('settings').toCollection().first();
  return typeof s?.site_name === 'string' ? s.site_name : null;
}

async function petitionRow(db: LocalDb, petitionId: string): Promise<TRow> {
  const p = await db.rows('petitions').get(petitionId);
  if (!live(p)) throw new Error(NOT_ON_DEVICE);
  return p;
}

async function caseHeader(db: LocalDb, p: TRow, today: string) {
  const petition = p as unknown as TPetitionRow & {
    court_id?: string | null;
    petition_type_id?: string | null;
  };
  const ids = lawyerIdsOf(petition);
  const [parties, court, category, lawyers, sheets] = await Promise.all([
    byPetition(db, 'petition_parties', p.id),
    petition.court_id ? db.rows('courts').get(petition.court_id) : undefined,
    petition.petition_type_id ? db.rows('case_categories').get(petition.petition_type_id) : undefined,
    // Students and clients may hold no user rows: a lawyer this device does not know is left out.
    db.rows('users').bulkGet(ids),
    byPetition(db, 'order_sheets', p.id),
  ]);
  return toCaseHeader({
    petition,
    parties: parties as unknown as TPartyRow[],
    court: court as unknown as TNamed | undefined,
    category: category as unknown as TNamed | undefined,
    lawyers: lawyers
      .filter(live)
      .map((u) => (typeof u.name === 'string' ? u.name : ''))
      .filter(Boolean),
    orderSheets: sheets as unknown as TOrderSheetDataRow[],
    today,
  });
}

export async function caseFileData(
  db: LocalDb,
  petitionId: string,
  today = todayInPakistan(), // the date the server prints, whatever the device's clock zone
): Promise<TPdfData<TCaseFilePdfData>> {
  const p = await petitionRow(db, petitionId);
  const [caseFile, items, attachments, site, ...lists] = await Promise.all([
    caseHeader(db, p, today),
    byPetition(db, 'petition_index', petitionId),
    byPetition(db, 'attachments', petitionId),
    siteName(db),
    ...STANDARD_INDEX_MODULES.map((m) => byPetition(db, m.module_type, petitionId)),
  ]);
  const files = attachments as unknown as TAttachmentRow[];
  return {
    name: caseFileName(caseFile),
    data: {
      siteName: site,
      caseFile,
      index: toIndexEntries(items as unknown as TIndexedRow[], files),
      // The standard index lists, as the server prints them (case-documents/standard-index.ts).
      sections: inCaseOrder([
        ...STANDARD_INDEX_MODULES.map((m, i) => ({
          title: m.title,
          entries: toIndexEntries(lists[i] as unknown as TIndexedRow[], files, m.model),
        })),
        ...(await datedSectionsLocal(db, petitionId, files)),
      ]),
    },
  };
}

/** What the single-item PDF needs of a document kind (case-documents/kinds.ts hands its kind in). */
export type TDocumentPdfKind = { entity: string; ownerType: string; pdfLabel: string };

export async function documentData(
  db: LocalDb,
  kind: TDocumentPdfKind,
  id: string,
  today = todayInPakistan(), // the date the server prints, whatever the device's clock zone
): Promise<TPdfData<TDocumentPdfData>> {
  // What the single-document PDF calls the kind above its description.
  const { entity, ownerType: model, pdfLabel: label } = kind;
  const item = await db.rows(entity).get(id);
  if (!live(item)) throw new Error('This document is not on this device.');
  const p = await petitionRow(db, String(item.petition_id));
  const [caseFile, attachments, site] = await Promise.all([
    caseHeader(db, p, today),
    db.rows('attachments').where('[owner_type+owner_id]').equals([model, id]).toArray(),
    siteName(db),
  ]);
  const document = toDocumentEntry(
    item as unknown as TIndexedRow,
    attachments as unknown as TAttachmentRow[],
    model,
  );
  return {
    name: caseFileName(caseFile, document.description),
    data: { siteName: site, caseFile, kind: label, document },
  };
}

/** One dated module item with its files (order sheet, naqal form, talbana, synopsis): the server's PDF. */
export async function datedDocumentData(
  db: LocalDb,
  m: TDatedModule,
  id: string,
  today = todayInPakistan(), // the date the server prints, whatever the device's clock zone
): Promise<TPdfData<TDocumentPdfData>> {
  const item = await db.rows(m.entity).get(id);
  if (!live(item)) throw new Error('This document is not on this device.');
  const p = await petitionRow(db, String(item.petition_id));
  const typeId = item[datedFields(m).type];
  const [caseFile, attachments, site, type] = await Promise.all([
    caseHeader(db, p, today),
    db.rows('attachments').where('[owner_type+owner_id]').equals([m.model, id]).toArray(),
    siteName(db),
    typeof typeId === 'string' && typeId ? db.rows('module_types').get(typeId) : undefined,
  ]);
  const document = {
    ...datedPdfEntry(m, item, typeof type?.title === 'string' ? type.title : null),
    attachments: toAttachments(attachments as unknown as TAttachmentRow[], m.model, id),
  };
  return {
    name: caseFileName(caseFile, document.description),
    data: { siteName: site, caseFile, kind: m.label, document },
  };
}

/** The pending cases among the case files on this device: the server sent only those the user may read. */
export async function pendingCasesData(
  db: LocalDb,
  today = todayInPakistan(), // the date the server prints, whatever the device's clock zone
): Promise<TPdfData<TPendingCasesPdfData>> {
  const [petitions, courts, categories, site] = await Promise.all([
    db.rows('petitions').toArray(),
    db.rows('courts').toArray(),
    db.rows('case_categories').toArray(),
    siteName(db),
  ]);
  const rows = toPendingCaseRows(
    petitions as unknown as Parameters<typeof toPendingCaseRows>[0],
    courts as unknown as TNamed[],
    categories as unknown as TNamed[],
  );
  return { name: pdfFileName('Pending Cases', today), data: { siteName: site, rows, today } };
}

export async function orderSheetsData(
  db: LocalDb,
  petitionId: string,
  today = todayInPakistan(), // the date the server prints, whatever the device's clock zone
): Promise<TPdfData<TOrderSheetsPdfData>> {
  const p = await petitionRow(db, petitionId);
  const [caseFile, sheets, types, site] = await Promise.all([
    caseHeader(db, p, today),
    byPetition(db, 'order_sheets', petitionId),
    db.rows('module_types').toArray(),
    siteName(db),
  ]);
  return {
    name: caseFileName(caseFile, 'Dates Of Hearing'),
    data: {
      siteName: site,
      caseFile,
      sheets: toOrderSheetRows(sheets as unknown as TOrderSheetDataRow[], types as unknown as TNamed[]),
    },
  };
}

/** Attachment bytes from this device's blobs; a file never downloaded here is named as not included. */
export function localFileLoader(db: LocalDb, fonts: (font: TScriptFont) => Promise<Uint8Array>): TLoadBytes {
  return async (asset) => {
    if (asset.kind === 'font') return fonts(asset.font);
    const blob = await readLocalFile(db, asset.sha256);
    return blob ? new Uint8Array(await blob.arrayBuffer()) : null;
  };
}
