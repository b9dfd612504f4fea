import type { Db } from '../db/connect.ts';
import { forFirm } from '../sync/firm.ts';
import type { Row } from '../sync/entities.ts';

/** A reply heading as the API answers it, with how many replies it holds. */
export const toApiParent = (r: Row, replies = 0) => ({
  id: r.id,
  petition_id: String(r.petition_id),
  title: String(r.title),
  display_order: Number(r.display_order ?? 0),
  petition_replies_count: replies,
});

/** rest-contract 50: the live reply headings of a case file in display order, each with its count of replies. */
export async function listReplyParents(db: Db, companyId: string, petitionId: string) {
  const firm = forFirm(db, companyId);
  const parents = await firm.rowsWhere('reply_parents', 'petition_id', [petitionId]);
  const replies = await firm.rowsWhere(
    'replies',
    'reply_parent_id',
    parents.map((p) => p.id),
  );
  const counts = new Map<string, number>();
  for (const r of replies)
    counts.set(String(r.reply_parent_id), (counts.get(String(r.reply_parent_id)) ?? 0) + 1);
  return parents.map((p) => toApiParent(p, counts.get(p.id) ?? 0));
}
