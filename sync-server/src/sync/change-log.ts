import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import { nowIso } from '../db/ids.ts';
import { runPrecompiled } from '../db/precompiled.ts';

/**
 * The next change number of a firm. The UPDATE takes the firm's sync_state row lock until the transaction
 * ends, so on PostgreSQL two writers of one firm cannot commit numbers out of order: a pull that has seen
 * number n has seen every change below n. (SQLite serialises writers anyway.)
 */
export async function nextSeq(trx: Db, companyId: string): Promise<number> {
  const block = seqBlocks.get(trx);
  const held = block?.get(companyId);
  if (block && held !== undefined) {
    block.set(companyId, held + 1);
    return held + 1;
  }
  return takeSeq(trx, companyId, 1);
}

/** Adds `n` to the firm's last change number (taking its row lock) and answers the new value. */
async function takeSeq(trx: Db, companyId: string, n: number): Promise<number> {
  await trx
    .insertInto('sync_state')
    .values({ company_id: companyId, last_seq: 0 })
    .onConflict((oc) => oc.column('company_id').doNothing())
    .execute();
  const r = await trx
    .updateTable('sync_state')
    .set({ last_seq: sql`last_seq + ${n}` })
    .where('company_id', '=', companyId)
    .returning('last_seq')
    .executeTakeFirstOrThrow();
  return Number(r.last_seq);
}

/** Change numbers handed out in memory inside a group commit, per firm, by the transactions given them. */
const seqBlocks = new WeakMap<object, Map<string, number>>();

export type SeqBlock = {
  /** Lets writes through `trx` (a savepoint of the group's transaction) take their numbers from the block. */
  attach: (trx: Db) => void;
  /** Writes the last number handed out back to each firm's row, before the commit. */
  close: () => Promise<void>;
};

/**
 * Change numbers of these firms handed out in memory inside the transaction `trx` (a group commit): the firms'
 * rows are locked first (before any savepoint, so on PostgreSQL the lock lasts until the commit and no other
 * writer of the firm can take a number), numbers then come from a counter, and the last one is written back
 * once at the end, instead of two statements per change. A change rolled back to its savepoint leaves a gap in
 * the numbers, which pulls do not mind.
 */
export async function openSeqBlock(trx: Db, companyIds: Iterable<string>): Promise<SeqBlock> {
  const block = new Map<string, number>();
  for (const c of companyIds) block.set(c, await takeSeq(trx, c, 0));
  return {
    attach: (t) => seqBlocks.set(t, block),
    close: async () => {
      for (const [c, last] of block)
        await trx.updateTable('sync_state').set({ last_seq: last }).where('company_id', '=', c).execute();
    },
  };
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
  await runPrecompiled(
    trx,
    'change_log.insert',
    (db) =>
      db.insertInto('change_log').values({ company_id: '', seq: 0, entity: '', row_id: '', changed_at: '' }),
    [companyId, seq, entity, rowId, nowIso()],
  );
  return seq;
}
