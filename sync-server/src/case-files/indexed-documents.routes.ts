import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MSG, orderedRows, ZIndexedDocumentInput, ZMessageResponse } from '@lawfirm/shared-types';
import { ZIdParams } from '../http/schemas.ts';
import { attachmentsByOwner } from './attachments.repository.ts';
import { zIndexedDocumentDetailResponse, zSavedIndexedDocumentResponse } from './case-files.types.ts';
import { findReadable, requireEditor } from './access.ts';
import { apiPetition } from './api-petitions.ts';
import {
  deleteIndexedDocument,
  neighboursOf,
  PETITION_INDEX,
  reorderIndexedDocuments,
  REPLIES,
  saveIndexedDocument,
  toApiIndexedDocument,
  type IndexedDocumentKind,
} from './indexed-documents.ts';

/** The documented paths and keys of one indexed document list (rest-contract 23–26, 28–32 and 55–58). */
export type ListRoutes = {
  kind: IndexedDocumentKind;
  /** POST here creates or updates; DELETE `${collection}/:id` deletes. */
  collection: string;
  /** `${collection}/update_display_order` with the rows under this key; the standard lists share one call. */
  reorderKey?: string;
  /** The detail page's read: the index uses GET, replies and the standard lists a POST (the original API's). */
  detail: {
    method: 'GET' | 'POST';
    path: string;
    rowKey: string;
    /** More fields of the answer (a standard list's page_title and model_type). */
    extra?: { page_title: string; model_type: string };
  };
};

const LISTS: ListRoutes[] = [
  {
    kind: PETITION_INDEX,
    collection: '/api/petitions_index',
    reorderKey: 'petition_details',
    detail: { method: 'GET', path: '/api/petitions_index/:id', rowKey: 'petition_index' },
  },
  {
    kind: REPLIES,
    collection: '/api/petition_replies',
    reorderKey: 'petition_replies',
    detail: { method: 'POST', path: '/api/petition_reply_details/:id', rowKey: 'petition_reply' },
  },
];

/** Index items and replies, one implementation for both (their single-item PDF: case-documents/single-pdf.ts). */
export async function indexedDocumentsRoutes(fastify: FastifyInstance): Promise<void> {
  listRoutes(fastify, LISTS);
}

/**
 * The calls of indexed document lists: index items and replies here, and the standard index lists, which
 * case-documents/standard-index.routes.ts hands in (case files know no module that hangs off them).
 */
export function listRoutes(fastify: FastifyInstance, lists: readonly ListRoutes[]): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  for (const l of lists) {
    const { kind } = l;
    app.post(
      l.collection,
      {
        config: { auth: 'petitions.edit' },
        schema: {
          body: ZIndexedDocumentInput,
          response: { 200: zSavedIndexedDocumentResponse(l.detail.rowKey) },
        },
      },
      async (req) => {
        const { actor } = await req.auth();
        const saved = await saveIndexedDocument(app.db, actor, kind, req.body);
        const row = await findReadable(app.db, actor, kind.table, saved.id);
        return {
          [l.detail.rowKey]: toApiIndexedDocument(kind, row),
          message: saved.created ? MSG.savedOk : MSG.updatedOk,
        };
      },
    );

    app.delete(
      `${l.collection}/:id`,
      {
        config: { auth: 'petitions.edit' },
        schema: { params: ZIdParams, response: { 200: ZMessageResponse } },
      },
      async (req) => {
        const { actor } = await req.auth();
        await deleteIndexedDocument(app.db, actor, kind, req.params.id);
        return { message: MSG.deletedOk };
      },
    );

    const { reorderKey } = l;
    if (reorderKey)
      app.post(
        `${l.collection}/update_display_order`,
        {
          config: { auth: 'petitions.edit' },
          schema: { body: orderedRows(reorderKey), response: { 200: ZMessageResponse } },
        },
        async (req) => {
          const { actor } = await req.auth();
          requireEditor(actor);
          const ids = req.body[reorderKey]!;
          await reorderIndexedDocuments(app.db, actor, kind, ids);
          return { message: MSG.updatedOk };
        },
      );

    app.route({
      method: l.detail.method,
      url: l.detail.path,
      config: { auth: 'petitions.read' },
      schema: { params: ZIdParams, response: { 200: zIndexedDocumentDetailResponse(l.detail.rowKey) } },
      handler: async (req) => {
        const { actor } = await req.authorize('petitions.read');
        const row = await findReadable(app.db, actor, kind.table, req.params.id);
        const attachments = await attachmentsByOwner(app.db, actor.company_id, kind.ownerType, [row.id]);
        return {
          [l.detail.rowKey]: {
            ...toApiIndexedDocument(kind, row),
            attachments: attachments.get(row.id) ?? [],
          },
          petition: await apiPetition(app, req, actor, String(row.petition_id)),
          ...(await neighboursOf(app.db, actor.company_id, kind, row)),
          ...l.detail.extra,
        };
      },
    });
  }
}
