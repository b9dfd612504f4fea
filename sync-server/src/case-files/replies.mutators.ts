import { MSG_PETITION_REQUIRED, type TActor, type TReplyParentInput } from '@lawfirm/shared-types';
import type { Db } from '../db/connect.ts';
import { forActor } from '../sync/firm.ts';
import { newId } from '../db/ids.ts';
import { inTransaction } from '../db/query-helpers.ts';
import { notFound, validationError } from '../http/errors.ts';
import { reorderCaseRows, requireEditor } from './access.ts';
import { replyParentsEntity } from './case-files.entities.ts';

/** rest-contract 51: a new heading goes last in its case file; an update keeps its case file. */
export async function saveReplyParent(
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
export async function deleteReplyParent(db: Db, actor: TActor, id: string): Promise<void> {
  requireEditor(actor);
  await inTransaction(db, async (trx) => {
    const firm = forActor(trx, actor);
    if (!(await firm.find('reply_parents', id))) throw notFound();
    await firm.remove(replyParentsEntity, id);
  });
}

/** rest-contract 53: the drag-and-drop order of a case file's reply headings. */
export async function reorderReplyParents(db: Db, actor: TActor, ids: string[]): Promise<void> {
  requireEditor(actor);
  await inTransaction(db, (trx) => reorderCaseRows(trx, actor, replyParentsEntity, ids, 'petition_id'));
}
