import { useMemo } from 'react';
import type { LocalDb } from '../sync/db.ts';
import { RowTable, type TColumn } from '../ui/RowTable.tsx';
import { useRowRules } from '../ui/useRowRules.ts';
import { deleteDocumentLocal } from './caseDocuments.actions.ts';
import { DESCRIPTION_SUGGESTIONS } from './documents.logic.ts';
import { DOCUMENT_KINDS, type TDocumentKind } from './kinds.ts';
import { useDocuments, type TDocumentRow } from './useCaseDocuments.ts';

/** Checked with the index item's row schema (replies share its fields): the server's rules and texts. */
const loadRules = async () =>
  (await import('@lawfirm/shared-types/case-files/case-files.entities.ts')).petitionIndexDecl.schema;

function columnsFor(kind: TDocumentKind): TColumn[] {
  const cfg = DOCUMENT_KINDS[kind];
  return [
    {
      key: 'document_description',
      label: 'Description',
      maxLength: 2000,
      suggestions: cfg.offerSuggestions ? DESCRIPTION_SUGGESTIONS : undefined,
      linkTo: (row) => cfg.detailPath(row.id),
    },
    { key: 'date', label: 'Date', kind: 'date' },
    { key: 'annexure', label: 'Annexure', maxLength: 100 },
    { key: 'page_info', label: 'Page', maxLength: 100 },
  ];
}

/**
 * The one indexed document list (DESIGN §3): a petition's index (kind 'index'), the replies under one
 * reply heading (kind 'reply', with `parentId`) or a standard index list (kind = its module type). Columns No., Description (a link to the item's viewer),
 * Date, Annexure, Page and, for editors, Actions; a bottom row adds an item; rows reorder by drag and drop.
 */
export function IndexedDocumentList({
  kind,
  petitionId,
  parentId,
  canEdit,
  rows: given,
}: {
  kind: TDocumentKind;
  petitionId: string;
  /** The reply heading; required for kind 'reply'. */
  parentId?: string;
  canEdit: boolean;
  /** The items in display order when the screen has read them already (the case page's one query). */
  rows?: TDocumentRow[];
}) {
  const cfg = DOCUMENT_KINDS[kind];
  const byPetition = cfg.scopeField === 'petition_id';
  const scopeId = byPetition ? petitionId : parentId;
  const rows = useDocuments(kind, scopeId, given);
  // The list shows before zod has loaded; the rules follow for editing.
  const columns = useRowRules(
    loadRules,
    useMemo(() => columnsFor(kind), [kind]),
  );
  const add = useMemo(
    () => ({
      values: byPetition
        ? { petition_id: petitionId }
        : { petition_id: petitionId, reply_parent_id: parentId },
    }),
    [byPetition, petitionId, parentId],
  );
  const remove = useMemo(
    () => (db: LocalDb, row: TDocumentRow) => deleteDocumentLocal(db, kind, row.id),
    [kind],
  );
  if (!scopeId) return null;
  return (
    <RowTable
      entity={cfg.entity}
      caption={cfg.caption}
      columns={columns}
      rows={rows}
      canEdit={canEdit}
      add={add}
      remove={remove}
      numbered
      orderable
    />
  );
}
