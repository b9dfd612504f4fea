import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MSG, orderedRows, ZMessageResponse, ZReplyParentInput } from '@lawfirm/shared-types';
import { ZIdParams } from '../http/schemas.ts';
import { findReadable } from './access.ts';
import { apiPetition } from './api-petitions.ts';
import { attachmentsByOwner } from './attachments.repository.ts';
import { ZRepliesResponse, ZReplyParentsResponse, ZSaveReplyParentResponse } from './case-files.types.ts';
import { listIndexedDocuments, REPLIES } from './indexed-documents.ts';
import { deleteReplyParent, reorderReplyParents, saveReplyParent } from './replies.mutators.ts';
import { listReplyParents, toApiParent } from './replies.repository.ts';

/** Reply headings and the replies under each (rest-contract 50–54). */
export async function repliesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/petition_reply_parents/:id',
    {
      config: { auth: 'petitions.read' },
      schema: { params: ZIdParams, response: { 200: ZReplyParentsResponse } },
    },
    async (req) => {
      const { actor } = await req.authorize('petitions.read');
      const petition = await apiPetition(app, req, actor, req.params.id);
      return {
        petition_reply_parents: await listReplyParents(app.db, actor.company_id, petition.id),
        petition,
      };
    },
  );

  app.post(
    '/api/petition_reply_parents',
    {
      config: { auth: 'petitions.edit' },
      schema: { body: ZReplyParentInput, response: { 200: ZSaveReplyParentResponse } },
    },
    async (req) => {
      const { actor } = await req.auth();
      const saved = await saveReplyParent(app.db, actor, req.body);
      const row = await findReadable(app.db, actor, 'reply_parents', saved.id);
      return {
        petition_reply_parent: toApiParent(row),
        message: saved.created ? MSG.savedOk : MSG.updatedOk,
      };
    },
  );

  app.delete(
    '/api/petition_reply_parents/:id',
    {
      config: { auth: 'petitions.edit' },
      schema: { params: ZIdParams, response: { 200: ZMessageResponse } },
    },
    async (req) => {
      const { actor } = await req.auth();
      await deleteReplyParent(app.db, actor, req.params.id);
      return { message: MSG.deletedOk };
    },
  );

  app.post(
    '/api/petition_reply_parents/update_display_order',
    {
      config: { auth: 'petitions.edit' },
      schema: { body: orderedRows('petition_reply_parents'), response: { 200: ZMessageResponse } },
    },
    async (req) => {
      const { actor } = await req.auth();
      const { petition_reply_parents: ids } = req.body;
      await reorderReplyParents(app.db, actor, ids);
      return { message: MSG.updatedOk };
    },
  );

  /** The replies under one heading, with the heading and its case file. */
  app.get(
    '/api/petition_replies/:id',
    {
      config: { auth: 'petitions.read' },
      schema: { params: ZIdParams, response: { 200: ZRepliesResponse } },
    },
    async (req) => {
      const { actor } = await req.authorize('petitions.read');
      const parent = await findReadable(app.db, actor, 'reply_parents', req.params.id);
      const replies = await listIndexedDocuments(app.db, actor.company_id, REPLIES, parent.id);
      const files = await attachmentsByOwner(
        app.db,
        actor.company_id,
        REPLIES.ownerType,
        replies.map((r) => r.id),
      );
      return {
        petition_replies: replies.map((r) => ({ ...r, attachments: files.get(r.id) ?? [] })),
        petition: await apiPetition(app, req, actor, String(parent.petition_id)),
        petition_parent: toApiParent(parent, replies.length),
      };
    },
  );
}
