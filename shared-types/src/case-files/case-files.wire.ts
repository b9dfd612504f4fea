import { z } from 'zod';
import { instantToPakistanDate, parseDisplayDate } from '../common/dates.ts';
import { boolish } from '../common/validation.ts';
import {
  decodeWith,
  optionalBool,
  optionalId,
  orNull,
  queryBool,
  queryPage,
  queryText,
  requiredId,
  wireDisplayOrder,
  wireText,
} from '../common/wire.ts';
import { attachmentsDecl } from '../sync/entities.ts';
import {
  MSG_DATE_INVALID,
  orderSheetsDecl,
  petitionIndexDecl,
  petitionPartiesDecl,
  petitionsDecl,
  replyParentsDecl,
} from './case-files.entities.ts';

/**
 * REST wire parsers of the documented case-file calls (rest-contract 11–27, 33–36, 44–46, 50–58), in the shapes
 * the original client sends: dates dd/mm/yyyy, ids and numbers as text, whole list rows sent back with extra
 * fields (editMode, nested objects) that are ignored. Each field is decoded (common/wire.ts) and then checked by
 * the row schema of its entity's declaration, so a rule and its message exist once, for push, REST and forms.
 */

export const MSG_PETITION_REQUIRED = 'Petition field is required.';
export const MSG_YEAR_INVALID = 'The year is not valid.';

const petition = petitionsDecl.schema.shape;
const party = petitionPartiesDecl.schema.shape;
/** Index items and replies are one "indexed document list": the same fields, the same rules. */
const indexed = petitionIndexDecl.schema.shape;
const replyParent = replyParentsDecl.schema.shape;
const orderSheet = orderSheetsDecl.schema.shape;
const attachment = attachmentsDecl.schema.shape;

/**
 * A calendar date from the wire → ISO YYYY-MM-DD (null: none given; false: not a real date). The spec's form is
 * dd/mm/yyyy; the hearing calendar shows dd/mm/yy, and ISO is accepted too, so a client sending any of the
 * three is understood. An ISO instant (the original client's calendar sends a JavaScript Date) is the date it
 * is in Pakistan. Empty means none.
 */
export function wireDateToIso(v: unknown): string | null | false {
  if (v === null || v === undefined) return null;
  if (typeof v !== 'string') return false;
  const t = v.trim();
  if (!t) return null;
  const short = /^(\d{2})\/(\d{2})\/(\d{2})$/.exec(t);
  if (short) return parseDisplayDate(`${short[1]}/${short[2]}/20${short[3]}`) ?? false;
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  if (iso) return parseDisplayDate(`${iso[3]}/${iso[2]}/${iso[1]}`) ?? false;
  if (t.includes('T')) return instantToPakistanDate(t) ?? false;
  return parseDisplayDate(t) ?? false;
}

/** A date in any of the wire's forms → ISO or null; a date that is not a real one is refused. */
export const wireDate = z
  .unknown()
  .optional()
  .transform((v, ctx) => {
    const iso = wireDateToIso(v);
    if (iso === false) {
      ctx.addIssue({ code: 'custom', message: MSG_DATE_INVALID });
      return z.NEVER;
    }
    return iso;
  });

/** A year as text or a number; absent stays absent (an update keeps the stored year), '' and null mean none. */
const wireYear = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined) return undefined;
    if (v === null || v === '') return null;
    const n = Number(v);
    if (!Number.isInteger(n)) {
      ctx.addIssue({ code: 'custom', message: MSG_YEAR_INVALID });
      return z.NEVER;
    }
    return n;
  });

/**
 * A petitioner or opponent as the edit form sends it: `{user: {name}}`, where name is typed text or, when
 * picked from the autocomplete, the whole client object `{id, name}`; `{user: {id, name}}` (a row loaded from
 * the server and sent back) links the party to that user too.
 */
