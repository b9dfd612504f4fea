/**
 * The server's speed machinery, each piece with a switch back to the plain path (issue 32 item 8). Every
 * piece reads library internals or file formats a plain app would not, so an upgrade that changes them can be
 * met by switching the piece off (the app then answers the same, only slower) while it is mended; the
 * tripwire tests (sync-server/test/speed-tripwires.test.ts) say which piece an upgrade broke.
 *
 * Read from the environment once, here and nowhere else:
 * - SPEED_ANSWER_CACHE=0     hot REST reads computed every time (http/answer-cache.ts off)
 * - SPEED_SERIALIZER=stock   answers written by fastify-type-provider-zod's serializer (not http/serializer.ts)
 * - SPEED_PRECOMPILED_SQL=0  Kysely compiles every query at every run (db/precompiled.ts), and no read is
 *                            answered synchronously from SQLite's idle connection
 * - SPEED_WAL_HEADER=0       the data generation from `pragma data_version`, not the WAL index header
 *                            (db/wal-header.ts)
 * - SPEED_PG_PREPARED=0      PostgreSQL queries sent unnamed, parsed and planned at every run (db/pg-prepared.ts)
 * - SPEED_PG_WRITE_BEHIND=0  a PostgreSQL push group runs with its savepoints and row-by-row inserts from the start
 *                            (sync/write-behind.ts wraps the group connection's executeQuery)
 * - SPEED_PG_PIPELINE=0      a PostgreSQL push group's statements each wait for the one before, on the shared pool
 *                            (db/pg-pipeline.ts: the writer's own pipelined connection)
 * - SPEED_PG_PUSH_AUTH=0    a push on PostgreSQL reads its session as it arrives, a round trip of its own, not only
 *                            inside its group (auth/auth.plugin.ts authRechecked, sync/push.ts)
 * - SPEED_OFF=1              every switch above off at once
 */
export type TSpeedSwitches = {
  answerCache: boolean;
  serializer: 'compiled' | 'stock';
  precompiledSql: boolean;
  walHeader: boolean;
  pgPrepared: boolean;
  pgWriteBehind: boolean;
  pgPipeline: boolean;
  pgPushAuth: boolean;
};

export const ALL_SPEED_ON: TSpeedSwitches = {
  answerCache: true,
  serializer: 'compiled',
  precompiledSql: true,
  walHeader: true,
  pgPrepared: true,
  pgWriteBehind: true,
  pgPipeline: true,
  pgPushAuth: true,
};

export const ALL_SPEED_OFF: TSpeedSwitches = {
  answerCache: false,
  serializer: 'stock',
  precompiledSql: false,
  walHeader: false,
  pgPrepared: false,
  pgWriteBehind: false,
  pgPipeline: false,
  pgPushAuth: false,
};

const off = (v: string | undefined) => v !== undefined && /^(0|false|off|no)$/i.test(v.trim());

export function readSpeedSwitches(env: NodeJS.ProcessEnv): TSpeedSwitches {
  if (env.SPEED_OFF !== undefined && !off(env.SPEED_OFF)) return { ...ALL_SPEED_OFF };
  const serializer = env.SPEED_SERIALIZER?.trim().toLowerCase();
  if (serializer !== undefined && serializer !== 'stock' && serializer !== 'compiled')
    throw new Error(`SPEED_SERIALIZER must be "compiled" or "stock", not "${env.SPEED_SERIALIZER}".`);
  return {
    answerCache: !off(env.SPEED_ANSWER_CACHE),
    serializer: serializer === 'stock' ? 'stock' : 'compiled',
    precompiledSql: !off(env.SPEED_PRECOMPILED_SQL),
    walHeader: !off(env.SPEED_WAL_HEADER),
    pgPrepared: !off(env.SPEED_PG_PREPARED),
    pgWriteBehind: !off(env.SPEED_PG_WRITE_BEHIND),
    pgPipeline: !off(env.SPEED_PG_PIPELINE),
    pgPushAuth: !off(env.SPEED_PG_PUSH_AUTH),
  };
}

let current: TSpeedSwitches = readSpeedSwitches(process.env);

/**
 * The switches in force. Each piece asks when it is set up (an app built, a database opened, a route's
 * serializer compiled) or, for per-query pieces, when it runs.
 */
export const speedSwitches = (): Readonly<TSpeedSwitches> => current;

/**
 * Sets switches for the apps and databases made from now on (tests: the journeys with every switch off);
 * answers a function that puts the previous ones back. Test files share a process, so each restores them.
 */
export function setSpeedSwitches(next: Partial<TSpeedSwitches>): () => void {
  const before = current;
  current = { ...current, ...next };
  return () => {
    current = before;
  };
}

/**
 * Connections in each server process's PostgreSQL pool: PG_POOL_MAX, default 10. PostgreSQL runs a process per
 * connection, so more connections than the database machine has cores to run them mostly queue inside it; a
 * few servers of 10 each stay well under its max_connections (100 by default).
 */
export function readPgPoolMax(env: NodeJS.ProcessEnv): number {
  const n = env.PG_POOL_MAX === undefined ? 10 : Number(env.PG_POOL_MAX);
  if (!Number.isInteger(n) || n < 1 || n > 1000)
    throw new Error(`PG_POOL_MAX must be a whole number from 1 to 1000, not "${env.PG_POOL_MAX}".`);
  return n;
}
