import {
  STANDARD_INDEX_MODULES,
  standardIndexDetailsPath,
  standardIndexPath,
  type TStandardModel,
  type TStandardModuleType,
} from '@lawfirm/shared-types/case-documents/standard-index.ts';

/**
 * The uses of the one indexed document list (DESIGN §3): petition index items, the replies under a reply
 * heading and the four standard index lists (part 2 §2.3) differ only in these parameters.
 */
export type TDocumentKind = 'index' | 'reply' | TStandardModuleType;

/** Attachment owners this folder writes (the server accepts more: ATTACHMENT_OWNERS). */
export type TOwnerType = 'PetitionIndex' | 'PetitionReply' | TStandardModel;

export type TKindConfig = {
  /** The synced entity (shared-types CLIENT_ENTITIES). */
  entity: 'petition_index' | 'replies' | TStandardModuleType;
  /** attachments.owner_type of the item's files. */
  ownerType: TOwnerType;
  /** The viewer route of one item. */
  detailPath: (id: string) => string;
  /** The screen of the list an item is in (the viewer's 'Index' link). */
  listPath: (item: { petition_id: string; reply_parent_id?: string | null }) => string;
  /** The field the list is scoped by: the whole petition, or one reply heading. */
  scopeField: 'petition_id' | 'reply_parent_id';
  /** The accessible name of the table, and the list's title. */
  caption: string;
  /** What the single-item PDF prints above the item. */
  pdfLabel: string;
  /** The spec's description suggestions are for the petition index only. */
  offerSuggestions: boolean;
  /**
   * Every reader downloads the single-item PDF (part 2 modules, issue 12 item 4), or admins and lawyers only
   * (petition index and replies, part 1 §6); the server's rule is the same (single-pdf.ts).
   */
  pdfForReaders: boolean;
};

export const replyParentsPath = (petitionId: string): string => `/petition-reply-parents/${petitionId}`;
export const repliesPath = (parentId: string): string => `/petition-replies/${parentId}`;
export const petitionPath = (petitionId: string): string => `/petitions/${petitionId}`;

const standardKinds = Object.fromEntries(
  STANDARD_INDEX_MODULES.map((m): [TStandardModuleType, TKindConfig] => [
    m.module_type,
    {
      entity: m.module_type,
      ownerType: m.model,
      detailPath: (id) => standardIndexDetailsPath(id, m.module_type),
      listPath: (item) => standardIndexPath(item.petition_id, m.module_type),
      scopeField: 'petition_id',
      caption: m.title,
      pdfLabel: m.title,
      offerSuggestions: false,
      pdfForReaders: true,
    },
  ]),
) as Record<TStandardModuleType, TKindConfig>;

export const DOCUMENT_KINDS: Record<TDocumentKind, TKindConfig> = {
  index: {
    entity: 'petition_index',
    ownerType: 'PetitionIndex',
    detailPath: (id) => `/petition-index-details/${id}`,
    listPath: (item) => petitionPath(item.petition_id),
    scopeField: 'petition_id',
    caption: 'Petition index',
    pdfLabel: 'Index',
    offerSuggestions: true,
    pdfForReaders: false,
  },
  reply: {
    entity: 'replies',
    ownerType: 'PetitionReply',
    detailPath: (id) => `/petition-reply-details/${id}`,
    listPath: (item) => repliesPath(item.reply_parent_id ?? ''),
    scopeField: 'reply_parent_id',
    caption: 'Replies',
    pdfLabel: 'Reply',
    offerSuggestions: false,
    pdfForReaders: false,
  },
  ...standardKinds,
};

/** The kind a route's module_type names, or undefined. */
export const standardKindOf = (moduleType: string | undefined): TStandardModuleType | undefined =>
  STANDARD_INDEX_MODULES.find((m) => m.module_type === moduleType)?.module_type;
