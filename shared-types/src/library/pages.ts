import { z } from 'zod';
import { MSG } from '../common/messages.ts';
import { boolish, optionalText, requiredText, tooLong } from '../common/validation.ts';
import { defineEntity, permissionsPolicy, type TColumns } from '../sync/entity.ts';

/**
 * The firm's published pages (part 2 §2.7, part 3 §2.7–2.8): a titled rich-text page with a public address
 * (`/preview/{pageType}/{slug}`), files, and whatever fields its kind adds. Propositions, sample contracts and
 * sample pleadings are this one module declared three times (publishedPage below).
 */

export const MSG_CASE_TITLE_REQUIRED = 'Proposition field is required.';
export const MSG_PAGE_NOT_FOUND = "We couldn't find this page.";
export const MSG_CATEGORY_MISSING = 'The selected contract category does not exist.';
export const MSG_SLUG_FIXED = 'The public address of a page cannot be changed.';
/** Stored HTML may be long (pasted Word documents) but never unbounded. */
export const MAX_CONTENT = 400_000;

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
  /** Its REST calls: path, the list's key, the single row's key, the query filters (column, matched within). */
  rest: { path: `/api/${string}`; listKey: string; rowKey: string; filters: readonly string[] };
  /** Route paths of its screens. */
  routes: { list: string; create: string; edit: string; param: string };
  /** The screen titles. */
  titles: { list: string; create: string; edit: string; button: string };
};

const slugPart = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');

/**
 * A page's public address segment: its title at creation and the tail of its id (UUIDv7's random bits), so a
 * phone offline and the server make the same one and two firms' pages never share it.
 */
export const slugFor = (title: string, id: string): string => {
  const tail = id
    .replace(/[^0-9a-z]/gi, '')
    .slice(-12)
    .toLowerCase();
  const head = slugPart(title);
  return head ? `${head}-${tail}` : tail;
};

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/** The words of (sanitised) HTML, for search and excerpts: tags dropped, blocks split, entities decoded. */
export function plainText(html: string | null | undefined): string {
  if (!html) return '';
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<\/?(p|div|h[1-6]|li|tr|td|th|br|table|ul|ol|blockquote)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
      if (e[0] === '#') {
        const n = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
        return Number.isFinite(n) && n > 0 && n < 0x110000 ? String.fromCodePoint(n) : ' ';
      }
      return ENTITIES[e.toLowerCase()] ?? m;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** The spec's cut: 80 characters, 79 plus an ellipsis when longer (card excerpts, legal provisions). */
export const cut80 = (s: string | null | undefined): string => {
  const t = s ?? '';
  return t.length > 80 ? `${t.slice(0, 79)}…` : t;
};

const content = z.string().max(MAX_CONTENT, tooLong(MAX_CONTENT)).nullish();
const slug = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)
  .max(200)
  .nullish();

type TPageColumns<T extends string> = {
  id: 'text';
  company_id: 'text';
  content: 'text';
  plain_content: 'text';
  slug: 'text';
  published: 'bool';
} & { [K in T]: 'text' };

/** Library pages: those who may read the library read them; admins add, edit and delete (part 2 §6, part 3 §6). */
const pagePolicy = permissionsPolicy({
  read: 'library.read',
  create: 'library.manage',
  manage: 'library.manage',
});

/**
 * One published-page kind: its title column, content, the server-derived plain text and public slug, a
 * published flag (only published pages are public), and the kind's own fields.
 */
function publishedPage<
  const N extends string,
  const T extends string,
  const C extends TColumns,
  S extends z.ZodRawShape,
>(kind: TPageKind & { name: N; titleColumn: T }, extra: { columns: C; shape: S; titleMessage: string }) {
  return defineEntity({
    name: kind.name,
    columns: {
      id: 'text',
      company_id: 'text',
      [kind.titleColumn]: 'text',
      content: 'text',
      plain_content: 'text',
      slug: 'text',
      published: 'bool',
      ...extra.columns,
    } as TPageColumns<T> & C,
    // plain_content and the slug are the server's (made from what was written); the device shows its own until then.
    writable: [kind.titleColumn, 'content', 'published', ...Object.keys(extra.shape)],
    schema: z.object({
      [kind.titleColumn]: requiredText(extra.titleMessage, 500),
      content,
      plain_content: z.string().nullish(),
      slug,
      published: boolish,
      ...extra.shape,
    }),
    defaults: { published: true },
    indexes: [kind.titleColumn, 'slug'],
    policy: pagePolicy,
  });
}

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

