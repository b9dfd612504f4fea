import {
  can,
  canEditMeeting,
  formatDate,
  MSG,
  MSG_DATE_INVALID,
  MSG_DATE_REQUIRED,
  MSG_MEETING_TITLE_REQUIRED,
  MSG_MOVE_REFUSED,
  optionalId,
  wireDateToIso,
  type TActor,
} from '@lawfirm/shared-types';
import { z } from 'zod';
import type { Db } from '../db/connect.ts';
import { forActor } from '../sync/firm.ts';
import { newId } from '../db/ids.ts';
import { inTransaction } from '../db/query-helpers.ts';
import { forbidden, notFound, validationError } from '../http/errors.ts';
import { findReadablePetition } from '../case-files/access.ts';
import { orderSheetsEntity } from '../case-files/case-files.entities.ts';
import { hearingTitle } from './ical.ts';
import { hearingsFor, meetingsFor } from './hearings.repository.ts';
import { calendarMeetingsEntity } from './meetings.entities.ts';
import { compareCodes } from '@lawfirm/shared-types/common/natural-order.ts';
import { HEARING_PLACE_SHAPE, ZSerialNoWire } from '@lawfirm/shared-types/court-day/hearing-place.ts';

/**
 * The calendar's own calls (rest-contract 47–49): its events are the firm's hearings (order sheets, the same
 * rows the case cards and the order sheets pages show) and its meetings (no case file). Every write goes
 * through the sync store as the actor, exactly as a device's push of the same change.
 */

/**
 * The chosen case as the original modal posts it: the autocomplete's object (a case of the calendar's case
 * search), or the typed text (a meeting's title, or an edited event's title as the calendar showed it).
 */
const ZChosen = z
  .union([
    z.string().max(500),
    z.object({
      id: optionalId,
      petition_standard_title_with_petitioner: z.string().max(500).nullish(),
      petition_standard_title: z.string().max(500).nullish(),
      title: z.string().max(500).nullish(),
    }),
  ])
  .nullish();

/**
 * The modal's POST (rest-contract 48). A new event goes out with `petition_id: ""` and the case the user picked
 * as `petition: {id, …}`; an edited one with the event's own `petition_id` and its title as `petition`. The date
 * comes as dd/mm/yyyy (or dd/mm/yy, ISO, a JavaScript Date's instant). Yields the event's id (none: a new one),
 * its date, its case (the one picked in the autocomplete first, what the modal shows and the old server took,
 * else the event's own), a meeting's title and, when sent, its summary.
 */
export const ZHearingEventInput = z
  .object({
    id: optionalId,
    hearing_date: z
      .string({ error: MSG_DATE_REQUIRED })
      .max(40, { error: MSG_DATE_INVALID })
      .nullish()
      .transform((v, ctx) => {
        const iso = wireDateToIso(v);
        if (iso === null || iso === false) {
          ctx.addIssue({ code: 'custom', message: iso === null ? MSG_DATE_REQUIRED : MSG_DATE_INVALID });
          return z.NEVER;
        }
        return iso;
      }),
    petition: ZChosen,
    petition_id: optionalId,
    hearing_summary: z
      .string()
      .max(5000, { error: 'The field may not be greater than 5000 characters.' })
      .nullish(),
    // Where the hearing is (issue 34): both optional; left out, an edit keeps what the hearing had.
    court_room: HEARING_PLACE_SHAPE.court_room.optional(),
    serial_no: ZSerialNoWire.optional(),
  })
  .transform(({ id, hearing_date, petition: p, petition_id, hearing_summary, court_room, serial_no }) => {
    // The meeting's title: the typed text (the modal posts it as `petition` when it matches no case).
    const text =
      typeof p === 'string'
        ? p
        : (p?.petition_standard_title_with_petitioner ?? p?.petition_standard_title ?? p?.title ?? undefined);
    return {
      id,
      date: hearing_date,
      petitionId: (typeof p === 'object' ? (p?.id ?? null) : null) ?? petition_id ?? null,
      title: text?.trim() || undefined,
      summary: hearing_summary === undefined ? {} : { summary: hearing_summary?.trim() || null },
      place: {
        ...(court_room === undefined ? {} : { court_room }),
        ...(serial_no === undefined ? {} : { serial_no }),
      },
    };
  });
export type THearingEventInput = z.output<typeof ZHearingEventInput>;

/**
 * An event as FullCalendar and the modal read it. `hearing_date` is ISO (YYYY-MM-DD), as the old server sent
 * it: the modal reads it with moment(), which takes an ISO date as the day it names in any time zone, but reads
 * 11/03/2026 as 3 November and 25/11/2026 as no date at all.
 */
export const ZHearingEvent = z.object({
  id: z.string(),
  title: z.string(),
  start: z.string(),
  allDay: z.literal(true),
  extendedProps: z.object({
    hearing_date: z.string(),
    petition_id: z.string().nullable(),
    hearing_summary: z.string().nullable(),
    court_room: z.string().nullable(),
    serial_no: z.number().nullable(),
    kind: z.enum(['hearing', 'meeting']),
  }),
});
export type THearingEvent = z.infer<typeof ZHearingEvent>;

