import { useId } from 'react';
import { Link } from 'react-router';
import { formatDate } from '@lawfirm/shared-types';
import { usePendingFor } from '../../sync/hooks.ts';
import { caseNameOf, caseNumber } from '@lawfirm/shared-types/case-files/case-title.ts';
import { namesOf, truncateNames, type TCaseParties } from '../caseFiles.logic.ts';
import type { TPetitionRow } from '../caseFiles.types.ts';
import { HearingDateControl } from '../hearing/HearingDateControl.tsx';
import { formatShortDate } from '../hearing.logic.ts';
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

/**
 * One case file on the Case Files list (part 1 §2), compact for a phone: the case number (a link to the
 * case), its pending tag, title, court and next hearing. The rest of the spec's card (institution date,
 * petitioner, counts, Edit, Archive, downloads) is one tap away under More, and Delete sits alone at the
 * bottom of it, never beside a frequent action. Everything it shows was read once for the whole page.
 */
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
  const number = caseNumber(caseNameOf(petition, abbr));
  const tagged = !!petition.pending_tag?.trim();
  return (
    <article className="case-card" aria-labelledby={headingId}>
      <div className="case-card-head">
        <h2 id={headingId} className="case-no">
          <Link to={path}>{number}</Link>
        </h2>
        {!!petition.is_moot_case && <MootIcon />}
        <PendingTagEditor petition={petition} canEdit={gates.pendingTag} addButton={false} />
        {notSynced && <span className="badge warn">Not synced yet</span>}
      </div>
      <p className="case-card-title" title={petition.title}>
        {petition.title}
      </p>
      <div className="case-card-foot">
        <span className="case-court" title={court}>
          {court || '—'}
        </span>
        {gates.hearing ? (
          <HearingDateControl petitionId={petition.id} next={stats?.next} />
        ) : (
          stats?.next && (
            <span className="case-next">
              Next hearing <strong>{formatShortDate(stats.next.order_sheet_date)}</strong>
            </span>
          )
        )}
      </div>
      <details className="case-more">
        <summary aria-label={`More about ${number}`}>More</summary>
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
        <div className="case-actions">
          <Link className="btn small primary" to={path}>
            View
          </Link>
          {gates.edit && (
            <Link className="btn small" to={`/petitions/edit/${encodeURIComponent(petition.id)}`}>
              Edit
            </Link>
          )}
          {gates.pendingTag && !tagged && <PendingTagEditor petition={petition} canEdit />}
          {gates.archive && (
            <button type="button" className="btn small" onClick={() => onArchive(petition)}>
              {petition.archived ? 'Unarchive' : 'Archive'}
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
        {gates.edit && (
          <div className="case-danger">
            <button type="button" className="btn small danger" onClick={() => onDelete(petition)}>
              Delete
            </button>
          </div>
        )}
      </details>
    </article>
  );
}
