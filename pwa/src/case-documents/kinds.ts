/**
 * The two uses of the one indexed document list (DESIGN §3): petition index items and the replies under a
 * reply heading differ only in these parameters.
 */
export type TDocumentKind = 'index' | 'reply';

/** Attachment owners this folder writes (the server accepts more: ATTACHMENT_OWNERS). */
export type TOwnerType = 'PetitionIndex' | 'PetitionReply';

export type TKindConfig = {
  /** The synced entity (shared-types CLIENT_ENTITIES). */
  entity: 'petition_index' | 'replies';
  /** attachments.owner_type of the item's files. */
  ownerType: TOwnerType;
  /** The viewer route of one item. */
  detailPath: (id: string) => string;
  /** The field the list is scoped by: the whole petition, or one reply heading. */
  scopeField: 'petition_id' | 'reply_parent_id';
  /** The accessible name of the table. */
  caption: string;
  /** The spec's description suggestions are for the petition index only. */
  offerSuggestions: boolean;
};

export const DOCUMENT_KINDS: Record<TDocumentKind, TKindConfig> = {
  index: {
    entity: 'petition_index',
    ownerType: 'PetitionIndex',
    detailPath: (id) => `/petition-index-details/${id}`,
    scopeField: 'petition_id',
    caption: 'Petition index',
    offerSuggestions: true,
  },
  reply: {
    entity: 'replies',
    ownerType: 'PetitionReply',
    detailPath: (id) => `/petition-reply-details/${id}`,
    scopeField: 'reply_parent_id',
    caption: 'Replies',
    offerSuggestions: false,
  },
};

export const replyParentsPath = (petitionId: string): string => `/petition-reply-parents/${petitionId}`;
export const repliesPath = (parentId: string): string => `/petition-replies/${parentId}`;
export const petitionPath = (petitionId: string): string => `/petitions/${petitionId}`;
