import type { TRoleFlags } from './roles.ts';

/**
 * The one permission table. The server enforces it on every call; the client uses the same table only to
 * hide what the user may not do. A check never trusts a role or company sent by the client: the server builds
 * the actor from its own database row.
 */
export type TActor = TRoleFlags & {
  id: string;
  company_id: string;
  /** The actor's firm is the main provider firm (the original system's company 1). */
  is_provider: boolean;
};

export type TPermission =
  | 'users.manage'
  | 'users.changeRole'
  | 'settings.manage'
  | 'firm.export'
  | 'companies.manage'
  | 'contactRequests.manage'
  | 'mailOutbox.read'
  | 'referenceData.manage'
  | 'referenceData.read'
  | 'courts.add'
  | 'petitions.read'
  | 'petitions.edit'
  | 'petitions.archive'
  | 'pendingTag.edit'
  | 'hearingDate.edit'
  | 'orderSheets.delete'
  | 'attachments.upload'
  | 'library.read'
  | 'library.add'
  | 'library.manage'
  | 'billing.manage';

type TRule = (a: TActor) => boolean;
const admin: TRule = (a) => a.is_admin;
const adminOrLawyer: TRule = (a) => a.is_admin || a.is_lawyer;
const anyone: TRule = () => true;

export const PERMISSIONS: Record<TPermission, TRule> = {
  'users.manage': admin,
  'users.changeRole': admin,
  'settings.manage': admin,
  // Everything of the firm in one download (GET /api/firm_export): people's details, invoices, every file.
  'firm.export': admin,
  // Companies are firms on the platform: only an admin of the provider firm creates or edits them.
  'companies.manage': (a) => a.is_admin && a.is_provider,
  'contactRequests.manage': admin,
  'mailOutbox.read': admin,
  'referenceData.manage': admin,
  'referenceData.read': anyone,
  // A lawyer adds the court a case is in from the case form, offline, in court (issue 30); editing and deleting
  // a court (which every case in it shows) stays with admins, under referenceData.manage.
  'courts.add': adminOrLawyer,
  'petitions.read': anyone,
  'petitions.edit': adminOrLawyer,
  'petitions.archive': adminOrLawyer,
  'pendingTag.edit': adminOrLawyer,
  'hearingDate.edit': adminOrLawyer,
  'orderSheets.delete': admin,
  'attachments.upload': adminOrLawyer,
  // The firm's library (links, propositions, sample contracts and pleadings, part 3 §2.7–2.9): students get the
  // Forbidden modal on its tiles, so they are refused its rows too; lawyers add, admins edit and delete (§2 roles).
  'library.read': adminOrLawyer,
  'library.add': adminOrLawyer,
  'library.manage': admin,
  // Invoices, payments and opinions (part 3 §6): admins change them; staff read, clients read their own.
  'billing.manage': admin,
};

export function can(actor: TActor | null | undefined, permission: TPermission): boolean {
  return !!actor && PERMISSIONS[permission](actor);
}

/** Dashboard tiles (part 1 §1 and §6). `student: 'forbidden'` shows the tile but opens the Forbidden modal. */
export type TTile = {
  key: string;
  title: string;
  to: string;
  external?: boolean;
  comingSoon?: boolean;
  visible: TRule;
  /** Students see the tile but get the "Forbidden" modal instead of the module. */
  forbiddenForStudent?: boolean;
};

const providerAdminLawyerOrStudent: TRule = (a) =>
  (a.is_admin && a.is_provider) || a.is_lawyer || a.is_student;
const adminLawyerStudentOfProvider: TRule = (a) =>
  a.is_provider && (a.is_admin || a.is_lawyer || a.is_student);

export const DASHBOARD_TILES: TTile[] = [
  {
    key: 'calendar',
    title: 'Court Calendar',
    to: '/petitions-calendar',
    visible: (a) => a.is_admin || a.is_lawyer || a.is_student,
    forbiddenForStudent: true,
  },
  { key: 'case-files', title: 'Case Files', to: '/petitions', visible: anyone },
  {
    key: 'contracts',
    title: 'Sample Contracts',
    to: '/contract-and-agreement',
    visible: providerAdminLawyerOrStudent,
    forbiddenForStudent: true,
  },
  {
    key: 'pleadings',
    title: 'Sample Pleadings',
    to: '/sample-pleading',
    visible: providerAdminLawyerOrStudent,
    forbiddenForStudent: true,
  },
  {
    key: 'faq',
    title: 'Frequently Asked Legal Questions',
    to: '/petition-general-case-law',
    visible: (a) => a.is_admin || a.is_lawyer || a.is_student,
  },
  {
    key: 'limitation',
    title: 'Limitation Calculator',
    to: '/limitation-calculator',
    visible: providerAdminLawyerOrStudent,
  },
  {
    key: 'corporate',
    title: 'Corporate Law Guru',
    to: '#',
    comingSoon: true,
    visible: providerAdminLawyerOrStudent,
    forbiddenForStudent: true,
  },
  {
    key: 'transaction',
    title: 'Transaction Calculator',
    to: '#transaction-calculator',
    comingSoon: true,
    visible: providerAdminLawyerOrStudent,
    forbiddenForStudent: true,
  },
  {
    key: 'service-rules',
    title: 'Service Rules Library',
    to: '#service-rules-library',
    comingSoon: true,
    visible: providerAdminLawyerOrStudent,
    forbiddenForStudent: true,
  },
  {
    key: 'accounts',
    title: 'Accounts / Invoices',
    to: '/invoices',
    visible: (a) => (a.is_admin && a.is_provider) || a.is_student,
    forbiddenForStudent: true,
  },
  {
    key: 'links',
    title: 'Useful Links',
    to: '/links',
    visible: providerAdminLawyerOrStudent,
    forbiddenForStudent: true,
  },
  {
    key: 'fir-reader',
    title: 'FIR Reader',
    to: '/fir-reader',
    visible: adminLawyerStudentOfProvider,
    forbiddenForStudent: true,
  },
  {
    key: 'criminal-guru',
    title: 'Criminal Law Guru',
    to: '/fir-sections',
    visible: adminLawyerStudentOfProvider,
    forbiddenForStudent: true,
  },
  {
    key: 'e-signature',
    title: 'E-Signature',
    to: 'https://www.docusign.com',
    external: true,
    visible: adminLawyerStudentOfProvider,
    forbiddenForStudent: true,
  },
  {
    key: 'law-games',
    title: 'Law Games',
    to: 'https://www.icivics.org',
    external: true,
    visible: adminLawyerStudentOfProvider,
    forbiddenForStudent: true,
  },
  {
    key: 'ai-research',
    title: 'AI Legal Research',
    to: '#',
    comingSoon: true,
    visible: providerAdminLawyerOrStudent,
    forbiddenForStudent: true,
  },
  {
    key: 'others',
    title: 'Others',
    to: '/statutes',
    visible: providerAdminLawyerOrStudent,
    forbiddenForStudent: true,
  },
];

export function tilesFor(actor: TActor): TTile[] {
  return DASHBOARD_TILES.filter((t) => t.visible(actor));
}
