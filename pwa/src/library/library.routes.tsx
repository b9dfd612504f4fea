import type { ReactElement } from 'react';
import { lazyScreen } from '../shell/lazyScreen.tsx';
import { PAGE_KINDS, type TPageKind } from '@lawfirm/shared-types/library/page-kinds.ts';
import { recordRoutes } from '../shell/recordRoutes.tsx';
import type { TCategoryRow } from './categories.module.tsx';

type TRoute = { path: string; access: 'auth' | 'public'; element: ReactElement };

/**
 * The library's screens are chunks of their own; the editor is another, loaded by the forms only. The lists,
 * preloaded when the app starts on them (app/route-preloads.ts), render at once.
 */
const PageList = lazyScreen(() => import('./PageList.tsx'), 'PageList');
const PageForm = lazyScreen(() => import('./PageScreens.tsx'), 'PageForm');
const PreviewScreen = lazyScreen(() => import('./PreviewScreen.tsx'), 'PreviewScreen');
const AboutScreen = lazyScreen(() => import('./AboutScreen.tsx'), 'AboutScreen');

const pageRoutes = (kind: TPageKind): TRoute[] => [
  { path: kind.routes.list, access: 'auth', element: <PageList kind={kind} /> },
  { path: kind.routes.create, access: 'auth', element: <PageForm kind={kind} /> },
  { path: kind.routes.edit, access: 'auth', element: <PageForm kind={kind} /> },
];

/** Contract categories: a small declared list, like links (categories.module.tsx has the body). */
const CATEGORY_ROUTES = recordRoutes<TCategoryRow>(
  {
    list: { path: '/contract-categories', title: 'Contract Categories' },
    create: {
      path: '/contract-category/create',
      title: 'Add New Contract Category',
      button: 'Add New Category',
    },
    edit: {
      path: '/contract-category/edit/:category_id',
      param: 'category_id',
      title: 'Edit Contract Category',
    },
  },
  async () => (await import('./categories.module.tsx')).CATEGORIES,
);

/**
 * The legal library (issue 14): propositions, sample contracts and sample pleadings (one published-page module
 * for the three kinds), contract categories, and the public preview and About pages.
 */
export const LIBRARY_ROUTES: TRoute[] = [
  ...PAGE_KINDS.flatMap(pageRoutes),
  ...CATEGORY_ROUTES,
  { path: '/preview/:page_type/:page_slug', access: 'public', element: <PreviewScreen /> },
  { path: '/about-elawfirm', access: 'public', element: <AboutScreen /> },
];
