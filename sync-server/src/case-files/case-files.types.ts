import { z } from 'zod';
import { requiredId, ZUser, zPaginator } from '@lawfirm/shared-types';
import { ZSelectOption } from '../auth/original-client.ts';

/**
 * Answers of the documented case-file calls (rest-contract 11–27, 33–36, 44–46, 50–58), with every field the
 * original client reads. Their requests are the REST wire parsers in shared-types (case-files.wire.ts).
 */

const ZParty = z.object({
  id: z.string(),
  petition_id: z.string(),
  side: z.enum(['petitioner', 'opponent']),
  name: z.string(),
  user_id: z.string().nullable(),
  display_order: z.number(),
  user: z.object({ id: z.string().nullable(), name: z.string() }),
});
export type TApiParty = z.infer<typeof ZParty>;

/**
 * A case file's lawyer with what the lawyer profile dialog shows (part 1 §3); CNIC and address are null for
 * those the users declaration hides them from.
 */
const ZApiLawyer = ZUser.pick({
  id: true,
  name: true,
  email: true,
  phone: true,
  cnic: true,
  address: true,
  city: true,
  province: true,
  company_name: true,
  roles: true,
  attachment: true,
});
export type TApiLawyer = z.infer<typeof ZApiLawyer>;

/**
 * A case file as every documented call answers it: the stored row in the API's shapes (dd/mm/yyyy dates,
 * booleans, `type_abrivation` spelt so in the contract, `lawyer_ids_array`), with court, category, parties,
 * lawyers, list counts and its signed PDF link.
 */