const ZPartyWire = z
  .object({
    id: optionalId,
    name: z.unknown().optional(),
    user: z
      .object({
        id: optionalId,
        name: z
          .union([z.string(), z.object({ id: optionalId, name: z.string().nullish() }), z.null()])
          .optional(),
      })
      .nullish(),
  })
  .transform((p) => {
    const named = p.user?.name;
    if (named && typeof named === 'object') return { name: (named.name ?? '').trim(), user_id: named.id };
    const name = typeof named === 'string' ? named : typeof p.name === 'string' ? p.name : '';
    return { name: name.trim(), user_id: p.user?.id ?? null };
  });

const parties = z
  .array(ZPartyWire, { error: 'The parties must be a list.' })
  .max(100)
  .nullish()
  // Empty rows ("Add More" left blank) are not parties.
  .transform((list) => (list ? list.filter((p) => p.name) : undefined))
  .pipe(z.array(z.object({ name: party.name, user_id: z.string().nullable() })).optional());
export type TPartyInput = NonNullable<z.output<typeof parties>>[number];

/** The lawyer multi-select sends ids; a row sent back may carry `lawyers` objects instead, which we accept. */
const lawyerIds = z
  .array(z.union([z.string(), z.number(), z.object({ id: optionalId })]))
  .nullish()
  .transform((list) =>
    list
      ? [
          ...new Set(
            list.map((l) => (typeof l === 'object' ? l.id : String(l))).filter((x): x is string => !!x),
          ),
        ]
      : undefined,
  )
  .pipe(petition.lawyer_ids.unwrap().optional());

/**
 * rest-contract 13: create (no id) or update (id) a case file. An update writes only what the form sent:
 * a field left out of the body stays undefined here.
 */
export const ZPetitionInput = z.object({
  id: optionalId,
  case_no: decodeWith(wireText, petition.case_no),
  title: petition.title,
  year: decodeWith(wireYear, petition.year),
  court_id: optionalId.optional(),
  petition_type_id: optionalId.optional(),
  lawyer_ids: lawyerIds,
  institution_date: decodeWith(wireDate, petition.institution_date).optional(),
  is_moot_case: optionalBool,
  petitioners: parties,
  opponents: parties,
});
export type TPetitionInput = z.output<typeof ZPetitionInput>;

export const ZPetitionIdInput = z.object({ petition_id: requiredId(MSG_PETITION_REQUIRED) });

/** rest-contract 15. */
export const ZToggleArchivedInput = z.object({
  petition_id: requiredId(MSG_PETITION_REQUIRED),
  archived: boolish,
});
export type TToggleArchivedInput = z.output<typeof ZToggleArchivedInput>;

/** rest-contract 16–17: an empty tag clears it. */
export const ZPendingTagInput = z.object({
  petition_id: requiredId(MSG_PETITION_REQUIRED),
  pending_tag: orNull(decodeWith(wireText, petition.pending_tag)),
});
export type TPendingTagInput = z.output<typeof ZPendingTagInput>;

/** rest-contract 19: `?petition_id=`. */
export const ZGetPetitionQuery = ZPetitionIdInput;

/** Filters of the case list (rest-contract 11); query values arrive as text. */
export const ZPetitionListQuery = z.object({
  case_no: queryText,
  year: queryText.transform((v, ctx) => {
    if (v === undefined) return undefined;
    const n = Number(v);
    // A four-digit year at most: 1e300 would fail the query on PostgreSQL's integer column.
    if (!Number.isInteger(n) || n < 0 || n > 9999) {
      ctx.addIssue({ code: 'custom', message: MSG_YEAR_INVALID });
      return z.NEVER;
    }
    return n;
  }),
  court_id: queryText.transform((v) => (v && v.toLowerCase() !== 'all' ? v : undefined)),
  petitioner_name: queryText,
  pendingTag: queryText,
  pending_tag: queryBool,
  is_moot_case: queryBool,
  archived: queryBool,
  page: queryPage,
  query_from_calendar_page: queryText,
  force_all_records: queryBool,
});
export type TPetitionListQuery = z.output<typeof ZPetitionListQuery>;

