import { createHash } from 'node:crypto';
import type pg from 'pg';
import { speedSwitches } from '../speed/switches.ts';

/**
 * Named prepared statements on PostgreSQL, a bounded number per connection (issue 33). Kysely sends each query
 * as text with parameters, which `pg` runs as an unnamed statement: PostgreSQL parses and plans it again at
 * every run, and under load that was most of a list query's time. Here each connection of the pool names the
 * statements it runs (by a hash of their text) so PostgreSQL parses each once per connection and may keep a
 * generic plan; at most `max` per connection, the least recently used deallocated to make room, so statements
 * whose text varies (a list `in (...)` of another length: the app's lists bind `= any($1)` arrays instead)
 * cannot grow the server's memory without bound.
 *
 * Switch: SPEED_PG_PREPARED=0 (speed/switches.ts) sends every query unnamed. It reads `pg`'s internals
 * (`client.connection.parsedStatements` and `submittedNamedStatements`, where the driver remembers what it
 * prepared): the tripwire test (speed-tripwires.test.ts) says when a `pg` upgrade moves them.
 */

/** Prepared statements kept per connection at most. */
export const PG_STATEMENTS_PER_CONNECTION = 200;

/** Transaction control and session commands go as they are: nothing to plan, and some may not be prepared. */
const UNNAMED =
  /^\s*(begin|start|commit|rollback|savepoint|release|set|reset|deallocate|listen|unlisten|notify|lock|create|alter|drop|vacuum|analyze)\b/i;

type Internals = {
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
};
type PgInternals = { connection?: Partial<Internals> };

type QueryFn = (...args: unknown[]) => unknown;

/** The statements a connection has named, in least-recently-used order, for tests and the tripwire. */
const namedOf = new WeakMap<pg.ClientBase, Map<string, string>>();
export const preparedCount = (client: pg.ClientBase): number => namedOf.get(client)?.size ?? 0;

/** Makes `client` name the statements it runs (see above); `ready()` false leaves them unnamed for now. */
export function namePreparedStatements(
  client: pg.ClientBase,
  ready: () => boolean,
  max = PG_STATEMENTS_PER_CONNECTION,
): void {
  const internals = (client as unknown as PgInternals).connection;
  if (!internals?.parsedStatements || !internals.submittedNamedStatements) return;
  const known = internals as Internals;
  const parsed = known.parsedStatements;
  const submitted = known.submittedNamedStatements;
  const named = new Map<string, string>();
  namedOf.set(client, named);
  // The driver's own query, looked up at each call: whatever wraps the class's method later (the bench's
  // statement counter) still sees every statement.
  const query: QueryFn = (...args) =>
    (Object.getPrototypeOf(client) as { query: QueryFn }).query.apply(client, args);
  const onError = forgetAllOnSchemaChange(client, query, named, known);

  const evictOldest = () => {
    const [text, name] = named.entries().next().value!;
    named.delete(text);
    // Forgotten by the driver only once PostgreSQL has dropped it: the callback runs before the next query of
    // this connection is sent, so a statement named again afterwards is parsed again. A failed DEALLOCATE (a
    // transaction already aborted) leaves it prepared and known to the driver, which is still consistent.
    query(`deallocate "${name}"`, (err: Error | null) => {
      if (err) return;
      delete parsed[name];
      delete submitted[name];
    });
  };

  (client as unknown as { query: QueryFn }).query = (...args: unknown[]) => {
    const [text, values] = args;
    if (
      typeof text !== 'string' ||
      !Array.isArray(values) ||
      args.length !== 2 ||
      UNNAMED.test(text) ||
      !ready() ||
      !speedSwitches().pgPrepared
    )
      return query(...args);
    let name = named.get(text);
    if (name !== undefined) {
      // Most recently used last.
      named.delete(text);
    } else {
      name = `lf_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
      if (named.size >= max) evictOldest();
    }
    named.set(text, name);
    const answer = query({ name, text, values }) as Promise<unknown>;
    answer.catch(onError);
    return answer;
  };
}

/**
 * PostgreSQL refuses a prepared statement whose result shape a migration (of another server, in a rolling
 * upgrade) changed: "cached plan must not change result type". That request fails as a transient error; the
 * connection's statements are all dropped then, so the retried request prepares them anew.
 */
function forgetAllOnSchemaChange(
  client: pg.ClientBase,
  query: QueryFn,
  named: Map<string, string>,
  internals: Internals,
) {
  return (err: unknown) => {
    if ((err as { code?: string } | null)?.code !== '0A000') return;
    named.clear();
    query('deallocate all', (e: Error | null) => {
      if (e) return;
      for (const k of Object.keys(internals.parsedStatements)) delete internals.parsedStatements[k];
      for (const k of Object.keys(internals.submittedNamedStatements))
        delete internals.submittedNamedStatements[k];
    });
  };
}
