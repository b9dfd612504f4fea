import { v7 } from 'uuid';
import { deleteLocal, putLocal } from '../sync/actions.ts';
import type { LocalDb } from '../sync/db.ts';
import type { THearing } from './calendar.logic.ts';

/** What the event modal saves: a case's hearing (an order sheet) or a meeting. */
export type TEventSave = {
  date: string;
  summary: string | null;
} & (
  | {
      petitionId: string;
      /** The hearing's court room and serial (issue 34), when the modal showed them. */
      place?: { court_room: string | null; serial_no: number | null };
    }
  | { petitionId: null; title: string }
);

const placeOf = (save: TEventSave) => (save.petitionId !== null ? (save.place ?? {}) : {});

/**
 * Saves a calendar event on the device (queued for the server, shown at once, no network needed), through the
 * same local mutations as the order sheets and the case card's hearing date: a new hearing is a new order sheet
 * of the case, a moved one its order sheet's new date; a meeting is a calendar_meetings row. Answers its id.
 */
export async function saveEventLocal(
  db: LocalDb,
  userId: string,
  event: THearing | null,
  save: TEventSave,
): Promise<string> {
  if (event?.kind === 'hearing') {
    await putLocal(db, 'order_sheets', event.id, {
      order_sheet_date: save.date,
      description: save.summary,
      ...placeOf(save),
    });
    return event.id;
  }
  if (event?.kind === 'meeting') {
    const title = save.petitionId === null ? save.title : event.title;
    await putLocal(db, 'calendar_meetings', event.id, {
      meeting_date: save.date,
      title,
      summary: save.summary,
    });
    return event.id;
  }
  const id = v7();
  if (save.petitionId !== null)
    await putLocal(db, 'order_sheets', id, {
      petition_id: save.petitionId,
      order_sheet_date: save.date,
      description: save.summary,
      ...placeOf(save),
    });
  else
    await putLocal(db, 'calendar_meetings', id, {
      meeting_date: save.date,
      title: save.title,
      summary: save.summary,
      created_by: userId,
    });
  return id;
}

/** Deletes a calendar event: a hearing's order sheet (with its files, as the order sheets page does) or a meeting. */
export const deleteEventLocal = (db: LocalDb, event: THearing) =>
  deleteLocal(db, event.kind === 'hearing' ? 'order_sheets' : 'calendar_meetings', event.id);

/** A meeting on the user's calendar (the limitation calculator's "Click to remind me"). */
export const addMeetingLocal = (
  db: LocalDb,
  userId: string,
  date: string,
  title: string,
  summary: string | null,
) => saveEventLocal(db, userId, null, { date, summary, petitionId: null, title });
