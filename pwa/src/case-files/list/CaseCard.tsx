import { useId } from 'react';
import { Link } from 'react-router';
import { usePendingFor } from '../../sync/hooks.ts';
import { caseNumber, namesOf, truncateNames, type TCaseParties } from '../caseFiles.logic.ts';
import type { TPetitionRow } from '../caseFiles.types.ts';
import { formatDate } from '@lawfirm/shared-types';
import { HearingDateControl } from '../hearing/HearingDateControl.tsx';
import { MootIcon } from '../shared/MootIcon.tsx';
import { PendingTagEditor } from '../shared/PendingTagEditor.tsx';
import type { TCaseStats } from '../useCaseFiles.ts';

export type TCardGates = {
  /** Edit, Delete, the replies count and print order sheets (admin or lawyer). */
  edit: boolean;
  archive: boolean;
  pendingTag: boolean;
  hearing: boolean;
};

/** One case file on the Case Files list (part 1 §2). Everything it shows was read once for the whole page. */
export function CaseCard({
  petition,
  parties,
  abbr,
  court,
  stats,
  gates,
  downloading,
  onDownload,
  onArchive,
  onDelete,
}: {
  petition: TPetitionRow;
  parties: TCaseParties;
  abbr: string | null;
  court: string;
  /** Undefined while the page's counts load. */
  stats: TCaseStats | undefined;
  gates: TCardGates;
  downloading: boolean;
  onDownload: (p: TPetitionRow) => void;
  onArchive: (p: TPetitionRow) => void;
  onDelete: (p: TPetitionRow) => void;
}) {
  const headingId = useId();
  const notSynced = usePendingFor('petitions', petition.id);
  const petitioners = namesOf(parties.petitioners);
  const path = `/petitions/${encodeURIComponent(petition.id)}`;
  return (
    <article className="case-card" aria-labelledby={headingId}>
      <div className="case-card-top">
        <PendingTagEditor petition={petition} canEdit={gates.pendingTag} />
        {!!petition.is_moot_case && <MootIcon />}
        {notSynced && <span className="badge warn">Not synced yet</span>}
      </div>
      <h2 id={headingId} className="case-no">
        {caseNumber(abbr, petition.case_no, petition.year)}
      </h2>
      <dl className="case-facts">
        {petition.institution_date && (
          <div>
            <dt>Institution Date</dt>
            <dd>{formatDate(petition.institution_date)}</dd>
          </div>
        )}
        <div>
          <dt>Petitioner</dt>
          <dd title={petitioners}>{truncateNames(petitioners) || '—'}</dd>
        </div>
        <div>
          <dt>Court</dt>
          <dd>{court || '—'}</dd>
        </div>
      </dl>
      <ul className="case-counts" aria-label="Documents">
        <li>
          Indexes <strong>{stats?.indexes ?? '…'}</strong>
        </li>
        {gates.edit && (
          <li>
            Replies <strong>{stats?.replies ?? '…'}</strong>
          </li>
        )}
        <li>
          Order Sheets <strong>{stats?.orderSheets ?? '…'}</strong>
        </li>
      </ul>
      {gates.hearing && <HearingDateControl petitionId={petition.id} next={stats?.next} />}
      <div className="case-actions">
        <Link className="btn small primary" to={path}>
          View
        </Link>
        {gates.edit && (
          <Link className="btn small" to={`/petitions/edit/${encodeURIComponent(petition.id)}`}>
            Edit
          </Link>
        )}
        {gates.archive && (
          <button type="button" className="btn small" onClick={() => onArchive(petition)}>
            {petition.archived ? 'Unarchive' : 'Archive'}
          </button>
        )}
        {gates.edit && (
          <button type="button" className="btn small danger" onClick={() => onDelete(petition)}>
            Delete
          </button>
        )}
        <button
          type="button"
          className="btn small"
          disabled={downloading}
          onClick={() => onDownload(petition)}
        >
          Download PDF
        </button>
        {gates.edit && (
          <a
            className="btn small"
            href={`/print-order-sheets/${encodeURIComponent(petition.id)}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            Print Order Sheets
          </a>
        )}
      </div>
    </article>
  );
}
