import { z } from 'zod';
import { can, MSG, type TActor } from '@lawfirm/shared-types';
import type { Db } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import { registerEntity, type Codec, type EntityDef, type Row } from '../sync/entities.ts';

/** Attachment owners as the original API names them (`attachmentable_type`, storage folders). */
export const ATTACHMENT_OWNERS = [
  'PetitionIndex',
  'PetitionReply',
  'PetitonOrderSheet',
  'PetitionTalbana',
  'PetitionSynopsis',
  'PetitionNaqalForm',
  'OralArgument',
  'CaseLaw',
  'ExtraDocument',
  'Judgement',
] as const;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'The date must be a real date (dd/mm/yyyy).' })
  .nullish();
const order = z.coerce.number().int().min(0).max(1_000_000).default(0);
const text = (max: number) => z.string().max(max).nullish();
const required = (message: string, max = 500) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max);
const editors = (a: TActor) => can(a, 'petitions.edit');
const editUpdate = (a: TActor): true | string => (editors(a) ? true : MSG.forbidden);

async function liveInFirm(trx: Db, table: keyof Database, companyId: string, id: unknown): Promise<boolean> {
  if (typeof id !== 'string' || !id) return false;
  const r = await trx
    .selectFrom(table as 'courts')
    .select('id')
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return !!r;
}

/** Rows that belong to one case file: readable with it, written by admins and lawyers, and only into a live case file of the firm. */
function caseChild(
  name: keyof Database,
  columns: Record<string, Codec>,
  schema: z.ZodType,
  extra: Partial<Pick<EntityDef, 'check' | 'canDelete' | 'defaults'>> = {},
): EntityDef {
  return {
    name,
    table: name,
    columns: { id: 'text', company_id: 'text', petition_id: 'text', ...columns },
    writable: ['petition_id', ...Object.keys(columns)],
    schema,
    defaults: { display_order: 0, ...(extra.defaults ?? {}) },
    readScope: () => ({ petition: 'petition_id' }),
    canCreate: editors,
    canUpdate: editUpdate,
    canDelete: extra.canDelete ?? editors,
    check: async (trx, actor, row, changed) => {
      if (
        changed.includes('petition_id') &&
        !(await liveInFirm(trx, 'petitions', actor.company_id, row.petition_id))
      )
        return 'The case file of this record does not exist.';
      return (await extra.check?.(trx, actor, row, changed)) ?? null;
    },
  };
}

const indexedDocument = {
  document_description: 'text',
  date: 'text',
  annexure: 'text',
  page_info: 'text',
  display_order: 'int',
} as const;
const indexedDocumentSchema = {
  document_description: required('Description field is required.', 2000),
  date: isoDate,
  annexure: text(100),
  page_info: text(100),
  display_order: order,
};

export const petitionsEntity: EntityDef = {
  name: 'petitions',
  table: 'petitions',
  columns: {
    id: 'text',
    company_id: 'text',
    case_no: 'text',
    year: 'int',
    title: 'text',
    court_id: 'text',
    petition_type_id: 'text',
    institution_date: 'text',
    is_moot_case: 'bool',
    archived: 'bool',
    pending_tag: 'text',
    lawyer_ids: 'json',
    created_at: 'text',
  },
  writable: [
    'case_no',
    'year',
    'title',
    'court_id',
    'petition_type_id',
    'institution_date',
    'is_moot_case',
    'archived',
    'pending_tag',
    'lawyer_ids',
  ],
  schema: z.object({
    case_no: required('Case No field is required.', 50),
    title: required('Title field is required.', 500),
    year: z
      .number()
      .int()
      .min(1900, { error: 'The year is not valid.' })
      .max(2100, { error: 'The year is not valid.' })
      .nullish(),
    institution_date: isoDate,
    pending_tag: text(100),
    lawyer_ids: z.array(z.string()).max(50).default([]),
  }),
  defaults: { is_moot_case: false, archived: false, lawyer_ids: [], pending_tag: null },
  readScope: () => ({ petition: 'id' }),
  canCreate: editors,
  canUpdate: editUpdate,
  canDelete: editors,
  check: async (trx, actor, row, changed) => {
    if (
      changed.includes('court_id') &&
      row.court_id &&
      !(await liveInFirm(trx, 'courts', actor.company_id, row.court_id))
    )
      return 'The court does not exist.';
    if (
      changed.includes('petition_type_id') &&
      row.petition_type_id &&
      !(await liveInFirm(trx, 'case_categories', actor.company_id, row.petition_type_id))
    )
      return 'The case category does not exist.';
    if (changed.includes('lawyer_ids')) {
      for (const id of (row.lawyer_ids as string[] | null) ?? [])
        if (!(await liveInFirm(trx, 'users', actor.company_id, id)))
          return 'A chosen lawyer is not a member of this firm.';
    }
    return null;
  },
};

export const CASE_ENTITIES: EntityDef[] = [
  petitionsEntity,
  caseChild(
    'petition_parties',
    { side: 'text', name: 'text', user_id: 'text', display_order: 'int' },
    z.object({
      side: z.enum(['petitioner', 'opponent']),
      name: required('Name field is required.', 191),
      display_order: order,
    }),
    {
      check: async (trx, actor, row: Row, changed) =>
        changed.includes('user_id') &&
        row.user_id &&
        !(await liveInFirm(trx, 'users', actor.company_id, row.user_id))
          ? 'The chosen person is not a member of this firm.'
          : null,
    },
  ),
  caseChild('petition_index', indexedDocument, z.object(indexedDocumentSchema)),
  caseChild(
    'reply_parents',
    { title: 'text', display_order: 'int' },
    z.object({ title: required(MSG.titleRequired, 500), display_order: order }),
  ),
  caseChild(
    'replies',
    { reply_parent_id: 'text', ...indexedDocument },
    z.object({ reply_parent_id: z.string().min(1), ...indexedDocumentSchema }),
    {
      check: async (trx, actor, row, changed) =>
        changed.includes('reply_parent_id') &&
        !(await liveInFirm(trx, 'reply_parents', actor.company_id, row.reply_parent_id))
          ? 'The reply heading of this reply does not exist.'
          : null,
    },
  ),
  // Hearing dates live on order sheets; lawyers add and remove hearing dates, so they may delete order sheets too.
  caseChild(
    'order_sheets',
    { order_sheet_type_id: 'text', order_sheet_date: 'text' },
    z.object({
      order_sheet_date: z
        .string({ error: 'Date field is required.' })
        .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Date field is required.' }),
    }),
    { defaults: {} },
  ),
  caseChild(
    'attachments',
    {
      owner_type: 'text',
      owner_id: 'text',
      sha256: 'text',
      file_name: 'text',
      mime_type: 'text',
      size: 'int',
      title: 'text',
      display_order: 'int',
    },
    z.object({
      owner_type: z.enum(ATTACHMENT_OWNERS),
      owner_id: z.string().min(1),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
      file_name: z.string().min(1).max(255),
      mime_type: z.enum(
        [
          'image/png',
          'image/jpeg',
          'application/pdf',
          'application/msword',
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          'application/xml',
        ],
        {
          error: 'Only png, jpeg, jpg, pdf, doc, docx and xml files can be uploaded.',
        },
      ),
      size: z.number().int().min(0),
      title: text(255),
      display_order: order,
    }),
  ),
];
for (const e of CASE_ENTITIES) registerEntity(e);
