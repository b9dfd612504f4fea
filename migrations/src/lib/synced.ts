import type { CreateTableBuilder, Kysely } from 'kysely';

/**
 * A new synced, firm-owned table with the columns every synced row carries (id, company_id, stamps, version,
 * tombstone, per-field versions and writers): the migration adds the entity's own columns. These columns are
 * the sync protocol's and do not change; a migration that needs them different writes them out.
 */
export const syncedTable = (db: Kysely<any>, name: string): CreateTableBuilder<string, any> =>
  db.schema
    .createTable(name)
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('deleted_at', 'text')
    .addColumn('field_versions', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('field_writers', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('updated_by', 'text');
