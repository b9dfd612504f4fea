import { ENTITY_DECLS, formatDate, todayInPakistan } from '@lawfirm/shared-types';
import { EXPORT_ENTITIES } from './export-names.ts';
import type { TFirmExportInput } from './firm-export.ts';

/** What went into an export, counted while it was written. */
export type TExportSummary = {
  tables: { file: string; rows: number }[];
  files: number;
  fileBytes: number;
  /** Paths of files rows name that the file store did not have. */
  missing: string[];
};

/** Bumped when a file or field of the export changes its meaning, so a script reading it can tell. */
export const EXPORT_FORMAT_VERSION = 1;

const ABOUT = new Map<string, string>([
  ...ENTITY_DECLS.flatMap((d) => {
    const e = EXPORT_ENTITIES[d.name];
    return (e.parts ?? [e]).map((p) => [`${p.file}.json`, p.about] as const);
  }),
  ['contact_persons.json', 'Contact persons of clients (person_id is the client in people.json)'],
]);

/** The export's contents for programs: the firm, when and by whom it was made, and every file's count. */
export function manifestOf(input: TFirmExportInput, s: TExportSummary): string {
  return `${JSON.stringify(
    {
      format: 'law-firm-export',
      format_version: EXPORT_FORMAT_VERSION,
      firm: input.firm,
      made_at: input.madeAt.toISOString(),
      made_by: input.madeBy,
      tables: s.tables.map((t) => ({ ...t, about: ABOUT.get(t.file) ?? '' })),
      files: { count: s.files, bytes: s.fileBytes },
      missing_files: s.missing,
    },
    null,
    2,
  )}\n`;
}

const MISSING_SHOWN = 50;

function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The export's contents for people, in plain text every computer opens. */
export function readmeOf(input: TFirmExportInput, s: TExportSummary): string {
  const width = Math.max(...s.tables.map((t) => t.file.length));
  const day = formatDate(todayInPakistan(input.madeAt));
  const lines = [
    `All data of ${input.firm.name}`,
    '',
    `Made on ${day} (${input.madeAt.toISOString()}) by ${input.madeBy.name} <${input.madeBy.email}>.`,
    '',
    'WHAT IS IN IT',
    '',
    "One JSON file per kind of record, each a list of that kind's records, read table by table as the",
    'export was made. Deleted records are left out. Records point at each other by id (case_file_id',
    'in order_sheets.json is the id of a record in case_files.json).',
    '',
    ...s.tables.map(
      (t) => `  ${t.file.padEnd(width)}  ${String(t.rows).padStart(7)}  ${ABOUT.get(t.file) ?? ''}`,
    ),
    '',
    `files/ holds the stored files the records name (${s.files} files, ${mb(s.fileBytes)}):`,
    'attachments in a folder per case file, receipts per invoice, library files per page, photos per',
    'person, and the firm\'s logo. A record that names a file gives its place here in its "file" field',
    '("photo_file" for a person, "logo_file" for the settings).',
    '',
    'manifest.json says the same for programs.',
    '',
    'HOW VALUES ARE WRITTEN',
    '',
    '  Dates are YYYY-MM-DD; moments are ISO 8601 times in UTC.',
    '  Money is written as exact decimal text ("1234.50"), never rounded.',
    '  Yes/no fields are true or false; lists are JSON lists.',
    '  Ids are UUIDs.',
    '',
    'WHAT IS LEFT OUT',
    '',
    '  Passwords, sign-in sessions, reset links and calendar feed links (secrets, never exported).',
    '  The log of mails the server sent, and the sync bookkeeping of devices.',
    '',
  ];
  if (s.missing.length) {
    lines.push(
      'FILES NOT FOUND',
      '',
      `${s.missing.length} file(s) named by records were not in the file store when the export was made:`,
      ...s.missing.slice(0, MISSING_SHOWN).map((p) => `  ${p}`),
      ...(s.missing.length > MISSING_SHOWN
        ? [`  … and ${s.missing.length - MISSING_SHOWN} more (manifest.json)`]
        : []),
      '',
    );
  }
  return lines.join('\r\n');
}
