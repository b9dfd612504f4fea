import { useEffect } from 'react';
import { Link } from 'react-router';
import { todayInPakistan } from '@lawfirm/shared-types';
import { useFirstSyncRunning } from '../case-files/useCaseFiles.ts';
import { CauseLists } from './CauseList.tsx';
import { useCauseLists } from './useHearings.ts';
import './calendar.css';

/**
 * /cause-list (issue 13 item 3): today's and tomorrow's hearings from the device (offline too), ordered by
 * court, to print or to download as a PDF.
 */
export function CauseListScreen() {
  const today = todayInPakistan();
  const lists = useCauseLists(today);
  const syncing = useFirstSyncRunning();
  useEffect(() => {
    document.title = 'Cause List';
    // Printing leaves out the app's header and footer (case-files.css, the print views' rule).
    document.body.classList.add('print-view');
    return () => document.body.classList.remove('print-view');
  }, []);
  const empty = !lists ? 'Loading....' : syncing ? 'Your case files are still arriving.' : 'No hearings.';
  return (
    <section className="page calendar-page cause-list-page">
      <h1>Cause List</h1>
      <div className="calendar-actions no-print">
        <button type="button" className="btn primary" onClick={() => window.print()}>
          Print
        </button>
        <Link className="btn" to="/petitions-calendar">
          Calendar
        </Link>
      </div>
      <CauseLists today={today} lists={lists} empty={empty} download />
    </section>
  );
}
