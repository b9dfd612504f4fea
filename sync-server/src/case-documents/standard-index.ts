import {
  caseLawsDecl,
  extraDocumentsDecl,
  judgementsDecl,
  oralArgumentsDecl,
  STANDARD_INDEX_MODULES,
  standardModelType,
  type TStandardModuleType,
} from '@lawfirm/shared-types';
import { toIndexEntries, type TPdfSection } from '@lawfirm/shared-types/pdf/index.ts';
import type { Db } from '../db/connect.ts';
import { forFirm } from '../sync/firm.ts';
import { petitionList, type IndexedDocumentKind } from '../case-files/indexed-documents.ts';
import type { ListRoutes } from '../case-files/indexed-documents.routes.ts';
import { serverEntity } from '../sync/entities.ts';

const DECLS = {
  oral_arguments: oralArgumentsDecl,
  case_laws: caseLawsDecl,
  extra_documents: extraDocumentsDecl,
  judgements: judgementsDecl,
} as const satisfies Record<TStandardModuleType, unknown>;

/**
 * The four standard index lists (part 2 §2.3) as declarations of the one indexed document list: each is a
 * list of a whole case file, like the petition index, under its own table, attachment owner and paths.
 */
export const STANDARD_KINDS = new Map<TStandardModuleType, IndexedDocumentKind>(
  STANDARD_INDEX_MODULES.map((m) => [
    m.module_type,
    petitionList(m.module_type, serverEntity(DECLS[m.module_type]), m.model),
  ]),
);

export const standardKind = (moduleType: TStandardModuleType): IndexedDocumentKind =>
  STANDARD_KINDS.get(moduleType)!;

/** rest-contract 29–31: POST /api/{mt}, DELETE /api/{mt}/{id}, POST /api/module_index_details_{mt}/{id}. */
export const STANDARD_LISTS: ListRoutes[] = STANDARD_INDEX_MODULES.map((m) => ({
  kind: standardKind(m.module_type),
  collection: `/api/${m.module_type}`,
  detail: {
    method: 'POST',
    path: `/api/module_index_details_${m.module_type}/:id`,
    rowKey: 'index_detail_data',
    extra: { page_title: m.title, model_type: standardModelType(m) },
  },
}));

/** A case file's standard index lists as sections of its whole-case-file PDF, in the modules' order. */
export async function standardSectionsOf(
  db: Db,
  p: { id: string; company_id: string },
): Promise<TPdfSection[]> {
  const firm = forFirm(db, p.company_id);
  const files = await firm
    .live('attachments')
    .selectAll()
    .where('petition_id', '=', p.id)
    .where(
      'owner_type',
      'in',
      STANDARD_INDEX_MODULES.map((m) => m.model),
    )
    .execute();
  return Promise.all(
    STANDARD_INDEX_MODULES.map(async (m) => ({
      title: m.title,
      entries: toIndexEntries(
        (await firm.live(m.module_type).selectAll().where('petition_id', '=', p.id).execute()).map((r) => ({
          ...r,
          document_description: r.document_description ?? '',
        })),
        files,
        m.model,
      ),
    })),
  );
}
