import { useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatDate } from '@lawfirm/shared-types';
import { useAuth } from '../../auth/AuthContext.tsx';
import { IndexedDocumentList } from '../../case-documents/IndexedDocumentList.tsx';
import { downloadCaseFilePdf } from '../../pdf/index.ts';
import { useEntityRow } from '../../sync/hooks.ts';
import {
  caseNumber,
  groupParties,
  namesOf,
  NO_PARTIES,
  standardTitle,
  UNKNOWN_LAWYER,
} from '../caseFiles.logic.ts';
import type { TPetitionRow } from '../caseFiles.types.ts';
import { HearingDateControl } from '../hearing/HearingDateControl.tsx';
import { PendingTagEditor } from '../shared/PendingTagEditor.tsx';
import { useDownload } from '../shared/useDownload.ts';
import {
  statsOf,
  useCan,
  useCaseStats,
  useFirstSyncRunning,
  useLookups,
  usePetitionParties,
  useUsers,
} from '../useCaseFiles.ts';
import { LawyerProfileDialog } from './LawyerProfileDialog.tsx';
import { PetitionTabs } from './PetitionTabs.tsx';
import '../case-files.css';

/** The petition index screen (/petitions/:id, route case-detail): the case's heading, tabs and index. */
export function PetitionScreen() {
  const { id = '' } = useParams();
  const row = useEntityRow<TPetitionRow>('petitions', id);
  // Right after moving to another case the hook still answers the previous one for a moment.
  const petition = row && row.id !== id ? undefined : row;
  const firstSync = useFirstSyncRunning();
  const canEdit = useCan('petitions.edit');

  // A case this device does not hold (not readable, or not downloaded yet) reads as no record.
  if (petition === undefined || (petition === null && firstSync))
    return (
      <section className="page">
        <p role="status">Loading....</p>
      </section>
    );
  if (!petition)
    return (
      <section className="page">
        <p role="status">No Records found</p>
        <Link to="/petitions">Back to Case Files</Link>
      </section>
    );
  return (
    <section className="page petition-page">
      <PetitionHeader petition={petition} />
      <PetitionTabs petitionId={petition.id} current="petition" />
      <IndexedDocumentList kind="index" petitionId={petition.id} canEdit={canEdit} />
    </section>
  );
}

/** Breadcrumbs, the case's heading and its actions; shared by the petition page. */
function PetitionHeader({ petition }: { petition: TPetitionRow }) {
  const { user } = useAuth();
  const lookups = useLookups();
  const parties = usePetitionParties(petition.id);
  const users = useUsers();
  const stats = useCaseStats(useMemo(() => [petition.id], [petition.id]));
  const canEdit = useCan('petitions.edit');
  const canTag = useCan('pendingTag.edit');
  const canHearing = useCan('hearingDate.edit');
  const download = useDownload();
  const [profileOf, setProfileOf] = useState<string | null>(null);

  const abbr = lookups?.abbrOf(petition.petition_type_id) ?? null;
  const title = standardTitle(petition, abbr);
  useEffect(() => {
    document.title = `${title} Petition`;
  }, [title]);

  const sides = useMemo(
    () => groupParties(parties ?? []).get(petition.id) ?? NO_PARTIES,
    [parties, petition.id],
  );
  const lawyerName = (lawyerId: string) =>
    users?.find((u) => u.id === lawyerId)?.name ?? (lawyerId === user?.id ? user.name : UNKNOWN_LAWYER);
  const number = caseNumber(abbr, petition.case_no, petition.year);

  return (
    <header className="petition-head">
      <nav aria-label="Breadcrumb" className="breadcrumbs">
        <ol>
          <li>
            <Link to="/dashboard">Home</Link>
          </li>
          <li>
            <Link to="/petitions">Case Files</Link>
          </li>
          <li aria-current="page">Case File ({petition.case_no})</li>
        </ol>
      </nav>
      {lookups?.courtOf(petition.court_id) && (
        <p className="court-heading">{lookups.courtOf(petition.court_id)}</p>
      )}
      <h1>
        <span className="case-no">{number}</span> <span className="case-title">{petition.title}</span>
      </h1>
      <dl className="petition-facts">
        <div>
          <dt>Petitioner</dt>
          <dd>{namesOf(sides.petitioners) || '—'}</dd>
        </div>
        <div>
          <dt>Opponent</dt>
          <dd>{namesOf(sides.opponents) || '—'}</dd>
        </div>
        {petition.institution_date && (
          <div>
            <dt>Institution Date</dt>
            <dd>{formatDate(petition.institution_date)}</dd>
          </div>
        )}
        <div>
          <dt>Lawyers</dt>
          <dd>
            {petition.lawyer_ids?.length ? (
              <ul className="lawyer-list">
                {petition.lawyer_ids.map((lawyerId) => (
                  <li key={lawyerId}>
                    <button type="button" className="link" onClick={() => setProfileOf(lawyerId)}>
                      {lawyerName(lawyerId)}
                    </button>
                  </li>
                ))}
              </ul>
            ) : (
              '—'
            )}
          </dd>
        </div>
      </dl>
      <div className="petition-actions">
        <PendingTagEditor petition={petition} canEdit={canTag} prefix="Pending" />
        {canEdit && (
          <Link className="btn" to={`/petitions/edit/${encodeURIComponent(petition.id)}`}>
            Edit Petition
          </Link>
        )}
        <button
          type="button"
          className="btn"
          disabled={download.busy}
          onClick={() => download.run((db) => downloadCaseFilePdf(db, petition.id))}
        >
          Download PDF
        </button>
        {canHearing && (
          <HearingDateControl petitionId={petition.id} next={stats && statsOf(stats, petition.id).next} />
        )}
      </div>
      {profileOf && <LawyerProfileDialog lawyerId={profileOf} onClose={() => setProfileOf(null)} />}
    </header>
  );
}
