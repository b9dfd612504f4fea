import { z } from 'zod';
import { MSG, MSG_DATE_INVALID } from '../common/messages.ts';
import { tooLong, tooMany } from '../common/validation.ts';
import {
  defineEntity,
  permissionPolicy,
  type Codec,
  type TEntityDecl,
  type TFilesDecl,
  type TParent,
} from '../sync/entity.ts';
import { MAX_FILE_BYTES } from '../attachments/limits.ts';
import { datedColumns, datedPolicy, datedShape } from '../case-documents/dated.entities.ts';
import {
  datedFields,
  NAQAL_FORMS,
  ORDER_SHEETS,
  SYNOPSIS,
  TALBANA,
  type TDatedModule,
} from '../case-documents/dated.modules.ts';
import { withHearingPlace } from '../court-day/hearing-place.ts';

/**
 * Attachment owners as the original API names them (`attachmentable_type`, storage folders): the `type` of each
 * case document declaration's `files` below (the runtime list, ATTACHMENT_OWNERS, is read from them).
 */
export type TAttachmentOwnerType =
  | 'PetitionIndex'
  | 'PetitionReply'
  | 'PetitonOrderSheet'
  | 'PetitionTalbana'
  | 'PetitionSynopsis'
  | 'PetitionNaqalForm'
  | 'OralArgument'
  | 'CaseLaw'
  | 'ExtraDocument'
  | 'Judgement';

export const MSG_OWNER_INVALID = 'The document to attach the files to is not valid.';
export const MSG_OWNER_OTHER_CASE = 'The document does not belong to this case file.';
export const MSG_PETITION_MISSING = 'The case file of this record does not exist.';
export { MSG_DATE_INVALID } from '../common/messages.ts';
export const ACCEPTED_MIME_TYPES = [
  'image/png',
  'image/jpeg',
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/xml',
] as const;
export const MSG_ACCEPTED_TYPES = 'Only png, jpeg, jpg, pdf, doc, docx and xml files can be uploaded.';

/**
 * The files of a case document (part 1 §5), read and edited with its case file: its declaration's `files`. Any
 * document kind the server keeps, up to 500 a document (the original client had no limit; a paper book is a
 * few hundred scans), each at most the one file limit. `aliases`: the kind's other names in the old client.
 */
const caseFiles = (type: TAttachmentOwnerType, aliases?: readonly string[]): TFilesDecl => ({
  type,
  ...(aliases ? { aliases } : {}),
  kinds: ['png', 'jpg', 'pdf', 'doc', 'docx', 'xml'],
  kindsMessage: MSG_ACCEPTED_TYPES,
  max: 500,
  maxBytes: MAX_FILE_BYTES,
  within: 'petition_id',
  invalidMessage: MSG_OWNER_INVALID,
  otherMessage: MSG_OWNER_OTHER_CASE,
});
/** An entity declaration that owns case-document files of the original API's kind `type`. */
const withFiles = <D extends TEntityDecl>(decl: D, type: TAttachmentOwnerType, aliases?: readonly string[]) =>
  ({ ...decl, files: caseFiles(type, aliases) }) satisfies TEntityDecl;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: MSG_DATE_INVALID })
  .nullish();
const order = z.coerce.number().int().min(0).max(1_000_000).default(0);
const text = (max: number) => z.string().max(max, tooLong(max)).nullish();
const required = (message: string, max = 500) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max, tooLong(max));

/** Case files and what is in them: readable with the case file (access set 'petitions'), edited by admins and lawyers. */
const caseFilePolicy = (column: string) =>
  permissionPolicy('petitions.edit', () => ({ set: 'petitions', column }));

const inPetition: TParent = { column: 'petition_id', entity: 'petitions', message: MSG_PETITION_MISSING };

/** The case file a row belongs to: required, so the row's type says it is never null. */
const petitionId = z
  .string({ error: MSG_PETITION_MISSING })
  .min(1, { error: MSG_PETITION_MISSING })
  .max(200, { error: MSG_PETITION_MISSING });

