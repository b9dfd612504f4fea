import { Suspense, useEffect, useMemo, useState } from 'react';
import Calendar from 'react-calendar';
import { dayName, GRID_LABELS, monthName } from './calendarLabels.ts';
import 'react-calendar/dist/Calendar.css';
import { formatDate, todayInPakistan } from '@lawfirm/shared-types';
import { useAuth } from '../auth/AuthContext.tsx';
import { useCan, useFirstSyncRunning } from '../case-files/useCaseFiles.ts';
import type { TEventTarget } from './EventModal.tsx';
import { lazyScreen } from '../shell/lazyScreen.tsx';
import { whenIdle } from '../browser/whenIdle.ts';
import { HearingList } from './HearingList.tsx';
import { CAUSE_LIST_PREVIEW, CauseLists } from './CauseList.tsx';
import { CalendarSubscription } from './CalendarSubscription.tsx';
import { addDays, isoOfLocal, localOfIso, monthGrid, weekOf, type THearing } from './calendar.logic.ts';
import { useCauseLists, useHearingCounts, useHearingsBetween } from './useHearings.ts';
import './calendar.css';

/**
 * The event modal's code (its form checks and the local save, with the schemas they need) loads when the
 * browser is idle after the calendar is shown, not on the way to it.
 */
const EventModal = lazyScreen(() => import('./EventModal.tsx'), 'EventModal');

type TView = 'week' | 'month' | 'day';
const VIEWS: { id: TView; label: string }[] = [
  { id: 'week', label: 'Week' },
  { id: 'month', label: 'Month' },
  { id: 'day', label: 'Day' },
];
/** The spec's phone width: a phone opens on the week, a wider screen on the month. */
const PHONE = '(max-width: 760px)';

/** The time now in Pakistan, as the calendar's note shows it (the server keeps Pakistan time). */
function pakistanNow(): string {
  const t = new Date(Date.now() + 5 * 3_600_000).toISOString();
  return `${formatDate(t.slice(0, 10))} ${t.slice(11, 16)}`;
}

/** /petitions-calendar (part 2 §2.5): the hearings on this device, read from the local database. */
export function CalendarScreen() {
  const today = todayInPakistan();
  const [day, setDay] = useState(today);
  const [view, setView] = useState<TView>(() => (window.matchMedia?.(PHONE).matches ? 'week' : 'month'));
  // The month grid counts each day's hearings (counted by the date index, no row read); the hearings
  // themselves are read only for the days listed (the chosen day, or the week), and today's and tomorrow's.
  const grid = monthGrid(day);
  const counts = useHearingCounts(grid.from, grid.to, view === 'month');
  const week = weekOf(day);
  const listed = view === 'week' ? { from: week[0]!, to: week[6]! } : { from: day, to: day };
  // Today and tomorrow (the cause lists) are read in the same query when the listed days touch them.
  const tomorrow = addDays(today, 1);
  const joined = listed.from <= addDays(tomorrow, 1) && listed.to >= addDays(today, -1);
  const days = useHearingsBetween(
    joined && today < listed.from ? today : listed.from,
    joined && tomorrow > listed.to ? tomorrow : listed.to,
  );
  const ownCauseLists = useCauseLists(today, !joined);
  const causeLists = useMemo(
    () =>
      joined ? days && { today: days.get(today) ?? [], tomorrow: days.get(tomorrow) ?? [] } : ownCauseLists,
    [joined, days, today, tomorrow, ownCauseLists],
  );
  const syncing = useFirstSyncRunning();
  const { actor } = useAuth();
  const canAdd = useCan('hearingDate.edit');
  const [target, setTarget] = useState<TEventTarget | null>(null);
  // Part 2 §2.5: the Edit modal is the admin's; a lawyer may change a meeting they added. Others read it.
  const openEvent = (event: THearing) =>
    setTarget({
      mode:
        actor?.is_admin || (canAdd && event.kind === 'meeting' && event.createdBy === actor?.id)
          ? 'edit'
          : 'view',
      event,
    });
  const addOn = (date: string) => canAdd && setTarget({ mode: 'add', date });
  const dayTitle = (d: string) => (
    <h3 className="calendar-day-title">
      <span>
        {dayName(d)} {formatDate(d)}
      </span>
      {canAdd && (
        <button
          type="button"
          className="btn small day-add"
          aria-label={`Add event on ${dayName(d)} ${formatDate(d)}`}
          onClick={() => addOn(d)}
        >
          +
        </button>
      )}
    </h3>
  );
  useEffect(() => {
    document.title = 'Calendar';
    whenIdle(() => void EventModal.preload());
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
  const empty = loading ? 'Loading....' : syncing ? 'Your case files are still arriving.' : 'No hearings.';
  const period =
    view === 'day'
      ? `${dayName(day)} ${formatDate(day)}`
      : view === 'week'
        ? `${formatDate(week[0])} – ${formatDate(week[6])}`
        : monthName(day);

  return (
    <section className="page calendar-page">
      <h1>Calendar</h1>
      <p className="calendar-note">
        Server time (Pakistan): <time>{pakistanNow()}</time>
        {canAdd ? '. Tap a date to add an event; tap an event to open it.' : '.'}
      </p>
      <CauseLists today={today} lists={causeLists} empty={empty} limit={CAUSE_LIST_PREVIEW} />

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
            {...GRID_LABELS}
            locale="en-GB"
            value={localOfIso(day)}
            activeStartDate={new Date(localOfIso(day).getFullYear(), localOfIso(day).getMonth(), 1)}
            onActiveStartDateChange={({ activeStartDate }) =>
              activeStartDate && setDay(isoOfLocal(activeStartDate))
            }
            onClickDay={(d) => {
              setDay(isoOfLocal(d));
              addOn(isoOfLocal(d));
            }}
            showNavigation={false}
            tileContent={({ date, view: v }) => {
              const n = v === 'month' ? (counts?.get(isoOfLocal(date)) ?? 0) : 0;
              return n ? (
                <span className="tile-count" aria-label={`${n} hearing${n === 1 ? '' : 's'}`}>
                  {n}
                </span>
              ) : null;
            }}
          />
          {dayTitle(day)}
          <HearingList hearings={days?.get(day)} empty={empty} onOpen={openEvent} />
        </>
      )}
      {view === 'week' &&
        week.map((d) => (
          <section key={d} className={d === today ? 'calendar-day is-today' : 'calendar-day'}>
            {dayTitle(d)}
            <HearingList hearings={days?.get(d)} empty={empty} onOpen={openEvent} />
          </section>
        ))}
      {view === 'day' && (
        <>
          {dayTitle(day)}
          <HearingList hearings={days?.get(day)} empty={empty} onOpen={openEvent} />
        </>
      )}
      <Suspense fallback={null}>
        {target && actor && (
          <EventModal
            key={target.mode === 'add' ? `add-${target.date}` : target.event.id}
            target={target}
            userId={actor.id}
            onClose={() => setTarget(null)}
          />
        )}
      </Suspense>

      <CalendarSubscription />
    </section>
  );
}
