import type { TPageKind } from '@lawfirm/shared-types/library/page-kinds.ts';
import { PAGE_PERMISSIONS } from '@lawfirm/shared-types/library/page-kinds.ts';
import { can } from '@lawfirm/shared-types';
import { useAuth } from '../auth/AuthContext.tsx';
import type { TRow } from '../sync/db.ts';

// What the library's list (PageList.tsx) and form (PageScreens.tsx) share. Apart, so the list loads none of
// the form's code or the entities' schemas.

export type TPage = TRow & Record<string, unknown>;
export type TFileRow = TRow & { owner_id: string; sha256: string; file_name: string; mime_type: string };
/** A page's files are rows of the one attachment model, owned by the page. */
export const FILES_TABLE = 'attachments';

export const textOf = (v: unknown): string => (typeof v === 'string' ? v : '');
export const titleOf = (kind: TPageKind, row: TPage) => textOf(row[kind.titleColumn]);

/** Whether the signed-in user may read the library, and add, edit and delete its pages. */
export function useCanManage() {
  const { actor } = useAuth();
  return {
    read: !!actor && can(actor, PAGE_PERMISSIONS.read),
    manage: !!actor && can(actor, PAGE_PERMISSIONS.create),
  };
}

export const NoAccess = () => (
  <section className="page">
    <p role="alert">You do not have access to this page.</p>
  </section>
);
