import { v7 } from 'uuid';
import { ORDER_SHEETS } from '@lawfirm/shared-types/case-documents/dated.modules.ts';
import { setArchivedLocal } from '../case-files/caseFiles.actions.ts';
import type { TOrderSheetRow, TPetitionRow } from '../case-files/caseFiles.types.ts';
import { queueAttachmentsLocal, storeFilesLocal } from '../case-documents/caseDocuments.actions.ts';
import { putLocal } from '../sync/actions.ts';
import type { LocalDb } from '../sync/db.ts';
import { syncTables } from '../sync/rebase.ts';

type TSeen = Record<string, number> | undefined;
const seenOf = (row: { field_versions?: unknown } | null | undefined): TSeen =>
  (row?.field_versions as TSeen) ?? undefined;
const opts = (seen: TSeen) => (seen ? { seen } : {});

export type TRecordHearing = {
  petitionId: string;
  /** The day of the hearing recorded (today). */
  date: string;
  /** Its order sheet (recordTargets), or null: one is made for the day. */
  hearing: TOrderSheetRow | null;
  outcomeId: string;
  note: string | null;
  courtRoom: string | null;
  serialNo: number | null;
  /** A photo of the order, checked by its bytes; attached to the hearing's sheet after its other files. */
  photo: File | null;
  /** The display order of the photo among the sheet's attachments. */
  firstOrder: number;
  /** The next date, with the case's bare planned sheet after the day to move to it (recordTargets), if any. */
  next: { date: string; sheet: TOrderSheetRow | null } | null;
  /** Archive the case (the outcome was Decided and the user said so). */
  archive: TPetitionRow | null;
};

export type TRecorded = { hearingId: string; nextId: string | null; files: string[] };

/**
 * Records a hearing in one step (issue 34 item 1), on the device with no network: the hearing's order sheet
 * gets its outcome, note, court room and serial (which moves it to "done" on Today's list), the photo is
 * attached to it, the case's next hearing is set (its planned bare sheet moved, else a new sheet), and with
 * `archive` the case is archived by its own action. The photo's bytes are kept first (blobs, read whole); then
 * every mutation is queued in ONE transaction, so the outbox never holds half a record (a closed tab leaves
 * all of it or none). Only the fields this form writes are sent, with the versions seen, so another device's
 * edit of another field merges.
 */
export async function recordHearingLocal(db: LocalDb, r: TRecordHearing): Promise<TRecorded> {
  const stored = r.photo ? await storeFilesLocal(db, [r.photo]) : [];
  const hearingId = r.hearing?.id ?? v7();
  let nextId: string | null = null;
  await db.transaction('rw', syncTables(db), async () => {
    const values: Record<string, unknown> = {
      order_sheet_type_id: r.outcomeId,
      description: r.note,
      court_room: r.courtRoom,
      serial_no: r.serialNo,
    };
    if (r.hearing) {
      // An edit sends what changed only: the note typed again the same is no write.
      const changed = Object.fromEntries(
        Object.entries(values).filter(([k, v]) => ((r.hearing as Record<string, unknown>)[k] ?? null) !== v),
      );
      if (Object.keys(changed).length)
        await putLocal(db, 'order_sheets', hearingId, changed, opts(seenOf(r.hearing)));
    } else
      await putLocal(db, 'order_sheets', hearingId, {
        petition_id: r.petitionId,
        order_sheet_date: r.date,
        ...values,
      });
    if (stored.length)
      await queueAttachmentsLocal(
        db,
        {
          petitionId: r.petitionId,
          ownerType: ORDER_SHEETS.model,
          ownerId: hearingId,
          firstOrder: r.firstOrder,
        },
        stored,
      );
    if (r.next) {
      const { sheet } = r.next;
      if (sheet) {
        nextId = sheet.id;
        if (sheet.order_sheet_date !== r.next.date)
          await putLocal(
            db,
            'order_sheets',
            sheet.id,
            { order_sheet_date: r.next.date },
            opts(seenOf(sheet)),
          );
      } else {
        nextId = v7();
        await putLocal(db, 'order_sheets', nextId, {
          petition_id: r.petitionId,
          order_sheet_date: r.next.date,
        });
      }
    }
    if (r.archive && !r.archive.archived) await setArchivedLocal(db, r.archive, true);
  });
  return { hearingId, nextId, files: stored.map((s) => s.sha256) };
}
