import { z } from 'zod';

/**
 * The sync protocol (DESIGN §5). Server-authoritative, Replicache-style: a device pushes its queued mutations
 * (ids increase per client) and pulls the changes after its cursor.
 */

/** Generic mutations every synced entity gets; features may add named ones (e.g. 'users.approve'). */
export const ZPutArgs = z.object({
  entity: z.string().min(1).max(64),
  id: z.string().min(1).max(64),
  /** The fields this mutation sets; a create sends every field it knows. */
  values: z.record(z.string(), z.unknown()),
});
export const ZDeleteArgs = z.object({ entity: z.string().min(1).max(64), id: z.string().min(1).max(64) });
export const ZResolveConflictArgs = z.object({
  id: z.string().min(1).max(64),
  keep: z.enum(['server', 'client']),
});

export const ZMutation = z.object({
  id: z.number().int().positive(),
  name: z.string().min(1).max(64),
  args: z.unknown(),
  /**
   * For each field the mutation edits, the field version the device saw when the user edited it. A field
   * changed on the server after that version is a conflict (first writer wins, both values recorded).
   */
  base: z.record(z.string(), z.number().int().nonnegative()).optional(),
  createdAt: z.string().max(40).optional(),
});
export type TMutation = z.infer<typeof ZMutation>;

export const ZPushRequest = z.object({
  clientId: z.string().min(8).max(64),
  mutations: z.array(ZMutation).max(500),
});
export type TPushRequest = z.infer<typeof ZPushRequest>;

export const ZMutationStatus = z.enum(['applied', 'rejected', 'conflict']);
export type TMutationStatus = z.infer<typeof ZMutationStatus>;
export const ZMutationResult = z.object({
  id: z.number().int(),
  status: ZMutationStatus,
  /** Why a mutation was rejected (forbidden, invalid) in words a user can act on. */
  message: z.string().optional(),
  /** Fields that became conflicts (status 'conflict': the other fields were applied). */
  fields: z.array(z.string()).optional(),
});
export type TMutationResult = z.infer<typeof ZMutationResult>;
/** POST /sync/push. */
export const ZPushResponse = z.object({
  lastMutationId: z.number().int(),
  results: z.array(ZMutationResult),
});
export type TPushResponse = z.infer<typeof ZPushResponse>;

/** One change in a pull: the row as the caller may read it now, or null when it is gone or no longer readable. */
export const ZChange = z.object({
  entity: z.string(),
  id: z.string(),
  row: z.record(z.string(), z.unknown()).nullable(),
});
export type TChange = z.infer<typeof ZChange>;

/** GET /sync/pull. */
export const ZPullResponse = z.object({
  /** Opaque; send it back as `cursor` on the next pull. */
  cursor: z.string(),
  /** The device must drop its synced rows first (the caller's scope changed, or a first sync). */
  reset: z.boolean(),
  /** Another page is waiting: pull again at once. */
  more: z.boolean(),
  /** Changes left after this page, for the first-sync progress bar. */
  remaining: z.number().int(),
  /** The highest mutation id the server has processed for this client (applied, conflicted or rejected). */
  lastMutationId: z.number().int(),
  /** Results of mutations with id >= `pendingFrom`, so a device that lost a push answer still learns them. */
  results: z.array(ZMutationResult),
  changes: z.array(ZChange),
});
export type TPullResponse = z.infer<typeof ZPullResponse>;

export const ZPullQuery = z.object({
  clientId: z.string().min(8).max(64),
  cursor: z.string().max(2000).optional().default(''),
  pendingFrom: z.coerce.number().int().nonnegative().optional().default(0),
  limit: z.coerce.number().int().min(1).max(2000).optional().default(500),
});

/** Every synced row carries these besides its own fields. */
export type TSyncMeta = {
  id: string;
  company_id: string;
  version: number;
  /** field -> version of its last change; the base a device sends back when it edits the field. */
  field_versions: Record<string, number>;
  updated_at: string;
  deleted_at: string | null;
};

/** A conflict both devices see until someone keeps one value (synced as entity 'conflicts'). */
export type TConflict = {
  id: string;
  entity: string;
  row_id: string;
  field: string;
  /** The value on the server (the first writer's), kept until the conflict is resolved. */
  server_value: unknown;
  server_user_id: string | null;
  server_user_name: string | null;
  server_changed_at: string | null;
  /** The value the later device tried to write. */
  client_value: unknown;
  client_user_id: string;
  client_user_name: string | null;
  client_changed_at: string;
  resolved_at: string | null;
  resolution: 'server' | 'client' | null;
};

/** Resumable, content-addressed uploads (DESIGN §5). */
export const ZUploadCreate = z.object({
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  size: z
    .number()
    .int()
    .positive()
    .max(50 * 1024 * 1024),
  filename: z.string().min(1).max(255),
});
export type TUploadCreate = z.infer<typeof ZUploadCreate>;
export const ZUploadState = z.object({
  id: z.string(),
  offset: z.number().int(),
  size: z.number().int(),
  complete: z.boolean(),
  sha256: z.string(),
  mime_type: z.string().optional(),
});
export type TUploadState = z.infer<typeof ZUploadState>;
