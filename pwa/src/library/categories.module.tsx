import { contractCategoriesDecl } from '@lawfirm/shared-types/library/pages.ts';
import type { TRow } from '../sync/db.ts';
import type { TRecordBody } from '../shell/recordRoutes.tsx';
import { compareNatural } from '@lawfirm/shared-types/common/natural-order.ts';

export type TCategoryRow = TRow & { title: string; display_order?: number | null };

/** Contract categories' form and list, loaded with the screens (library.routes.tsx has the pages). */
export const CATEGORIES: TRecordBody<TCategoryRow> = {
  decl: contractCategoriesDecl,
  fields: [{ key: 'title', label: 'Title', maxLength: 255 }],
  columns: [{ header: 'Title', cell: (c) => c.title }],
  sort: (a, b) => (a.display_order ?? 0) - (b.display_order ?? 0) || compareNatural(a.title, b.title),
  name: (c) => c.title,
};
