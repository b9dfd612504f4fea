import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import { nowIso } from '../db/ids.ts';

/**
 * The next change number of a firm. The UPDATE takes the firm's sync_state row lock until the transaction
 * ends, so on PostgreSQL two writers of one firm cannot commit numbers out of order: a pull that has seen
 * number n has seen every change below n. (SQLite serialises writers anyway.)
 */
export async function nextSeq(trx: Db, companyId: string): Promise<number> {
  await trx
    .insertInto('sync_state')
    .values({ company_id: companyId, last_seq: 0 })
    .onConflict((oc) => oc.column('company_id').doNothing())
    .execute();
  const r = await trx
    .updateTable('sync_state')
    .set({ last_seq: sql`last_seq + 1` })
    .where('company_id', '=', companyId)
    .returning('last_seq')
    .executeTakeFirstOrThrow();
  return Number(r.last_seq);
}

export async function lastSeq(db: Db, companyId: string): Promise<number> {
  const r = await db
    .selectFrom('sync_state')
    .select('last_seq')
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return Number(r?.last_seq ?? 0);
}

/** Records that a row changed, and answers its new version. */
export async function recordChange(
  trx: Db,
  companyId: string,
  entity: string,
  rowId: string,
): Promise<number> {
  const seq = await nextSeq(trx, companyId);
  await trx
    .insertInto('change_log')
    .values({ company_id: companyId, seq, entity, row_id: rowId, changed_at: nowIso() })
    .execute();
  return seq;
}
