import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import type { Database } from './schema.ts';
import { namePreparedStatements } from './pg-prepared.ts';

/**
 * The push writer's own PostgreSQL connection, pipelined (issue 33). A group commit is one process's only
 * writer of pushes, and every statement of it was a round trip its connection waited for: begin, the firm's
 * lock, the rows read beforehand, the closing statement, commit. On a pipelined connection (`pg`'s `pipeline`
 * option) a statement is sent without waiting for the answer of the one before, so the writer sends what does
 * not depend on an answer together (push.ts): `begin` with the group's first statement, the reads of several
 * tables, the closing statement with `commit`. Answers still come back in order, each statement with its own
 * sync point: one that fails does not take the next with it, except that a failed statement aborts the
 * transaction, so a `commit` sent behind it rolls back (PostgreSQL answers ROLLBACK), which the writer checks.
 *
 * Switch: SPEED_PG_PIPELINE=0 (speed/switches.ts) gives the writer the shared pool, every statement waiting
 * for the one before. It leans on `pg`'s `pipeline` client option and on Kysely beginning a transaction with a
 * query of the text `begin` whose answer it does not read; the tripwire (speed-tripwires.test.ts) fails when
 * either changes.
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
  });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/** Whether `db`'s connections pipeline (a writer given the shared pool waits for each statement). */
export const pipelined = new WeakSet<object>();
