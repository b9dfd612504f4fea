import { Link } from 'react-router';
import { todayInPakistan } from '@lawfirm/shared-types';
import type { THearing } from './calendar.logic.ts';
import { useCauseLists } from './useHearings.ts';
import { useCan } from '../case-files/useCaseFiles.ts';
import { RecordHearingButton } from '../court-day/RecordHearingButton.tsx';
import { groupByPlace, unrecordedText } from '../court-day/recordHearing.logic.ts';
import '../court-day/court-day.css';

/** What a hearing of tomorrow shows instead of Record hearing: the stage it stands at and its pending tag. */
const stageOf = (h: THearing) =>
  [h.lastOrder, h.pendingTag ? `Pending: ${h.pendingTag}` : null].filter(Boolean).join(' · ');

/**
 * A day's cause list (issue 34 item 5): a heading per court (and room), each court's hearings by their serial
 * in the day's cause list (no serial last), so a lawyer walking between courtrooms sees where to be next.
 * Today's (`record`) shows each hearing's outcome once recorded ("done"), else the "Record hearing" button;
 * tomorrow's shows the stage each case stands at.
 */
export function TodayHearings({
  hearings,
  empty,
  record = true,
}: {
  hearings: THearing[] | undefined;
  empty: string;
  /** Today's list: the outcome or the Record hearing button. Tomorrow's is not heard yet: its stage. */
  record?: boolean;
}) {
  const groups = groupByPlace(hearings ?? []);
  if (!groups.length) return <p className="calendar-empty">{empty}</p>;
  return (
    <>
      {groups.map((g) => (
        <section key={g.place} aria-label={g.place}>
          <h3 className="today-place">{g.place}</h3>
          <ul className="today-list">
            {g.hearings.map((h) => (
              <li key={h.id}>
                <span className="today-serial">{h.serialNo != null ? `No. ${h.serialNo}` : 'No serial'}</span>
                <span className="today-case">
                  {h.petitionId ? <Link to={`/petitions/${h.petitionId}`}>{h.title}</Link> : h.title}
                </span>
                {!record ? (
                  stageOf(h) && <span className="today-stage">{stageOf(h)}</span>
                ) : h.type ? (
                  <span className="today-done badge" aria-label={`Recorded: ${h.type}`}>
                    Recorded: {h.type}
                  </span>
                ) : (
                  h.petitionId && (
                    <RecordHearingButton petitionId={h.petitionId} hearingId={h.id} caseName={h.title} />
                  )
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

/** How many hearings of today have no outcome recorded yet, from the device; undefined while loading. */
export function useUnrecordedToday(enabled: boolean): number | undefined {
  const lists = useCauseLists(todayInPakistan(), enabled);
  return lists?.today.filter((h) => h.kind === 'hearing' && !h.type).length;
}

/** The dashboard's warning (issue 34): "2 hearings today not recorded", linking to the cause list. */
export function UnrecordedWarning() {
  const allowed = useCan('hearingDate.edit');
  const text = unrecordedText(useUnrecordedToday(allowed) ?? 0);
  if (!allowed || !text) return null;
  return (
    <p className="unrecorded-warning" role="status">
      <strong>{text}</strong> <Link to="/cause-list">Record them</Link>
    </p>
  );
}
