import { CompiledQuery, sql } from 'kysely';
import type { TActor, TMutationResult } from '@lawfirm/shared-types';
import type { Db } from '../db/connect.ts';
import { nowIso } from '../db/ids.ts';
import type { ChangeLine } from './change-log.ts';
import { sendTogether } from '../db/pg-pipeline.ts';

/**
 * The statements of a group commit on PostgreSQL that do not depend on the number of devices in it (issue 33):
 * each was one round trip per device (or per change) on the group's one connection, and 50 phones pushing at
 * once waited for all of them one after another. Arrays go as parameters (`unnest`), so each statement's text
 * is the same whatever the group holds and stays one named prepared statement.
 */

export type Claim = { userId: string; last: number };

/** A read the group sends with its opening statement (`openGroup`): a table's rows by id. */
export type RowsRead = { table: string; ids: string[] };

/**
 * Opens a group of one firm's pushes in one statement (a round trip each before): takes the firm's change-log
 * row lock and answers its last change number (`openSeqBlock` then hands numbers out in memory), and claims the
 * devices' client rows: makes the row of a device seen for the first time and takes every row's lock (another
 * server applying the same device's queue waits for this commit), answering each device's owner and last
 * applied mutation id. The clients' insert reads the firm's row from the first part, so the firm's lock is
 * always taken before any device's, in the order every writer of the firm takes them.
 *
 * The firm's lock is taken only if it is free (`skip locked`): when another writer holds it (another server's
 * group), or the firm has no row yet, nothing is claimed and the answer is null. The caller then waits for the
 * lock on its own (`lockSeq`) and opens the group again with the pushes that came in meanwhile: waiting inside
 * this statement, the group would hold only the pushes there were before the wait, and the ones that came
 * during it would wait for the next turn of the lock.
 *
 * Right behind it go `sessionsRead` (the sessions of the pushes let in on a session row read earlier, read
 * again: push.ts SessionRecheck) and `reads` (the rows the group's mutations name, one statement per table): on
 * the writer's pipelined connection all of it is one round trip (db/pg-pipeline.ts sendTogether). When the lock
 * was taken, the reads ran after it, so they saw every change the firm's other writers committed; when it was
 * not, their answers are dropped with the rest.
 */
export async function openGroup(
  trx: Db,
  companyId: string,
  jobs: { clientId: string; actor: TActor }[],
  sessionsRead: CompiledQuery | null,
  reads: RowsRead[],
  pipelined: boolean,
) {
  const byClient = new Map<string, TActor>();
  for (const j of jobs) if (!byClient.has(j.clientId)) byClient.set(j.clientId, j.actor);
  // Sorted: two groups (two servers) lock the rows in one order.
  const ids = [...byClient.keys()].sort();
  const now = nowIso();
  const open = sql<{ client_id: string | null; user_id: string; last: string | number }>`
    with firm as (
      select last_seq from sync_state where company_id = ${companyId} for update skip locked
    ), claimed as (
      insert into sync_clients (client_id, user_id, company_id, last_mutation_id, scope, created_at, updated_at)
      select t.client_id, t.user_id, t.company_id, 0, '', ${now}, ${now}
      from firm, unnest(${ids}::text[], ${ids.map((i) => byClient.get(i)!.id)}::text[], ${ids.map((i) => byClient.get(i)!.company_id)}::text[])
        as t(client_id, user_id, company_id)
      on conflict (client_id) do update set updated_at = excluded.updated_at
      returning client_id, user_id, last_mutation_id
    )
    select null as client_id, '' as user_id, last_seq as last from firm
    union all select client_id, user_id, last_mutation_id from claimed`.compile(trx);
  const rowsOf = reads.map((r) =>
    sql`select * from ${sql.table(r.table)} where id = any(${r.ids}::text[])`.compile(trx),
  );
  const [opened, ...read] = await sendTogether(
    trx,
    [open, ...(sessionsRead ? [sessionsRead] : []), ...rowsOf],
    pipelined,
  );
  const sessionRows = sessionsRead ? (read.shift()!.rows as Record<string, unknown>[]) : [];
  let lastSeq: number | null = null;
  const claims = new Map<string, Claim>();
  for (const row of opened!.rows as { client_id: string | null; user_id: string; last: string | number }[])
    if (row.client_id === null) lastSeq = Number(row.last);
    else claims.set(row.client_id, { userId: row.user_id, last: Number(row.last) });
  // Another writer holds the firm's lock (or the firm has no row yet): nothing was claimed or read under it.
  if (lastSeq === null) return null;
  return { lastSeq, claims, sessionRows, rows: read.map((r) => r.rows as Record<string, unknown>[]) };
}