/** Rows that belong to one case file: readable with it, and created only in a live case file of the firm. */
function caseChild<Sh extends z.ZodRawShape, const N extends string, const C extends Record<string, Codec>>(
  name: N,
  columns: C,
  shape: Sh,
  more: { indexes?: string[]; defaults?: Record<string, unknown>; parents?: TParent[] } = {},
) {
  return defineEntity({
    name,
    columns: { id: 'text', company_id: 'text', petition_id: 'text', ...columns },
    writable: ['petition_id', ...Object.keys(columns)],
    schema: z.object({ ...shape, petition_id: petitionId }),
    defaults: more.defaults ?? { display_order: 0 },
    indexes: ['petition_id', ...(more.indexes ?? [])],
    parents: [inPetition, ...(more.parents ?? [])],
    policy: caseFilePolicy('petition_id'),
  });
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

export const petitionsDecl = defineEntity({
  name: 'petitions',
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
    lawyer_ids: z.array(z.string()).max(50, tooMany('lawyers', 50)).default([]),
  }),
  defaults: { is_moot_case: false, archived: false, lawyer_ids: [], pending_tag: null },
  indexes: ['archived', 'court_id', 'year', 'case_no', 'pending_tag', 'is_moot_case'],
  policy: caseFilePolicy('id'),
});

export const petitionPartiesDecl = caseChild(
  'petition_parties',
  { side: 'text', name: 'text', user_id: 'text', display_order: 'int' },
  {
    side: z.enum(['petitioner', 'opponent']),
    name: required('Name field is required.', 191),
    display_order: order,
  },
  { indexes: ['user_id', 'name'] },
);

/** An indexed document list of a case file: the petition index, and each standard index list (part 2 §2.3). */
const indexedList = <const N extends string>(name: N) =>
  caseChild(name, indexedDocument, indexedDocumentSchema, { indexes: ['[petition_id+display_order]'] });

export const petitionIndexDecl = withFiles(indexedList('petition_index'), 'PetitionIndex');
export const oralArgumentsDecl = withFiles(indexedList('oral_arguments'), 'OralArgument', ['oral_arguments']);
export const caseLawsDecl = withFiles(indexedList('case_laws'), 'CaseLaw', ['case_laws']);
export const extraDocumentsDecl = withFiles(indexedList('extra_documents'), 'ExtraDocument', [
  'extra_documents',
]);
export const judgementsDecl = withFiles(indexedList('judgements'), 'Judgement', ['judgements']);

export const replyParentsDecl = caseChild(
  'reply_parents',
  { title: 'text', display_order: 'int' },
  { title: required(MSG.titleRequired, 500), display_order: order },
);

export const repliesDecl = withFiles(
  caseChild(
    'replies',
    { reply_parent_id: 'text', ...indexedDocument },
    { reply_parent_id: z.string().min(1), ...indexedDocumentSchema },
    {
      indexes: ['reply_parent_id'],
      parents: [
        {
          column: 'reply_parent_id',
          entity: 'reply_parents',
          message: 'The reply heading of this reply does not exist.',
        },
      ],
    },
  ),
  'PetitionReply',
);

/** The dated document modules (case-documents/dated.modules.ts); order sheets also hold part 1's hearing dates. */
const dated = <const E extends string, const P extends string>(m: TDatedModule<E, P>) => ({
  ...caseChild(m.entity, datedColumns(m), datedShape(m), { indexes: [datedFields(m).date], defaults: {} }),
  policy: datedPolicy(m, caseFilePolicy('petition_id').readScope),
  files: caseFiles(m.model, m.modelAliases),
});
// Order sheets are the hearings: they also carry the court room and cause-list serial (issue 34).
export const orderSheetsDecl = withHearingPlace(dated(ORDER_SHEETS));
export const naqalFormsDecl = dated(NAQAL_FORMS);
export const talbanaDecl = dated(TALBANA);
export const synopsisDecl = dated(SYNOPSIS);

/** A case file and everything in it, in the order a first sync sends them (parents before children). */
export const CASE_FILE_ENTITIES = [
  petitionsDecl,
  petitionPartiesDecl,
  petitionIndexDecl,
  replyParentsDecl,
  repliesDecl,
  orderSheetsDecl,
  naqalFormsDecl,
  talbanaDecl,
  synopsisDecl,
  oralArgumentsDecl,
  caseLawsDecl,
  extraDocumentsDecl,
  judgementsDecl,
] as const;

/** The kinds of case documents that own files (the declarations' `files`), as the original API names them. */
export const ATTACHMENT_OWNERS: readonly TAttachmentOwnerType[] = CASE_FILE_ENTITIES.flatMap((d) =>
  'files' in d && d.files ? [d.files.type as TAttachmentOwnerType] : [],
);

/** The kinds of case documents that own files, and their entities (from the declarations' `files`). */
export const ATTACHMENT_OWNER_ENTITIES: Partial<Record<TAttachmentOwnerType, string>> = Object.fromEntries(
  CASE_FILE_ENTITIES.flatMap((d) => ('files' in d && d.files ? [[d.files.type, d.name]] : [])),
);
