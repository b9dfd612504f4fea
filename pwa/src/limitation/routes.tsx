import { lazy, type ComponentType, type ReactElement } from 'react';
import { formatDate, type TRowOf } from '@lawfirm/shared-types';
import type { holidaysDecl } from '@lawfirm/shared-types/limitation/limitation.entities.ts';
import { recordRoutes } from '../ui/recordRoutes.tsx';

type TRoute = { path: string; access: 'public' | 'auth'; element: ReactElement };
type THolidayRow = TRowOf<typeof holidaysDecl>;

/** A screen of its own chunk, with `preload` for the route the app starts on (as app/routes.tsx does). */
function screen(load: () => Promise<ComponentType>): ReactElement {
  const preload = load;
  const Lazy = lazy(async () => ({ default: await load() }));
  const Screen = Object.assign(() => <Lazy />, { preload });
  return <Screen />;
}

/** Court holidays an admin adds per year (Eid and other gazetted days); the calculator moves past them. */
export const HOLIDAY_ROUTES = recordRoutes<THolidayRow>({
  decl: async () => (await import('@lawfirm/shared-types/limitation/limitation.entities.ts')).holidaysDecl,
  list: { path: '/limitation-holidays', title: 'Holidays' },
  create: { path: '/limitation-holidays/create', title: 'Add Holiday', button: 'Add Holiday' },
  edit: { path: '/limitation-holidays/edit/:holiday_id', param: 'holiday_id', title: 'Edit Holiday' },
  fields: [
    { key: 'date', label: 'Date', kind: 'date' },
    { key: 'title', label: 'Title', maxLength: 255, hint: 'e.g. Eid ul Fitr' },
  ],
  columns: [
    { header: 'Date', cell: (h) => formatDate(h.date) },
    { header: 'Title', cell: (h) => h.title },
  ],
  sort: (a, b) => a.date.localeCompare(b.date),
  name: (h) => `${h.title} ${formatDate(h.date)}`,
});

/** The public tools (part 3 §2.15, §2.16): open to anyone, offline after one visit. */
export const PUBLIC_TOOLS_ROUTES: TRoute[] = [
  {
    path: '/limitation-calculator',
    access: 'public',
    element: screen(
      async () => (await import('./LimitationCalculatorScreen.tsx')).LimitationCalculatorScreen,
    ),
  },
  {
    path: '/fir-reader',
    access: 'public',
    element: screen(async () => (await import('../fir/FirReaderScreen.tsx')).FirReaderScreen),
  },
  {
    path: '/fir-reader-result',
    access: 'public',
    element: screen(async () => (await import('../fir/FirResultScreen.tsx')).FirResultScreen),
  },
  ...HOLIDAY_ROUTES,
];

/** FIR sections for signed-in members (part 3 §2.17): the list, and the form for admins. */
export const FIR_SECTION_ROUTES: TRoute[] = [
  {
    path: '/fir-sections',
    access: 'auth',
    element: screen(async () => (await import('../fir/FirSectionsScreen.tsx')).FirSectionsScreen),
  },
  ...['/fir-section/create', '/fir-section/edit/:fir_section_id'].map((path): TRoute => ({
    path,
    access: 'auth',
    element: screen(async () => (await import('../fir/FirSectionFormScreen.tsx')).FirSectionFormScreen),
  })),
];

/** The calculator's administration (part 3 §2.15): case kinds, questions, and a question with its answers. */
export const LIMITATION_ADMIN_ROUTES: TRoute[] = [
  {
    path: '/limitation-calculator-index',
    access: 'auth',
    element: screen(async () => (await import('./LimitationCasesScreen.tsx')).LimitationCasesScreen),
  },
  {
    path: '/limitation-calculator-case-question',
    access: 'auth',
    element: screen(async () => (await import('./LimitationQuestionsScreen.tsx')).LimitationQuestionsScreen),
  },
  ...[
    '/limitation-calculator-questions-answers/create',
    '/limitation-calculator-questions-answers/edit/:question_id',
  ].map((path): TRoute => ({
    path,
    access: 'auth',
    element: screen(
      async () => (await import('./LimitationQuestionFormScreen.tsx')).LimitationQuestionFormScreen,
    ),
  })),
];

/** The online meeting room (part 3 §2.14). */
export const MEETING_ROUTES: TRoute[] = [
  {
    path: '/online-meeting',
    access: 'auth',
    element: screen(async () => (await import('../meeting/MeetingScreen.tsx')).MeetingScreen),
  },
];
