import { formatDate, type TRowOf } from '@lawfirm/shared-types';
import { holidaysDecl } from '@lawfirm/shared-types/limitation/limitation.entities.ts';
import type { TRecordBody } from '../shell/recordRoutes.tsx';
import { compareCodes } from '@lawfirm/shared-types/common/natural-order.ts';

/** The holidays' form and list, loaded with the screens (routes.tsx has the pages). */
export const HOLIDAYS: TRecordBody<TRowOf<typeof holidaysDecl>> = {
  decl: holidaysDecl,
  fields: [
    { key: 'date', label: 'Date', kind: 'date' },
    { key: 'title', label: 'Title', maxLength: 255, hint: 'e.g. Eid ul Fitr' },
  ],
  columns: [
    { header: 'Date', cell: (h) => formatDate(h.date) },
    { header: 'Title', cell: (h) => h.title },
  ],
  sort: (a, b) => compareCodes(a.date, b.date),
  name: (h) => `${h.title} ${formatDate(h.date)}`,
};
