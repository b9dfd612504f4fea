import { Link } from 'react-router';
import { formatDate } from '@lawfirm/shared-types';
import { useDownload } from '../shell/useDownload.ts';
import { addDays, causeListRows, type THearing } from './calendar.logic.ts';
import type { TCauseLists } from './useHearings.ts';
import { orderedByPlace } from '../court-day/recordHearing.logic.ts';
import { TodayHearings } from './TodayHearings.tsx';

/**
 * One day's cause list (issue 13 item 3): the hearings of the day by court, each with its case number and
 * title (a link to the case file), court, the stage it stands at and its pending tag; meetings are not heard in
 * court and are left out. With `download`, a 'Download PDF' made on the device by the shared builder.
 */
function CauseListSection({
  heading,
  date,
  hearings,
  empty,
  download,
  limit,
}: {
  heading: 'Today' | 'Tomorrow';
  date: string;
  hearings: THearing[] | undefined;
  empty: string;
  download: boolean;
  limit?: number;
}) {
  const pdf = useDownload();
  const heard = hearings?.filter((h) => h.kind === 'hearing');
  // Both days by court and serial (issue 34), today's with Record hearing: cut to their first ones in that
  // order, which is also the PDF's.
  const list = heard && orderedByPlace(heard);
  const shown = limit && list && list.length > limit ? list.slice(0, limit) : list;
  const id = `cause-${heading}`;
  return (
    <section className="cause-list" aria-labelledby={id}>
      <h2 id={id}>
        {heading} <span className="cause-date">{formatDate(date)}</span>
      </h2>
      <TodayHearings hearings={shown} empty={empty} record={heading === 'Today'} />
      {list && shown !== list && (
        <p className="cause-more">
          <Link to="/cause-list">
            All {list.length} hearings of {heading.toLowerCase()}: open the cause list
          </Link>
        </p>
      )}
      {download && (
        <button
          type="button"
          className="btn cause-download no-print"
          disabled={pdf.busy || !list}
          aria-label={`Download PDF of ${heading.toLowerCase()}’s cause list`}
          onClick={() =>
            pdf.run(async (db) =>
              (await import('./causeList.pdf.ts')).downloadCauseListPdf(
                db,
                heading,
                date,
                causeListRows(list),
              ),
            )
          }
        >
          Download PDF
        </button>
      )}
    </section>
  );
}

/** How many hearings of a day the calendar and the dashboard show before linking to the whole cause list. */
export const CAUSE_LIST_PREVIEW = 10;

/** Today's and tomorrow's cause lists side by side (one under the other on a phone). */
export function CauseLists({
  today,
  lists,
  empty,
  download = false,
  limit,
}: {
  today: string;
  lists: TCauseLists | undefined;
  empty: string;
  download?: boolean;
  /** Show the first this many and link to the whole list at /cause-list (the calendar and the dashboard). */
  limit?: number;
}) {
  const tomorrow = addDays(today, 1);
  return (
    <div className="cause-lists">
      {(
        [
          ['Today', 'today', today],
          ['Tomorrow', 'tomorrow', tomorrow],
        ] as const
      ).map(([heading, day, date]) => (
        <CauseListSection
          key={day}
          heading={heading}
          date={date}
          hearings={lists?.[day]}
          empty={empty}
          download={download}
          limit={limit}
        />
      ))}
    </div>
  );
}
