import type SQLite from 'better-sqlite3';

/**
 * The stored files the rows of a database name, as paths under the data folder. Where each is written:
 * `blobs` (uploads/blob-store.ts: attachments, mail files, receipts), `users.avatar_file_name`
 * (users.mutators.ts) and `settings.site_file_name` (invoices/billing-uploads.ts). A backup checks that each is
 * in its archive; a table that is missing (an older database) names nothing.
 */
export function namedFiles(db: SQLite.Database): string[] {
  const tables = new Set(
    db.prepare("select name from sqlite_master where type = 'table'").pluck().all() as string[],
  );
  const rows = (sql: string, table: string) =>
    tables.has(table) ? (db.prepare(sql).pluck().all() as string[]) : [];
  return [
    ...rows("select 'files/' || company_id || '/blobs/' || sha256 from blobs", 'blobs'),
    ...rows(
      "select 'files/' || company_id || '/user/' || id || '/' || avatar_file_name from users where avatar_file_name is not null",
      'users',
    ),
    ...rows(
      "select 'files/' || company_id || '/settings/' || site_file_name from settings where site_file_name is not null",
      'settings',
    ),
  ];
}
