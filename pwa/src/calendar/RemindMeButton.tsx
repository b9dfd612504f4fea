import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { can, formatDate } from '@lawfirm/shared-types';
import { useAuth } from '../auth/AuthContext.tsx';
import { deleteLocal } from '../sync/actions.ts';
import { useSync } from '../sync/hooks.ts';
import { useToast } from '../feedback/toast.tsx';
import { useSaveReport } from '../feedback/useSaveReport.ts';
import { addMeetingLocal } from './calendar.actions.ts';

/** What the button did, with the day it did it for (dd/mm/yyyy). */
export const reminderAdded = (isoDate: string) =>
  `Reminder added to your calendar for ${formatDate(isoDate)}`;
export const MSG_REMINDER_REMOVED = 'Reminder removed from your calendar.';

/**
 * "Click to remind me" (issue 16 item 1): for a signed-in lawyer or admin, the date goes on their calendar as a
 * meeting (a local write: offline too, on every device of the firm after the next sync, and in their
 * subscribed iCal feed), and the message says so with an Undo that removes that meeting again (a local write
 * as well); for anyone else, `download` gives the phone's calendar an .ics file, as before.
 */
export function RemindMeButton({
  date,
  title,
  summary,
  download,
}: {
  /** ISO day. */
  date: string;
  title: string;
  summary: string | null;
  download: () => void;
}) {
  const { actor } = useAuth();
  const ctx = useSync();
  const toast = useToast();
  const saved = useSaveReport();
  const button = useRef<HTMLButtonElement>(null);
  // The meeting this button added, and for which day; 'removed' once undone.
  const [added, setAdded] = useState<{ date: string; id: string } | 'removed' | null>(null);
  const [busy, setBusy] = useState(false);
  const onCalendar = !!ctx && !!actor && can(actor, 'hearingDate.edit');
  if (!onCalendar)
    return (
      <button type="button" className="btn" onClick={download}>
        Click to remind me
      </button>
    );
  const run = async (write: () => Promise<void>) => {
    setBusy(true);
    try {
      await write();
    } catch (e) {
      toast.failed(e);
    } finally {
      setBusy(false);
    }
  };
  const add = () =>
    run(async () => {
      const text = reminderAdded(date);
      const id = await saved(
        () => addMeetingLocal(ctx.db, actor.id, date, title.slice(0, 500), summary),
        `${text}.`,
      );
      setAdded({ date, id });
    });
  const undo = (id: string) =>
    run(async () => {
      await saved(() => deleteLocal(ctx.db, 'calendar_meetings', id), MSG_REMINDER_REMOVED);
      setAdded('removed');
      button.current?.focus();
    });
  const shown = added !== null && added !== 'removed' && added.date === date ? added : null;
  return (
    <div className="remind-me">
      <button
        ref={button}
        type="button"
        className="btn"
        disabled={busy || !!shown}
        onClick={() => void add()}
      >
        Click to remind me
      </button>
      {shown && (
        <p role="status">
          {reminderAdded(shown.date)}{' '}
          <button type="button" className="btn" disabled={busy} onClick={() => void undo(shown.id)}>
            Undo
          </button>{' '}
          <Link className="tap-link" to="/petitions-calendar">
            Open the calendar
          </Link>{' '}
          <button type="button" className="btn" onClick={download}>
            Download .ics
          </button>
        </p>
      )}
      {added === 'removed' && <p role="status">{MSG_REMINDER_REMOVED}</p>}
    </div>
  );
}
