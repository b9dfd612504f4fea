import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { dataGenerationNow, openDatabase, type DbHandle } from '../src/db/connect.ts';

/**
 * The database generation the auth check and the kept answers are keyed by (db/connect.ts generationNow) moves
 * with every commit, whoever makes it: this server, or another process writing to the same SQLite file. The
 * other process here is a real one (its own better-sqlite3, its own view of the WAL index). The header is read
 * once per turn of the event loop, so another process's commit is seen from the next turn on.
 */
const betterSqlite = createRequire(import.meta.url).resolve('better-sqlite3');
const dir = mkdtempSync(join(tmpdir(), 'lf-generation-'));
const file = join(dir, 'lawfirm.sqlite');
let h: DbHandle;

/** The next turn of the event loop: a request whose bytes arrive after another process's commit runs there. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Runs `sql` in a separate Node process on the same database file. */
function otherProcess(sql: string): void {
  const script = `const D = require(${JSON.stringify(betterSqlite)}); const db = new D(${JSON.stringify(file)});
    db.pragma('busy_timeout = 5000'); db.exec(${JSON.stringify(sql)}); db.close();`;
  execFileSync(process.execPath, ['-e', script]);
}

beforeAll(async () => {
  h = await openDatabase(file);
  otherProcess('create table if not exists probe (n integer)');
});
afterAll(async () => {
  await h.close();
  rmSync(dir, { recursive: true, force: true });
});

it('read from the WAL index header without a read transaction, and steady while nothing is written', () => {
  const g = dataGenerationNow(h.db)!;
  // `<this connection's writes>.w<header epoch>`: the header's epoch, not data_version (`.v`), the fallback.
  expect(g).toMatch(/^\d+\.w\d+$/);
  expect(dataGenerationNow(h.db)).toBe(g);
  expect(dataGenerationNow(h.db)).toBe(g);
});

it('moves when another process commits, from the next turn of the event loop, and again at each commit', async () => {
  const before = dataGenerationNow(h.db);
  otherProcess('insert into probe values (1)');
  // Within the turn the header was read in, the read is shared.
  expect(dataGenerationNow(h.db)).toBe(before);
  await nextTurn();
  const after = dataGenerationNow(h.db);
  expect(after).not.toBe(before);
  await nextTurn();
  expect(dataGenerationNow(h.db)).toBe(after);
  otherProcess('insert into probe values (2)');
  await nextTurn();
  expect(dataGenerationNow(h.db)).not.toBe(after);
});

it('moves when another process checkpoints and starts the WAL over, then commits', async () => {
  const before = dataGenerationNow(h.db);
  otherProcess('pragma wal_checkpoint(TRUNCATE); insert into probe values (3)');
  await nextTurn();
  expect(dataGenerationNow(h.db)).not.toBe(before);
});

it("moves with this server's own writes", async () => {
  const before = dataGenerationNow(h.db);
  await h.db
    .insertInto('probe' as never)
    .values({ n: 4 })
    .execute();
  // At once: the connection's own write count is part of the generation.
  expect(dataGenerationNow(h.db)).not.toBe(before);
});
