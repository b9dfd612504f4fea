import { formatDate } from '@lawfirm/shared-types';
import { useDownload } from '../case-files/shared/useDownload.ts';
import { addDays, causeListRows, type THearing } from './calendar.logic.ts';
import { HearingList } from './HearingList.tsx';
import type { TCauseLists } from './useHearings.ts';

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
}: {
  heading: 'Today' | 'Tomorrow';
  date: string;
  hearings: THearing[] | undefined;
  empty: string;
  download: boolean;
}) {
  const pdf = useDownload();
  const list = hearings?.filter((h) => h.kind === 'hearing');
  const id = `cause-${heading}`;
  return (
    <section className="cause-list" aria-labelledby={id}>
      <h2 id={id}>
        {heading} <span className="cause-date">{formatDate(date)}</span>
      </h2>
      <HearingList hearings={list} empty={empty} />
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

/** Today's and tomorrow's cause lists side by side (one under the other on a phone). */
export function CauseLists({
  today,
  lists,
  empty,
  download = false,
}: {
  today: string;
  lists: TCauseLists | Map<string, THearing[]> | undefined;
  empty: string;
  download?: boolean;
}) {
  const tomorrow = addDays(today, 1);
  const of = (day: 'today' | 'tomorrow', date: string) =>
    lists instanceof Map ? (lists.get(date) ?? []) : lists?.[day];
  return (
    <div className="cause-lists">
      <CauseListSection
        heading="Today"
        date={today}
        hearings={of('today', today)}
        empty={empty}
        download={download}
      />
      <CauseListSection
        heading="Tomorrow"
        date={tomorrow}
        hearings={of('tomorrow', tomorrow)}
        empty={empty}
        download={download}
      />
    </div>
  );
}
