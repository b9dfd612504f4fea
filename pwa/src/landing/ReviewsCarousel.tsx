import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Icon } from './icons.tsx';
import { REVIEW_TRUNCATE_AT, type TReview } from './reviews.ts';

/** Part 1 §9: autoplay every 5 s, 600 ms slide, looping, 1 slide below 1200 px and 3 from 1200 px. */
const AUTOPLAY_MS = 5000;
const SPEED_MS = 600;
const WIDE = '(min-width: 1200px)';

function subscribeWide(onChange: () => void): () => void {
  const mq = window.matchMedia(WIDE);
  mq.addEventListener('change', onChange);
  return () => mq.removeEventListener('change', onChange);
}

function usePerView(): number {
  return useSyncExternalStore(
    subscribeWide,
    () => (window.matchMedia(WIDE).matches ? 3 : 1),
    () => 1,
  );
}

const mod = (a: number, n: number) => ((a % n) + n) % n;

function ReviewCard({ review }: { review: TReview }) {
  const [expanded, setExpanded] = useState(false);
  const long = review.review.length > REVIEW_TRUNCATE_AT;
  const text =
    long && !expanded ? `${review.review.slice(0, REVIEW_TRUNCATE_AT).trimEnd()}...` : review.review;
  return (
    <figure className="review">
      <img src={review.image_src} alt="" width={72} height={72} />
      <blockquote>
        <p>{text}</p>
      </blockquote>
      {long && (
        <button
          type="button"
          className="link"
          aria-expanded={expanded}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? 'Show Less' : 'Show More'}
        </button>
      )}
      <figcaption>
        <strong>{review.name}</strong>
        <span>{review.designation}</span>
      </figcaption>
    </figure>
  );
}

/**
 * The loop never duplicates a slide (duplicates would read twice to screen readers and to text lookups):
 * the list is rendered rotated so one slide waits on each side of the visible ones; a move slides by one,
 * then rotates the list and resets the offset in the same frame, which looks identical.
 */
export function ReviewsCarousel({ reviews }: { reviews: TReview[] }) {
  const perView = usePerView();
  const n = reviews.length;
  const [start, setStart] = useState(0);
  const [shift, setShift] = useState<-1 | 0 | 1>(0);
  const busy = useRef(false);
  const canLoop = n >= perView + 2;

  const move = useCallback((d: -1 | 1) => {
    if (busy.current) return;
    busy.current = true;
    setShift(d);
  }, []);

  useEffect(() => {
    if (shift === 0) return;
    const t = setTimeout(() => {
      setStart((s) => mod(s + shift, n));
      setShift(0);
      busy.current = false;
    }, SPEED_MS);
    return () => clearTimeout(t);
  }, [shift, n]);

  useEffect(() => {
    if (!canLoop) return;
    // Restarted after every move, so a manual move is followed by a full 5 s.
    const t = setInterval(() => move(1), AUTOPLAY_MS);
    return () => clearInterval(t);
  }, [move, canLoop, start]);

  const order = canLoop ? reviews.map((_, i) => mod(start - 1 + i, n)) : reviews.map((_, i) => i);
  const width = 100 / perView;
  const offset = canLoop ? -(1 + shift) * width : 0;

  return (
    <div className="carousel" role="region" aria-roledescription="carousel" aria-label="Reviews">
      <div className="carousel-viewport">
        {/* Divs: slides are groups (the APG carousel pattern), and a list may hold only list items. */}
        <div
          className="carousel-track"
          style={{
            transform: `translateX(${offset}%)`,
            transition: shift === 0 ? 'none' : `transform ${SPEED_MS}ms ease`,
          }}
        >
          {order.map((i, pos) => {
            const visible = !canLoop || (pos >= 1 + shift && pos <= perView + shift);
            return (
              <div
                key={i}
                className="slide"
                style={{ flexBasis: `${width}%` }}
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${n}`}
                aria-hidden={!visible || undefined}
                inert={!visible}
              >
                <ReviewCard review={reviews[i]!} />
              </div>
            );
          })}
        </div>
      </div>
      {canLoop && (
        <div className="carousel-controls">
          <button type="button" className="round-btn" aria-label="Previous review" onClick={() => move(-1)}>
            <Icon name="chevronLeft" />
          </button>
          <button type="button" className="round-btn" aria-label="Next review" onClick={() => move(1)}>
            <Icon name="chevronRight" />
          </button>
        </div>
      )}
    </div>
  );
}
