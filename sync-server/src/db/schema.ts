import type { ColumnType, Generated } from 'kysely';
import type { ENTITY_DECLS, TStoredRowOf } from '@lawfirm/shared-types';

/** Row types of every table (see migrations/). Flags are 0/1 integers, instants ISO text. */
type SyncCols = {
  created_at: string;
  updated_at: string;
  version: Generated<number | string>;
  deleted_at: string | null;
  /** JSON: field -> version of its last change (the sync merge base). */
  field_versions: Generated<string>;
  field_writers: Generated<string>;
  updated_by: ColumnType<string | null, string | null | undefined, string | null>;
};

export type CompanyTable = SyncCols & {
  id: string;
  name: string;
  domain: string | null;
  is_provider: number;
};
export type RoleTable = { id: string; name: string; label: string };
export type UserTable = SyncCols & {
  id: string;
  company_id: string;
  name: string;
  email: string;
  password_hash: string;
  role_id: string | null;
  phone: string | null;
  cnic: string | null;
  company_name: string | null;
  address: string | null;
  city: string | null;
  province: string | null;
  zip: string | null;
  avatar_file_name: string | null;
  is_moot_student: number;
  moot_team_no: string | null;
  moot_institute: string | null;
  is_approved: number;
  approved_at: string | null;
  approved_by: string | null;
  blocked_at: string | null;
  send_email: number;
};
export type ContactPersonTable = SyncCols & {
  id: string;
  company_id: string;
  user_id: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  cnic: string | null;
};
export type SessionTable = {
  id: string;
  company_id: string;
  user_id: string;
  family_id: string;
  kind: 'refresh' | 'legacy';
  token_hash: string;
  created_at: string;
  expires_at: string;
  rotated_at: string | null;
  revoked_at: string | null;
  user_agent: string | null;
};
export type SettingsTable = SyncCols & {
  id: string;
  company_id: string;
  site_name: string | null;
  site_email: string | null;
  site_phone: string | null;
  site_url: string | null;
  host_whereby_iframe: string | null;
  public_whereby_iframe: string | null;
  additionalemails: string;
  invoice_heading: string | null;
  invoice_heading_left: string | null;
  invoice_heading_right: string | null;
  invoice_address: string | null;
  invoice_phone: string | null;
  login_page_content: string | null;
  site_file_name: string | null;
};
export type ContactRequestTable = SyncCols & {
  id: string;
  company_id: string;
  name: string;
  email: string;
  subject: string | null;
  message: string;
};
export type PasswordResetTable = {
  id: string;
  company_id: string;
  user_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
};
export type MailOutboxTable = {
  id: string;
  company_id: string;
  to_address: string;
  subject: string;
  body_text: string;
  status: 'queued' | 'sent' | 'failed' | 'stored';
  attempts: number;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
};
/** A file a mail carries: its bytes in the firm's blob store once made (sha256), or what makes them (source). */
export type MailAttachmentTable = {
  id: string;
  mail_id: string;
  company_id: string;
  position: number;
  source: string | null;
  source_ref: string | null;
  file_name: string | null;
  mime_type: string | null;
  sha256: string | null;
  size: number | null;
};
export type CaptchaSpentTable = { signature: string; expires_at: string };
export type CourtTable = SyncCols & {
  id: string;
  company_id: string;
  title: string;
  short_title: string | null;
};
export type CaseCategoryTable = SyncCols & {
  id: string;
  company_id: string;
  title: string;
  abbreviation: string | null;
};
export type CaseCategoryCourtTable = SyncCols & {
  id: string;
  company_id: string;
  case_category_id: string;
  court_id: string;
};
export type ModuleTypeTable = SyncCols & {
  id: string;
  company_id: string;
  module_id: number;
  title: string;
  display_order: number;
};
export type StatuteTable = SyncCols & {
  id: string;
  company_id: string;
  title: string;
  display_order: number;
};
export type LimitationArticleTable = SyncCols & {
  id: string;
  company_id: string;
  case_kind: string;
  article: string | null;
  description: string;
  also_known_as: string;
  period_days: number | null;
  date_fields: string;
  display_order: number;
};
export type ServerMetaTable = { key: string; value: string };
export type CalendarSubscriptionTable = {
  user_id: string;
  company_id: string;
  feed_token_hash: string | null;
  feed_created_at: string | null;
  digest: number;
  updated_at: string;
};
export type DailyRunTable = { job: string; day: string; ran_at: string };
export type SyncStateTable = { company_id: string; last_seq: number | string };
export type ChangeLogTable = {
  company_id: string;
  seq: number | string;
  entity: string;
  row_id: string;
  changed_at: string;
};
export type SyncClientTable = {
  client_id: string;
  user_id: string;
  company_id: string;
  last_mutation_id: number | string;
  scope: string;
  created_at: string;
  updated_at: string;
};
export type SyncResultTable = {
  client_id: string;
  mutation_id: number | string;
  status: string;
  message: string | null;
  fields: string | null;
  created_at: string;
};
export type ConflictTable = SyncCols & {
  id: string;
  company_id: string;
  entity: string;
  row_id: string;
  field: string;
  server_value: string | null;
  server_user_id: string | null;
  server_user_name: string | null;
  server_changed_at: string | null;
  client_value: string | null;
  client_user_id: string;
  client_user_name: string | null;
  client_changed_at: string;
  resolved_at: string | null;
  resolution: string | null;
  resolved_by: string | null;
};
export type BlobTable = {
  company_id: string;
  sha256: string;
  size: number | string;
  mime_type: string;
  created_at: string;
};
export type UploadTable = {
  id: string;
  company_id: string;
  user_id: string;
  sha256: string;
  size: number | string;
  filename: string;
  received: number | string;
  created_at: string;
  expires_at: string;
  completed_at: string | null;
};