/** The calendar's events: every hearing and meeting of the firm the actor may read, by date. */
export async function hearingEvents(db: Db, actor: TActor): Promise<THearingEvent[]> {
  const all = { from: '0000-01-01' };
  const hearings = (await hearingsFor(db, actor, all)).map((h) => ({
    id: h.id,
    title: hearingTitle(h),
    start: h.date,
    allDay: true as const,
    extendedProps: {
      hearing_date: h.date,
      petition_id: h.petition_id,
      hearing_summary: h.summary,
      court_room: h.court_room,
      serial_no: h.serial_no,
      kind: 'hearing' as const,
    },
  }));
  const meetings = (await meetingsFor(db, actor, all)).map((m) => ({
    id: m.id,
    title: m.title,
    start: m.date,
    allDay: true as const,
    extendedProps: {
      hearing_date: m.date,
      petition_id: null,
      hearing_summary: m.summary,
      court_room: null,
      serial_no: null,
      kind: 'meeting' as const,
    },
  }));
  return [...hearings, ...meetings].sort((a, b) => compareCodes(a.start, b.start));
}

const PKT_OFFSET_MS = 5 * 3_600_000;
/** The server's clock in Pakistan time, as the calendar's note shows it: 'dd/mm/yyyy hh:mm:ss'. */
export function serverTime(now: Date = new Date()): string {
  const t = new Date(now.getTime() + PKT_OFFSET_MS).toISOString();
  return `${formatDate(t.slice(0, 10))} ${t.slice(11, 19)}`;
}

export const MSG_PLACE_ON_MEETING =
  'A court room and serial no. belong to a hearing of a case; choose the case, or leave them empty.';

/** A meeting has no cause list: a room or serial typed for one is refused, not silently dropped. */
function refusePlaceOnMeeting(place: THearingEventInput['place']): void {
  if (place.court_room) throw validationError({ court_room: [MSG_PLACE_ON_MEETING] });
  if (place.serial_no != null) throw validationError({ serial_no: [MSG_PLACE_ON_MEETING] });
}

/**
 * Creates (no id) or changes (an id) a calendar event. A case's hearing is a new order sheet of the case (any
 * who may set hearing dates: admins and lawyers); changing an existing event is the admin's (part 2 §2.5), or a
 * meeting's maker's. A hearing stays with its case file (its order sheet never moves to another).
 */
export async function saveHearingEvent(
  db: Db,
  actor: TActor,
  input: THearingEventInput,
): Promise<{ id: string; created: boolean }> {
  if (!can(actor, 'hearingDate.edit')) throw forbidden();
  const { date, summary, petitionId, title, place } = input;
  return inTransaction(db, async (trx) => {
    const firm = forActor(trx, actor);
    if (input.id) {
      const sheet = await firm.find('order_sheets', input.id);
      if (sheet) {
        if (!actor.is_admin) throw forbidden();
        if (petitionId && petitionId !== sheet.petition_id)
          throw validationError({ petition_id: [MSG_MOVE_REFUSED] });
        await firm.put(orderSheetsEntity, sheet.id, {
          order_sheet_date: date,
          ...('summary' in summary ? { description: summary.summary } : {}),
          ...place,
        });
        return { id: sheet.id, created: false };
      }
      const meeting = await firm.find('calendar_meetings', input.id);
      if (!meeting) throw notFound();
      if (!canEditMeeting(actor, meeting)) throw forbidden();
      if (petitionId) throw validationError({ petition_id: [MSG_MOVE_REFUSED] });
      refusePlaceOnMeeting(place);
      await firm.put(calendarMeetingsEntity, meeting.id, {
        meeting_date: date,
        ...(title ? { title } : {}),
        ...summary,
      });
      return { id: meeting.id, created: false };
    }
    const id = newId();
    if (petitionId) {
      if (!(await findReadablePetition(trx, actor, petitionId))) throw notFound();
      await firm.put(orderSheetsEntity, id, {
        petition_id: petitionId,
        order_sheet_date: date,
        ...('summary' in summary ? { description: summary.summary } : {}),
        ...place,
      });
      return { id, created: true };
    }
    if (!title) throw validationError({ petition: [MSG_MEETING_TITLE_REQUIRED] });
    refusePlaceOnMeeting(place);
    await firm.put(calendarMeetingsEntity, id, {
      meeting_date: date,
      title,
      created_by: actor.id,
      ...summary,
    });
    return { id, created: true };
  });
}

/**
 * Deletes a calendar event: a hearing's order sheet (with its files) or a meeting. From the calendar this is the
 * admin's (part 2 §2.5), or a meeting's maker's; another firm's id is unknown here.
 */
export async function deleteHearingEvent(db: Db, actor: TActor, id: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    const firm = forActor(trx, actor);
    const sheet = await firm.find('order_sheets', id);
    if (sheet) {
      if (!actor.is_admin) throw forbidden();
      if (!(await findReadablePetition(trx, actor, sheet.petition_id))) throw notFound();
      return firm.remove(orderSheetsEntity, id);
    }
    const meeting = await firm.find('calendar_meetings', id);
    if (!meeting || !can(actor, 'hearingDate.edit')) throw notFound();
    if (!canEditMeeting(actor, meeting)) throw forbidden(MSG.forbidden);
    await firm.remove(calendarMeetingsEntity, id);
  });
}
