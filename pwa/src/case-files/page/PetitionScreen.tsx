import { useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatDate } from '@lawfirm/shared-types';
import { saveSnapshot } from '../../browser/snapshots.ts';
import { useAuth } from '../../auth/AuthContext.tsx';
import { downloadCaseFilePdf } from '../../pdf/index.ts';
import { caseNameOf, caseNumber, caseTitle } from '@lawfirm/shared-types/case-files/case-title.ts';
import { groupParties, namesOf, NO_PARTIES, UNKNOWN_LAWYER } from '../caseFiles.logic.ts';
import type { TPetitionRow } from '../caseFiles.types.ts';
import { HearingDateControl } from '../hearing/HearingDateControl.tsx';
import { PendingTagEditor } from '../shared/PendingTagEditor.tsx';
import { useDownload } from '../../shell/useDownload.ts';
import { useCan, useFirstSyncRunning, usePetitionPage } from '../useCaseFiles.ts';
import type { TCasePageSlots } from './casePage.slots.ts';
import type { TPetitionPage } from './petitionPage.data.ts';
import { LawyerProfileDialog } from './LawyerProfileDialog.tsx';
import { PetitionTabs } from './PetitionTabs.tsx';
import '../case-files.css';

/**
 * The petition index screen (/petitions/:id, route case-detail): the case's heading, tabs and index, from the
 * page's one query (usePetitionPage), which the app starts for this route before it renders. Other features'
 * parts of the page come as `slots` from the app (casePage.slots.ts).
 */
export function PetitionScreen({ slots }: { slots: TCasePageSlots }) {
  const { id = '' } = useParams();
  const page = usePetitionPage(id);
  const firstSync = useFirstSyncRunning();
  const canEdit = useCan('petitions.edit');
  // The case as drawn, for the service worker to show at once the next time it is opened (browser/snapshots.ts).
  const drawn = page?.petition ? page : null;
  useEffect(() => {
    if (drawn) saveSnapshot(window.location.pathname);
  }, [drawn]);

  // A case this device does not hold (not readable, or not downloaded yet) reads as no record.
  if (page === undefined || (page.petition === null && firstSync))
    return (
      <section className="page">
        <p role="status">Loading....</p>
      </section>
    );
  if (!page.petition)
    return (
      <section className="page">
        <p role="status">No Records found</p>
        <Link to="/petitions">Back to Case Files</Link>
      </section>
    );
  return (
    <section className="page petition-page">
      <PetitionHeader page={page} petition={page.petition} actions={slots.actions} />
      <PetitionTabs petitionId={id} current="petition" />
      <slots.Body petitionId={id} page={page} canEdit={canEdit} />
    </section>
  );
}

/** Breadcrumbs, the case's heading and its actions; shared by the petition page. */
function PetitionHeader({
  page,
  petition,
  actions,
}: {
  page: TPetitionPage;
  petition: TPetitionRow;
  actions: TCasePageSlots['actions'];
}) {
  const { user } = useAuth();
  const canEdit = useCan('petitions.edit');
  const canTag = useCan('pendingTag.edit');
  const canHearing = useCan('hearingDate.edit');
  const download = useDownload();
  const [profileOf, setProfileOf] = useState<string | null>(null);

  const { abbr, court } = page;
  const name = caseNameOf(petition, abbr);
  const title = caseTitle(name);
  useEffect(() => {
    document.title = `${title} Petition`;
  }, [title]);

  const sides = useMemo(
    () => groupParties(page.parties).get(petition.id) ?? NO_PARTIES,
    [page.parties, petition.id],
  );
  const lawyerName = (lawyerId: string) =>
    page.lawyers[lawyerId] ?? (lawyerId === user?.id ? user.name : UNKNOWN_LAWYER);
  const number = caseNumber(name);

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
          <li aria-current="page">Case File ({number})</li>
        </ol>
      </nav>
      {court && <p className="court-heading">{court}</p>}
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
        {canHearing && <HearingDateControl petitionId={petition.id} next={page.next} />}
        {actions.map(({ key, Action }) => (
          <Action key={key} petitionId={petition.id} canEdit={canEdit} />
        ))}
      </div>
      {profileOf && <LawyerProfileDialog lawyerId={profileOf} onClose={() => setProfileOf(null)} />}
    </header>
  );
}
