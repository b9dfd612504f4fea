import { ENTITY_DECLS } from '@lawfirm/shared-types';
import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import { forFirm, type LiveTable } from '../sync/firm.ts';
import { FILE_COLUMNS } from '../files/named-files.ts';
import { readAll, type TFileStore } from '../files/file-store.ts';
import type { TZipSink } from '../files/zip/zip-sinks.ts';
import { ZipWriter } from '../files/zip/zip-writer.ts';
import { filesOf, Labels, PathBook, type TNamedFile } from './export-files.ts';
import { EXPORT_ENTITIES } from './export-names.ts';
import { columnsToRead, livePages, readableRow } from './export-rows.ts';
import { manifestOf, readmeOf, type TExportSummary } from './readme.ts';

export type TFirmExportInput = {
  db: Db;
  files: TFileStore;
  firm: { id: string; name: string };
  madeBy: { id: string; name: string; email: string };
  madeAt: Date;
};

const utf8 = new TextEncoder();

/** A JSON array written a row at a time, two-space indented as people read it; `count.rows` says how many. */
async function* jsonArray(rows: AsyncIterable<unknown>, count: { rows: number }): AsyncGenerator<Uint8Array> {
  for await (const value of rows) {
    const text = JSON.stringify(value, null, 2).replace(/\n/g, '\n  ');
    yield utf8.encode(`${count.rows++ ? ',\n' : '[\n'}  ${text}`);
  }
  yield utf8.encode(count.rows ? '\n]\n' : '[]\n');
}

/**
 * One firm's data as a zip, written into `sink` (the HTTP answer) while it is sent: a JSON file per entity of
 * its live rows (export-names.ts), then, after each table, the stored files its rows name (export-files.ts),
 * then a manifest and a README. Every read is of `firm.id`'s rows and files only. At most one stored file and
 * one page of rows are held at a time; each write waits for the sink (its back-pressure), so a slow phone
 * slows the reading too.
 */
export async function writeFirmArchive(input: TFirmExportInput, sink: TZipSink): Promise<void> {
  const { db, files, firm } = input;
  const zip = new ZipWriter(sink, { madeAt: input.madeAt });
  const labels = new Labels();
  const paths = new PathBook();
  const summary: TExportSummary = { tables: [], files: 0, fileBytes: 0, missing: [] };

  for (const decl of ENTITY_DECLS) {
    const entity = decl.name;
    const names = EXPORT_ENTITIES[entity];
    // An entity written as several files (the one attachment model) is read once per file.
    for (const part of names.parts ?? [{ file: names.file, where: () => true }]) {
      const file = `${part.file}.json`;
      const named: TNamedFile[] = [];
      const count = { rows: 0 };
      async function* rows() {
        for await (const page of livePages(db, firm.id, entity, columnsToRead(entity)))
          for (const row of page) {
            if (!part.where(row)) continue;
            labels.note(entity, row);
            const readable = readableRow(entity, row);
            for (const f of filesOf(firm.id, entity, row, labels, paths)) {
              readable[f.field] = f.path;
              named.push(f);
            }
            yield readable;
          }
      }
      await zip.add(file, jsonArray(rows(), count), { deflate: true });
      summary.tables.push({ file, rows: count.rows });
      await storedFiles(named, files, zip, summary);
    }
  }

  // A client's contact persons: typed by the firm, kept beside the people rather than as a synced entity.
  const contactColumns = ['id', 'user_id', 'name', 'email', 'phone', 'cnic', 'created_at', 'updated_at'];
  async function* contacts() {
    for await (const page of livePages(db, firm.id, 'user_contact_persons', contactColumns))
      for (const { id, user_id: personId, ...rest } of page) yield { id, person_id: personId, ...rest };
  }
  const contactCount = { rows: 0 };
  await zip.add('contact_persons.json', jsonArray(contacts(), contactCount), { deflate: true });
  summary.tables.push({ file: 'contact_persons.json', rows: contactCount.rows });

  await zip.add('manifest.json', utf8.encode(manifestOf(input, summary)));
  await zip.add('README.txt', utf8.encode(readmeOf(input, summary)));
  await zip.finish();
}

/**
 * About how many bytes the export will be: the stored files its rows name with their size, most of it (the
 * JSON is deflated). A download shows its progress against it; null when the firm has no such files.
 */
export async function estimatedBytes(db: Db, companyId: string): Promise<number | null> {
  let total = 0;
  const sized = new Map(
    FILE_COLUMNS.flatMap((f) => (f.sizeColumn ? [[f.table, f.sizeColumn] as const] : [])),
  );
  for (const [table, size] of sized) {
    const row = await forFirm(db, companyId)
      .live(table as LiveTable)
      .select(sql<number | string | null>`sum(${sql.ref(`${table}.${size}`)})`.as('bytes'))
      .executeTakeFirst();
    total += Number(row?.bytes ?? 0);
  }
  return total > 0 ? total : null;
}

/** Adds the files a table's rows named, read through the file store one at a time; missing ones are noted. */
async function storedFiles(
  named: readonly TNamedFile[],
  files: TFileStore,
  zip: ZipWriter,
  summary: TExportSummary,
): Promise<void> {
  for (const f of named) {
    // Whole: an entry stored (not deflated) in an answer that is streamed needs its size before its bytes.
    const bytes = f.key ? await readAll(files, f.key) : null;
    if (!bytes) {
      summary.missing.push(f.path);
      continue;
    }
    await zip.add(f.path, bytes);
    summary.files++;
    summary.fileBytes += bytes.length;
  }
}