export const ZApiPetition = z.object({
  id: z.string(),
  case_no: z.string(),
  year: z.number().nullable(),
  title: z.string(),
  archived: z.boolean(),
  is_moot_case: z.boolean(),
  court_id: z.string().nullable(),
  petition_type_id: z.string().nullable(),
  court: z.object({ id: z.string(), title: z.string() }).nullable(),
  type: z.object({ id: z.string(), title: z.string(), abbreviation: z.string().nullable() }).nullable(),
  type_abrivation: z.string(),
  institution_date: z.string().nullable(),
  pending_tag: z.string().nullable(),
  petitioner_names: z.string(),
  opponent_names: z.string(),
  petition_standard_title: z.string(),
  petition_standard_title_with_petitioner: z.string(),
  pdf_download_url: z.string(),
  index_total: z.number(),
  order_sheet_total: z.number(),
  petition_reply_parent_total: z.number(),
  lawyer_ids_array: z.array(z.string()),
  lawyers: z.array(z.object({ id: z.string(), user: ZApiLawyer })),
  petitioners: z.array(ZParty),
  opponents: z.array(ZParty),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TApiPetition = z.infer<typeof ZApiPetition>;

/** An attachment as the detail pages read it; `url` is where its bytes are served. */
export const ZApiAttachment = z.object({
  id: z.string(),
  petition_id: z.string().nullable(),
  attachmentable_id: z.string(),
  attachmentable_type: z.string(),
  file_name: z.string(),
  mime_type: z.string(),
  size: z.number(),
  sha256: z.string(),
  title: z.string().nullable(),
  display_order: z.number(),
  /** Where the bytes are served (the original client builds the same path itself). */
  url: z.string(),
});
export type TApiAttachment = z.infer<typeof ZApiAttachment>;

/** An index item or a reply (a reply also names its heading), dates dd/mm/yyyy. */
export const ZApiIndexedDocument = z.object({
  id: z.string(),
  petition_id: z.string(),
  document_description: z.string(),
  date: z.string().nullable(),
  annexure: z.string().nullable(),
  page_info: z.string().nullable(),
  display_order: z.number(),
  petition_reply_parent_id: z.string().optional(),
});
export type TApiIndexedDocument = z.infer<typeof ZApiIndexedDocument>;
export const ZApiIndexedDocumentWithFiles = ZApiIndexedDocument.extend({
  attachments: z.array(ZApiAttachment),
});

/** A reply heading with how many replies it has. */
export const ZApiReplyParent = z.object({
  id: z.string(),
  petition_id: z.string(),
  title: z.string(),
  display_order: z.number(),
  petition_replies_count: z.number(),
});
export type TApiReplyParent = z.infer<typeof ZApiReplyParent>;

/** GET /api/petitions (11): a paginator, or for the calendar (`force_all_records`) every title as a plain list. */
export const ZPetitionListResponse = z.union([
  z.object({ petitions: zPaginator(ZApiPetition) }),
  z.object({
    petitions: z.array(
      z.object({
        id: z.string(),
        petition_standard_title: z.string(),
        petition_standard_title_with_petitioner: z.string(),
      }),
    ),
  }),
]);

/** GET /api/petitions/{id} (12): the case file and its index rows with their files. */
export const ZPetitionResponse = z.object({
  petition: ZApiPetition,
  petition_details: z.array(ZApiIndexedDocumentWithFiles),
});

/** GET /api/get_petition (19). */
export const ZGetPetitionResponse = z.object({ petition: ZApiPetition });

/** POST /api/petitions (13): the client reads `petition_id`. */
export const ZSavePetitionResponse = z.object({ petition_id: z.string(), message: z.string() });

/** GET /api/get_pending_cases (18): the dialog's rows and the PDF link (`url`). */
export const ZPendingCasesResponse = z.object({
  pendingCases: z.array(
    z.object({
      id: z.string(),
      pending_tag: z.string().nullable(),
      title: z.string(),
      type_abrivation: z.string(),
      case_no: z.string(),
      year: z.number().nullable(),
      court: z.object({ title: z.string() }).nullable(),
    }),
  ),
  url: z.string(),
});

/**
 * GET /api/clients (20, `serach_param` sic) and GET /api/lawyers (21): people for the pickers, with the `label`
 * and `value` the original client's selects read.
 */
const ZPerson = z.object({ id: z.string(), name: z.string() }).extend(ZSelectOption.shape);
export const ZClientSearchQuery = z.object({
  serach_param: z
    .unknown()
    .optional()
    .transform((v) => (typeof v === 'string' ? v.trim() : '')),
});
export const ZClientsResponse = z.object({ clients: z.array(ZPerson) });
export const ZLawyersResponse = z.object({ lawyers: z.array(ZPerson) });
/** GET /api/get_lawyer_total_petitions (22). */
export const ZLawyerTotalQuery = z.object({ lawyer_id: requiredId('The lawyer is required.') });
export const ZLawyerTotalResponse = z.object({ lawyer_total_petitions: z.number() });

/** POST on an indexed document list (23, 55): the saved row under the list's own key. */
export const zSavedIndexedDocumentResponse = (rowKey: string) =>
  z.object({ [rowKey]: ZApiIndexedDocument, message: z.string() });

/**
 * The detail page of an index item (25, GET) or a reply (58, POST used as a read): the row with its files, the
 * case file, and the neighbours for the previous/next arrows.
 */
export const zIndexedDocumentDetailResponse = (rowKey: string) =>
  z.object({
    [rowKey]: ZApiIndexedDocumentWithFiles,
    petition: ZApiPetition,
    previous_index_id: z.string().nullable(),
    next_index_id: z.string().nullable(),
    /** A standard index list's title and model class (rest-contract 31). */
    page_title: z.string().optional(),
    model_type: z.string().optional(),
  });

/** POST /api/download_single_petition_index_pdf (27): opened in a new tab. */
export const ZFilePathResponse = z.object({ file_path: z.string() });

/** GET /api/petition_reply_parents/{petition_id} (50). */
export const ZReplyParentsResponse = z.object({
  petition_reply_parents: z.array(ZApiReplyParent),
  petition: ZApiPetition,
});
/** POST /api/petition_reply_parents (51). */
export const ZSaveReplyParentResponse = z.object({
  petition_reply_parent: ZApiReplyParent,
  message: z.string(),
});
/** GET /api/petition_replies/{parent_id} (54). */
export const ZRepliesResponse = z.object({
  petition_replies: z.array(ZApiIndexedDocumentWithFiles),
  petition: ZApiPetition,
  petition_parent: ZApiReplyParent,
});

/** POST /api/get_next_hearing_ordersheet (44): `order_sheet_date` dd/mm/yyyy. */
export const ZNextHearingResponse = z.object({
  nextHearingOrderSheet: z.object({ id: z.string(), order_sheet_date: z.string() }).nullable(),
});
/** POST /api/petition_order_sheets as the uploader uses it (41): the client reads `.id` and `.petition_id`. */
export const ZOrderSheetOnDemandResponse = z.object({
  petitionOrderSheet: z.object({ id: z.string(), petition_id: z.string() }),
});

/** POST /api/attachments (33). */
export const ZUploadAttachmentsResponse = z.object({
  message: z.string(),
  attachments: z.array(ZApiAttachment),
});
/** PUT /api/attachments/{id} (34). */
export const ZUpdateAttachmentResponse = z.object({ attachment: ZApiAttachment, message: z.string() });
/** The original client's storage URL of an attachment's bytes. */
export const ZStorageParams = z.object({
  petitionId: z.string(),
  model: z.string(),
  ownerId: z.string(),
  fileName: z.string(),
});
