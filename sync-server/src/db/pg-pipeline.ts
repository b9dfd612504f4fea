import type { Writable } from 'node:stream';
import pg from 'pg';
import {
  Kysely,
  PostgresDialect,
  type CompiledQuery,
  type ControlledTransaction,
  type QueryResult,
} from 'kysely';
import type { Db } from './connect.ts';
import type { Database } from './schema.ts';
import { namePreparedStatements } from './pg-prepared.ts';

/**
 * The push writer's own PostgreSQL connection, pipelined (issue 33). A group commit is one process's only
 * writer of pushes, and every statement of it was a round trip its connection waited for: begin, the firm's
 * lock, the rows read beforehand, the closing statement, commit. On a pipelined connection (`pg`'s `pipeline`
 * option) a statement is sent without waiting for the answer of the one before, so the writer sends what does
 * not depend on an answer together (push.ts): `begin`, the group's opening statement, its sessions' and
 * rows' reads (sendTogether), then the closing statement with `commit`: two round trips a group. Answers
 * still come back in order, each statement with its own sync point: one that fails does not take the next
 * with it, except that a failed statement aborts the transaction, so a `commit` sent behind it rolls back
 * (PostgreSQL answers ROLLBACK), which the writer checks.
 *
 * Switch: SPEED_PG_PIPELINE=0 (speed/switches.ts) gives the writer the shared pool, every statement waiting
 * for the one before. It leans on `pg`'s `pipeline` client option, on its client's socket being
 * `client.connection.stream` (coalesceWrites), on Kysely beginning a transaction with a query of the text
 * `begin` whose answer it does not read, and on the connection its transaction's provider hands out taking
 * statements past the provider's queue; the tripwire (speed-tripwires.test.ts) fails when any of these changes.
 */

/** The connections of a writer's pool: one group runs at a time; one more for a group's rollback overlap. */
const WRITER_CONNECTIONS = 2;

type Query = (...args: unknown[]) => Promise<unknown>;

/**
 * Makes `client` answer Kysely's `begin` at once while it goes on the wire, so the transaction's first
 * statement is sent right behind it instead of a round trip later. A `begin` that fails fails that next
 * statement (the transaction never began, so nothing of it may look applied).
 */
export function sendBeginWithNext(client: pg.ClientBase): void {
  const query = client.query.bind(client) as Query;
  let pending: Promise<unknown> | null = null;
  (client as unknown as { query: Query }).query = (...args: unknown[]) => {
    const text = typeof args[0] === 'string' ? args[0] : null;
    if (text !== null && /^\s*begin\s*$/i.test(text) && args.length <= 2 && typeof args[1] !== 'function') {
      const sent = query(text);
      // Read by the next statement; a rejection nobody reads yet is not an unhandled one.
      sent.catch(() => undefined);
      pending = sent;
      return Promise.resolve({ command: 'BEGIN', rowCount: null, rows: [], fields: [] });
    }
    const begun = pending;
    pending = null;
    const result = query(...args);
    if (!begun) return result;
    return Promise.all([begun, result]).then(([, r]) => r);
  };
}

/**
 * Makes `client` put the statements handed to it in one go on the wire in one write: the first corks its socket
 * and the socket is uncorked once the microtasks queued by then have run (`process.nextTick` from inside them),
 * so a group's `begin`, opening statement and reads (sendTogether), and its closing statement and `commit`, each
 * reach the socket as one write where they were one system call apiece (issue 33: a server under 50 pushing
 * devices spent 8 % of its profile's samples inside the writer's socket writes, most of it waiting for the
 * core the woken database process took). Nothing waits for it: the statements still go out before the event
 * loop reads anything else.
 */
export function coalesceWrites(client: pg.ClientBase): void {
  const stream = (client as unknown as { connection?: { stream?: Partial<Writable> } }).connection?.stream;
  if (typeof stream?.cork !== 'function' || typeof stream.uncork !== 'function') return;
  const query = client.query.bind(client) as Query;
  let corked = false;
  const uncork = () => {
    corked = false;
    stream.uncork!();
  };
  (client as unknown as { query: Query }).query = (...args: unknown[]) => {
    if (!corked) {
      corked = true;
      stream.cork!();
      process.nextTick(uncork);
    }
    return query(...args);
  };
}

/** The writer's pipelined pool on `url`, its connections naming their statements as the shared pool's do. */
export function pipelinedWriterDb(url: string, ready: () => boolean): Kysely<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: WRITER_CONNECTIONS,
    // `pipeline` is a client option the pool passes on (pg >= 8.21); @types/pg does not list it yet.
    ...({ pipeline: true } as object),
  });
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    namePreparedStatements(client, ready);
    sendBeginWithNext(client);
    coalesceWrites(client);
  });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/** Whether `db`'s connections pipeline (a writer given the shared pool waits for each statement). */
export const pipelined = new WeakSet<object>();

/**
 * Sends `queries` as the next statements of the transaction `trx`, each without waiting for the answer of the
 * one before (on a pipelined connection: one round trip for all), and answers their results in order. Kysely
 * runs a transaction's statements one after another (its single-connection provider waits for each before it
 * hands the connection on), so the queries go to the connection itself, which the provider hands out. A failed
 * statement aborts the transaction and fails the ones behind it; the first failure is thrown once every answer
 * is in. `pipelined` false (SPEED_PG_PIPELINE=0, the shared pool's connections): one after another.
 */
export async function sendTogether(
  trx: Db,
  queries: CompiledQuery[],
  pipelined: boolean,
): Promise<QueryResult<unknown>[]> {
  if (!pipelined) {
    const out: QueryResult<unknown>[] = [];
    for (const q of queries) out.push(await trx.executeQuery(q));
    return out;
  }
  const connection = await trx.getExecutor().provideConnection(async (c) => c);
  const settled = await Promise.allSettled(queries.map((q) => connection.executeQuery(q)));
  const failed = settled.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((r) => (r as PromiseFulfilledResult<QueryResult<unknown>>).value);
}

/**
 * Sends `last` (the group's closing statement, or nothing) and the commit of `trx` right behind it: on a
 * pipelined connection both leave in one write (coalesceWrites) and are answered in one round trip. Through
 * Kysely the commit waited for the statement's answer (its single-connection provider runs one statement at a
 * time), a second round trip with the firm's lock held. `last` is handed to the connection first, so the
 * commit is always behind it. If `last` fails, PostgreSQL has aborted the transaction and answers the commit
 * with a rollback: that failure is thrown, as a failed commit's is. `pipelined` false: one after the other.
 */
export async function sendWithCommit(
  trx: ControlledTransaction<Database, string[]>,
  last: CompiledQuery | null,
  pipelined: boolean,
): Promise<void> {
  if (!pipelined) {
    if (last) await trx.executeQuery(last);
    await trx.commit().execute();
    return;
  }
  const connection = await trx.getExecutor().provideConnection(async (c) => c);
  const sent = last ? connection.executeQuery(last) : null;
  // Read below, with the commit's answer: a rejection nobody reads yet is not an unhandled one.
  sent?.catch(() => undefined);
  const [flushed, committed] = await Promise.allSettled([sent, trx.commit().execute()]);
  if (flushed.status === 'rejected') throw flushed.reason;
  if (committed.status === 'rejected') throw committed.reason;
}