export const propositionsDecl = publishedPage(PROPOSITIONS, {
  columns: { keywords: 'text', legal_provisions: 'text' },
  shape: { keywords: optionalText(2000), legal_provisions: optionalText(5000) },
  titleMessage: MSG_CASE_TITLE_REQUIRED,
});

export const contractsDecl = publishedPage(CONTRACTS, {
  columns: { contract_category_id: 'text' },
  shape: { contract_category_id: optionalText(200) },
  titleMessage: MSG.titleRequired,
});

export const pleadingsDecl = publishedPage(PLEADINGS, {
  columns: {},
  shape: {},
  titleMessage: MSG.titleRequired,
});

/** The published-page kinds, by `page_type` of their public address. */
export const PAGE_KINDS = [PROPOSITIONS, CONTRACTS, PLEADINGS] as const;
export const pageKindOf = (pageType: string): TPageKind | undefined =>
  PAGE_KINDS.find((k) => k.pageType === pageType);

/** Categories of sample contracts (rest-contract 86). */
export const contractCategoriesDecl = defineEntity({
  name: 'contract_categories',
  columns: { id: 'text', company_id: 'text', title: 'text', display_order: 'int' },
  writable: ['title', 'display_order'],
  schema: z.object({
    title: requiredText(MSG.titleRequired),
    display_order: z.coerce.number().int().min(0).max(1_000_000).default(0),
  }),
  defaults: { display_order: 0 },
  indexes: ['title'],
  policy: pagePolicy,
  rest: {
    path: '/api/contract_categories',
    listKey: 'categories',
    rowKey: 'category',
    orderBy: ['display_order', 'title'],
  },
});

export const LIBRARY_FILE_TYPES = [
  'image/png',
  'image/jpeg',
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
] as const;
export const MSG_LIBRARY_FILE_TYPES =
  'Only images (png, jpeg, jpg), pdf, doc and docx files can be uploaded.';
export const MSG_PAGE_OWNER_INVALID = 'The page to attach the files to is not valid.';

/** A file of a library page (images, PDF, Word): its bytes by hash, kept offline like a case file's. */
export const libraryFilesDecl = defineEntity({
  name: 'library_files',
  columns: {
    id: 'text',
    company_id: 'text',
    owner_type: 'text',
    owner_id: 'text',
    sha256: 'text',
    file_name: 'text',
    mime_type: 'text',
    size: 'int',
    display_order: 'int',
  },
  writable: ['owner_type', 'owner_id', 'sha256', 'file_name', 'mime_type', 'size', 'display_order'],
  schema: z.object({
    owner_type: z.enum(PAGE_KINDS.map((k) => k.ownerType) as [string, ...string[]], {
      error: MSG_PAGE_OWNER_INVALID,
    }),
    owner_id: z.string({ error: MSG_PAGE_OWNER_INVALID }).min(1, { error: MSG_PAGE_OWNER_INVALID }),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    file_name: z.string().min(1).max(255, tooLong(255)),
    mime_type: z.enum(LIBRARY_FILE_TYPES, { error: MSG_LIBRARY_FILE_TYPES }),
    size: z.number().int().min(0),
    display_order: z.coerce.number().int().min(0).max(1_000_000).default(0),
  }),
  defaults: { display_order: 0 },
  indexes: ['sha256'],
  owner: {
    typeColumn: 'owner_type',
    idColumn: 'owner_id',
    entities: Object.fromEntries(PAGE_KINDS.map((k) => [k.ownerType, k.name])),
    invalidMessage: MSG_PAGE_OWNER_INVALID,
    otherCaseMessage: MSG_PAGE_OWNER_INVALID,
  },
  policy: pagePolicy,
  fileColumns: ['sha256'],
});
