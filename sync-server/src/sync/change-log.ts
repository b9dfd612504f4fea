import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import { nowIso } from '../db/ids.ts';
import { runPrecompiled } from '../db/precompiled.ts';
import { forgetRow } from './group-memo.ts';

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
/** The change-log lines of a batching group commit (PostgreSQL), written in one statement before its commit. */
const logBuffers = new WeakMap<object, ChangeLine[]>();

export type ChangeLine = { companyId: string; seq: number; entity: string; rowId: string; changedAt: string };

export type SeqBlock = {
  /** Lets writes through `trx` (a savepoint of the group's transaction) take their numbers from the block. */
  attach: (trx: Db) => void;
  /** How many change-log lines are held so far (a savepoint's mark). */
  mark: () => number;
  /** A rollback to the savepoint taken at `mark`: the lines logged since are dropped with it. */
  rollbackTo: (mark: number) => void;
  /**
   * Without batching, writes the last number handed out back to each firm's row, before the commit. Batching,
   * answers the lines and last numbers held, for the caller's one closing statement (group-flush.ts).
   */
  close: () => Promise<{ lines: ChangeLine[]; lasts: Map<string, number> }>;
};

/**
 * Change numbers of these firms handed out in memory inside the transaction `trx` (a group commit): the firms'
 * rows are locked first (before any savepoint, so on PostgreSQL the lock lasts until the commit and no other
 * writer of the firm can take a number), numbers then come from a counter, and the last one is written back
 * once at the end, instead of two statements per change. A change rolled back to its savepoint leaves a gap in
 * the numbers, which pulls do not mind. With `batch` (PostgreSQL, where each statement is a round trip) the
 * firm's row is taken with one upsert and the change-log lines are held until `close`, which hands them to
 * the group's closing statement: nothing inside the group reads the change log.
 */
export async function openSeqBlock(
  trx: Db,
  companyIds: Iterable<string>,
  batch = false,
  /** Firms whose row lock the caller already took in its own statement, with their last numbers. */
  locked?: ReadonlyMap<string, number>,
): Promise<SeqBlock> {
  const block = new Map<string, number>();
  const lines: ChangeLine[] = [];
  for (const c of companyIds)
    block.set(c, locked?.get(c) ?? (batch ? await lockSeq(trx, c) : await takeSeq(trx, c, 0)));
  return {
    attach: (t) => {
      seqBlocks.set(t, block);
      if (batch) logBuffers.set(t, lines);
    },
    mark: () => lines.length,
    rollbackTo: (mark) => void lines.splice(mark),
    close: async () => {
      if (!batch)
        for (const [c, last] of block)
          await trx.updateTable('sync_state').set({ last_seq: last }).where('company_id', '=', c).execute();
      return { lines, lasts: block };
    },
  };
}

/** The firm's row lock and last change number, in one statement (made on the firm's first change). */
export async function lockSeq(trx: Db, companyId: string): Promise<number> {
  const r = await sql<{
    last_seq: string | number;
  }>`insert into sync_state (company_id, last_seq) values (${companyId}, 0)
    on conflict (company_id) do update set last_seq = sync_state.last_seq returning last_seq`.execute(trx);
  return Number(r.rows[0]!.last_seq);
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
  // The row changed: a group commit's memo of it is stale (group-memo.ts).
  forgetRow(trx, entity, rowId);
  const held = logBuffers.get(trx);
  if (held) {
    held.push({ companyId, seq, entity, rowId, changedAt: nowIso() });
    return seq;
  }
  await runPrecompiled(
    trx,
    'change_log.insert',
    (db) =>
      db.insertInto('change_log').values({ company_id: '', seq: 0, entity: '', row_id: '', changed_at: '' }),
    [companyId, seq, entity, rowId, nowIso()],
  );
  return seq;
}
