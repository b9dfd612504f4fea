import type { TRowOf } from '@lawfirm/shared-types';
import type { linksDecl } from '@lawfirm/shared-types/library/library.entities.ts';
import { recordRoutes } from '../shell/recordRoutes.tsx';

/** Useful links (part 3 §2.9): a list with Edit and Delete, and the Add New Link / Edit Link form. */
export const LINK_ROUTES = recordRoutes<TRowOf<typeof linksDecl>>(
  {
    list: { path: '/links', title: 'Links' },
    create: { path: '/create-link', title: 'Add New Link', button: 'Add New Link' },
    edit: { path: '/link/edit/:link_id', param: 'link_id', title: 'Edit Link' },
  },
  async () => (await import('./links.module.tsx')).LINKS,
);
