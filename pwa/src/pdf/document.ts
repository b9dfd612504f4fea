import { entityDecl, type TDocumentInput } from '@lawfirm/shared-types';
import type { LocalDb, TRow } from '../sync/db.ts';
import { pdfFontBytes } from './fonts.ts';
import { localFileLoader } from './pdf-data.ts';
import { saveFile } from './save-file.ts';

/**
 * A declared document (shared-types/src/pdf/document.ts: an invoice's PDF) made on the device: the builder
 * the server's download route uses, fed from this device's rows (the row, its children by their parent
 * column, the firm's settings), so it works with no network. The builder is loaded only when asked for.
 */
export async function documentInputLocal(
  db: LocalDb,
  entity: string,
  row: Record<string, unknown> & { id: string },
): Promise<TDocumentInput> {
  const doc = entityDecl(entity)?.document;
  if (!doc) throw new Error(`${entity} declares no document`);
  const children: Record<string, TRow[]> = {};
  for (const name of doc.children) {
    const parent = entityDecl(name)?.parents?.find((p) => p.entity === entity);
    if (!parent) throw new Error(`${name} is not a child of ${entity}`);
    const rows = await db.rows(name).where(parent.column).equals(row.id).toArray();
    children[name] = rows.filter((r) => !r.deleted_at);
  }
  const settings = await db.rows('settings').toCollection().first();
  return { row, children, settings: settings ?? null };
}

/**
 * Downloads a row's document. `row` is the row as the screen shows it (an invoice made offline carries the
 * time it was made here until the server dates it).
 */
export async function downloadDocument(
  db: LocalDb,
  entity: string,
  row: Record<string, unknown> & { id: string },
): Promise<void> {
  const doc = entityDecl(entity)?.document;
  if (!doc) throw new Error(`${entity} declares no document`);
  const [builder, input] = await Promise.all([doc.load(), documentInputLocal(db, entity, row)]);
  saveFile(await builder.build(input, localFileLoader(db, pdfFontBytes)), builder.fileName(input));
}
