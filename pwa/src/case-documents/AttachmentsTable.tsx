import { useMemo } from 'react';
import { Link } from 'react-router';
import { attachmentsDecl } from '@lawfirm/shared-types';
import { withRowRules } from '../ui/fields.ts';
import { RowTable, type TColumn } from '../ui/RowTable.tsx';
import { AttachmentPending, AttachmentThumb, attachmentLabel } from './AttachmentFile.tsx';
import { NO_ATTACHMENTS_MESSAGE } from './AttachmentViewer.tsx';
import type { TAttachmentRow } from './useCaseDocuments.ts';

/** The columns; `titleLink` makes each title a link (the case annexure screen's, to the file's document). */
const columnsFor = (titleLink?: (a: TAttachmentRow) => string): readonly TColumn<TAttachmentRow>[] =>
  withRowRules(attachmentsDecl.schema, [
    { key: 'preview', label: 'Preview', readOnly: true, view: (a) => <AttachmentThumb a={a} /> },
    {
      key: 'title',
      label: 'Title',
      maxLength: 255,
      // "Not synced yet" until the server has the row and the bytes (the table's own mark knows only the row).
      view: (a) => (
        <span>
          {titleLink ? <Link to={titleLink(a)}>{attachmentLabel(a)}</Link> : attachmentLabel(a)}{' '}
          <AttachmentPending a={a} />
        </span>
      ),
    },
    {
      key: 'display_order',
      label: 'Display Order',
      kind: 'number',
      whenEmpty: () => 0,
      view: (a) => String(a.display_order ?? 0),
    },
  ]);
const COLUMNS = columnsFor();

const selection = { rowLabel: attachmentLabel };
const undoTitle = (rows: readonly TAttachmentRow[]) =>
  rows.length === 1 ? `${attachmentLabel(rows[0]!)} deleted.` : `${rows.length} attachments deleted.`;

/**
 * The one attachments table (DESIGN §3) of every edit mode: the row table with a select-all checkbox, an
 * 80 px thumbnail, title and display order edited in place (Edit, Update, Cancel, Delete), and Delete
 * Selected once a box is ticked. Files are added by the uploader, not by a row of the table.
 */
export function AttachmentsTable({
  attachments,
  canEdit,
  titleLink,
}: {
  attachments: readonly TAttachmentRow[] | undefined;
  canEdit: boolean;
  /** Where each title links to (none by default); keep it stable across renders. */
  titleLink?: (a: TAttachmentRow) => string;
}) {
  const columns = useMemo(() => (titleLink ? columnsFor(titleLink) : COLUMNS), [titleLink]);
  if (attachments === undefined) return <p role="status">Loading....</p>;
  if (!attachments.length) return <p className="muted">{NO_ATTACHMENTS_MESSAGE}</p>;
  return (
    <div className="attachments-table">
      <RowTable
        entity="attachments"
        caption="Attachments"
        columns={columns}
        rows={attachments}
        canEdit={canEdit}
        selection={selection}
        pendingMark={false}
        undoTitle={undoTitle}
      />
    </div>
  );
}
