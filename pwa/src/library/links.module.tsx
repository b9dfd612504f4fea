import type { TRowOf } from '@lawfirm/shared-types';
import { linksDecl } from '@lawfirm/shared-types/library/library.entities.ts';
import type { TRecordBody } from '../shell/recordRoutes.tsx';
import { compareNatural } from '@lawfirm/shared-types/common/natural-order.ts';

/** Useful links' form fields and list (part 3 §2.9), loaded with the screens (links.tsx has the pages). */
export const LINKS: TRecordBody<TRowOf<typeof linksDecl>> = {
  decl: linksDecl,
  fields: [
    { key: 'title', label: 'Title', maxLength: 255 },
    { key: 'url', label: 'URL', maxLength: 2000, hint: 'e.g. https://www.supremecourt.gov.pk' },
    { key: 'description', label: 'Description', kind: 'textarea', maxLength: 2000 },
  ],
  columns: [
    {
      header: 'Title',
      cell: (l) => (
        <a className="tap-link" href={l.url} target="_blank" rel="noopener noreferrer">
          {l.title}
        </a>
      ),
    },
    { header: 'Description', cell: (l) => l.description },
  ],
  sort: (a, b) => (a.display_order ?? 0) - (b.display_order ?? 0) || compareNatural(a.title, b.title),
  name: (l) => l.title,
};
