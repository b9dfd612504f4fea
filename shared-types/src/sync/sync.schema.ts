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

/**
 * Bounds of a mutation the server can apply. Ids: far more than a device makes in its life (one a second for
 * 68 years), and room to count on from any accepted one (an id near 2^53 would leave the device's later ids
 * no larger number to take, so they would all look like ids already seen). Depth and size: far beyond any
 * record's fields, and below what would overflow the stack or hold the writer up.
 */
export const MAX_MUTATION_ID = 2 ** 31 - 1;
export const MAX_MUTATION_DEPTH = 32;
export const MAX_MUTATION_CHARS = 1024 * 1024;
export const MSG_MUTATION_ID = 'This change has an id the server cannot accept. Please reinstall the app.';
export const MSG_MUTATION_DEPTH = 'This change is nested too deeply to be saved.';
export const MSG_MUTATION_SIZE = 'This change is too large to be saved.';

/** A mutation id the server can record and count on from. */
export const isMutationId = (id: number): boolean =>
  Number.isSafeInteger(id) && id > 0 && id <= MAX_MUTATION_ID;

/** Nesting depth of a JSON value, without recursion (a deep value must not overflow the stack measuring it). */
function depthOf(value: unknown, limit: number): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    deepest = Math.max(deepest, d);
    if (deepest > limit) return deepest;
    for (const child of Object.values(v)) stack.push([child, d + 1]);
  }
  return deepest;
}

/** Why a mutation with a valid id can never apply (nested too deeply, too large), or null. */
export function unusableMutation(m: { args: unknown; base?: unknown }): string | null {
  if (depthOf(m.args, MAX_MUTATION_DEPTH) > MAX_MUTATION_DEPTH) return MSG_MUTATION_DEPTH;
  if ((JSON.stringify(m.args) ?? '').length > MAX_MUTATION_CHARS) return MSG_MUTATION_SIZE;
  return null;
}

export const ZMutation = z.object({
  /** Any number: one outside the bounds (isMutationId) refuses that mutation, never the device's whole push. */
  id: z.number(),
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
  /** The mutation's id as sent (an id refused as out of bounds is named as the device sent it). */
  id: z.number(),
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
