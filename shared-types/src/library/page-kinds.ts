/**
 * The published-page kinds (propositions, sample contracts, sample pleadings) as screens and routes need them,
 * without their schemas (no zod here: the app's route table imports this). The text helpers every side shares
 * are in page-text.ts, out of the app's first load.
 */

export const MSG_CASE_TITLE_REQUIRED = 'Proposition field is required.';
export const MSG_PAGE_NOT_FOUND = "We couldn't find this page.";
export const MSG_CATEGORY_MISSING = 'The selected contract category does not exist.';
/** Stored HTML may be long (pasted Word documents) but never unbounded. */
export const MAX_CONTENT = 400_000;

/** Who may do what with library pages (pages.ts makes the entities' policy of it; screens read it as is). */
export const PAGE_PERMISSIONS = {
  read: 'library.read',
  create: 'library.manage',
  manage: 'library.manage',
} as const;

/** How a page kind is reached: its public address segment and the original API's names. */
export type TPageKind = {
  /** The entity and table. */
  name: string;
  /** `page_type` of its public address. */
  pageType: string;
  /** The column holding its title (propositions call it case_title). */
  titleColumn: string;
  /** The original API's model name (attachment owner kind). */
  ownerType: string;
  /**
   * Its REST calls: path, the list's key, the single row's key, the query filters (column, matched within),
   * and the folder of the original client's file URLs (`/storage/attachments/{storageFolder}/{id}/{file}`).
   */
  rest: {
    path: `/api/${string}`;
    listKey: string;
    rowKey: string;
    filters: readonly string[];
    storageFolder: string;
  };
  /** Route paths of its screens. */
  routes: { list: string; create: string; edit: string; param: string };
  /** The screen titles. */
  titles: { list: string; create: string; edit: string; button: string };
};

export const PROPOSITIONS: TPageKind & { name: 'general_case_laws'; titleColumn: 'case_title' } = {
  name: 'general_case_laws',
  pageType: 'general-case-law',
  titleColumn: 'case_title',
  ownerType: 'GeneralCaseLaw',
  rest: {
    path: '/api/general_case_laws',
    listKey: 'general_case_Laws',
    rowKey: 'case_laws',
    filters: ['case_title', 'keywords'],
    storageFolder: 'Frequently-Asked-Legal-Propositions',
  },
  routes: {
    list: '/petition-general-case-law',
    create: '/petition-general-case-law/create',
    edit: '/petition-general-case-law/edit/:general_case_law_id',
    param: 'general_case_law_id',
  },
  titles: {
    list: 'Frequently Asked Legal Propositions',
    create: 'Add New Legal Proposition',
    edit: 'Edit Legal Proposition',
    button: 'Add New Proposition',
  },
};

export const CONTRACTS: TPageKind & { name: 'contracts_and_agreements'; titleColumn: 'title' } = {
  name: 'contracts_and_agreements',
  pageType: 'contract-and-agreement',
  titleColumn: 'title',
  ownerType: 'ContractAndAgreement',
  rest: {
    path: '/api/contracts_and_agreements',
    listKey: 'contracts_and_agreemnets',
    rowKey: 'contract_and_agreement',
    filters: ['title', 'contract_category_id'],
    storageFolder: 'contracts-and-agreements',
  },
  routes: {
    list: '/contract-and-agreement',
    create: '/create-contract-and-agreement',
    edit: '/contract-and-agreement/edit/:contract_agreement_id',
    param: 'contract_agreement_id',
  },
  titles: {
    list: 'Sample Contracts and Agreements',
    create: 'Add New Sample Contract',
    edit: 'Edit Sample Contract',
    button: 'Add New Sample Contract',
  },
};

export const PLEADINGS: TPageKind & { name: 'sample_pleadings'; titleColumn: 'title' } = {
  name: 'sample_pleadings',
  pageType: 'sample-pleading',
  titleColumn: 'title',
  ownerType: 'SamplePleading',
  rest: {
    path: '/api/sample_pleadings',
    listKey: 'sample_pleadings',
    rowKey: 'sample_pleading',
    filters: ['title'],
    storageFolder: 'sample-pleadings',
  },
  routes: {
    list: '/sample-pleading',
    create: '/create-sample-pleading',
    edit: '/sample-pleading/edit/:sample_pleading_id',
    param: 'sample_pleading_id',
  },
  titles: {
    list: 'Sample Pleadings',
    create: 'Add New Sample Pleading',
    edit: 'Edit Sample Pleading',
    button: 'Add New Sample Pleading',
  },
};

/** The published-page kinds, by `page_type` of their public address. */
export const PAGE_KINDS = [PROPOSITIONS, CONTRACTS, PLEADINGS] as const;
export const pageKindOf = (pageType: string): TPageKind | undefined =>
  PAGE_KINDS.find((k) => k.pageType === pageType);
