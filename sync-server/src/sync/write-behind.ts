import { CompiledQuery, type DatabaseConnection, type QueryResult } from 'kysely';
import type { Db } from '../db/connect.ts';
import { insertRowPrecompiled } from '../db/precompiled.ts';

/**
 * New rows of a group commit on PostgreSQL written together (issue 33): fifty phones' new case files were fifty
 * inserts, each a round trip the group's one connection waited for. Inside a group run without savepoints
 * (push.ts) a new row is held, and the rows held are written, as one multi-row insert per run of rows of the
 * same table and columns and in the order they were made, right before the next statement of any kind goes to
 * the connection (a read, a check, the closing statement, the commit). Nothing can read the database without
 * seeing them first, so every check of a later mutation (a parent's existence, a duplicate id) sees what it
 * saw before; an insert that fails fails the group's next statement, and the group is run again with
 * savepoints and without holding (push.ts).
 */
type Held = { table: string; row: Record<string, unknown> }[];
const holding = new WeakMap<object, Held>();

/** Inserts a new row of a synced table: held while `trx` holds inserts, else at once. */
export async function insertRow(trx: Db, table: string, row: Record<string, unknown>): Promise<void> {
  const held = holding.get(trx);
  if (held) held.push({ table, row });
  else await insertRowPrecompiled(trx, table, row);
}

const signature = (h: Held[number]) => `${h.table}\u0000${Object.keys(h.row).join(',')}`;

/** The held rows as statements: one per run of consecutive rows of one table and set of columns. */
function insertsOf(held: Held): CompiledQuery[] {
  const out: CompiledQuery[] = [];
  for (let i = 0; i < held.length;) {
    const sig = signature(held[i]!);
    let j = i + 1;
    while (j < held.length && signature(held[j]!) === sig) j++;
    out.push(
      multiRowInsert(
        held[i]!.table,
        held.slice(i, j).map((h) => h.row),
      ),
    );
    i = j;
  }
  return out;
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * One insert of `rows` (one table, the same columns) in PostgreSQL's SQL, as Kysely compiles it (a column left
 * undefined takes its default), written out directly: Kysely's parse of fifty rows' values was 2 % of a server's
 * time under 50 pushing devices. Held inserts exist on PostgreSQL only.
 */
export function multiRowInsert(table: string, rows: readonly Record<string, unknown>[]): CompiledQuery {
  // A column no row gives a value is left out, one some row leaves undefined takes its default there.
  const columns = Object.keys(rows[0] ?? {}).filter((c) => rows.some((r) => r[c] !== undefined));
  const parameters: unknown[] = [];
  const tuples = rows.map(
    (row) =>
      `(${columns
        .map((c) => {
          const v = row[c];
          if (v === undefined) return 'default';
          parameters.push(v);
          return `$${parameters.length}`;
        })
        .join(', ')})`,
  );
  return CompiledQuery.raw(
    `insert into ${quoted(table)} (${columns.map(quoted).join(', ')}) values ${tuples.join(', ')}`,
    parameters,
  );
}

/**
 * Makes `trx` (a group's transaction) hold its new rows until its next statement; `drop` forgets what is held
 * (before a rollback), `end` stops holding (once the group committed or rolled back). Every statement of the transaction, whatever
 * made it (a query builder, raw SQL, a savepoint, the commit), runs on one connection, which is where the held
 * rows are written first.
 */
export async function holdInserts(
  trx: Db,
): Promise<{ drop: () => void; end: () => void; take: () => CompiledQuery[] }> {
  const held: Held = [];
  const connection = await trx.getExecutor().provideConnection(async (c) => c);
  const patched = connection as DatabaseConnection & { executeQuery: DatabaseConnection['executeQuery'] };
  const original = connection.executeQuery.bind(connection);
  const flush = async () => {
    const rows = held.splice(0);
    for (const q of insertsOf(rows)) await original(q);
  };
  patched.executeQuery = <R>(q: CompiledQuery): Promise<QueryResult<R>> =>
    held.length ? flush().then(() => original<R>(q)) : original<R>(q);
  holding.set(trx, held);
  return {
    // Before a rollback: rows that will not be kept are not written.
    drop: () => void held.splice(0),
    // The held rows' inserts, for the caller to send inside its next statement (the group's closing one).
    take: () => insertsOf(held.splice(0)),
    end: () => {
      holding.delete(trx);
      // The connection goes back to the pool: its own method again.
      delete (patched as Partial<DatabaseConnection>).executeQuery;
    },
  };
}
