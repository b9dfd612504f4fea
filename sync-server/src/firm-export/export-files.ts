import { caseTitle, caseTypeOf } from '@lawfirm/shared-types/case-files/case-title.ts';
import { entityDecl, type TEntityName } from '@lawfirm/shared-types';
import { filesOfRow } from '../files/named-files.ts';
import type { FileKey } from '../files/storage.ts';
import { EXPORT_ENTITIES } from './export-names.ts';

/**
 * The stored files a firm's rows name, and where each goes in the export: under `files/`, in a folder named
 * after what the file belongs to (the case file, the invoice, the library page, the person), with the name it
 * was uploaded with. Every path is unique in the archive, compared as a case-insensitive file system would.
 */

/** A file a row names: the row's field that gives its path, the path in the archive, its storage key. */
export type TNamedFile = { field: string; path: string; key: FileKey | null };

/** Separators, what Windows refuses, control characters and direction overrides (which can disguise an
 * extension); joiners stay, Urdu words need them. */
const FORBIDDEN = /[\\/:*?"<>|\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]+/gu;
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i;

/**
 * One path segment every common file system takes: no separators or characters Windows refuses, no control
 * characters or direction overrides, no trailing dot or space, not a reserved device name, at most `max` characters (the
 * extension of a file name kept).
 */
export function safeSegment(text: string, max = 80): string {
  let s = text.replace(FORBIDDEN, '-').replace(/\s+/g, ' ').trim();
  const chars = [...s];
  if (chars.length > max) {
    const dot = s.lastIndexOf('.');
    const ext = dot > 0 && s.length - dot <= 10 ? s.slice(dot) : '';
    s =
      chars
        .slice(0, max - [...ext].length)
        .join('')
        .trim() + ext;
  }
  s = s.replace(/[. ]+$/, '');
  if (!s || s === '.' || s === '..') s = '_';
  return WINDOWS_RESERVED.test(s) ? `_${s}` : s;
}

/** `name (2).ext` for the second file of that name. */
function numbered(name: string, n: number): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
}

/** Hands out unique paths and folders in one archive. */
export class PathBook {
  readonly #used = new Set<string>();
  readonly #folders = new Map<string, string>();

  /** A unique path `dir/name` (numbered when taken). */
  take(dir: string, name: string): string {
    const safe = safeSegment(name, 120);
    for (let n = 1; ; n++) {
      const path = `${dir}/${n === 1 ? safe : numbered(safe, n)}`;
      if (this.#used.has(path.toLowerCase())) continue;
      this.#used.add(path.toLowerCase());
      return path;
    }
  }

  /** The folder of one row under `dir`, named `label`, the same every time it is asked for that row. */
  folder(dir: string, rowId: string, label: string): string {
    const known = this.#folders.get(`${dir}\n${rowId}`);
    if (known) return known;
    const folder = this.take(dir, label || rowId);
    this.#folders.set(`${dir}\n${rowId}`, folder);
    return folder;
  }
}

const text = (v: unknown): string =>
  typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';

/**
 * What a row that files are filed under is called: a case file as the app names it everywhere (case-title.ts,
 * "W.P. 7/2024 Ali vs State", its category noted first), an invoice by number, a page by title, a person by name.
 */
const LABELS: Partial<Record<TEntityName, (row: Record<string, unknown>, labels: Labels) => string>> = {
  case_categories: (r) => caseTypeOf({ title: text(r.title), abbreviation: text(r.abbreviation) }) ?? '',
  petitions: (r, labels) =>
    caseTitle({
      caseType: labels.of('case_categories', text(r.petition_type_id)),
      caseNo: text(r.case_no),
      year: text(r.year),
      title: text(r.title),
    }),
  invoices: (r) => `Invoice ${text(r.invoice_no)} ${text(r.client_name)}`,
  general_case_laws: (r) => text(r.case_title),
  contracts_and_agreements: (r) => text(r.title),
  sample_pleadings: (r) => text(r.title),
  users: (r) => text(r.name),
};

/** The labels of the rows files are filed under, noted as their tables are written (before their files'). */
export class Labels {
  readonly #labels = new Map<string, string>();
  note(entity: TEntityName, row: Record<string, unknown>): void {
    const label = LABELS[entity]?.(row, this);
    if (label !== undefined) this.#labels.set(`${entity}\n${String(row.id)}`, label);
  }
  of(entity: string, id: string): string {
    return this.#labels.get(`${entity}\n${id}`) ?? '';
  }
}

/** The row a stored file is filed under: a case file's attachment under the case file, and so on. */
function ownerOf(entity: TEntityName, row: Record<string, unknown>): [TEntityName, string] | null {
  // A file of the one attachment model: under its case file or invoice, else (a library page's) its owner.
  if (entity === 'attachments' && row.petition_id) return ['petitions', text(row.petition_id)];
  if (entity === 'attachments' && row.invoice_id) return ['invoices', text(row.invoice_id)];
  // A person's photo is filed under the person.
  if (entity === 'users') return ['users', text(row.id)];
  const owner = entityDecl(entity)?.owner;
  const ownerEntity = owner?.entities[text(row[owner.typeColumn])] as TEntityName | undefined;
  return owner && ownerEntity ? [ownerEntity, text(row[owner.idColumn])] : null;
}

/** The export's field giving a file's path, where the first file of a row is not plainly `file`. */
const FILE_FIELDS: Readonly<Record<string, string>> = {
  'users.avatar_file_name': 'photo_file',
  'settings.site_file_name': 'logo_file',
};

/**
 * The stored files one live row names (named-files.ts), each with its path in the archive, under the name it
 * was uploaded with (`file_name`) where the row keeps one. A key is null when the row's value could not be a
 * stored file's name (it is then reported missing, never looked up).
 */
export function filesOf(
  companyId: string,
  entity: TEntityName,
  row: Record<string, unknown>,
  labels: Labels,
  paths: PathBook,
): TNamedFile[] {
  const files = filesOfRow(companyId, entity, row);
  if (!files.length) return [];
  const owner = ownerOf(entity, row);
  const ownerFile = owner ? EXPORT_ENTITIES[owner[0]]?.file : undefined;
  const folder =
    owner && ownerFile
      ? paths.folder(`files/${ownerFile}`, owner[1], labels.of(owner[0], owner[1]))
      : `files/${EXPORT_ENTITIES[entity].file}`;
  return files.map((f, i) => ({
    field: FILE_FIELDS[`${entity}.${f.column}`] ?? (i === 0 ? 'file' : `${f.column}_file`),
    path: paths.take(folder, text(row.file_name) || f.name),
    key: f.key,
  }));
}
