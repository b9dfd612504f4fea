import { SqliteAdapter, sql, type Kysely } from 'kysely';

/**
 * Less work on every synced write (issue 8: a phone's week-long outbox pushed 200 mutations at a time):
 *
 * - `petitions_company_idx` (company_id, archived) is a prefix of `petitions_list_idx` (company_id, archived,
 *   deleted_at, created_at, id), which serves every query it served; each new case file updated both.
 * - On SQLite, `change_log` (primary key company_id, seq) becomes a WITHOUT ROWID table: one B-tree ordered
 *   by its key instead of a rowid table plus the key's index, so a change is one insert, not two, and a pull
 *   reads the firm's changes in seq order straight from the table. PostgreSQL keeps its table (a heap with
 *   its key's index is what it has).
 */
const isSqlite = (db: Kysely<any>) => db.getExecutor().adapter instanceof SqliteAdapter;

async function rebuildChangeLog(db: Kysely<any>, withoutRowid: boolean): Promise<void> {
  await db.schema
    .createTable('change_log_rebuilt')
    .addColumn('company_id', 'text', (c) => c.notNull())
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('row_id', 'text', (c) => c.notNull())
    .addColumn('changed_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('change_log_rebuilt_pk', ['company_id', 'seq'])
    .$call((t) => (withoutRowid ? t.modifyEnd(sql`without rowid`) : t))
    .execute();
  await sql`insert into change_log_rebuilt (company_id, seq, entity, row_id, changed_at)
    select company_id, seq, entity, row_id, changed_at from change_log`.execute(db);
  await db.schema.dropTable('change_log').execute();
  await db.schema.alterTable('change_log_rebuilt').renameTo('change_log').execute();
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('petitions_company_idx').execute();
  if (isSqlite(db)) await rebuildChangeLog(db, true);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('petitions_company_idx')
    .on('petitions')
    .columns(['company_id', 'archived'])
    .execute();
  if (isSqlite(db)) await rebuildChangeLog(db, false);
}
