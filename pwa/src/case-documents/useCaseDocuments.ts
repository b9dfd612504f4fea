import { useMemo } from 'react';
import {
  can,
  type TRowOf,
  type attachmentsDecl,
  type petitionIndexDecl,
  type repliesDecl,
  type replyParentsDecl,
} from '@lawfirm/shared-types';
import {
  caseNameOf,
  caseTitle,
  caseTypeOf,
  type TCaseCategoryName,
} from '@lawfirm/shared-types/case-files/case-title.ts';
import { useAuth } from '../auth/AuthContext.tsx';
import type { TPetitionRow } from '../case-files/caseFiles.types.ts';
import type { TRow } from '../sync/db.ts';
import { useEntityRow, useEntityRows } from '../sync/hooks.ts';
import { sortByOrder } from '../tables/rowOrder.ts';
import { DOCUMENT_KINDS, type TDocumentKind } from './kinds.ts';

/** Read hooks of this folder: thin wrappers over the local database (they work the same offline). */

/**
 * Rows as the device stores them, inferred from their declarations (case-files.entities.ts). An index item
 * and a reply are one indexed document: a reply also names its heading.
 */
export type TDocumentRow = TRowOf<typeof petitionIndexDecl> &
  Partial<Pick<TRowOf<typeof repliesDecl>, 'reply_parent_id'>>;
export type TReplyParentRow = TRowOf<typeof replyParentsDecl>;
export type TAttachmentRow = TRowOf<typeof attachmentsDecl>;

/** Admins and lawyers add, edit, delete and reorder (the server enforces the same: petitions.edit). */
export const useCanEditCase = (): boolean => can(useAuth().actor, 'petitions.edit');
export const useCanUpload = (): boolean => can(useAuth().actor, 'attachments.upload');

/**
 * The items of one list in display order: a petition's index, or the replies under one heading. `given`: rows
 * a screen's own query already read (the case page's), used instead of reading them again.
 */
export function useDocuments(
  kind: TDocumentKind,
  scopeId: string | undefined,
  given?: TDocumentRow[],
): TDocumentRow[] | undefined {
  const cfg = DOCUMENT_KINDS[kind];
  const rows = useEntityRows<TDocumentRow>(cfg.entity, given ? null : { [cfg.scopeField]: scopeId ?? '' });
  return useMemo(() => given ?? (rows && sortByOrder(rows)), [given, rows]);
}

export function useDocument(kind: TDocumentKind, id: string | undefined): TDocumentRow | null | undefined {
  return useEntityRow<TDocumentRow>(DOCUMENT_KINDS[kind].entity, id);
}

export function useReplyParents(petitionId: string | undefined): TReplyParentRow[] | undefined {
  const rows = useEntityRows<TReplyParentRow>('reply_parents', { petition_id: petitionId ?? '' });
  return useMemo(() => rows && sortByOrder(rows), [rows]);
}

export const useReplyParent = (id: string | undefined) => useEntityRow<TReplyParentRow>('reply_parents', id);
export const usePetition = (id: string | undefined) => useEntityRow<TPetitionRow>('petitions', id);

/** The files of one owner (index item, reply, order sheet…) in display order. */
export function useAttachments(ownerType: string, ownerId: string | undefined): TAttachmentRow[] | undefined {
  const rows = useEntityRows<TAttachmentRow>('attachments', {
    owner_type: ownerType,
    owner_id: ownerId ?? '',
  });
  return useMemo(() => rows && sortByOrder(rows), [rows]);
}

/**
 * "W.P. 12/2026 Test v. State": how a petition is named in headings, breadcrumbs and prints (the shared rule,
 * with its category read from this device); '' while the petition is not known.
 */
export function usePetitionTitle(p: TPetitionRow | null | undefined): string {
  const category = useEntityRow<TRow & TCaseCategoryName>(
    'case_categories',
    p?.petition_type_id ?? undefined,
  );
  return p ? caseTitle(caseNameOf(p, caseTypeOf(category))) : '';
}
