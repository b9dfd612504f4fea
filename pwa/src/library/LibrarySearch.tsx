import { useDeferredValue, useMemo } from 'react';
import { Link } from 'react-router';
import { CONTRACTS, PAGE_KINDS, PLEADINGS, PROPOSITIONS } from '@lawfirm/shared-types/library/page-kinds.ts';
import { cut80 } from '@lawfirm/shared-types/library/page-text.ts';
import { useEntityRows } from '../sync/hooks.ts';
import type { TField } from '../ui/fields.ts';
import { Field } from '../ui/forms/Field.tsx';
import { useFieldForm } from '../ui/forms/useFieldForm.tsx';
import type { TRow } from '../sync/db.ts';
import { buildLibraryIndex, searchLibrary } from './librarySearch.ts';
import { publicPath } from './pagePaths.ts';

const KIND_LABEL: Record<string, string> = {
  [PROPOSITIONS.name]: 'Proposition',
  [CONTRACTS.name]: 'Contract',
  [PLEADINGS.name]: 'Pleading',
};

/** A query, not the user's work: the form is unguarded. */
const QUERY: TField[] = [
  { key: 'q', label: 'Search the library', placeholder: 'Words in a proposition, contract or pleading' },
];

/**
 * One search box over every proposition, contract and pleading on the device: words in titles, keywords and
 * text, best first, with no network. The index is built when the pages change, not on each keystroke.
 */
export function LibrarySearch() {
  const form = useFieldForm(QUERY, { q: '' }, { unguarded: true });
  const query = form.draft.q ?? '';
  const deferred = useDeferredValue(query);
  const searching = deferred.trim() !== '';
  const propositions = useEntityRows<TRow>(PROPOSITIONS.name, searching ? undefined : null);
  const contracts = useEntityRows<TRow>(CONTRACTS.name, searching ? undefined : null);
  const pleadings = useEntityRows<TRow>(PLEADINGS.name, searching ? undefined : null);
  // Read and indexed when a search starts and again only when the pages change, never for a list only opened.
  const index = useMemo(
    () =>
      searching &&
      buildLibraryIndex({
        [PROPOSITIONS.name]: propositions ?? [],
        [CONTRACTS.name]: contracts ?? [],
        [PLEADINGS.name]: pleadings ?? [],
      }),
    [searching, propositions, contracts, pleadings],
  );
  const loading = [propositions, contracts, pleadings].some((r) => r === undefined);
  const hits = useMemo(() => (index ? searchLibrary(index, deferred, 20) : []), [index, deferred]);
  const rows = new Map(
    [...(propositions ?? []), ...(contracts ?? []), ...(pleadings ?? [])].map((r) => [r.id, r]),
  );
  return (
    <div className="library-search card" role="search">
      <Field {...form.bind('q')} type="search" />
      {deferred.trim() && (
        <ol className="library-hits" aria-label="Search results">
          {loading && <li role="status">Loading....</li>}
          {!loading && hits.length === 0 && <li role="status">No Records found.</li>}
          {hits.map((h) => {
            const kind = PAGE_KINDS.find((k) => k.name === h.kind)!;
            const row = rows.get(h.id);
            return (
              <li key={h.id}>
                <Link className="tap-link" to={row ? publicPath(kind, row) : '#'}>
                  {h.title}
                </Link>{' '}
                <span className="badge">{KIND_LABEL[h.kind]}</span>
                <div className="muted">{cut80(h.text)}</div>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
