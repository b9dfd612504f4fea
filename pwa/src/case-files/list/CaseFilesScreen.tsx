import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MSG } from '@lawfirm/shared-types';
import { downloadCaseFilePdf } from '../../pdf/index.ts';
import { useAuth } from '../../auth/AuthContext.tsx';
import { useCourts } from '../../reference-data/useReferenceData.ts';
import { useSync } from '../../sync/hooks.ts';
import { FiltersButton, FiltersRegion, useFiltersFold } from '../../tables/FiltersFold.tsx';
import { PageControls } from '../../tables/Paginator.tsx';
import { useToast } from '../../feedback/toast.tsx';
import { useConfirmedDelete } from '../../feedback/useConfirmedDelete.tsx';
import { useSaveReport } from '../../feedback/useSaveReport.ts';
import { deletePetitionLocal, setArchivedLocal } from '../caseFiles.actions.ts';
import { caseNameOf, caseNumber } from '@lawfirm/shared-types/case-files/case-title.ts';
import { groupParties, NO_PARTIES } from '../caseFiles.logic.ts';
import type { TPetitionRow } from '../caseFiles.types.ts';
import {
  activeFilterCount,
  byNextHearing,
  filterCases,
  filtersFromParams,
  filtersToParams,
  NO_FILTERS,
  orderFromParams,
  pageOf,
  type TCaseFilters,
  type TCaseOrder,
} from '../filterCases.ts';
import { PendingCasesDialog } from '../pending/PendingCasesDialog.tsx';
import { useDownload } from '../../shell/useDownload.ts';
import {
  statsOf,
  useAllParties,
  useCan,
  useCaseStats,
  useFirstSyncRunning,
  useLookups,
  usePetitions,
} from '../useCaseFiles.ts';
import { CaseCard, type TCardGates } from './CaseCard.tsx';
import { CaseSearchForm } from './CaseSearchForm.tsx';
import { FieldControl } from '../../ui/FieldControl.tsx';
import type { TControl } from '../../ui/fields.ts';
import { useNextHearings } from './useNextHearings.ts';
import '../case-files.css';

/** The list's order: applied at once, not a form, so the kit's control alone beside its own label. */
const ORDER_FIELD: TControl = {
  kind: 'select',
  options: [
    { value: 'newest', label: 'Newest first' },
    { value: 'hearing', label: 'Next hearing' },
  ],
};

/**
 * Case Files (/petitions, part 1 §2). The whole list is filtered on the device (filterCases) and shown 20 to
 * a page, so only 20 cards ever render and their counts and hearing dates come from one query for the page.
 * Filters, order and page live in the address: Back from a case returns to the same search and page. On a
 * phone the cases come first: the filters fold behind a button that counts the active ones.
 */
