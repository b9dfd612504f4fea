import type { FastifyInstance } from 'fastify';
import { MSG, type TActor } from '@lawfirm/shared-types';
import type { Db } from '../db/connect.ts';
import { newId } from '../db/ids.ts';
import { inTransaction } from '../db/query-helpers.ts';
import { notFound, parse, validationError } from '../http/errors.ts';
import type { Row } from '../sync/entities.ts';
import { deleteRow, putRow } from '../sync/store.ts';
import { attachmentsByOwner } from './attachments.repository.ts';
import { MSG_PETITION_REQUIRED, orderedRows, ZReplyParentInput } from './case-files.schema.ts';
import {
  caseEntity,
  findLive,
  findReadable,
  liveRowsWhere,
  nextDisplayOrder,
  reorderRows,
  requireEditor,
} from './case-rows.ts';
import { listIndexedDocuments, REPLIES } from './indexed-documents.ts';
import { apiPetition } from './petitions.routes.ts';

type IdParams = { Params: { id: string } };

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
  body: unknown,
): Promise<{ id: string; created: boolean }> {
  requireEditor(actor);
  const data = parse(ZReplyParentInput, body);
  return inTransaction(db, async (trx) => {
    const def = caseEntity('reply_parents');
    const values: Record<string, unknown> = { title: data.title };
    if (data.display_order !== null) values.display_order = data.display_order;
    if (data.id) {
      if (!(await findLive(trx, 'reply_parents', actor.company_id, data.id))) throw notFound();
      await putRow(trx, actor, def, data.id, values);
      return { id: data.id, created: false };
    }
    if (!data.petition_id) throw validationError({ petition_id: [MSG_PETITION_REQUIRED] });
    if (!(await findLive(trx, 'petitions', actor.company_id, data.petition_id))) throw notFound();
    values.display_order ??= await nextDisplayOrder(trx, 'reply_parents', actor.company_id, {
      petition_id: data.petition_id,
    });
    const id = newId();
    await putRow(trx, actor, def, id, { petition_id: data.petition_id, ...values });
    return { id, created: true };
  });
}

/** A heading goes with its replies and their files (the declared relations cascade). */
async function deleteReplyParent(db: Db, actor: TActor, id: string): Promise<void> {
  requireEditor(actor);
  await inTransaction(db, async (trx) => {
    if (!(await findLive(trx, 'reply_parents', actor.company_id, id))) throw notFound();
    await deleteRow(trx, actor, caseEntity('reply_parents'), id);
  });
}

/** Reply headings and the replies under each (rest-contract 50–54). */
export async function repliesRoutes(app: FastifyInstance): Promise<void> {
  app.get<IdParams>('/api/petition_reply_parents/:id', async (req) => {
    const { actor } = await req.authorize('petitions.read');
    const petition = await apiPetition(app, req, actor, req.params.id);
    const parents = await liveRowsWhere(app.db, 'reply_parents', actor.company_id, 'petition_id', [
      petition.id,
    ]);
    const replies = await liveRowsWhere(
      app.db,
      'replies',
      actor.company_id,
      'reply_parent_id',
      parents.map((p) => p.id),
    );
    const counts = new Map<string, number>();
    for (const r of replies)
      counts.set(String(r.reply_parent_id), (counts.get(String(r.reply_parent_id)) ?? 0) + 1);
    return { petition_reply_parents: parents.map((p) => toApiParent(p, counts.get(p.id) ?? 0)), petition };
  });

  app.post('/api/petition_reply_parents', async (req) => {
    const { actor } = await req.auth();
    const saved = await saveReplyParent(app.db, actor, req.body);
    const row = await findReadable(app.db, actor, 'reply_parents', saved.id);
    return { petition_reply_parent: toApiParent(row), message: saved.created ? MSG.savedOk : MSG.updatedOk };
  });

  app.delete<IdParams>('/api/petition_reply_parents/:id', async (req) => {
    const { actor } = await req.auth();
    await deleteReplyParent(app.db, actor, req.params.id);
    return { message: MSG.deletedOk };
  });

  const ZOrder = orderedRows('petition_reply_parents');
  app.post('/api/petition_reply_parents/update_display_order', async (req) => {
    const { actor } = await req.auth();
    requireEditor(actor);
    const { petition_reply_parents: ids } = parse(ZOrder, req.body) as { petition_reply_parents: string[] };
    await inTransaction(app.db, (trx) => reorderRows(trx, actor, 'reply_parents', ids, 'petition_id'));
    return { message: MSG.updatedOk };
  });

  /** The replies under one heading, with the heading and its case file. */
  app.get<IdParams>('/api/petition_replies/:id', async (req) => {
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
  });
}
