import { DATED_MODULES } from '@lawfirm/shared-types/case-documents/dated.modules.ts';
import { lazyScreen } from '../../shell/lazyScreen.tsx';
import type { AppRoute } from '../../shell/appRoute.ts';

// Preloadable: opened cold (a reload, a link), the app loads the screen's chunk before its first render.
const DatedIndexScreen = lazyScreen(() => import('./DatedIndexScreen.tsx'), 'DatedIndexScreen');
const DatedFormScreen = lazyScreen(() => import('./DatedFormScreen.tsx'), 'DatedFormScreen');
const PrintOrderSheetsScreen = lazyScreen(
  () => import('./PrintOrderSheetsScreen.tsx'),
  'PrintOrderSheetsScreen',
);

/** The dated modules' screens (part 2 §2.1–2.2), three per declaration, and the order sheets' print page. */
export const DATED_ROUTES: AppRoute[] = [
  { path: '/print-order-sheets/:petition_id', access: 'auth', element: <PrintOrderSheetsScreen /> },
  ...DATED_MODULES.flatMap((m): AppRoute[] => [
    {
      path: `/petition-${m.slug}-index/:petition_id/:item_id?`,
      access: 'auth',
      element: <DatedIndexScreen m={m} />,
    },
    { path: `/petition-${m.slug}-save/:petition_id`, access: 'auth', element: <DatedFormScreen m={m} /> },
    {
      path: `/petition-${m.slug}-edit/:petition_id/:editable_id`,
      access: 'auth',
      element: <DatedFormScreen m={m} />,
    },
  ]),
];
