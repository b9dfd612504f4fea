import { useParams } from 'react-router';
import { MSG, replyParentsDecl } from '@lawfirm/shared-types';
import type { LocalDb } from '../sync/db.ts';
import { withRowRules } from '../ui/fields.ts';
import { RowTable, type TColumn } from '../ui/RowTable.tsx';
import { Breadcrumb } from './Breadcrumb.tsx';
import { deleteReplyParentLocal } from './caseDocuments.actions.ts';
import { petitionPath, repliesPath } from './kinds.ts';
import {
  useCanEditCase,
  usePetition,
  usePetitionTitle,
  useReplyParents,
  type TReplyParentRow,
} from './useCaseDocuments.ts';

const COLUMNS: readonly TColumn[] = withRowRules(replyParentsDecl.schema, [
  { key: 'title', label: 'Title', maxLength: 500, linkTo: (row) => repliesPath(row.id) },
]);

const removeParent = (db: LocalDb, row: TReplyParentRow) => deleteReplyParentLocal(db, row.id);

/**
 * A petition's reply headings (part 2 §2.3, /petition-reply-parents/{petition id}): each links to its
 * replies; editors add, rename inline, delete and reorder them, the same table as the index.
 */
export function ReplyParentsScreen() {
  const { id = '' } = useParams();
  const petition = usePetition(id);
  const title = usePetitionTitle(petition);
  const rows = useReplyParents(id);
  const canEdit = useCanEditCase();
  if (petition === null) return <NotFound />;
  return (
    <section className="page case-documents">
      <Breadcrumb trail={[{ label: title, to: petitionPath(id) }]} current="Replies" />
      <h1>Replies</h1>
      {petition && <p className="muted">{title}</p>}
      <RowTable
        entity="reply_parents"
        caption="Reply headings"
        columns={COLUMNS}
        rows={petition === undefined ? undefined : rows}
        canEdit={canEdit}
        add={{ values: { petition_id: id } }}
        remove={removeParent}
        numbered
        orderable
      />
    </section>
  );
}

export function NotFound() {
  return (
    <section className="page">
      <h1>{MSG.notFound}</h1>
      <p>It may have been deleted, or it has not reached this device yet.</p>
    </section>
  );
}
