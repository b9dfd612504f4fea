import { CompiledQuery, type ControlledTransaction } from 'kysely';
import {
  isMutationId,
  MSG,
  MSG_MUTATION_ID,
  unusableMutation,
  type TActor,
  type TMutation,
  type TMutationResult,
  type TPushResponse,
} from '@lawfirm/shared-types';
import type { Db, DbKind } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import { nowIso } from '../db/ids.ts';
import { HttpError, unauthorized } from '../http/errors.ts';
import { runPrecompiled } from '../db/precompiled.ts';
import { pipelined, sendWithCommit } from '../db/pg-pipeline.ts';
import { lockSeq, openSeqBlock, type SeqBlock } from './change-log.ts';
import { closingStatement, openGroup, type Claim, type RowsRead } from './group-flush.ts';
import { clearGroupMemo, closeGroupMemo, openGroupMemo, seedWholeRows } from './group-memo.ts';
import { refIds } from './relations.ts';
import { mutatorFor } from './mutators.ts';
import { holdInserts } from './write-behind.ts';
import { speedSwitches } from '../speed/switches.ts';
import type { SyncRegistry, WriteEffects } from './entities.ts';
import { MutationRejected } from './store.ts';

/** The client row, created on first contact. A client id belongs to one user forever. */
export async function clientRow(db: Db, clientId: string, actor: TActor) {
  const [c] = await runPrecompiled(
    db,
    'sync.clientRow',
    (d) => d.selectFrom('sync_clients').selectAll().where('client_id', '=', ''),
    [clientId],
  );
  if (c) {
    // Never apply one user's queued changes under another account (shared computers).
    if (c.user_id !== actor.id) throw new HttpError(409, 'This device queue belongs to another account.');
    return c;
  }
  const now = nowIso();
  await db
    .insertInto('sync_clients')
    .values({
      client_id: clientId,
      user_id: actor.id,
      company_id: actor.company_id,
      last_mutation_id: 0,
      scope: '',
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('client_id').doNothing())
    .execute();
  return clientRow(db, clientId, actor);
}

/** The results of a device's mutations in this group, kept for the pull that tells the device (one statement). */
async function recordResults(trx: Db, clientId: string, results: TMutationResult[]): Promise<void> {
  if (!results.length) return;
  const now = nowIso();
  const row = { client_id: '', mutation_id: 0, status: '', message: null, fields: null, created_at: '' };
  // Compiled once per number of results (a group holds at most GROUP_MAX_MUTATIONS).
  await runPrecompiled(
    trx,
    `sync.results.${results.length}`,
    (d) =>
      d
        .insertInto('sync_results')
        .values(results.map(() => row))
        .onConflict((oc) => oc.columns(['client_id', 'mutation_id']).doNothing()),
    results.flatMap((r) => [
      clientId,
      r.id,
      r.status,
      r.message ?? null,
      r.fields ? JSON.stringify(r.fields) : null,
      now,
    ]),
  );
}

/**
 * The first statement of a device's push in a group: makes the client row on first contact and takes its row
 * lock, answering the last mutation id applied so far, in one round trip (clientRow then lockClient took two
 * to four; on PostgreSQL each is a round trip the group's one connection waits for).
 */
async function claimClient(trx: Db, clientId: string, actor: TActor): Promise<number> {
  const now = nowIso();
  const [r] = await runPrecompiled(
    trx,
    'sync.claimClient',
    (d) =>
      d
        .insertInto('sync_clients')
        .values({
          client_id: '',
          user_id: '',
          company_id: '',
          last_mutation_id: 0,
          scope: '',
          created_at: '',
          updated_at: '',
        })
        .onConflict((oc) =>
          oc.column('client_id').doUpdateSet((eb) => ({ updated_at: eb.ref('excluded.updated_at') })),
        )
        .returning(['user_id', 'last_mutation_id']),
    [clientId, actor.id, actor.company_id, 0, '', now, now],
  );
  if (!r) throw new Error(`sync client ${clientId} vanished`);
  // Never apply one user's queued changes under another account (shared computers).
  if (r.user_id !== actor.id) throw new HttpError(409, 'This device queue belongs to another account.');
  return Number(r.last_mutation_id);
}

/**
 * Takes the client's row lock for this group (another server applying the same device's queue waits for the
 * commit) and answers the last mutation id applied so far.
 */
async function lockClient(trx: Db, clientId: string): Promise<number> {
  const [r] = await runPrecompiled(
    trx,
    'sync.lockClient',
    (d) =>
      d
        .updateTable('sync_clients')
        .set({ updated_at: '' })
        .where('client_id', '=', '')
        .returning('last_mutation_id'),
    [nowIso(), clientId],
  );
  if (!r) throw new Error(`sync client ${clientId} vanished`);
  return Number(r.last_mutation_id);
}

/**
 * A group commit holds the write lock (SQLite's one writer, PostgreSQL's firm rows); bound it so reads and other
 * writers are not kept waiting, and so one device's long outbox interleaves with the others' pushes.
 */
const GROUP_MAX_MUTATIONS = 200;
/**
 * After a group found its firm's lock held by another writer (another server's group), the firm's next groups
 * wait for the lock at once, this many, before one tries again whether it is free (the two servers' groups of
 * a firm under load take turns on it, each finding it held).
 */
const WAIT_FIRST_GROUPS = 8;
/** How long a group may hold the lock (from when it has it) before the rest of its pushes wait for the next. */
const GROUP_MAX_MS = 50;

/** One device's push waiting for (or part-way through) the group commits that apply it. */
type Job = {
  actor: TActor;
  clientId: string;
  mutations: TMutation[];
  effects: WriteEffects | undefined;
  /** The push was let in on its session's row read earlier: the group reads the session again (auth.plugin.ts). */
  recheck: SessionRecheck | null;
  /** Set once the client row is read: the last mutation id applied, and what is still to apply. */
  last: number;
  pending: TMutation[] | null;
  results: TMutationResult[];
  /** A transient failure stopped it: the device retries the rest later. */
  stopped: boolean;
  resolve: (r: TPushResponse) => void;
  reject: (e: unknown) => void;
};

/**
 * A push let in on its session's row read earlier (auth/auth.plugin.ts `authRechecked` makes these): the group
 * that applies it reads the session again, beside its opening statement, before anything of it applies.
 */
export type SessionRecheck = {
  sessionId: string;
  /** The statement reading the sessions `ids` (the same for every push: the group sends one for all). */
  read: (trx: Db, ids: string[]) => CompiledQuery;
  /** The actor the session's row among `rows` admits now, or null when the session has ended. */
  actorFrom: (rows: readonly Record<string, unknown>[]) => TActor | null;
};

export type PushWriter = {
  /**
   * Applies a device's mutations in id order and answers once every mutation it answers for is committed.
   * `onChange(companyId)` runs after a commit that applied something of the firm's.
   */
  push: (
    actor: TActor,
    clientId: string,
    mutations: TMutation[],
    effects?: WriteEffects,
    recheck?: SessionRecheck | null,
  ) => Promise<TPushResponse>;
  /** Resolves once no push is waiting or being applied (a stopping server closes its database after). */
  idle: () => Promise<void>;
};

/**
 * The one writer of pushes (DESIGN §5, §7): concurrent pushes from many devices are applied together in group
 * commits, one fsync for all of them instead of one per device. Inside a group each mutation runs atomically
 * with the bump of its client's last id (a savepoint), so a retried or duplicated push is harmless: ids already
 * seen are skipped. A mutation that can never succeed is rolled back to its savepoint, recorded as rejected and
 * still advances the id; a transient failure stops that device's push where it is (what came before it is
 * committed with the group); a refusal of a whole push (another account's queue) undoes only that push. Nothing
 * is acknowledged before its commit: if the commit fails, no device is told of anything in the group. On
 * PostgreSQL a group holds one firm's pushes only, so two servers' groups cannot lock firms in opposite orders.
 */
export function createPushWriter(
  db: Db,
  kind: DbKind,
  registry: SyncRegistry,
  onChange: (companyId: string) => void,
  options: {
    /** GROUP_MAX_MS otherwise (a test gives a wait for the lock longer than that). */
    maxGroupMs?: number;
    /**
     * PostgreSQL: the poke hub's channel (sync/poke.ts). A group's closing statement notifies it of the firms
     * whose changes it logged, delivered at its commit, and `onChange` runs only for a firm it did not notify.
     */
    notifyChannel?: string | null;
  } = {},
): PushWriter {
  const maxGroupMs = options.maxGroupMs ?? GROUP_MAX_MS;
  const notifyChannel = options.notifyChannel ?? null;
  const queue: Job[] = [];
  let draining = false;
  /** Firms whose lock another writer held lately: how many more of their groups wait for it at once. */
  const contended = new Map<string, number>();
  const idleWaiters: (() => void)[] = [];

  /**
   * Runs one group: jobs in arrival order, up to the group's bounds; answers the jobs that are finished. On
   * PostgreSQL a group is first run without savepoints and with its new rows held for multi-row inserts
   * (write-behind.ts), a constant number of statements whatever it holds; if anything in it fails (a refused
   * mutation, a failed statement), that run is rolled back, nothing of it answered, and the same jobs are run
   * again with a savepoint per push and per mutation, so the refusal undoes only its own mutation as always.
   */
  async function runGroup(): Promise<void> {
    // SPEED_PG_WRITE_BEHIND=0: the plain path, savepoints and one insert a row from the start.
    if (kind !== 'postgres' || !speedSwitches().pgWriteBehind)
      return void (await runAttempt('savepoints', null));
    const again = await runAttempt('optimistic', null);
    if (again) await runAttempt('savepoints', again);
  }

  /** One run of a group (see runGroup); answers the jobs to run again when a run without savepoints failed. */
  async function runAttempt(mode: 'optimistic' | 'savepoints', given: Job[] | null): Promise<Job[] | null> {
    const trx = await db.startTransaction().execute();
    // Taken once the transaction has begun: pushes that arrived while it waited for the database (their
    // requests' sign-in checks run first) join this group.
    const firm = (given ?? queue)[0]!.actor.company_id;
    const gather = () =>
      given ?? (kind === 'postgres' ? queue.filter((j) => j.actor.company_id === firm) : [...queue]);
    let jobs = gather();
    // What a run changes on the jobs, put back if it is run again.
    let before = jobs.map((j) => ({ pending: j.pending, stopped: j.stopped }));
    const done = new Map<Job, { results: TMutationResult[]; last: number; error?: unknown }>();
    // On PostgreSQL every statement is a round trip the group's one connection waits for: the group's
    // bookkeeping is batched (group-flush.ts), its reads by id remembered (group-memo.ts), its new rows
    // written together (write-behind.ts) and its savepoints left out until something fails (or, run again,
    // their commands sent with the next one: lazySavepoints). SQLite's statements cost microseconds: as they were.
    const batch = kind === 'postgres';
    // The writer's own pipelined connection sends statements that wait for no answer together (pg-pipeline.ts).
    const pipe = batch && pipelined.has(db);
    const optimistic = mode === 'optimistic';
    const sp = optimistic ? noSavepoints() : batch ? lazySavepoints() : eagerSavepoints();
    let held: Awaited<ReturnType<typeof holdInserts>> | null = null;
    const lastIds = new Map<string, number>();
    const results: { clientId: string; result: TMutationResult }[] = [];
    /** Firms the closing statement notifies of their changes at the commit (notifyChannel). */
    const notified = new Set<string>();
    let started = Date.now();
    let count = 0;
    try {
      // On PostgreSQL the group is one firm's: its lock and the devices' claims are one statement, and the rows
      // its mutations name are read right behind it, in the same round trip on the pipelined connection.
      // The sessions of pushes let in on a row read earlier are read again with them (auth.plugin.ts), and a
      // push whose session has ended is refused before anything of it applies.
      const open = () => {
        const rechecks = jobs.flatMap((j) => (j.recheck ? [j.recheck] : []));
        const sessionsRead = rechecks[0]?.read(trx, [...new Set(rechecks.map((r) => r.sessionId))]) ?? null;
        const reads = rowsNamed(registry, jobs);
        return openGroup(trx, firm, jobs, sessionsRead, reads, pipe).then((o) => o && { ...o, reads });
      };
      // A firm whose lock another writer held at one of the last groups is waited for at once (see below),
      // without a first try whose reads would go unused.
      const waitFirst = batch && (contended.get(firm) ?? 0) > 0;
      if (waitFirst) contended.set(firm, contended.get(firm)! - 1);
      else contended.delete(firm);
      let opened = batch && !waitFirst ? await open() : null;
      if (batch && !opened) {
        if (!waitFirst) contended.set(firm, WAIT_FIRST_GROUPS);
        // Another writer of the firm (another server's group) holds its lock: wait for it, then open the group
        // with every push of the firm there is by then (group-flush.ts openGroup).
        await lockSeq(trx, firm);
        jobs = gather();
        before = jobs.map((j) => ({ pending: j.pending, stopped: j.stopped }));
        opened = await open();
        if (!opened) throw new Error(`the lock of firm ${firm} was lost inside its transaction`);
        // The group's time is counted from when it has the lock: the wait used none of it.
        started = Date.now();
      }
      if (opened)
        for (const job of jobs) {
          if (!job.recheck) continue;
          const actor = job.recheck.actorFrom(opened.sessionRows);
          // Its role as it is now authorises each mutation (a role can change while the request waits).
          if (actor) job.actor = actor;
          else done.set(job, { results: [], last: job.last, error: unauthorized(MSG.unauthenticated) });
        }
      const claims: Map<string, Claim> | null = opened?.claims ?? null;
      const seqs = await openSeqBlock(
        trx,
        new Set(jobs.map((j) => j.actor.company_id)),
        batch,
        opened ? new Map([[firm, opened.lastSeq]]) : undefined,
      );
      seqs.attach(trx);
      if (optimistic) held = await holdInserts(trx);
      if (opened) {
        openGroupMemo(trx);
        opened.reads.forEach((r, i) => seedWholeRows(trx, r.table, firm, r.ids, opened.rows[i]!));
      }
      for (const job of jobs) {
        if (done.has(job)) continue;
        if (count >= GROUP_MAX_MUTATIONS || Date.now() - started >= maxGroupMs) break;
        // The push's savepoint (see applyOne).
        const sj = trx;
        const mark = seqs.mark();
        await sp.open(sj, 'push');
        const group: TMutationResult[] = [];
        try {
          let first: number;
          if (claims) {
            const c = claims.get(job.clientId);
            if (!c) throw new Error(`sync client ${job.clientId} vanished`);
            // Never apply one user's queued changes under another account (shared computers).
            if (c.userId !== job.actor.id)
              throw new HttpError(409, 'This device queue belongs to another account.');
            // The same device twice in one group (a retry while its first push waits): after its first part.
            first = Math.max(c.last, lastIds.get(job.clientId) ?? 0);
          } else
            first = job.pending
              ? await lockClient(sj, job.clientId)
              : await claimClient(sj, job.clientId, job.actor);
          // Ids at or below the client's last one were applied before (a retried push): skipped.
          job.pending = (job.pending ?? [...job.mutations].sort((a, b) => a.id - b.id)).filter(
            (m) => m.id > first,
          );
          let last = first;
          while (job.pending.length && count < GROUP_MAX_MUTATIONS && Date.now() - started < maxGroupMs) {
            const m = job.pending[0]!;
            if (m.id <= last) {
              job.pending.shift();
              continue;
            }
            const r = await applyOne(sj, registry, seqs, sp, job, m);
            if (r === 'transient') {
              job.stopped = true;
              break;
            }
            job.pending.shift();
            count++;
            last = m.id;
            group.push(r);
          }
          // The device's ids advance with the mutations they name, in the same commit.
          if (claims) {
            if (last > first) lastIds.set(job.clientId, last);
            for (const r of group) results.push({ clientId: job.clientId, result: r });
          } else {
            if (last > first)
              await runPrecompiled(
                sj,
                'sync.clientLast',
                (d) => d.updateTable('sync_clients').set({ last_mutation_id: 0 }).where('client_id', '=', ''),
                [last, job.clientId],
              );
            await recordResults(sj, job.clientId, group);
          }
          await sp.release(sj, 'push');
          done.set(job, { results: group, last });
        } catch (e) {
          // A refusal of the whole push (HttpError): this device's part of the group is undone, the rest stays.
          await sp.rollback(sj, 'push');
          seqs.rollbackTo(mark);
          clearGroupMemo(trx);
          done.set(job, { results: [], last: job.last, error: e });
        }
      }
      const closing = await seqs.close();
      // A group of retries only (every id seen before) has nothing to write.
      const last =
        batch && (closing.lines.length || lastIds.size || results.length)
          ? closingStatement(trx, closing.lines, closing.lasts, lastIds, results, held?.take(), notifyChannel)
          : null;
      if (last && notifyChannel) for (const c of closing.lasts.keys()) notified.add(c);
      // Pipelined (db/pg-pipeline.ts): `commit` goes right behind the closing statement, and a failed closing
      // statement fails the group as a failed commit does.
      await sendWithCommit(trx, last, pipe);
    } catch (e: unknown) {
      held?.drop();
      await trx
        .rollback()
        .execute()
        .catch(() => undefined);
      // Whatever failed in a run without savepoints (a refusal, a held row's insert, the commit), the jobs are
      // run again with them: there a bad mutation undoes only itself and the others commit.
      if (optimistic || e instanceof RunAgain) {
        jobs.forEach((j, i) => Object.assign(j, before[i]));
        return jobs;
      }
      // Not committed: nothing of this group is acknowledged. Each device is answered with what committed
      // before; its mutations stay queued on the device, which sends them again.
      // (A failure before any push was reached answers the whole group, so the writer never spins on it.)
      for (const job of done.size ? done.keys() : jobs) finish(job, { stopped: true });
      return null;
    } finally {
      closeGroupMemo(trx);
      held?.end();
    }
    const changed = new Set<string>();
    for (const [job, d] of done) {
      job.results.push(...d.results);
      job.last = d.last;
      if (d.results.some((r) => r.status !== 'rejected')) changed.add(job.actor.company_id);
      if (d.error !== undefined) finish(job, { error: d.error });
      else if (job.stopped || !job.pending?.length) finish(job, {});
    }
    for (const c of changed) if (!notified.has(c)) onChange(c);
    return null;
  }

  function finish(job: Job, how: { stopped?: boolean; error?: unknown }): void {
    queue.splice(queue.indexOf(job), 1);
    if (how.error !== undefined) job.reject(how.error);
    else job.resolve({ lastMutationId: job.last, results: job.results });
  }

  async function drain(): Promise<void> {
    if (draining) return;
    draining = true;
    try {
      while (queue.length) {
        // The database answers within microtasks, so a group would run to its commit before any other request
        // is read: yield to the event loop first, and pushes that came in meanwhile join the group.
        await new Promise((resolve) => setImmediate(resolve));
        await runGroup();
      }
    } finally {
      draining = false;
      for (const w of idleWaiters.splice(0)) w();
    }
  }

  return {
    idle: () =>
      !draining && !queue.length ? Promise.resolve() : new Promise<void>((r) => idleWaiters.push(r)),
    push: (actor, clientId, mutations, effects, recheck) =>
      new Promise<TPushResponse>((resolve, reject) => {
        queue.push({
          actor,
          clientId,
          // An id out of bounds is refused here and never becomes the device's last id, which would make its
          // later ids look like ones already seen (skipped without a word).
          mutations: mutations.filter((m) => isMutationId(m.id)),
          effects,
          recheck: recheck ?? null,
          last: 0,
          pending: null,
          results: mutations
            .filter((m) => !isMutationId(m.id))
            .map((m) => ({ id: m.id, status: 'rejected', message: MSG_MUTATION_ID })),
          stopped: false,
          resolve,
          reject,
        });
        void drain().catch((e: unknown) => {
          // Starting a transaction failed (the database is gone): every waiting push is answered with it.
          for (const job of queue.splice(0)) job.reject(e);
        });
      }),
  };
}

/**
 * A group's savepoints. On SQLite each command runs as it comes. On PostgreSQL each was a round trip: a
 * savepoint's command is held and sent with the next one that must run (a device's savepoint with its first
 * mutation's, a release with the next savepoint, in one simple-protocol message of several commands), and the
 * commit releases what is still held. A savepoint that was never sent is rolled back by forgetting it.
 */
type Savepoints = {
  open: (trx: Db, name: 'push' | 'mutation') => Promise<void>;
  release: (trx: Db, name: 'push' | 'mutation') => Promise<void>;
  rollback: (trx: Db, name: 'push' | 'mutation') => Promise<void>;
};

/** A group run without savepoints met a failure: it is rolled back and run again with them (runGroup). */
class RunAgain extends Error {}

/** A group's run without savepoints: nothing to send; a rollback to one means the run must start again. */
function noSavepoints(): Savepoints {
  return {
    open: async () => undefined,
    release: async () => undefined,
    rollback: async () => {
      throw new RunAgain('a group run without savepoints met a failure');
    },
  };
}

const compiled = new Map<string, CompiledQuery>();
const run = (trx: Db, commands: string[]) => {
  const text = commands.join('; ');
  let q = compiled.get(text);
  // A handful of texts: a release or two before a savepoint, or a rollback.
  if (!q && compiled.size < 64) compiled.set(text, (q = CompiledQuery.raw(text)));
  return trx.executeQuery(q ?? CompiledQuery.raw(text));
};

function eagerSavepoints(): Savepoints {
  return {
    open: async (trx, name) => void (await run(trx, [`savepoint "${name}"`])),
    release: async (trx, name) => void (await run(trx, [`release savepoint "${name}"`])),
    rollback: async (trx, name) => void (await run(trx, [`rollback to savepoint "${name}"`])),
  };
}

function lazySavepoints(): Savepoints {
  let held: string[] = [];
  return {
    open: async (trx, name) => {
      held.push(`savepoint "${name}"`);
      // A mutation's savepoint must exist before its first statement runs.
      if (name === 'mutation') {
        const commands = held;
        held = [];
        await run(trx, commands);
      }
    },
    release: async (_trx, name) => {
      if (held.at(-1) === `savepoint "${name}"`) held.pop();
      else held.push(`release savepoint "${name}"`);
    },
    rollback: async (trx, name) => {
      const unsent = held.lastIndexOf(`savepoint "${name}"`);
      if (unsent >= 0) {
        held.splice(unsent);
        return;
      }
      const commands = [...held, `rollback to savepoint "${name}"`];
      held = [];
      await run(trx, commands);
    },
  };
}

/**
 * The rows the group's mutations name, read with one statement per table beside the group's opening one and
 * put in the group's memo before they apply (PostgreSQL): a put's or delete's own row, and a new row's
 * parents, owner and declared references (a case file's court, category and lawyers: `refs`), which fifty
 * phones' new case files mostly share. A mutation the device's claim later shows applied before (a retry) or
 * an older build's change of another shape costs a row read that goes unused, nothing more.
 */
function rowsNamed(registry: SyncRegistry, jobs: Job[]): RowsRead[] {
  const byTable = new Map<string, Set<string>>();
  const want = (table: string, id: unknown) => {
    if (typeof id !== 'string' || !id) return;
    let ids = byTable.get(table);
    if (!ids) byTable.set(table, (ids = new Set()));
    ids.add(id);
  };
  let n = 0;
  for (const job of jobs)
    for (const m of job.pending ?? job.mutations) {
      if (n >= GROUP_MAX_MUTATIONS) break;
      if (m.name !== 'put' && m.name !== 'delete') continue;
      const a = m.args as { entity?: unknown; id?: unknown; values?: unknown } | null;
      if (!a || typeof a.entity !== 'string' || typeof a.id !== 'string' || !a.id) continue;
      const def = registry.byName.get(a.entity);
      if (!def) continue;
      n++;
      want(def.table, a.id);
      const values = a.values;
      if (m.name !== 'put' || !values || typeof values !== 'object') continue;
      const v = values as Record<string, unknown>;
      for (const p of def.parents ?? []) want(p.entity, v[p.column]);
      const o = def.owner;
      const ownerEntity = o ? o.entities[String(v[o.typeColumn])] : undefined;
      if (o && ownerEntity) want(ownerEntity, v[o.idColumn]);
      for (const [column, ref] of Object.entries(def.refs ?? {}))
        for (const id of refIds(v[column])) want(ref.table, id);
    }
  return [...byTable].map(([table, ids]) => ({ table, ids: [...ids] }));
}

/**
 * One mutation in its own savepoint: its result (a refusal is a 'rejected' result), or 'transient' when it
 * failed for a reason that may pass (nothing of it is kept).
 */
async function applyOne(
  trx: ControlledTransaction<Database, string[]>,
  registry: SyncRegistry,
  seqs: SeqBlock,
  sp: Savepoints,
  job: Job,
  m: TMutation,
): Promise<TMutationResult | 'transient'> {
  const { clientId, actor, effects } = job;
  // One that can never apply is refused before it runs, so it still advances the id (a stack overflow
  // half-way through would count as a transient failure and stall the device's queue on it for ever).
  const unusable = unusableMutation(m);
  if (unusable) return { id: m.id, status: 'rejected', message: unusable };
  // Plain statements on the push's transaction: Kysely's savepoint objects cost more than the savepoints.
  await sp.open(trx, 'mutation');
  const mark = seqs.mark();
  try {
    const r = await mutatorFor(m.name)(trx, actor, m.args, {
      ...m,
      clientId,
      registry,
      ...(effects ? { effects } : {}),
    });
    await sp.release(trx, 'mutation');
    return { id: m.id, status: r.status, ...(r.fields?.length ? { fields: r.fields } : {}) };
  } catch (e) {
    await sp.rollback(trx, 'mutation');
    // What the mutation logged and what was read inside it went with it.
    seqs.rollbackTo(mark);
    clearGroupMemo(trx);
    if (e instanceof HttpError) throw e;
    if (!(e instanceof MutationRejected)) return 'transient';
    return { id: m.id, status: 'rejected', message: e.message };
  }
}
