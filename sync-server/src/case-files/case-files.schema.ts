import { z } from 'zod';
import { MSG, optionalText, parseDisplayDate, requiredText } from '@lawfirm/shared-types';

/**
 * Request schemas of the documented case-file calls (rest-contract 11–27, 33–36, 44–46, 50–58), in the wire
 * shapes the original client sends: dates dd/mm/yyyy, ids as strings, whole list rows sent back with extra
 * fields (editMode, nested objects) that are ignored. Each schema turns a body into what the store writes.
 */

export const MSG_CASE_NO_REQUIRED = 'Case No field is required.';
export const MSG_DESCRIPTION_REQUIRED = 'Description field is required.';
export const MSG_DATE_INVALID = 'The date must be a real date (dd/mm/yyyy).';
export const MSG_DATE_REQUIRED = 'Date field is required.';
export const MSG_YEAR_INVALID = 'The year is not valid.';
export const MSG_PETITION_REQUIRED = 'Petition field is required.';
export const MSG_PENDING_TAG_INSERTED = 'Pending Tag Inserted Successfully!';
export const MSG_PENDING_TAG_REMOVED = 'Pending Tag Remove Successfully!';
export const MSG_HEARING_ADDED = 'Hearing Date Added Successfully!';
export const MSG_HEARING_REMOVED = 'Hearing Date & Calendar Event Remove Successfully!';
export const MSG_FILES_UPLOADED = 'Files Uploaded Successfully!';
export const MSG_SELECT_FILE = 'Select a File Before Uploading.';

/** An id: a non-empty string (numbers are accepted and turned into text); '' and null mean none. */
export const optionalId = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((v) => (v === null || v === undefined || String(v).trim() === '' ? null : String(v).trim()));

export const requiredId = (message: string) =>
  optionalId.transform((v, ctx) => {
    if (!v) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return v;
  });

/**
 * A calendar date from the wire → ISO YYYY-MM-DD (null: none given; false: not a real date). The spec's form is dd/mm/yyyy; the hearing calendar shows
 * dd/mm/yy, and ISO is accepted too, so a client sending any of the three is understood. Empty means none.
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
  return parseDisplayDate(t) ?? false;
}

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

/** Short free text that a form may send as a number (annexure "3", page "12-15"). */
const shortText = (max: number) =>
  z.preprocess((v) => (typeof v === 'number' ? String(v) : v), optionalText(max));

/** A checkbox; absent stays absent (an update that does not send it keeps the stored value). */
export const optionalBool = z
  .union([z.boolean(), z.number(), z.string(), z.null()])
  .optional()
  .transform((v) =>
    v === undefined ? undefined : v === true || v === 1 || v === '1' || v === 'true' || v === 'on',
  );

/** Display order: a whole number ≥ 0; empty means "leave it / put it last". */
export const optionalOrder = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (v === null || v === undefined || v === '') return null;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0 || n > 1_000_000) {
      ctx.addIssue({ code: 'custom', message: 'The display order must be a whole number of 0 or more.' });
      return z.NEVER;
    }
    return n;
  });

/**
 * A petitioner or opponent as the edit form sends it: `{user: {name}}`, where name is typed text or, when
 * picked from the autocomplete, the whole client object `{id, name}`; `{user: {id, name}}` (a row loaded from
 * the server and sent back) links the party to that user too.
 */
const ZPartyInput = z
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
export type TPartyInput = z.output<typeof ZPartyInput>;

const parties = z
  .array(ZPartyInput, { error: 'The parties must be a list.' })
  .max(100)
  .nullish()
  // Empty rows ("Add More" left blank) are not parties.
  .transform((list) => (list ? list.filter((p) => p.name) : undefined));

const year = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined) return undefined;
    if (v === null || v === '') return null;
    const n = Number(v);
    if (!Number.isInteger(n) || n < 1900 || n > 2100) {
      ctx.addIssue({ code: 'custom', message: MSG_YEAR_INVALID });
      return z.NEVER;
    }
    return n;
  });

/** The lawyer multi-select sends ids; a row sent back may carry `lawyers` objects instead, which we accept. */
const lawyerIds = z
  .array(z.union([z.string(), z.number(), z.object({ id: optionalId })]))
  .max(50)
  .nullish()
  .transform((list) =>
    list
      ? [
          ...new Set(
            list.map((l) => (typeof l === 'object' ? l.id : String(l))).filter((x): x is string => !!x),
          ),
        ]
      : undefined,
  );

/** rest-contract 13: create (no id) or update (id) a case file. */
export const ZPetitionInput = z.object({
  id: optionalId,
  case_no: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    requiredText(MSG_CASE_NO_REQUIRED, 50),
  ),
  title: requiredText(MSG.titleRequired, 500),
  year,
  court_id: optionalId,
  petition_type_id: optionalId,
  lawyer_ids: lawyerIds,
  institution_date: wireDate,
  is_moot_case: optionalBool,
  petitioners: parties,
  opponents: parties,
});
export type TPetitionInput = z.output<typeof ZPetitionInput>;

