import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MSG,
  orderedRows,
  STANDARD_INDEX_MODULES,
  standardModelType,
  standardModuleNamed,
  ZMessageResponse,
} from '@lawfirm/shared-types';
import { validationError } from '../http/errors.ts';
import { findReadable, requireEditor } from '../case-files/access.ts';
import { ZApiIndexedDocumentWithFiles } from '../case-files/case-files.types.ts';
import { listIndexedDocumentsWithFiles, reorderIndexedDocuments } from '../case-files/indexed-documents.ts';
import { listRoutes } from '../case-files/indexed-documents.routes.ts';
import { STANDARD_LISTS, standardKind } from './standard-index.ts';

export const MSG_STANDARD_LIST_INVALID = 'The list to reorder is not valid.';

/** rest-contract 28: a standard index list with its files, and its annexures for the detail page's sidebar. */
const ZStandardIndexResponse = z.object({
  index_data: z.array(ZApiIndexedDocumentWithFiles),
  page_title: z.string(),
  compactInlineView: z.boolean(),
  ShowOnOralArgument: z.boolean(),
  model_type: z.string(),
  index_annexure_data: z.array(ZApiIndexedDocumentWithFiles),
});

const ZReorderInput = orderedRows('index_data').extend({ model_type: z.unknown() });

/**
 * The standard index lists' own calls (rest-contract 28 and 32); their save, delete and detail calls are the
 * indexed document list's (indexed-documents.routes.ts), declared per module.
 */
export async function standardIndexRoutes(fastify: FastifyInstance): Promise<void> {
  // Saving, deleting and one item's details: the indexed document lists' calls, with these lists handed in.
  listRoutes(fastify, STANDARD_LISTS);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  for (const m of STANDARD_INDEX_MODULES) {
    const kind = standardKind(m.module_type);
    app.get(
      `/api/${m.module_type}/:petition_id`,
      {
        config: { auth: 'petitions.read' },
        schema: {
          params: z.object({ petition_id: z.string() }),
          response: { 200: ZStandardIndexResponse },
        },
      },
      async (req) => {
        const { actor } = await req.authorize('petitions.read');
        const petition = await findReadable(app.db, actor, 'petitions', req.params.petition_id);
        const rows = await listIndexedDocumentsWithFiles(app.db, actor.company_id, kind, petition.id);
        return {
          index_data: rows,
          page_title: m.title,
          compactInlineView: false,
          ShowOnOralArgument: m.module_type === 'oral_arguments',
          model_type: standardModelType(m),
          index_annexure_data: rows.filter((r) => r.annexure?.trim()),
        };
      },
    );
  }

  app.post(
    '/api/standard_index_data/update_display_order',
    {
      config: { auth: 'petitions.edit' },
      schema: { body: ZReorderInput, response: { 200: ZMessageResponse } },
    },
    async (req) => {
      const { actor } = await req.auth();
      requireEditor(actor);
      const m = standardModuleNamed(req.body.model_type);
      if (!m) throw validationError({ model_type: [MSG_STANDARD_LIST_INVALID] });
      await reorderIndexedDocuments(app.db, actor, standardKind(m.module_type), req.body.index_data);
      return { message: MSG.updatedOk };
    },
  );
}
