import { ENTITY_DECLS, type TEntityName } from '@lawfirm/shared-types';
import { isStorageName, type FileKey } from './storage.ts';

/**
 * Which stored files a firm's rows name, and where each is in the file store: the one answer the backup (which
 * checks that every named file is in its archive) and the firm export (which writes each under a readable
 * path) both use, so a new kind of stored file reaches both with one declaration.
 */

type TRow = Record<string, unknown>;

/** A column of a table whose value names a stored file. */
export type TFileColumn<T extends string = TEntityName> = {
  table: T;
  column: string;
  /** Where the file a value names is stored. */
  keyOf: (companyId: string, row: TRow, name: string) => FileKey;
  /** Named by its SHA-256: the value is the file's hash. */
  hashed: boolean;
  /** The row's column holding the file's size in bytes, where it keeps one. */
  sizeColumn?: string;
};

/** A stored file a row names. */
export type TRowFile = {
  table: string;
  column: string;
  /** The row's value: the file's SHA-256, or the name the server gave it. */
  name: string;
  /** Where it is stored; null when the value could not be a stored file's name (never looked up then). */
  key: FileKey | null;
  sha256: string | null;
  size: number | null;
};

const blobKey = (companyId: string, _row: TRow, sha256: string): FileKey => [companyId, 'blobs', sha256];

/**
 * Every column of a firm's rows that names a stored file: the SHA-256 columns entities declare (`fileColumns`:
 * attachments, receipts, library files), whose files are in the firm's content-addressed store
 * (uploads/blob-store.ts); and the two files the server names itself, a person's photo (users.mutators.ts)
 * and the firm's logo (settings/site-logo.ts).
 */
export const FILE_COLUMNS: readonly TFileColumn[] = [
  ...ENTITY_DECLS.flatMap((decl) =>
    (decl.fileColumns ?? []).map((column): TFileColumn => ({
      table: decl.name,
      column,
      keyOf: blobKey,
      hashed: true,
      ...('size' in decl.columns ? { sizeColumn: 'size' } : {}),
    })),
  ),
  {
    table: 'users',
    column: 'avatar_file_name',
    keyOf: (companyId, row, name) => [companyId, 'user', String(row.id), name],
    hashed: false,
  },
  {
    table: 'settings',
    column: 'site_file_name',
    keyOf: (companyId, _row, name) => [companyId, 'settings', name],
    hashed: false,
  },
];

/**
 * The blob store's own index: besides the files rows name, what mail attachments name and uploads not yet
 * attached. Not a firm's record (an export has nothing to file them under), but a backup must hold them.
 */
const BLOB_INDEX: TFileColumn<'blobs'> = {
  table: 'blobs',
  column: 'sha256',
  keyOf: blobKey,
  hashed: true,
  sizeColumn: 'size',
};

const text = (v: unknown): string =>
  typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';

function fileOf(companyId: string, f: TFileColumn<string>, row: TRow): TRowFile | null {
  const name = text(row[f.column]);
  if (!name) return null;
  const size = f.sizeColumn ? Number(row[f.sizeColumn] ?? NaN) : NaN;
  return {
    table: f.table,
    column: f.column,
    name,
    key: isStorageName(name) ? f.keyOf(companyId, row, name) : null,
    sha256: f.hashed ? name : null,
    size: Number.isFinite(size) ? size : null,
  };
}

/** The columns naming files, by table: the blob index last. */
const BY_TABLE = new Map<string, TFileColumn<string>[]>();
for (const f of [...FILE_COLUMNS, BLOB_INDEX]) BY_TABLE.set(f.table, [...(BY_TABLE.get(f.table) ?? []), f]);

/** The stored files one row of `entity` names, in the order its columns are declared. */
export function filesOfRow(companyId: string, entity: TEntityName, row: TRow): TRowFile[] {
  return (BY_TABLE.get(entity) ?? []).flatMap((f) => fileOf(companyId, f, row) ?? []);
}

/** Reads `columns` of every row of `table` (tombstones too); none when the table is missing. */
export type TReadRows = (table: string, columns: readonly string[]) => Iterable<TRow>;

/**
 * Every stored file the rows of a database name, each once, for a backup to find in its archive: deleted
 * rows' too (a restore brings them back), and the blob store's index.
 */
export function* namedFilesIn(read: TReadRows): Generator<TRowFile> {
  const seen = new Set<string>();
  for (const [table, columns] of BY_TABLE) {
    // The index's rows have no id: they are keyed by firm and hash.
    const wanted = new Set([
      ...(table === BLOB_INDEX.table ? [] : ['id']),
      'company_id',
      ...columns.flatMap((f) => [f.column, ...(f.sizeColumn ? [f.sizeColumn] : [])]),
    ]);
    for (const row of read(table, [...wanted]))
      for (const f of columns) {
        const file = fileOf(text(row.company_id), f, row);
        if (!file) continue;
        const id = file.key?.join('/') ?? `${table}.${f.column}\n${file.name}`;
        if (seen.has(id)) continue;
        seen.add(id);
        yield file;
      }
  }
}
