import type { TRowOf } from '@lawfirm/shared-types';
import type { linksDecl } from '@lawfirm/shared-types/library/library.entities.ts';
import { recordRoutes } from '../ui/recordRoutes.tsx';

type TLinkRow = TRowOf<typeof linksDecl>;

/** Useful links (part 3 §2.9): a list with Edit and Delete, and the Add New Link / Edit Link form. */
export const LINK_ROUTES = recordRoutes<TLinkRow>({
  decl: async () => (await import('@lawfirm/shared-types/library/library.entities.ts')).linksDecl,
  list: { path: '/links', title: 'Links' },
  create: { path: '/create-link', title: 'Add New Link', button: 'Add New Link' },
  edit: { path: '/link/edit/:link_id', param: 'link_id', title: 'Edit Link' },
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
  sort: (a, b) => (a.display_order ?? 0) - (b.display_order ?? 0) || a.title.localeCompare(b.title),
  name: (l) => l.title,
});
