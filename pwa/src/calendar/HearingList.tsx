import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { THearing } from './calendar.logic.ts';

const metaOf = (h: THearing) =>
  h.kind === 'meeting'
    ? ['Meeting', h.summary].filter(Boolean).join(' · ')
    : [h.court, h.lastOrder, h.pendingTag ? `Pending: ${h.pendingTag}` : null].filter(Boolean).join(' · ');

/** How long a touch must rest on an event to show its title (the touch screen's hover). */
const LONG_PRESS_MS = 500;

/**
 * An event on the calendar: opens the modal when clicked; its title shows as a tooltip on hover (title) and on a
 * long press on a touch screen (a tooltip of its own, as a touch has no hover), which does not open the modal.
 */
function EventChip({ h, onOpen }: { h: THearing; onOpen: (h: THearing) => void }) {
  const tipId = useId();
  const [tip, setTip] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const pressed = useRef(false);
  useEffect(() => {
    if (!tip) return;
    const t = window.setTimeout(() => setTip(false), 3000);
    return () => window.clearTimeout(t);
  }, [tip]);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const cancel = () => window.clearTimeout(timer.current);
  return (
    <>
      <button
        type="button"
        className={`hearing-title event-chip is-${h.kind}`}
        title={h.title}
        aria-describedby={tip ? tipId : undefined}
        onTouchStart={() => {
          pressed.current = false;
          cancel();
          timer.current = window.setTimeout(() => {
            pressed.current = true;
            setTip(true);
          }, LONG_PRESS_MS);
        }}
        onTouchEnd={cancel}
        onTouchMove={cancel}
        onTouchCancel={cancel}
        // A long press opens the phone's own menu otherwise.
        onContextMenu={(e) => e.preventDefault()}
        onClick={() => {
          if (pressed.current) {
            pressed.current = false;
            return;
          }
          onOpen(h);
        }}
      >
        {h.title}
      </button>
      {tip && (
        <span role="tooltip" id={tipId} className="event-tip">
          {h.title}
        </span>
      )}
    </>
  );
}

export function HearingList({
  hearings,
  empty,
  onOpen,
}: {
  hearings: THearing[] | undefined;
  empty: string;
  /** Events open the modal; without it each links to its case file. */
  onOpen?: (h: THearing) => void;
}) {
  if (!hearings?.length) return <p className="calendar-empty">{empty}</p>;
  return (
    <ul className="hearing-list">
      {hearings.map((h) => (
        <li key={h.id}>
          {onOpen ? (
            <EventChip h={h} onOpen={onOpen} />
          ) : h.petitionId ? (
            <Link to={`/petitions/${h.petitionId}`} className="hearing-title" title={h.title}>
              {h.title}
            </Link>
          ) : (
            <span className="hearing-title" title={h.title}>
              {h.title}
            </span>
          )}
          <span className="hearing-meta">{metaOf(h)}</span>
        </li>
      ))}
    </ul>
  );
}