export function CaseFilesScreen() {
  const { actor } = useAuth();
  const ctx = useSync();
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const { filters, page } = filtersFromParams(params);
  const order = orderFromParams(params);
  const paramsKey = params.toString();
  const active = activeFilterCount(filters);
  const fold = useFiltersFold();
  // Cases whose delete waits behind Undo: off the list meanwhile.
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const hide = (id: string, on: boolean) =>
    setHidden((h) => {
      const next = new Set(h);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const petitions = usePetitions();
  const parties = useAllParties();
  const lookups = useLookups();
  const courts = useCourts();
  const firstSync = useFirstSyncRunning();
  const [pendingOpen, setPendingOpen] = useState(false);
  const download = useDownload();
  const saved = useSaveReport();
  const nextHearings = useNextHearings(order === 'hearing');

  const gates: TCardGates = {
    edit: useCan('petitions.edit'),
    archive: useCan('petitions.archive'),
    pendingTag: useCan('pendingTag.edit'),
    hearing: useCan('hearingDate.edit'),
  };
  const isStudent = !!actor?.is_student;

  // paramsKey stands for `filters`, rebuilt on every render.
  const shown = useMemo(() => {
    if (!petitions || !parties) return undefined;
    const found = filterCases(petitions, parties, filters).filter((p) => !hidden.has(p.id));
    if (order !== 'hearing') return found;
    return nextHearings ? byNextHearing(found, nextHearings) : undefined;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [petitions, parties, paramsKey, hidden, nextHearings]);
  const byCase = useMemo(() => groupParties(parties ?? []), [parties]);
  const current = useMemo(() => shown && pageOf(shown, page), [shown, page]);
  const ids = useMemo(() => current?.data.map((p) => p.id) ?? [], [current]);
  const stats = useCaseStats(ids);
  const courtOptions = useMemo(() => (courts ?? []).map((c) => ({ value: c.id, label: c.title })), [courts]);

  const apply = (f: TCaseFilters, p = 1, o: TCaseOrder = order) => {
    const next = filtersToParams(f, p);
    if (o === 'hearing') next.set('order', 'hearing');
    setParams(next);
  };
  const numberOf = (p: TPetitionRow) => caseNumber(caseNameOf(p, lookups?.abbrOf(p.petition_type_id)));
  const remover = useConfirmedDelete<TPetitionRow>(
    async (p) => {
      if (!ctx) throw new Error('The local database is not open yet.');
      await deletePetitionLocal(ctx.db, p.id);
    },
    MSG.deletedOk,
    () => undefined,
    {
      detail: (p) => `Case ${numberOf(p)} and all its documents will be deleted.`,
      undo: {
        title: (p) => `Case ${numberOf(p)} deleted.`,
        hide: (p) => hide(p.id, true),
        show: (p) => hide(p.id, false),
      },
    },
  );
  const archive = (p: TPetitionRow) => {
    if (!ctx) return toast.error('Something went wrong!', 'The local database is not open yet.');
    saved(() => setArchivedLocal(ctx.db, p, !p.archived), MSG.updatedOk).catch((e: unknown) =>
      toast.failed(e),
    );
  };

  const loading = !current || !lookups || (firstSync && !current.total);
  return (
    <section className="page case-files">
      <div className="list-head">
        <h1>{filters.archived ? 'Archived Case Files' : 'Case Files'}</h1>
        {gates.edit && (
          <Link className="btn primary" to="/petitions/create">
            New Case
          </Link>
        )}
      </div>
      <div className="case-list-bar">
        <FiltersButton fold={fold} active={active} />
        <span className="case-order">
          <label htmlFor={`${fold.id}-order`}>Order</label>
          <FieldControl
            field={ORDER_FIELD}
            id={`${fold.id}-order`}
            value={order}
            onChange={(v) => apply(filters, 1, v as TCaseOrder)}
          />
        </span>
      </div>
      <FiltersRegion fold={fold} className="case-filters">
        <CaseSearchForm
          key={paramsKey}
          applied={filters}
          courts={courtOptions}
          onSearch={(f) => apply({ ...f, archived: filters.archived })}
          onReset={() => apply({ ...NO_FILTERS, archived: filters.archived })}
        />
        {!isStudent && (
          <div className="case-list-tools">
            <button
              type="button"
              className="btn"
              onClick={() => apply({ ...filters, archived: !filters.archived })}
            >
              {filters.archived ? 'Active Cases' : 'Archived Cases'}
            </button>
            <button type="button" className="btn" onClick={() => setPendingOpen(true)}>
              Print Pending Cases
            </button>
            {gates.edit && (
              <Link className="btn" to="/conflict-check">
                Conflict Check
              </Link>
            )}
          </div>
        )}
      </FiltersRegion>
      {loading ? (
        <p role="status">Loading....</p>
      ) : !current.total ? (
        <p role="status">No Records found</p>
      ) : (
        <div className="case-grid">
          {current.data.map((p) => (
            <CaseCard
              key={p.id}
              petition={p}
              parties={byCase.get(p.id) ?? NO_PARTIES}
              abbr={lookups.abbrOf(p.petition_type_id)}
              court={lookups.courtOf(p.court_id)}
              stats={stats && statsOf(stats, p.id)}
              gates={gates}
              downloading={download.busy}
              onDownload={(row) => download.run((db) => downloadCaseFilePdf(db, row.id))}
              onArchive={archive}
              onDelete={remover.ask}
            />
          ))}
        </div>
      )}
      {!loading && <PageControls page={current} loading={false} onPage={(p) => apply(filters, p)} />}
      {remover.dialog}
      {pendingOpen && <PendingCasesDialog onClose={() => setPendingOpen(false)} />}
    </section>
  );
}
