import { sql, SqliteAdapter, type Kysely } from 'kysely';

/**
 * The filtered case list of a firm of tens of thousands of case files (issue 33). A court filter read every
 * live case file of the firm to find the court's (30,300 case files: a sequential scan of 11 to 18 ms, twice: the
 * page and its total); `petitions_live_court_idx` finds them by the court. A party name filter (`lower(name)
 * like '%khan%'`, case-folded as case-filter.sql.ts folds it) read every party of the firm (60,600: 22 to 36 ms,
 * twice); on PostgreSQL a trigram index of the folded names (pg_trgm) finds the parties a name part matches.
 *
 * pg_trgm ships with PostgreSQL and is a trusted extension (PostgreSQL 13+): a user who may create in the
 * database and its schema adds it. Where it is not available or may not be created, the index is left out and
 * the filter reads the parties as before (docs/deploy.md says how to add it later). SQLite has no trigram
 * index; its filter reads the parties.
 */
const isSqlite = (db: Kysely<any>) => db.getExecutor().adapter instanceof SqliteAdapter;

async function mayUseTrigrams(db: Kysely<any>): Promise<boolean> {
  const { rows } = await sql<{ ok: boolean }>`
    select exists (select 1 from pg_extension where extname = 'pg_trgm')
      or (exists (select 1 from pg_available_extensions where name = 'pg_trgm')
        and has_database_privilege(current_database(), 'CREATE')
        and has_schema_privilege(current_schema(), 'CREATE')
        and ((select rolsuper from pg_roles where rolname = current_user)
          or coalesce((select trusted from pg_available_extension_versions v
            join pg_available_extensions e on e.name = v.name and e.default_version = v.version
            where v.name = 'pg_trgm'), false))) as ok`.execute(db);
  return rows[0]?.ok === true;
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('petitions_live_court_idx')
    .on('petitions')
    .columns(['company_id', 'court_id'])
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
  if (isSqlite(db) || !(await mayUseTrigrams(db))) return;
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create index petition_parties_name_trgm_idx on petition_parties
    using gin (lower(name collate "C") gin_trgm_ops) where deleted_at is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isSqlite(db)) await sql`drop index if exists petition_parties_name_trgm_idx`.execute(db);
  await db.schema.dropIndex('petitions_live_court_idx').execute();
}
