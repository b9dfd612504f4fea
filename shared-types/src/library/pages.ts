import { z } from 'zod';
import { MSG } from '../common/messages.ts';
import { boolish, optionalText, requiredText, tooLong } from '../common/validation.ts';
import { optionalIdOr } from '../common/wire.ts';
import { MAX_FILE_BYTES } from '../attachments/limits.ts';
import { defineEntity, permissionsPolicy, type TColumns } from '../sync/entity.ts';
import {
  CONTRACTS,
  MAX_CONTENT,
  MSG_CATEGORY_MISSING,
  MSG_CASE_TITLE_REQUIRED,
  PAGE_PERMISSIONS,
  PLEADINGS,
  PROPOSITIONS,
  type TPageKind,
} from './page-kinds.ts';

export * from './page-kinds.ts';
export * from './page-text.ts';

/**
 * The firm's published pages (part 2 §2.7, part 3 §2.7–2.8): a titled rich-text page with a public address
 * (`/preview/{pageType}/{slug}`), files, and whatever fields its kind adds. Propositions, sample contracts and
 * sample pleadings are this one module declared three times (publishedPage below).
 */

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
/** Files one library page may have. */
export const MAX_PAGE_FILES = 50;

/** Library pages: those who may read the library read them; admins add, edit and delete (part 2 §6, part 3 §6). */
const pagePolicy = permissionsPolicy(PAGE_PERMISSIONS);

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
    files: {
      type: kind.ownerType,
      kinds: ['png', 'jpg', 'pdf', 'doc', 'docx'],
      kindsMessage: MSG_LIBRARY_FILE_TYPES,
      max: MAX_PAGE_FILES,
      maxBytes: MAX_FILE_BYTES,
      invalidMessage: MSG_PAGE_OWNER_INVALID,
      // The original client's file URLs and uploader (rest-contract 33), served by owner-legacy.ts.
      storagePath: kind.rest.storageFolder,
      legacyUploader: 'policy-first',
    },
  });
}

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

/** A page's field as sent: multipart fields are text, so '' is none, except an emptied editor's content. */
const pageField = (column: string) =>
  z
    .unknown()
    .transform((v) => (v === '' && column !== 'content' ? null : v))
    .optional();

/**
 * A page's POST as the original client sends it (rest-contract 72, 84, 89), JSON or multipart (its `files[n]`
 * are read apart): the page's writable fields, each going as sent to the page's row schema. The ids it may
 * send as '', "null" or "undefined" are none. Its sample contract form hides the category, so the FormData
 * carries the text "undefined" (or "null" once a saved contract is edited). Yields the page's id (none: a new
 * page) and its changed fields; a field left out stays as it is.
 */
export const pagePostBody = (writable: readonly string[]) =>
  z
    .object({
      ...Object.fromEntries(writable.map((c) => [c, pageField(c)])),
      id: optionalIdOr(MSG.notFound).optional(),
      contract_category_id: optionalIdOr(MSG_CATEGORY_MISSING).optional(),
    })
    .transform(({ id, ...fields }: Record<string, unknown>) => ({
      id: typeof id === 'string' && id ? id : null,
      values: Object.fromEntries(Object.entries(fields).filter(([c]) => writable.includes(c))),
    }));

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