export const ZPetitionIdInput = z.object({ petition_id: requiredId(MSG_PETITION_REQUIRED) });

export const ZToggleArchivedInput = z.object({
  petition_id: requiredId(MSG_PETITION_REQUIRED),
  archived: optionalBool.transform((v) => v ?? false),
});

export const ZPendingTagInput = z.object({
  petition_id: requiredId(MSG_PETITION_REQUIRED),
  pending_tag: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), optionalText(100)),
});

/** Filters of the case list (rest-contract 11); query values arrive as text. */
const queryText = z
  .unknown()
  .optional()
  .transform((v) => (typeof v === 'string' && v.trim() ? v.trim() : undefined));
const queryBool = z
  .unknown()
  .optional()
  .transform((v) => v === 'true' || v === '1' || v === true || v === 'on');

export const ZPetitionListQuery = z.object({
  case_no: queryText,
  year: queryText.transform((v, ctx) => {
    if (v === undefined) return undefined;
    const n = Number(v);
    if (!Number.isInteger(n)) {
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
  page: queryText.transform((v) => {
    const n = Number(v);
    return Number.isInteger(n) && n >= 1 ? n : 1;
  }),
  query_from_calendar_page: queryText,
  force_all_records: queryBool,
});
export type TPetitionListQuery = z.output<typeof ZPetitionListQuery>;

/** rest-contract 23 and 55: an index item or a reply, or a whole list row sent back after inline editing. */
export const ZIndexedDocumentInput = z.object({
  id: optionalId,
  petition_id: optionalId,
  petition_reply_parent_id: optionalId,
  document_description: requiredText(MSG_DESCRIPTION_REQUIRED, 2000),
  date: wireDate,
  annexure: shortText(100),
  page_info: shortText(100),
  display_order: optionalOrder,
});
export type TIndexedDocumentInput = z.output<typeof ZIndexedDocumentInput>;

/** rest-contract 51: a reply heading (`{petition_id, title}`) or a row sent back. */
export const ZReplyParentInput = z.object({
  id: optionalId,
  petition_id: optionalId,
  title: requiredText(MSG.titleRequired, 500),
  display_order: optionalOrder,
});

/** The rows of a list in their new order (drag and drop): whole rows, or just their ids. */
export const orderedRows = (key: string) =>
  z.object({
    [key]: z
      .array(z.union([z.string(), z.object({ id: z.string() })]), { error: 'The list of rows is required.' })
      .min(1, { error: 'The list of rows is required.' })
      .max(2000)
      .transform((rows) => rows.map((r) => (typeof r === 'string' ? r : r.id))),
  });

/** rest-contract 44–46: hearing dates live on order sheets. */
export const ZNextHearingInput = ZPetitionIdInput;
export const ZAddHearingInput = z.object({
  id: optionalId,
  petition_id: requiredId(MSG_PETITION_REQUIRED),
  order_sheet_date: wireDate.transform((v, ctx) => {
    if (!v) {
      ctx.addIssue({ code: 'custom', message: MSG_DATE_REQUIRED });
      return z.NEVER;
    }
    return v;
  }),
  previous_ordersheet_date: z
    .unknown()
    .optional()
    .transform((v) => {
      const iso = wireDateToIso(v);
      return iso === false ? null : iso;
    }),
});
export const ZRemoveHearingInput = z.object({
  petition_id: requiredId(MSG_PETITION_REQUIRED),
  order_sheet_date: ZAddHearingInput.shape.order_sheet_date,
});
export const ZOrderSheetOnDemandInput = z.object({
  petition_id: requiredId(MSG_PETITION_REQUIRED),
  order_sheet_date: wireDate,
});

/** rest-contract 34: the whole attachment row; only its title and display order change. */
export const ZAttachmentUpdate = z.object({
  title: z.preprocess((v) => (typeof v === 'number' ? String(v) : v), optionalText(255)),
  display_order: optionalOrder,
});

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

/**
 * Whether any text in a request holds a NUL character. PostgreSQL refuses NUL in text values (the query
 * fails, which would be a 500), SQLite would store it silently; no real case data contains one.
 */
export function containsNul(v: unknown, depth = 0): boolean {
  if (typeof v === 'string') return v.includes('\u0000');
  if (depth > 8 || !v || typeof v !== 'object' || Buffer.isBuffer(v)) return false;
  return Object.entries(v).some(([k, x]) => k.includes('\u0000') || containsNul(x, depth + 1));
}
export const MSG_NUL = 'The request contains a character that is not allowed.';
