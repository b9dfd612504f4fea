import { calendarMeetingsDecl, MSG_MEETING_OWNER } from '@lawfirm/shared-types';
import { serverEntity } from '../sync/entities.ts';

/** A meeting names as its maker the one who adds it, on a device's push and over REST alike. */
export const calendarMeetingsEntity = serverEntity(calendarMeetingsDecl, {
  check: async (_trx, actor, row, changed) =>
    changed.includes('created_by') && row.created_by !== actor.id ? MSG_MEETING_OWNER : null,
});
