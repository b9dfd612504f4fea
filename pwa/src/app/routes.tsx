import { matchPath } from 'react-router';
import type { AppRoute } from '../shell/appRoute.ts';
import { LINK_ROUTES } from '../library/links.tsx';
import { LIBRARY_ROUTES } from '../library/library.routes.tsx';
import { FIR_PUBLIC_ROUTES, FIR_SECTION_ROUTES } from '../fir/fir.routes.tsx';
import {
  HOLIDAY_ROUTES,
  LIMITATION_ADMIN_ROUTES,
  LIMITATION_PUBLIC_ROUTES,
  MEETING_ROUTES,
} from '../limitation/routes.tsx';
import { STANDARD_INDEX_ROUTES } from '../case-documents/standard-index/standardIndex.routes.tsx';
import { OPINION_ROUTES } from '../opinions/opinions.routes.tsx';
import { DATED_ROUTES } from '../case-documents/dated/dated.routes.tsx';
import { CONFLICT_CHECK_ROUTES } from '../conflicts/conflicts.routes.tsx';
import { lazyScreen } from '../shell/lazyScreen.tsx';

const HomeScreen = lazyScreen(() => import('../landing/HomeScreen.tsx'), 'HomeScreen');
const LoginScreen = lazyScreen(() => import('../auth/LoginScreen.tsx'), 'LoginScreen');
const SignUpScreen = lazyScreen(() => import('../auth/SignUpScreen.tsx'), 'SignUpScreen');
const ForgotPasswordScreen = lazyScreen(
  () => import('../auth/ForgotPasswordScreen.tsx'),
  'ForgotPasswordScreen',
);
const ResetPasswordScreen = lazyScreen(
  () => import('../auth/ResetPasswordScreen.tsx'),
  'ResetPasswordScreen',
);
const DashboardScreen = lazyScreen(() => import('../dashboard/DashboardScreen.tsx'), 'DashboardScreen');
const UsersScreen = lazyScreen(() => import('../users/UsersScreen.tsx'), 'UsersScreen');
const UserFormScreen = lazyScreen(() => import('../users/UserFormScreen.tsx'), 'UserFormScreen');
const CompaniesScreen = lazyScreen(() => import('../companies/CompaniesScreen.tsx'), 'CompaniesScreen');
const CompanyFormScreen = lazyScreen(() => import('../companies/CompanyFormScreen.tsx'), 'CompanyFormScreen');
const SettingsScreen = lazyScreen(() => import('../settings/SettingsScreen.tsx'), 'SettingsScreen');
const FirmSetupScreen = lazyScreen(() => import('../settings/FirmSetupScreen.tsx'), 'FirmSetupScreen');
const ContactRequestsScreen = lazyScreen(
  () => import('../contact-requests/ContactRequestsScreen.tsx'),
  'ContactRequestsScreen',
);
const MailOutboxScreen = lazyScreen(() => import('../mail-outbox/MailOutboxScreen.tsx'), 'MailOutboxScreen');
const ConflictsScreen = lazyScreen(() => import('../shell/ConflictsScreen.tsx'), 'ConflictsScreen');
const CourtsScreen = lazyScreen(() => import('../reference-data/CourtsScreen.tsx'), 'CourtsScreen');
const StatutesScreen = lazyScreen(() => import('../reference-data/StatutesScreen.tsx'), 'StatutesScreen');
const ModuleTypesScreen = lazyScreen(
  () => import('../reference-data/ModuleTypesScreen.tsx'),
  'ModuleTypesScreen',
);
const CaseCategoriesScreen = lazyScreen(
  () => import('../reference-data/CaseCategoriesScreen.tsx'),
  'CaseCategoriesScreen',
);
const CaseCategoryFormScreen = lazyScreen(
  () => import('../reference-data/CaseCategoryFormScreen.tsx'),
  'CaseCategoryFormScreen',
);
const CaseFilesScreen = lazyScreen(() => import('../case-files/list/CaseFilesScreen.tsx'), 'CaseFilesScreen');
// The case form and page with the other features' parts they show (their slots, filled here in app/).
const PetitionFormScreen = lazyScreen(() => import('./caseForm.slots.tsx'), 'CaseFormScreen');
const PetitionScreen = lazyScreen(() => import('./casePage.slots.tsx'), 'CasePageScreen');
const PrintPendingCasesScreen = lazyScreen(
  () => import('../case-files/pending/PrintPendingCasesScreen.tsx'),
  'PrintPendingCasesScreen',
);
const DocumentViewerScreen = lazyScreen(
  () => import('../case-documents/DocumentViewerScreen.tsx'),
  'DocumentViewerScreen',
);
const RepliesScreen = lazyScreen(() => import('../case-documents/RepliesScreen.tsx'), 'RepliesScreen');
const CalendarScreen = lazyScreen(() => import('../calendar/CalendarScreen.tsx'), 'CalendarScreen');
const CauseListScreen = lazyScreen(() => import('../calendar/CauseListScreen.tsx'), 'CauseListScreen');
// Billing (part 3 §2.3–§2.5): the invoices list and the invoice form, each a chunk of its own.
const InvoicesScreen = lazyScreen(() => import('../invoices/InvoicesScreen.tsx'), 'default');
const InvoiceFormScreen = lazyScreen(() => import('../invoices/InvoiceFormScreen.tsx'), 'default');
const ReplyParentsScreen = lazyScreen(
  () => import('../case-documents/ReplyParentsScreen.tsx'),
  'ReplyParentsScreen',
);

