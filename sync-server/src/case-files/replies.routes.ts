import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MSG,
  MSG_PETITION_REQUIRED,
  orderedRows,
  ZMessageResponse,
  ZReplyParentInput,
  type TActor,
  type TReplyParentInput,
} from '@lawfirm/shared-types';
import type { Db } from '../db/connect.ts';
import { forActor, forFirm } from '../db/firm.ts';
import { newId } from '../db/ids.ts';
import { inTransaction } from '../db/query-helpers.ts';
import { notFound, validationError } from '../http/errors.ts';
import { ZIdParams } from '../http/schemas.ts';
import type { Row } from '../sync/entities.ts';
import { findReadable, reorderCaseRows, requireEditor } from './access.ts';
import { apiPetition } from './api-petitions.ts';
import { attachmentsByOwner } from './attachments.repository.ts';
import { replyParentsEntity } from './case-files.entities.ts';
import { ZRepliesResponse, ZReplyParentsResponse, ZSaveReplyParentResponse } from './case-files.types.ts';
import { listIndexedDocuments, REPLIES } from './indexed-documents.ts';

const toApiParent = (r: Row, replies = 0) => ({
  id: r.id,
  petition_id: String(r.petition_id),
  title: String(r.title),
  display_order: Number(r.display_order ?? 0),
  petition_replies_count: replies,
});

/** rest-contract 51: a new heading goes last in its case file; an update keeps its case file. */
async function saveReplyParent(
  db: Db,
  actor: TActor,
  data: TReplyParentInput,
): Promise<{ id: string; created: boolean }> {
  requireEditor(actor);
  return inTransaction(db, async (trx) => {
    const firm = forActor(trx, actor);
    const values: Record<string, unknown> = { title: data.title };
    if (data.display_order !== null) values.display_order = data.display_order;
    if (data.id) {
      if (!(await firm.find('reply_parents', data.id))) throw notFound();
      await firm.put(replyParentsEntity, data.id, values);
      return { id: data.id, created: false };
    }
    if (!data.petition_id) throw validationError({ petition_id: [MSG_PETITION_REQUIRED] });
    if (!(await firm.find('petitions', data.petition_id))) throw notFound();
    values.display_order ??= await firm.nextDisplayOrder('reply_parents', { petition_id: data.petition_id });
    const id = newId();
    await firm.put(replyParentsEntity, id, { petition_id: data.petition_id, ...values });
    return { id, created: true };
  });
}

/** A heading goes with its replies and their files (the declared relations cascade). */
async function deleteReplyParent(db: Db, actor: TActor, id: string): Promise<void> {
  requireEditor(actor);
  await inTransaction(db, async (trx) => {
    const firm = forActor(trx, actor);
    if (!(await firm.find('reply_parents', id))) throw notFound();
    await firm.remove(replyParentsEntity, id);
  });
}

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
      const firm = forFirm(app.db, actor.company_id);
      const parents = await firm.rowsWhere('reply_parents', 'petition_id', [petition.id]);
      const replies = await firm.rowsWhere(
        'replies',
        'reply_parent_id',
        parents.map((p) => p.id),
      );
      const counts = new Map<string, number>();
      for (const r of replies)
        counts.set(String(r.reply_parent_id), (counts.get(String(r.reply_parent_id)) ?? 0) + 1);
      return { petition_reply_parents: parents.map((p) => toApiParent(p, counts.get(p.id) ?? 0)), petition };
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
      requireEditor(actor);
      const { petition_reply_parents: ids } = req.body;
      await inTransaction(app.db, (trx) =>
        reorderCaseRows(trx, actor, replyParentsEntity, ids, 'petition_id'),
      );
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