type CaseRow = SyncCols & { id: string; company_id: string };
export type PetitionTable = CaseRow & {
  case_no: string;
  year: number | null;
  title: string;
  court_id: string | null;
  petition_type_id: string | null;
  institution_date: string | null;
  is_moot_case: number;
  archived: number;
  pending_tag: string | null;
  lawyer_ids: string;
};
export type PetitionPartyTable = CaseRow & {
  petition_id: string;
  side: string;
  name: string;
  user_id: string | null;
  display_order: number;
};
type IndexedDocument = {
  petition_id: string;
  document_description: string;
  date: string | null;
  annexure: string | null;
  page_info: string | null;
  display_order: number;
};
export type PetitionIndexTable = CaseRow & IndexedDocument;
export type ReplyTable = CaseRow & IndexedDocument & { reply_parent_id: string };
export type ReplyParentTable = CaseRow & { petition_id: string; title: string; display_order: number };
export type OrderSheetTable = CaseRow & {
  petition_id: string;
  order_sheet_type_id: string | null;
  order_sheet_date: string;
  title: string | null;
  description: string | null;
};
export type AttachmentTable = CaseRow & {
  petition_id: string | null;
  owner_type: string;
  owner_id: string;
  sha256: string;
  file_name: string;
  mime_type: string;
  size: number | string;
  title: string | null;
  display_order: number;
};

/** Tables written out here (older, or with columns the declaration does not send to devices). */
type WrittenOut = {
  petitions: PetitionTable;
  petition_parties: PetitionPartyTable;
  petition_index: PetitionIndexTable;
  replies: ReplyTable;
  reply_parents: ReplyParentTable;
  order_sheets: OrderSheetTable;
  attachments: AttachmentTable;
  companies: CompanyTable;
  roles: RoleTable;
  users: UserTable;
  user_contact_persons: ContactPersonTable;
  sessions: SessionTable;
  settings: SettingsTable;
  contact_requests: ContactRequestTable;
  password_resets: PasswordResetTable;
  mail_outbox: MailOutboxTable;
  mail_attachments: MailAttachmentTable;
  captcha_spent: CaptchaSpentTable;
  courts: CourtTable;
  case_categories: CaseCategoryTable;
  case_category_courts: CaseCategoryCourtTable;
  module_types: ModuleTypeTable;
  statutes: StatuteTable;
  limitation_articles: LimitationArticleTable;
  server_meta: ServerMetaTable;
  calendar_subscriptions: CalendarSubscriptionTable;
  daily_runs: DailyRunTable;
  sync_state: SyncStateTable;
  change_log: ChangeLogTable;
  sync_clients: SyncClientTable;
  sync_results: SyncResultTable;
  conflicts: ConflictTable;
  blobs: BlobTable;
  uploads: UploadTable;
};

type TDecl = (typeof ENTITY_DECLS)[number];
/**
 * Every other synced entity's table, derived from its declaration (shared-types): a new entity needs no line
 * here, only its migration.
 */
type Declared = {
  [D in TDecl as D['name'] extends keyof WrittenOut ? never : D['name']]: SyncCols & TStoredRowOf<D>;
};
export type Database = WrittenOut & Declared;
