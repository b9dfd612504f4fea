import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import Calendar from 'react-calendar';
import 'react-calendar/dist/Calendar.css';
import { formatDate, todayInPakistan } from '@lawfirm/shared-types';
import { useFirstSyncRunning } from '../case-files/useCaseFiles.ts';
import { CalendarSubscription } from './CalendarSubscription.tsx';
import { addDays, isoOfLocal, localOfIso, weekOf, type THearing } from './calendar.logic.ts';
import { useHearingsByDay } from './useHearings.ts';
import './calendar.css';

type TView = 'week' | 'month' | 'day';
const VIEWS: { id: TView; label: string }[] = [
  { id: 'week', label: 'Week' },
  { id: 'month', label: 'Month' },
  { id: 'day', label: 'Day' },
];
/** The spec's phone width: a phone opens on the week, a wider screen on the month. */
const PHONE = '(max-width: 760px)';

const dayName = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', { weekday: 'long', timeZone: 'UTC' });
const monthName = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

function HearingList({ hearings, empty }: { hearings: THearing[] | undefined; empty: string }) {
  if (!hearings?.length) return <p className="calendar-empty">{empty}</p>;
  return (
    <ul className="hearing-list">
      {hearings.map((h) => (
        <li key={h.id}>
          <Link to={`/petitions/${h.petitionId}`} className="hearing-title" title={h.title}>
            {h.title}
          </Link>
          <span className="hearing-meta">
            {[h.court, h.type, h.pendingTag ? `Pending: ${h.pendingTag}` : null].filter(Boolean).join(' · ')}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** /petitions-calendar (part 2 §2.5): the hearings on this device, read from the local database. */
export function CalendarScreen() {
  const days = useHearingsByDay();
  const syncing = useFirstSyncRunning();
  const today = todayInPakistan();
  const [view, setView] = useState<TView>(() => (window.matchMedia?.(PHONE).matches ? 'week' : 'month'));
  const [day, setDay] = useState(today);
  useEffect(() => {
    document.title = 'Calendar';
  }, []);

  const step = (sign: 1 | -1) => {
    if (view === 'day') setDay(addDays(day, sign));
    else if (view === 'week') setDay(addDays(day, 7 * sign));
    else {
      const d = localOfIso(day);
      setDay(isoOfLocal(new Date(d.getFullYear(), d.getMonth() + sign, 1)));
    }
  };
  const loading = days === undefined;
  const empty = loading ? 'Loading...' : syncing ? 'Your case files are still arriving.' : 'No hearings.';
  const period =
    view === 'day'
      ? `${dayName(day)} ${formatDate(day)}`
      : view === 'week'
        ? `${formatDate(weekOf(day)[0])} – ${formatDate(weekOf(day)[6])}`
        : monthName(day);

  return (
    <section className="page calendar-page">
      <h1>Calendar</h1>
      <div className="cause-lists">
        {[
          { title: 'Today', date: today },
          { title: 'Tomorrow', date: addDays(today, 1) },
        ].map(({ title, date }) => (
          <section key={title} className="cause-list" aria-labelledby={`cause-${title}`}>
            <h2 id={`cause-${title}`}>
              {title} <span className="cause-date">{formatDate(date)}</span>
            </h2>
            <HearingList hearings={days?.get(date)} empty={empty} />
          </section>
        ))}
      </div>

      <div className="calendar-bar">
        <div role="group" aria-label="Calendar view" className="calendar-views">
          {VIEWS.map((v) => (
            <button
              key={v.id}
              type="button"
              className="btn"
              aria-pressed={view === v.id}
              onClick={() => setView(v.id)}
            >
              {v.label}
            </button>
          ))}
        </div>
        <div className="calendar-steps">
          <button type="button" className="btn" onClick={() => step(-1)} aria-label={`Previous ${view}`}>
            ‹
          </button>
          <button type="button" className="btn" onClick={() => setDay(today)}>
            Today
          </button>
          <button type="button" className="btn" onClick={() => step(1)} aria-label={`Next ${view}`}>
            ›
          </button>
        </div>
      </div>
      <h2 className="calendar-period" aria-live="polite">
        {period}
      </h2>

      {view === 'month' && (
        <>
          <Calendar
            locale="en-GB"
            value={localOfIso(day)}
            activeStartDate={new Date(localOfIso(day).getFullYear(), localOfIso(day).getMonth(), 1)}
            onActiveStartDateChange={({ activeStartDate }) =>
              activeStartDate && setDay(isoOfLocal(activeStartDate))
            }
            onClickDay={(d) => setDay(isoOfLocal(d))}
            showNavigation={false}
            tileContent={({ date, view: v }) => {
              const n = v === 'month' ? (days?.get(isoOfLocal(date))?.length ?? 0) : 0;
              return n ? (
                <span className="tile-count" aria-label={`${n} hearing${n === 1 ? '' : 's'}`}>
                  {n}
                </span>
              ) : null;
            }}
          />
          <h3 className="calendar-day-title">
            {dayName(day)} {formatDate(day)}
          </h3>
          <HearingList hearings={days?.get(day)} empty={empty} />
        </>
      )}
      {view === 'week' &&
        weekOf(day).map((d) => (
          <section key={d} className={d === today ? 'calendar-day is-today' : 'calendar-day'}>
            <h3 className="calendar-day-title">
              {dayName(d)} {formatDate(d)}
            </h3>
            <HearingList hearings={days?.get(d)} empty={empty} />
          </section>
        ))}
      {view === 'day' && <HearingList hearings={days?.get(day)} empty={empty} />}

      <CalendarSubscription />
    </section>
  );
}
