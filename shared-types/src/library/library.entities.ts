import { z } from 'zod';
import { MSG } from '../common/messages.ts';
import { optionalText, requiredText, tooLong } from '../common/validation.ts';
import { defineEntity, permissionsPolicy } from '../sync/entity.ts';
import { contractCategoriesDecl, contractsDecl, pleadingsDecl, propositionsDecl } from './pages.ts';

export const MSG_URL_REQUIRED = 'URL field is required.';
export const MSG_URL_INVALID = 'The URL must be a web address starting with http:// or https://.';

/**
 * A web address a lawyer opens from the list: only http(s), so a stored `javascript:` or `data:` link can
 * never run in anyone's browser.
 */
const webUrl = z
  .string({ error: MSG_URL_REQUIRED })
  .trim()
  .min(1, { error: MSG_URL_REQUIRED, abort: true })
  .max(2000, { ...tooLong(2000), abort: true })
  .refine((u) => /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(u) && URL.canParse(u), { error: MSG_URL_INVALID });

/** Useful links of the firm (part 3 §2.9, rest-contract 78–81). */
export const linksDecl = defineEntity({
  name: 'links',
  columns: {
    id: 'text',
    company_id: 'text',
    title: 'text',
    url: 'text',
    description: 'text',
    display_order: 'int',
  },
  writable: ['title', 'url', 'description', 'display_order'],
  schema: z.object({
    title: requiredText(MSG.titleRequired),
    url: webUrl,
    description: optionalText(2000),
    display_order: z.coerce.number().int().min(0).max(1_000_000).default(0),
  }),
  defaults: { display_order: 0 },
  indexes: ['title'],
  policy: permissionsPolicy({ read: 'library.read', create: 'library.add', manage: 'library.manage' }),
  rest: { path: '/api/links', listKey: 'links', rowKey: 'link', orderBy: ['display_order', 'title'] },
});

/** The library's synced entities: categories before the pages that name them. */
export const LIBRARY_ENTITIES = [
  linksDecl,
  contractCategoriesDecl,
  propositionsDecl,
  contractsDecl,
  pleadingsDecl,
] as const;
