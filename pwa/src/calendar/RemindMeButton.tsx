import { useState } from 'react';
import { Link } from 'react-router';
import { can, formatDate } from '@lawfirm/shared-types';
import { useAuth } from '../auth/AuthContext.tsx';
import { useSync } from '../sync/hooks.ts';
import { useToast } from '../ui/toast.tsx';
import { useSaveReport } from '../ui/useSaveReport.ts';
import { addMeetingLocal } from './calendar.actions.ts';

export const MSG_REMINDER_ADDED = 'Added to your calendar.';

/**
 * "Click to remind me" (issue 16 item 1): for a signed-in lawyer or admin, the date goes on their calendar as a
 * meeting (a local write: offline too, on every device of the firm after the next sync, and in their
 * subscribed iCal feed); for anyone else, `download` gives the phone's calendar an .ics file, as before.
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
  const [added, setAdded] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const onCalendar = !!ctx && !!actor && can(actor, 'hearingDate.edit');
  if (!onCalendar)
    return (
      <button type="button" className="btn" onClick={download}>
        Click to remind me
      </button>
    );
  const add = async () => {
    setBusy(true);
    try {
      await saved(
        () => addMeetingLocal(ctx.db, actor.id, date, title.slice(0, 500), summary),
        MSG_REMINDER_ADDED,
      );
      setAdded(date);
    } catch (e) {
      toast.failed(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="remind-me">
      <button type="button" className="btn" disabled={busy || added === date} onClick={() => void add()}>
        Click to remind me
      </button>
      {added === date && (
        <p role="status">
          {MSG_REMINDER_ADDED} {formatDate(date)}: <Link to="/petitions-calendar">open the calendar</Link>.{' '}
          <button type="button" className="btn" onClick={download}>
            Download .ics
          </button>
        </p>
      )}
    </div>
  );
}
