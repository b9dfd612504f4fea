import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import net from 'node:net';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { CompiledQuery, Kysely, PostgresDialect, sql, SqliteDialect, SqliteDriver } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HEADER_COPY } from '../src/db/wal-header.ts';

/**
 * Upgrade tripwires (issue 32 item 8): each piece of speed machinery reads something a library or a file format
 * does not promise to keep. When an upgrade moves it, these fail first, naming the library, the piece, what to
 * check and the switch that runs the app on the plain path meanwhile (speed/switches.ts, docs/performance.md).
 */
function tripwire(piece: string, library: string, what: string, holds: boolean, remedy: string): void {
  if (!holds)
    throw new Error(
      `TRIPWIRE ${piece}: ${library} no longer behaves as the speed machinery reads it: ${what}. ${remedy}`,
    );
  expect(holds).toBe(true);
}

const version = (pkg: string) =>
  (
    JSON.parse(readFileSync(new URL(`../../node_modules/${pkg}/package.json`, import.meta.url), 'utf8')) as {
      version: string;
    }
  ).version;

describe('tripwire: the answer serializer reads zod internals (sync-server/src/http/serializer.ts)', () => {
  const zodWire = (what: string, holds: boolean) =>
    tripwire(
      'serializer',
      `zod ${version('zod')}`,
      what,
      holds,
      "Check the fields compileNew reads in `schema._zod.def` against zod's core types (packages/zod/src/v4/core/schemas.ts) and mend serializer.ts; meanwhile run with SPEED_SERIALIZER=stock.",
    );
  type Def = Record<string, unknown> & { type?: string };
  const def = (s: z.core.$ZodType) => s._zod.def as unknown as Def;

  it('names every schema kind it compiles by `_zod.def.type`', () => {
    const kinds: [z.core.$ZodType, string][] = [
      [z.string(), 'string'],
      [z.number(), 'number'],
      [z.boolean(), 'boolean'],
      [z.null(), 'null'],
      [z.enum(['a', 'b']), 'enum'],
      [z.literal('a'), 'literal'],
      [z.string().nullable(), 'nullable'],
      [z.string().optional(), 'optional'],
      [z.array(z.string()), 'array'],
      [z.object({ a: z.string() }), 'object'],
      [z.union([z.string(), z.number()]), 'union'],
    ];
    for (const [schema, type] of kinds)
      zodWire(`a ${type} schema's _zod.def.type is "${String(def(schema).type)}"`, def(schema).type === type);
    zodWire('zod schemas are instances of z.core.$ZodType', z.object({}) instanceof z.core.$ZodType);
  });

  it('finds the parts of a schema where it reads them', () => {
    const inner = z.string();
    zodWire(
      'nullable/optional keep their inner schema in def.innerType',
      def(inner.nullable()).innerType === inner,
    );
    zodWire('optional keeps def.innerType', def(inner.optional()).innerType === inner);
    zodWire('an array keeps its element in def.element', def(z.array(inner)).element === inner);
    zodWire(
      'an object keeps its fields in def.shape',
      (def(z.object({ a: inner })).shape as Def).a === inner,
    );
    zodWire(
      'a union keeps its options in def.options',
      (def(z.union([inner, z.number()])).options as unknown[])[0] === inner,
    );
    const values = z.enum(['a', 'b'])._zod.values as unknown;
    zodWire('an enum lists its values as a Set in _zod.values', values instanceof Set && values.has('a'));
    zodWire('a literal lists its value in _zod.values', (z.literal(7)._zod.values as Set<unknown>).has(7));
    const opt = z.string().optional()._zod;
    zodWire(
      'an optional schema says optin/optout "optional"',
      opt.optin === 'optional' && opt.optout === 'optional',
    );
    zodWire('a required schema has no optin "optional"', z.string()._zod.optin !== 'optional');
  });

  it('tells plain schemas from ones with checks, formats, coercion, strictness or a discriminator', () => {
    zodWire('plain z.string() has no checks', !(def(z.string()).checks as unknown[] | undefined)?.length);
    zodWire(
      'z.string().min(1) lists its check in def.checks',
      (def(z.string().min(1)).checks as unknown[]).length === 1,
    );
    zodWire('z.email() says def.format', def(z.email()).format === 'email');
    zodWire('z.coerce.number() says def.coerce', def(z.coerce.number()).coerce === true);
    zodWire(
      'z.int() says def.check "number_format" and def.format "safeint"',
      def(z.int()).check === 'number_format' && def(z.int()).format === 'safeint',
    );
    const intCheck = (def(z.number().int()).checks as { _zod: { def: Def } }[])[0]?._zod.def;
    zodWire(
      'z.number().int() lists a "number_format"/"safeint" check',
      intCheck?.check === 'number_format' && intCheck.format === 'safeint',
    );
    zodWire('a strict object has def.catchall', def(z.strictObject({})).catchall !== undefined);
    zodWire('a plain object has no def.catchall', def(z.object({})).catchall === undefined);
    zodWire(
      'a discriminated union says def.discriminator',
      def(z.discriminatedUnion('k', [z.object({ k: z.literal('a') })])).discriminator === 'k',
    );
  });

  it("wraps fastify-type-provider-zod's serializer, taking the route's schema as zod or {properties}", () => {
    const schema = z.object({ a: z.string(), n: z.number().optional() });
    const serialize = zodSerializerCompiler({ schema, method: 'GET', url: '/', httpStatus: '200' });
    tripwire(
      'serializer',
      `fastify-type-provider-zod ${version('fastify-type-provider-zod')}`,
      'serializerCompiler(route)(data) no longer writes zod-encoded JSON with unknown keys dropped',
      serialize({ x: 1, a: 'b' }) === '{"a":"b"}',
      'Check its serializerCompiler (the stock path and the fallback of http/serializer.ts).',
    );
  });
});

