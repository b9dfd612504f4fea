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

/** Tables that are not synced entities: written out here. */
type NotSynced = {
  companies: CompanyTable;
  roles: RoleTable;
  user_contact_persons: ContactPersonTable;
  sessions: SessionTable;
  password_resets: PasswordResetTable;
  mail_outbox: MailOutboxTable;
  mail_attachments: MailAttachmentTable;
  captcha_spent: CaptchaSpentTable;
  server_meta: ServerMetaTable;
  calendar_subscriptions: CalendarSubscriptionTable;
  daily_runs: DailyRunTable;
  sync_state: SyncStateTable;
  change_log: ChangeLogTable;
  sync_clients: SyncClientTable;
  sync_results: SyncResultTable;
  blobs: BlobTable;
  uploads: UploadTable;
};

/**
 * Columns of a synced table that its declaration deliberately keeps off devices (so they are not among its
 * declared columns): the server alone reads and writes them.
 */
type ServerOnly = {
  /** scrypt hash (auth/passwords.ts); never leaves the server. */
  users: { password_hash: string };
  /** Who resolved a conflict, for the server's own record; devices see resolution and resolved_at. */
  conflicts: { resolved_by: string | null };
};

type TDecl = (typeof ENTITY_DECLS)[number];
/**
 * Every synced entity's table, derived from its declaration (shared-types): its declared columns with their
 * codecs' stored types, the sync metadata every synced row carries, and any server-only columns. A new entity
 * needs no line here, only its migration.
 */
type Declared = {
  [D in TDecl as D['name']]: SyncCols &
    TStoredRowOf<D> &
    (D['name'] extends keyof ServerOnly ? ServerOnly[D['name']] : unknown);
};
export type Database = NotSynced & Declared;

/** Table types other modules name. */
export type UserTable = Database['users'];
export type SettingsTable = Database['settings'];
export type PetitionTable = Database['petitions'];
