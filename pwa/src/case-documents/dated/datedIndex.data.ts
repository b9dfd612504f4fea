import type { TDatedModule } from '@lawfirm/shared-types/case-documents/dated.modules.ts';
import type { TRead } from '../../sync/read.ts';
import { sortByOrder } from '../../tables/rowOrder.ts';
import type { TPetitionRow } from '../../case-files/caseFiles.types.ts';
import type { TAttachmentRow } from '../useCaseDocuments.ts';
import { sortByDate, type TDatedRow } from './dated.logic.ts';

/** A module type as the index screen names items by it (deleted ones too: an item keeps its type's name). */
export type TModuleTypeRow = {
  id: string;
  title: string;
  display_order?: number | null;
  deleted_at?: string | null;
};

/**
 * Everything a dated module's index screen shows of one case file, as plain data (compared as JSON): its
 * items by date, the module's types, the case file, and the module's files of the case file in display order.
 */
export type TDatedIndex = {
  slug: string;
  petitionId: string;
  petition: TPetitionRow | null;
  rows: TDatedRow[];
  types: TModuleTypeRow[];
  files: TAttachmentRow[];
};

/** The key of the screen's query: one user's device, one module, one case file. */
export const datedIndexKey = (userId: string, m: TDatedModule, petitionId: string): string =>
  `dated-index:${userId}:${m.slug}:${petitionId}`;

/**
 * The index screen's one query: every table it shows, read in one transaction, so the screen renders once,
 * whole. The app runs it as it starts on the screen (app/route-preloads.ts) with plain IndexedDB; the screen
 * keeps it live through Dexie (useDated.ts useDatedIndex).
 */
export function loadDatedIndex(read: TRead, m: TDatedModule, petitionId: string): Promise<TDatedIndex> {
  return read([m.entity, 'module_types', 'attachments', 'petitions'], async (r) => {
    const [petition, rows, types, files] = await Promise.all([
      r.get<TPetitionRow>('petitions', petitionId),
      r.byIndex<TDatedRow>(m.entity, 'petition_id', petitionId),
      // module_id is a number in the rows (and so in the index).
      r.byIndex<TModuleTypeRow>('module_types', 'module_id', m.moduleId as unknown as string),
      r.byIndex<TAttachmentRow>('attachments', 'petition_id', petitionId),
    ]);
    return {
      slug: m.slug,
      petitionId,
      petition: petition ?? null,
      rows: sortByDate(m, rows),
      types,
      files: sortByOrder(files.filter((f) => f.owner_type === m.model)),
    };
  });
}

/** The files of one item of the index, in display order. */
export const filesOf = (page: TDatedIndex, id: string): TAttachmentRow[] =>
  page.files.filter((f) => f.owner_id === id);
