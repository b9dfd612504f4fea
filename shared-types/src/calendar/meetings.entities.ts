import { z } from 'zod';
import { can, type TActor } from '../auth/permissions.ts';
import { MSG } from '../common/messages.ts';
import { optionalText, tooLong } from '../common/validation.ts';
import { MSG_DATE_REQUIRED } from '../case-documents/dated.modules.ts';
import { defineEntity } from '../sync/entity.ts';

export const MSG_MEETING_TITLE_REQUIRED = 'Title of Case or Meeting field is required.';
export const MSG_MEETING_OWNER = 'A meeting is recorded as made by the one who adds it.';

/** Who changes a calendar event once it is there: an admin (part 2 §2.5), or the one who added the meeting. */
export const canEditMeeting = (a: TActor, row: Record<string, unknown>): boolean =>
  a.is_admin || (can(a, 'hearingDate.edit') && row.created_by === a.id);

/**
 * A calendar event that is a meeting rather than a case's hearing (issue 13 item 2): a day, a title and a
 * summary, with no case file. Hearings of case files are order sheets; these stand beside them on the
 * calendar, the cause list's day and the iCal feed. Admins and lawyers read the firm's meetings and add
 * them (a lawyer's "Click to remind me" from the limitation calculator is one); an admin edits and deletes
 * any, a lawyer the ones they added. `created_by` is set at creation to the one adding it, never changed.
 */
export const calendarMeetingsDecl = defineEntity({
  name: 'calendar_meetings',
  columns: {
    id: 'text',
    company_id: 'text',
    meeting_date: 'text',
    title: 'text',
    summary: 'text',
    created_by: 'text',
    created_at: 'text',
  },
  writable: ['meeting_date', 'title', 'summary', 'created_by'],
  schema: z.object({
    meeting_date: z
      .string({ error: MSG_DATE_REQUIRED })
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: MSG_DATE_REQUIRED }),
    title: z
      .string({ error: MSG_MEETING_TITLE_REQUIRED })
      .trim()
      .min(1, { error: MSG_MEETING_TITLE_REQUIRED })
      .max(500, tooLong(500)),
    summary: optionalText(5000),
    created_by: z.string({ error: MSG_MEETING_OWNER }).min(1, { error: MSG_MEETING_OWNER }).max(200),
  }),
  indexes: ['meeting_date'],
  policy: {
    readScope: (a) => (a.is_admin || a.is_lawyer ? 'all' : 'none'),
    canCreate: (a) => can(a, 'hearingDate.edit'),
    canUpdate: (a, row, fields) => {
      if (!canEditMeeting(a, row)) return MSG.forbidden;
      return fields.includes('created_by') ? MSG_MEETING_OWNER : true;
    },
    canDelete: (a, row) => canEditMeeting(a, row),
  },
});

export const CALENDAR_ENTITIES = [calendarMeetingsDecl] as const;