/** rest-contract 23 and 55: an index item or a reply, or a whole list row sent back after inline editing. */
export const ZIndexedDocumentInput = z.object({
  id: optionalId,
  petition_id: optionalId,
  petition_reply_parent_id: optionalId,
  document_description: indexed.document_description,
  date: orNull(decodeWith(wireDate, indexed.date)),
  annexure: orNull(decodeWith(wireText, indexed.annexure)),
  page_info: orNull(decodeWith(wireText, indexed.page_info)),
  display_order: wireDisplayOrder(indexed.display_order),
});
export type TIndexedDocumentInput = z.output<typeof ZIndexedDocumentInput>;

/** rest-contract 51: a reply heading (`{petition_id, title}`) or a row sent back. */
export const ZReplyParentInput = z.object({
  id: optionalId,
  petition_id: optionalId,
  title: replyParent.title,
  display_order: wireDisplayOrder(replyParent.display_order),
});
export type TReplyParentInput = z.output<typeof ZReplyParentInput>;

/** The rows of a list in their new order (drag and drop): whole rows, or just their ids. */
export const orderedRows = <K extends string>(key: K) =>
  z.object({
    [key]: z
      .array(z.union([z.string(), z.object({ id: z.string() })]), { error: 'The list of rows is required.' })
      .min(1, { error: 'The list of rows is required.' })
      .max(2000)
      .transform((rows) => rows.map((r) => (typeof r === 'string' ? r : r.id))),
  } as unknown as Record<K, z.ZodType<string[], unknown>>);

/** rest-contract 44–46: hearing dates live on order sheets. */
export const ZNextHearingInput = ZPetitionIdInput;
export const ZAddHearingInput = z.object({
  id: optionalId,
  petition_id: requiredId(MSG_PETITION_REQUIRED),
  order_sheet_date: decodeWith(wireDate, orderSheet.order_sheet_date),
  /** The date the control showed before the change; one it cannot read is ignored. */
  previous_ordersheet_date: z
    .unknown()
    .optional()
    .transform((v) => {
      const iso = wireDateToIso(v);
      return iso === false ? null : iso;
    }),
});
export type TAddHearingInput = z.output<typeof ZAddHearingInput>;
export const ZRemoveHearingInput = z.object({
  petition_id: requiredId(MSG_PETITION_REQUIRED),
  order_sheet_date: ZAddHearingInput.shape.order_sheet_date,
});
export type TRemoveHearingInput = z.output<typeof ZRemoveHearingInput>;
/** rest-contract 41 as the uploader uses it: an order sheet to attach files to (dated today when no date). */
export const ZOrderSheetOnDemandInput = z.object({
  petition_id: requiredId(MSG_PETITION_REQUIRED),
  order_sheet_date: decodeWith(wireDate, orderSheet.order_sheet_date.nullable()),
});

/**
 * rest-contract 34: the whole attachment row; only its title and display order change. A title left out of
 * the body stays undefined (kept as it is).
 */
export const ZAttachmentUpdate = z.object({
  title: decodeWith(wireText, attachment.title).optional(),
  display_order: wireDisplayOrder(attachment.display_order),
});
export type TAttachmentUpdate = z.output<typeof ZAttachmentUpdate>;

/** rest-contract 36: `id` is the list of ticked attachments (one id alone is accepted too). */
export const ZDeleteSelectedInput = z.object({
  id: z
    .union([z.array(z.union([z.string(), z.number()])), z.string(), z.number()], {
      error: 'Select at least one attachment.',
    })
    .transform((v) => (Array.isArray(v) ? v : [v]).map(String).filter(Boolean))
    .pipe(z.array(z.string()).min(1, { error: 'Select at least one attachment.' }).max(1000)),
});

/** rest-contract 27: which document to print; `model` or `model_type`, bare or with the App\Models\ prefix. */
export const ZSinglePdfInput = z.object({
  id: requiredId('The document is required.'),
  model: queryText,
  model_type: queryText,
});
