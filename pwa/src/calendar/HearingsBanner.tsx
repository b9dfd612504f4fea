import { Link } from 'react-router';
import { todayInPakistan } from '@lawfirm/shared-types';
import { useCan } from '../case-files/useCaseFiles.ts';
import { CAUSE_LIST_PREVIEW, CauseLists } from './CauseList.tsx';
import { useCauseLists } from './useHearings.ts';
import './calendar.css';

const count = (n: number) => `${n} hearing${n === 1 ? '' : 's'}`;

/** Today's and tomorrow's lists for those who attend hearings (lawyers and admins), from the device. */
function useDashboardLists() {
  const allowed = useCan('hearingDate.edit');
  const today = todayInPakistan();
  return { today, lists: useCauseLists(today, allowed), allowed };
}

/**
 * The dashboard's reminder (issue 13 item 5): a banner naming how many hearings there are today and tomorrow,
 * read from the device's database, so it shows in a court corridor with no signal; it links to the cause list.
 */
export function HearingsBanner() {
  const { lists, allowed } = useDashboardLists();
  if (!allowed || !lists) return null;
  const today = lists.today.filter((h) => h.kind === 'hearing').length;
  const tomorrow = lists.tomorrow.filter((h) => h.kind === 'hearing').length;
  if (!today && !tomorrow) return null;
  return (
    <div className="hearings-banner" role="status">
      <strong>
        {today ? `${count(today)} today` : 'No hearings today'},{' '}
        {tomorrow ? `${count(tomorrow)} tomorrow` : 'none tomorrow'}.
      </strong>{' '}
      <Link to="/cause-list">Open the cause list</Link>
    </div>
  );
}

/** The dashboard's Today and Tomorrow cause lists (issue 13 item 3). */
export function DashboardCauseLists() {
  const { today, lists, allowed } = useDashboardLists();
  if (!allowed || !lists) return null;
  return (
    <section className="dashboard-hearings" aria-label="Cause list">
      <CauseLists today={today} lists={lists} empty="No hearings." limit={CAUSE_LIST_PREVIEW} />
    </section>
  );
}
