import { z } from 'zod';
import { MSG } from '../common/messages.ts';
import { tooLong, tooMany } from '../common/validation.ts';
import { defineEntity, permissionPolicy, permissionsPolicy, type Codec } from '../sync/entity.ts';
import { MSG_MODULE_REQUIRED } from './reference-data.schema.ts';

const title = z
  .string({ error: MSG.titleRequired })
  .trim()
  .min(1, { error: MSG.titleRequired })
  .max(255, tooLong(255));
const optional = z.string().max(100, tooLong(100)).nullish();
const order = z.coerce.number().int().min(0).max(1_000_000).default(0);

/** Reference data: every member of a firm reads it, its admins edit it (courts: see courtsDecl). */
const reference = <S extends z.ZodType, const N extends string, const C extends Record<string, Codec>>(
  name: N,
  columns: C,
  schema: S,
  indexes: string[],
  defaults: Record<string, unknown> = {},
) =>
  defineEntity({
    name,
    columns: { id: 'text', company_id: 'text', ...columns },
    writable: Object.keys(columns),
    schema,
    defaults,
    indexes,
    policy: permissionPolicy('referenceData.manage'),
  });

/**
 * Courts: everyone reads them; lawyers add one from the case form too; only admins edit, merge and delete them.
 * `merged_into` is set on a court an admin merged into another just before deleting it, so a case file a device
 * made offline in the merged court lands in the kept one (sync-server case-files.entities.ts).
 */
const courtColumns = { title: 'text', short_title: 'text', merged_into: 'text' } as const;
export const courtsDecl = defineEntity({
  ...reference(
    'courts',
    courtColumns,
    z.object({ title, short_title: optional, merged_into: z.string().max(200).nullish() }),
    ['title'],
  ),
  policy: permissionsPolicy({
    read: 'referenceData.read',
    create: 'courts.add',
    manage: 'referenceData.manage',
  }),
});

export const caseCategoriesDecl = reference(
  'case_categories',
  { title: 'text', abbreviation: 'text' },
  z.object({ title, abbreviation: z.string().trim().max(50, tooLong(50)).nullish() }),
  ['title'],
);

/** A case category offered in a court: goes when either goes. */
export const caseCategoryCourtsDecl = defineEntity({
  ...reference(
    'case_category_courts',
    { case_category_id: 'text', court_id: 'text' },
    z.object({ case_category_id: z.string().min(1), court_id: z.string().min(1) }),
    ['case_category_id', 'court_id'],
  ),
  parents: [
    { column: 'case_category_id', entity: 'case_categories', message: 'The case category does not exist.' },
    { column: 'court_id', entity: 'courts', message: 'The court does not exist.' },
  ],
});

export const moduleTypesDecl = reference(
  'module_types',
  { module_id: 'int', title: 'text', display_order: 'int' },
  z.object({
    module_id: z.coerce
      .number({ error: MSG_MODULE_REQUIRED })
      .int()
      .min(1, { error: MSG_MODULE_REQUIRED })
      .max(4, { error: MSG_MODULE_REQUIRED }),
    title,
    display_order: order,
  }),
  ['module_id', '[module_id+display_order]'],
  { display_order: 0 },
);

export const statutesDecl = reference(
  'statutes',
  { title: 'text', display_order: 'int' },
  z.object({ title, display_order: order }),
  ['display_order'],
  { display_order: 0 },
);

export const LIMITATION_CASE_KINDS = ['Appeal', 'Application', 'Review', 'Revision', 'Suit'] as const;

export const limitationArticlesDecl = reference(
  'limitation_articles',
  {
    case_kind: 'text',
    article: 'text',
    description: 'text',
    also_known_as: 'json',
    period_days: 'int',
    date_fields: 'json',
    display_order: 'int',
  },
  z.object({
    case_kind: z.enum(LIMITATION_CASE_KINDS),
    article: z.string().max(20, tooLong(20)).nullish(),
    description: z.string().trim().min(1).max(2000, tooLong(2000)),
    also_known_as: z
      .array(z.string().max(200, tooLong(200)))
      .max(20, tooMany('other names', 20))
      .default([]),
    period_days: z.number().int().min(0).max(36500).nullable(),
    date_fields: z
      .array(z.string().max(200, tooLong(200)))
      .max(20, tooMany('date fields', 20))
      .default([]),
    display_order: order,
  }),
  ['case_kind', 'display_order'],
  { also_known_as: [], date_fields: [], display_order: 0, period_days: null },
);

/** The reference data of a firm, in the order a first sync sends it. */
export const REFERENCE_DATA_ENTITIES = [
  courtsDecl,
  caseCategoriesDecl,
  caseCategoryCourtsDecl,
  moduleTypesDecl,
  statutesDecl,
  limitationArticlesDecl,
] as const;
