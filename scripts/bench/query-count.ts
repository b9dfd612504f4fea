// Counts the SQL statements the process sends to its databases, without a hook in the server's code: the
// statement methods of better-sqlite3 and the query method of pg's Client are wrapped once, process-wide.
// Kysely prepares and runs one statement per query (transaction begin/commit/savepoints included), and its
// PostgreSQL driver calls Client#query once per query, so the counter sees every round trip to the database.
import SQLite from 'better-sqlite3';
import pg from 'pg';

let statements = 0;
let installed = false;

function wrap(proto: Record<string, unknown>, names: string[]): void {
  for (const name of names) {
    const original = proto[name] as (...args: unknown[]) => unknown;
    proto[name] = function (this: unknown, ...args: unknown[]) {
      statements++;
      return original.apply(this, args);
    };
  }
}

export function installQueryCounter(): void {
  if (installed) return;
  installed = true;
  const probe = new SQLite(':memory:');
  wrap(Object.getPrototypeOf(probe.prepare('select 1')) as Record<string, unknown>, [
    'run',
    'get',
    'all',
    'iterate',
  ]);
  probe.close();
  wrap(SQLite.prototype as unknown as Record<string, unknown>, ['exec']);
  wrap(pg.Client.prototype as unknown as Record<string, unknown>, ['query']);
}

/**
 * Statements sent while `fn` runs, the fewest of `times` runs (a background timer of the server may add one
 * to a run; the request itself never sends fewer). Run it with nothing else in flight.
 */
export async function statementsDuring(fn: () => Promise<unknown>, times = 3): Promise<number> {
  installQueryCounter();
  let fewest = Infinity;
  for (let i = 0; i < times; i++) {
    const before = statements;
    await fn();
    fewest = Math.min(fewest, statements - before);
  }
  return fewest;
}