/**
 * The group's closing statement: its new rows (`inserts`, held by write-behind.ts), its change-log lines, its
 * firms' last change numbers, its devices' last mutation ids and their results, in one statement of parts
 * (data-modifying CTEs), instead of one per change, per device and per result. A part that fails (a duplicate
 * id) fails the statement, and the group is run again (push.ts). The writer sends it with the commit right
 * behind it (db/pg-pipeline.ts sendWithCommit).
 *
 * With `notify` (the poke hub's channel: sync/poke.ts), each firm whose change numbers moved is notified on it by
 * the same statement, delivered when the group commits: a poke sent after the commit was a transaction of its
 * own, with its own round trip and its own flush of the log, for every group.
 */
export function closingStatement(
  trx: Db,
  lines: ChangeLine[],
  lastSeqs: Map<string, number>,
  lastIds: Map<string, number>,
  results: { clientId: string; result: TMutationResult }[],
  inserts: readonly CompiledQuery[] = [],
  notify: string | null = null,
): CompiledQuery {
  const now = nowIso();
  const col = <T, V>(xs: T[], f: (x: T) => V) => xs.map(f);
  const seqs = [...lastSeqs];
  const ids = [...lastIds];
  const closing = sql`
    with log as (
      insert into change_log (company_id, seq, entity, row_id, changed_at)
      select * from unnest(${col(lines, (l) => l.companyId)}::text[], ${col(lines, (l) => l.seq)}::bigint[],
        ${col(lines, (l) => l.entity)}::text[], ${col(lines, (l) => l.rowId)}::text[], ${col(lines, (l) => l.changedAt)}::text[])
    ), state as (
      update sync_state s set last_seq = t.last
      from unnest(${col(seqs, (s) => s[0])}::text[], ${col(seqs, (s) => s[1])}::bigint[]) as t(company_id, last)
      where s.company_id = t.company_id
      ${notify ? sql`returning pg_notify(${notify}, s.company_id)` : sql``}
    ), clients as (
      update sync_clients c set last_mutation_id = t.last
      from unnest(${col(ids, (i) => i[0])}::text[], ${col(ids, (i) => i[1])}::bigint[]) as t(client_id, last)
      where c.client_id = t.client_id
    )
    insert into sync_results (client_id, mutation_id, status, message, fields, created_at)
    select t.*, ${now} from unnest(${col(results, (r) => r.clientId)}::text[], ${col(results, (r) => r.result.id)}::bigint[],
      ${col(results, (r) => r.result.status)}::text[], ${col(results, (r) => r.result.message ?? null)}::text[],
      ${col(results, (r) => (r.result.fields ? JSON.stringify(r.result.fields) : null))}::text[])
      as t(client_id, mutation_id, status, message, fields)
    on conflict (client_id, mutation_id) do nothing`;
  const compiled = closing.compile(trx);
  return inserts.length ? withInserts(inserts, compiled) : compiled;
}

/**
 * `closing` (a statement beginning `with`) with each insert of `inserts` as a leading part of its `with`. The
 * parts' parameters are numbered on from the ones before them: compiled SQL names its parameters only as `$n`.
 */
function withInserts(inserts: readonly CompiledQuery[], closing: CompiledQuery): CompiledQuery {
  const parameters: unknown[] = [];
  const renumbered = (q: CompiledQuery) => {
    const offset = parameters.length;
    parameters.push(...q.parameters);
    return offset ? q.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`) : q.sql;
  };
  const parts = inserts.map((q, i) => `held_${i} as (${renumbered(q)})`);
  const rest = renumbered(closing).replace(/^\s*with\s+/i, '');
  return CompiledQuery.raw(`with ${parts.join(', ')}, ${rest}`, parameters);
}
