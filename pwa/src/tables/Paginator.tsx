/** Page links for the server's paginators (Laravel-style current_page / last_page). */
export type PaginatorProps = {
  current_page: number;
  last_page: number;
  onPage: (page: number) => void;
};

/** Pages shown around the current one; the first and last are always reachable. */
const SPAN = 2;

export function pageWindow(current: number, last: number): (number | 'gap')[] {
  const out: (number | 'gap')[] = [];
  for (let p = 1; p <= last; p++) {
    if (p === 1 || p === last || Math.abs(p - current) <= SPAN) out.push(p);
    else if (out[out.length - 1] !== 'gap') out.push('gap');
  }
  return out;
}

export function Paginator({ current_page, last_page, onPage }: PaginatorProps) {
  if (last_page <= 1) return null;
  return (
    <nav
      aria-label="Pagination"
      style={{ display: 'flex', flexWrap: 'wrap', gap: '0.25rem', margin: '0.75rem 0' }}
    >
      <button
        type="button"
        className="btn"
        disabled={current_page <= 1}
        onClick={() => onPage(current_page - 1)}
      >
        Previous
      </button>
      {pageWindow(current_page, last_page).map((p, i) =>
        p === 'gap' ? (
          <span key={`gap-${i}`} aria-hidden="true" style={{ alignSelf: 'center' }}>
            …
          </span>
        ) : (
          <button
            key={p}
            type="button"
            className={p === current_page ? 'btn primary' : 'btn'}
            aria-label={`Page ${p}`}
            aria-current={p === current_page ? 'page' : undefined}
            onClick={() => onPage(p)}
          >
            {p}
          </button>
        ),
      )}
      <button
        type="button"
        className="btn"
        disabled={current_page >= last_page}
        onClick={() => onPage(current_page + 1)}
      >
        Next
      </button>
    </nav>
  );
}

/**
 * The spec's footer of a paged list: 'Showing from X to Y of Z' and the page links. Hidden while the next
 * page loads so it never describes rows that are not on screen.
 */
export function PageControls({
  page,
  loading,
  onPage,
}: {
  page:
    | { from: number | null; to: number | null; total: number; current_page: number; last_page: number }
    | undefined;
  loading: boolean;
  onPage: (page: number) => void;
}) {
  if (!page || loading) return null;
  return (
    <>
      {page.total > 0 && (
        <p>
          Showing from {page.from ?? 0} to {page.to ?? 0} of {page.total}
        </p>
      )}
      <Paginator current_page={page.current_page} last_page={page.last_page} onPage={onPage} />
    </>
  );
}