describe("tripwire: the answer cache's generation reads SQLite's WAL index header (sync-server/src/db/wal-header.ts)", () => {
  const dir = mkdtempSync(join(tmpdir(), 'lf-tripwire-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'wal.sqlite');
  const a = new SQLite(file);
  a.pragma('journal_mode = WAL');
  a.exec('create table t (x)');
  const b = new SQLite(file);
  const sqliteVersion = a.prepare('select sqlite_version() as v').pluck().get() as string;
  const walWire = (what: string, holds: boolean) =>
    tripwire(
      'answer cache generation',
      `SQLite ${sqliteVersion} (better-sqlite3 ${version('better-sqlite3')})`,
      what,
      holds,
      'Check "The WAL-Index Header" in https://sqlite.org/walformat.html against WalHeaderWatch; meanwhile run with SPEED_WAL_HEADER=0 (the generation then comes from pragma data_version).',
    );
  const header = () => readFileSync(`${file}-shm`).subarray(0, HEADER_COPY * 2);
  afterAll(() => {
    a.close();
    b.close();
  });

  it('keeps two equal 48-byte copies of the header, version 3007000, initialised', () => {
    const h = header();
    walWire('the -shm file starts with the header version 3007000 (iVersion)', h.readUInt32LE(0) === 3007000);
    walWire('byte 12 (isInit) is set once the index is built', h[12] === 1);
    walWire(
      'the two copies of the header are equal at rest',
      h.subarray(0, HEADER_COPY).equals(h.subarray(HEADER_COPY)),
    );
  });

  it("rewrites the header at another connection's commit, and not at a read", () => {
    const before = header();
    a.prepare('select count(*) from t').get();
    walWire('a read leaves the header as it was', header().equals(before));
    b.prepare('insert into t values (1)').run();
    const after = header();
    walWire(
      "another connection's commit changes the header's first copy",
      !after.subarray(0, HEADER_COPY).equals(before.subarray(0, HEADER_COPY)),
    );
    walWire('mxFrame (bytes 16-19) grows with the commit', after.readUInt32LE(16) > before.readUInt32LE(16));
  });
});

describe('tripwire: precompiled SQL reads how Kysely compiles and shares adapters (sync-server/src/db/precompiled.ts)', () => {
  const kyselyWire = (what: string, holds: boolean) =>
    tripwire(
      'precompiled SQL',
      `kysely ${version('kysely')}`,
      what,
      holds,
      "Check runPrecompiled and the SQLite driver of db/connect.ts against Kysely's compiler and driver; meanwhile run with SPEED_PRECOMPILED_SQL=0.",
    );
  const db = new Kysely<Record<string, Record<string, unknown>>>({
    dialect: new SqliteDialect({ database: new SQLite(':memory:') }),
  });
  afterAll(() => db.destroy());

  it('hands parameters in the order the values were given: inserts by column, updates set then where', () => {
    const insert = db.insertInto('t').values({ b: 'B', a: 'A', c: 'C' }).compile();
    kyselyWire(
      'an insert binds its values in the order of the object',
      JSON.stringify(insert.parameters) === '["B","A","C"]',
    );
    const update = db.updateTable('t').set({ y: 'Y', x: 'X' }).where('id', '=', 'ID').compile();
    kyselyWire(
      'an update binds its set values, then its where',
      JSON.stringify(update.parameters) === '["Y","X","ID"]',
    );
    const again = db.insertInto('t').values({ b: 1, a: 2, c: 3 }).compile();
    kyselyWire('the SQL text of a query depends on its shape, not its values', again.sql === insert.sql);
  });

  it('shares one adapter between a database and its transactions, and calls the driver hooks db/connect.ts overrides', async () => {
    const outer = db.getExecutor().adapter;
    const inner = await db.transaction().execute(async (tx) => Promise.resolve(tx.getExecutor().adapter));
    kyselyWire('a transaction runs on the adapter of its database', inner === outer);
    for (const hook of [
      'init',
      'acquireConnection',
      'releaseConnection',
      'beginTransaction',
      'destroy',
    ] as const)
      kyselyWire(`SqliteDriver still has ${hook}()`, typeof SqliteDriver.prototype[hook] === 'function');
  });
});

describe('tripwire: named prepared statements read what `pg` remembers per connection (sync-server/src/db/pg-prepared.ts)', () => {
  const pgWire = (what: string, holds: boolean) =>
    tripwire(
      'PostgreSQL prepared statements',
      `pg ${version('pg')}`,
      what,
      holds,
      "Check namePreparedStatements against pg's lib/query.js (hasBeenParsed) and lib/client.js (parseComplete); meanwhile run with SPEED_PG_PREPARED=0.",
    );
  type Internals = { connection?: { parsedStatements?: unknown; submittedNamedStatements?: unknown } };

  it('keeps parsedStatements and submittedNamedStatements on client.connection', () => {
    const c = new pg.Client() as unknown as Internals;
    pgWire(
      'client.connection.parsedStatements is an object',
      typeof c.connection?.parsedStatements === 'object',
    );
    pgWire(
      'client.connection.submittedNamedStatements is an object',
      typeof c.connection?.submittedNamedStatements === 'object',
    );
  });

  it.runIf(process.env.DATABASE_URL_TEST)(
    'records a named statement there once PostgreSQL parsed it, and forgets nothing by itself',
    async () => {
      const c = new pg.Client({ connectionString: process.env.DATABASE_URL_TEST });
      await c.connect();
      try {
        const text = 'select $1::int + 1 as n';
        const r = await c.query({ name: 'lf_tripwire', text, values: [1] });
        const parsed = (c as unknown as Internals).connection!.parsedStatements as Record<string, string>;
        pgWire('a named query answers', r.rows[0]?.n === 2);
        pgWire('parsedStatements[name] holds the statement text after it ran', parsed.lf_tripwire === text);
        const again = await c.query({ name: 'lf_tripwire', text, values: [2] });
        pgWire('the named statement runs again without a new Parse', again.rows[0]?.n === 3);
      } finally {
        await c.end();
      }
    },
  );
});

describe("tripwire: a push group's held inserts wrap Kysely's connection (sync-server/src/sync/write-behind.ts)", () => {
  const held = (what: string, holds: boolean) =>
    tripwire(
      'PostgreSQL write-behind',
      `kysely ${version('kysely')}`,
      what,
      holds,
      "Check holdInserts against kysely's PostgresConnection (executeQuery on the prototype) and how a controlled transaction runs its statements; meanwhile run with SPEED_PG_WRITE_BEHIND=0.",
    );

  it.runIf(process.env.DATABASE_URL_TEST)(
    "runs every statement of a controlled transaction through the one connection provideConnection hands out, whose executeQuery is the class's",
    async () => {
      const db = new Kysely<Record<string, never>>({
        dialect: new PostgresDialect({
          pool: new pg.Pool({ connectionString: process.env.DATABASE_URL_TEST, max: 1 }),
        }),
      });
      try {
        const trx = await db.startTransaction().execute();
        try {
          const connection = await trx.getExecutor().provideConnection(async (c) => c);
          held(
            "executeQuery is the connection class's own method, not a property of the instance",
            !Object.prototype.hasOwnProperty.call(connection, 'executeQuery') &&
              typeof Object.getPrototypeOf(connection).executeQuery === 'function',
          );
          const seen: string[] = [];
          const original = connection.executeQuery.bind(connection);
          (connection as { executeQuery: typeof original }).executeQuery = (q) => {
            seen.push(q.sql);
            return original(q);
          };
          await sql`select 1 as n`.execute(trx);
          await trx.selectNoFrom(sql<number>`2`.as('n')).execute();
          held(
            "a transaction's raw SQL and built queries reach the connection it handed out",
            seen.length === 2 && seen[0] === 'select 1 as n',
          );
          delete (connection as Partial<typeof connection>).executeQuery;
          held(
            'removing the wrapper puts the class method back',
            connection.executeQuery === Object.getPrototypeOf(connection).executeQuery,
          );
        } finally {
          await trx.rollback().execute();
        }
      } finally {
        await db.destroy();
      }
    },
  );
});

describe("tripwire: the push writer's pipelined connection (sync-server/src/db/pg-pipeline.ts)", () => {
  const piped = (library: string, what: string, holds: boolean) =>
    tripwire(
      'PostgreSQL pipeline',
      library,
      what,
      holds,
      "Check pg's `pipeline` client option (lib/client.js: _pulsePipelinedQueryQueue) and the text of kysely's PostgresDriver.beginTransaction against pg-pipeline.ts; meanwhile run with SPEED_PG_PIPELINE=0.",
    );

  it.runIf(process.env.DATABASE_URL_TEST)(
    'pg sends queries behind one another unanswered, each with its own sync point, and kysely begins with `begin`',
    async () => {
      const { sendBeginWithNext } = await import('../src/db/pg-pipeline.ts');
      const pool = new pg.Pool({
        connectionString: process.env.DATABASE_URL_TEST,
        max: 1,
        ...({ pipeline: true } as object),
      });
      const texts: string[] = [];
      // Queries handed to pg and not yet answered, and the most at once.
      let inFlight = 0;
      let mostInFlight = 0;
      pool.on('connect', (client) => {
        const query = client.query.bind(client) as (...a: unknown[]) => unknown;
        (client as unknown as { query: (...a: unknown[]) => unknown }).query = (...a: unknown[]) => {
          if (typeof a[0] === 'string') texts.push(a[0]);
          const r = query(...a);
          if (r instanceof Promise && a[0] !== 'begin') {
            mostInFlight = Math.max(mostInFlight, ++inFlight);
            void r.finally(() => inFlight--).catch(() => undefined);
          }
          return r;
        };
        sendBeginWithNext(client);
      });
      const db = new Kysely<Record<string, never>>({ dialect: new PostgresDialect({ pool }) });
      try {
        const client = await pool.connect();
        piped(
          `pg ${version('pg')}`,
          'a pool passes `pipeline: true` on to its clients',
          (client as unknown as { pipeline?: boolean }).pipeline === true,
        );
        // The second is on the wire before the first is answered (pg keeps the sent, unanswered ones in order).
        const slow = client.query('select pg_sleep(0.05)');
        const behind = client.query('select 2 as n');
        const sent = (client as unknown as { _sentQueryQueue?: unknown[] })._sentQueryQueue?.length ?? 0;
        await Promise.all([slow, behind]);
        piped(`pg ${version('pg')}`, 'a query is sent while the one before is unanswered', sent >= 1);
        // A query that fails does not take the one behind it (its own sync point), and a commit behind a failed
        // statement is answered as a rollback.
        await client.query('begin');
        const failed = client.query('select 1/0').then(
          () => null,
          (e: Error) => e.message,
        );
        const committed = client.query('commit') as Promise<{ command: string }>;
        piped(
          `pg ${version('pg')}`,
          'a failed statement aborts the transaction; the commit sent behind it rolls back',
          (await failed) === 'division by zero' && (await committed).command === 'ROLLBACK',
        );
        client.release();
        texts.length = 0;
        const trx = await db.startTransaction().execute();
        await sql`select 1 as n`.execute(trx);
        await trx.commit().execute();
        piped(
          `kysely ${version('kysely')}`,
          'a controlled transaction begins with the text `begin`, which pg-pipeline.ts sends with the next statement',
          texts[0] === 'begin' && texts[1] === 'select 1 as n',
        );
        // sendTogether hands a transaction's statements to the connection kysely's single-connection provider
        // gives out, past the provider's one-at-a-time queue: both are on the wire before the first answers.
        const { sendTogether } = await import('../src/db/pg-pipeline.ts');
        const together = await db.startTransaction().execute();
        mostInFlight = 0;
        const answers = await sendTogether(
          together as unknown as Parameters<typeof sendTogether>[0],
          [CompiledQuery.raw('select pg_sleep(0.05) as slept'), CompiledQuery.raw('select 3 as n')],
          true,
        );
        await together.commit().execute();
        piped(
          `kysely ${version('kysely')}`,
          "statements sent together on a transaction's connection are on the wire at once and answered in order",
          mostInFlight >= 2 && (answers[1]?.rows[0] as { n?: number } | undefined)?.n === 3,
        );
      } finally {
        await db.destroy();
      }
    },
  );

  it.runIf(process.env.DATABASE_URL_TEST)(
    "the writer's `begin` and the statements sent with it leave in one socket write, the closing one with `commit` in one",
    async () => {
      const { pipelinedWriterDb, sendTogether, sendWithCommit } = await import('../src/db/pg-pipeline.ts');
      const db = pipelinedWriterDb(process.env.DATABASE_URL_TEST!, () => true);
      const socket = net.Socket.prototype as unknown as Record<
        '_write' | '_writev',
        (...a: unknown[]) => unknown
      >;
      const plain = { write: socket._write, writev: socket._writev };
      let writes = 0;
      try {
        // Connected (and its statements named) before the writes are counted.
        await sql`select 1 as n`.execute(db);
        socket._write = function (this: unknown, ...a: unknown[]) {
          writes++;
          return plain.write.apply(this, a);
        };
        socket._writev = function (this: unknown, ...a: unknown[]) {
          writes++;
          return plain.writev.apply(this, a);
        };
        const trx = await db.startTransaction().execute();
        const answers = await sendTogether(
          trx,
          [sql`select 1 as n`.compile(db), sql`select 2 as n`.compile(db), sql`select 3 as n`.compile(db)],
          true,
        );
        await sendWithCommit(trx, sql`select 4 as n`.compile(db), true);
        piped(
          `pg ${version('pg')}`,
          "a client's socket is `client.connection.stream`, a net.Socket that corks: the statements of a turn leave in one write",
          writes === 2 && answers.map((a) => (a.rows[0] as { n: number }).n).join() === '1,2,3',
        );
      } finally {
        socket._write = plain.write;
        socket._writev = plain.writev;
        await db.destroy();
      }
    },
  );
});
