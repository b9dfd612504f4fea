import { useId, useState, type ReactNode } from 'react';

/** Wide enough for a list and its filters on one screen: the filters start open there. */
const WIDE = '(min-width: 760px)';

/** A list's filters folded away: on a phone the list comes first and the filters wait behind a button. */
export type TFiltersFold = { open: boolean; id: string; toggle: () => void };

/** Closed on a phone and open on a wide screen, until the user taps the button. */
export function useFiltersFold(): TFiltersFold {
  const id = useId();
  const [open, setOpen] = useState(() => window.matchMedia?.(WIDE).matches ?? false);
  return { open, id, toggle: () => setOpen((o) => !o) };
}

/** The button that opens and closes the filters; it counts the active ones, so a folded search is never hidden. */
export function FiltersButton({ fold, active }: { fold: TFiltersFold; active: number }) {
  return (
    <button
      type="button"
      className="btn filters-toggle"
      aria-expanded={fold.open}
      aria-controls={fold.id}
      onClick={fold.toggle}
    >
      Filters
      {active > 0 && ' '}
      {active > 0 && (
        <span className="filter-count">
          {active}
          <span className="sr-only"> active</span>
        </span>
      )}
    </button>
  );
}

/** The filters themselves, shown while the fold is open. */
export function FiltersRegion({
  fold,
  className,
  children,
}: {
  fold: TFiltersFold;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div id={fold.id} className={className} hidden={!fold.open}>
      {children}
    </div>
  );
}