/** The dashboard loads its tiles' screens ahead of a tap (a signed-in user's). */
const loadSignedIn = (path: string) => preloadScreen(path, true);

export const ROUTES: AppRoute[] = [
  // Public
  { path: '/', access: 'guest', element: <HomeScreen /> },
  { path: '/login', access: 'guest', element: <LoginScreen /> },
  { path: '/sign-up', access: 'public', element: <SignUpScreen /> },
  { path: '/forgot-password', access: 'public', element: <ForgotPasswordScreen /> },
  { path: '/reset-password', access: 'public', element: <ResetPasswordScreen /> },
  ...LIMITATION_PUBLIC_ROUTES,
  ...FIR_PUBLIC_ROUTES,
  ...HOLIDAY_ROUTES,

  // Signed in
  { path: '/dashboard', access: 'auth', element: <DashboardScreen loadScreen={loadSignedIn} /> },
  { path: '/conflicts', access: 'auth', element: <ConflictsScreen /> },
  { path: '/petitions', access: 'auth', element: <CaseFilesScreen /> },
  { path: '/petitions/create', access: 'auth', element: <PetitionFormScreen /> },
  { path: '/petitions/edit/:id', access: 'auth', element: <PetitionFormScreen /> },
  { path: '/petitions/:id', access: 'auth', element: <PetitionScreen /> },
  { path: '/petition-index-details/:id', access: 'auth', element: <DocumentViewerScreen kind="index" /> },
  { path: '/petition-replies/:id', access: 'auth', element: <RepliesScreen /> },
  { path: '/petition-reply-details/:id', access: 'auth', element: <DocumentViewerScreen kind="reply" /> },
  { path: '/petition-reply-parents/:id', access: 'auth', element: <ReplyParentsScreen /> },
  { path: '/print-pending-cases', access: 'auth', element: <PrintPendingCasesScreen /> },
  ...CONFLICT_CHECK_ROUTES,
  ...DATED_ROUTES,
  ...STANDARD_INDEX_ROUTES,
  { path: '/module-types', access: 'auth', element: <ModuleTypesScreen /> },
  { path: '/courts', access: 'auth', element: <CourtsScreen /> },
  { path: '/contact-requests', access: 'auth', element: <ContactRequestsScreen /> },
  { path: '/mail-outbox', access: 'auth', element: <MailOutboxScreen /> },
  { path: '/petition-types', access: 'auth', element: <CaseCategoriesScreen /> },
  { path: '/petition-type/create', access: 'auth', element: <CaseCategoryFormScreen /> },
  { path: '/petition-type/edit/:petition_type_id', access: 'auth', element: <CaseCategoryFormScreen /> },
  ...OPINION_ROUTES,
  { path: '/create-invoice', access: 'auth', element: <InvoiceFormScreen /> },
  { path: '/invoices', access: 'auth', element: <InvoicesScreen /> },
  { path: '/invoices/edit/:invoice_id', access: 'auth', element: <InvoiceFormScreen /> },
  { path: '/petitions-calendar', access: 'auth', element: <CalendarScreen /> },
  { path: '/cause-list', access: 'auth', element: <CauseListScreen /> },
  { path: '/users', access: 'auth', element: <UsersScreen /> },
  { path: '/users/create', access: 'auth', element: <UserFormScreen /> },
  { path: '/users/edit/:edit_user_id', access: 'auth', element: <UserFormScreen /> },
  ...LINK_ROUTES,
  ...LIBRARY_ROUTES,
  { path: '/settings', access: 'auth', element: <SettingsScreen /> },
  { path: '/firm-setup', access: 'auth', element: <FirmSetupScreen /> },
  { path: '/companies', access: 'auth', element: <CompaniesScreen /> },
  { path: '/create-company', access: 'auth', element: <CompanyFormScreen /> },
  { path: '/company/edit/:company_id', access: 'auth', element: <CompanyFormScreen /> },
  { path: '/register-company-admin/:company_id', access: 'auth', element: <UserFormScreen /> },
  ...MEETING_ROUTES,
  ...LIMITATION_ADMIN_ROUTES,
  ...FIR_SECTION_ROUTES,
  { path: '/statutes', access: 'auth', element: <StatutesScreen /> },
];

/**
 * Loads the screen of the route the app starts on, when the visitor may see it (a signed-out visitor of a
 * signed-in route is sent to the login page instead); null when there is nothing to load.
 */
export function preloadScreen(pathname: string, signedIn: boolean): Promise<unknown> | null {
  const route = ROUTES.find((r) => matchPath(r.path, pathname));
  if (!route || (route.access === 'auth' && !signedIn) || (route.access === 'guest' && signedIn)) return null;
  const type = route.element.type as { preload?: () => Promise<unknown> };
  return type.preload?.() ?? null;
}
