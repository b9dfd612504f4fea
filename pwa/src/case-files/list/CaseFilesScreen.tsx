import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MSG } from '@lawfirm/shared-types';
import { downloadCaseFilePdf } from '../../pdf/index.ts';
import { useAuth } from '../../auth/AuthContext.tsx';
import { useCourts } from '../../reference-data/useReferenceData.ts';
import { useSync } from '../../sync/hooks.ts';
import { PageControls } from '../../ui/Paginator.tsx';
import { useToast } from '../../ui/toast.tsx';
import { useConfirmedDelete } from '../../ui/useConfirmedDelete.tsx';
import { deletePetitionLocal, setArchivedLocal } from '../caseFiles.actions.ts';
import { groupParties, NO_PARTIES } from '../caseFiles.logic.ts';
import type { TPetitionRow } from '../caseFiles.types.ts';
import {
  filterCases,
  filtersFromParams,
  filtersToParams,
  NO_FILTERS,
  pageOf,
  type TCaseFilters,
} from '../filterCases.ts';
import { PendingCasesDialog } from '../pending/PendingCasesDialog.tsx';
import { useDownload } from '../shared/useDownload.ts';
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
import '../case-files.css';

/**
 * Case Files (/petitions, part 1 §2). The whole list is filtered on the device (filterCases) and shown 20 to
 * a page, so only 20 cards ever render and their counts and hearing dates come from one query for the page.
 * Filters and page live in the address: Back from a case returns to the same search and page.
 */
export function CaseFilesScreen() {
  const { actor } = useAuth();
  const ctx = useSync();
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const { filters, page } = filtersFromParams(params);
  const paramsKey = params.toString();

  const petitions = usePetitions();
  const parties = useAllParties();
  const lookups = useLookups();
  const courts = useCourts();
  const firstSync = useFirstSyncRunning();
  const [pendingOpen, setPendingOpen] = useState(false);
  const download = useDownload();

  const gates: TCardGates = {
    edit: useCan('petitions.edit'),
    archive: useCan('petitions.archive'),
    pendingTag: useCan('pendingTag.edit'),
    hearing: useCan('hearingDate.edit'),
  };
  const isStudent = !!actor?.is_student;

  // paramsKey stands for `filters`, rebuilt on every render.
  const shown = useMemo(
    () => petitions && parties && filterCases(petitions, parties, filters),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [petitions, parties, paramsKey],
  );
  const byCase = useMemo(() => groupParties(parties ?? []), [parties]);
  const current = useMemo(() => shown && pageOf(shown, page), [shown, page]);
  const ids = useMemo(() => current?.data.map((p) => p.id) ?? [], [current]);
  const stats = useCaseStats(ids);
  const courtOptions = useMemo(() => (courts ?? []).map((c) => ({ value: c.id, label: c.title })), [courts]);

  const apply = (f: TCaseFilters, p = 1) => setParams(filtersToParams(f, p));
  const remover = useConfirmedDelete<TPetitionRow>(
    async (p) => {
      if (!ctx) throw new Error('The local database is not open yet.');
      await deletePetitionLocal(ctx.db, p.id);
    },
    MSG.deletedOk,
    () => undefined,
  );
  const archive = (p: TPetitionRow) => {
    if (!ctx) return toast.error('Something went wrong!', 'The local database is not open yet.');
    setArchivedLocal(ctx.db, p, !p.archived).then(
      () => toast.success(MSG.updatedOk),
      (e: unknown) => toast.failed(e),
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
        </div>
      )}
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
