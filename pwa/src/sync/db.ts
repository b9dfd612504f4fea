import { Dexie, type Table } from 'dexie';
import { CLIENT_ENTITIES, entityDecl, parentsOf, type TEntityName } from '@lawfirm/shared-types';

/** A synced row as a screen reads it: the server's fields (with version, field_versions…) plus pending edits. */
export type TRow = Record<string, unknown> & { id: string };

/**
 * The last copy of a row the server sent: the base every pending edit is re-applied on (rebase). `links` are
 * the row keys of the rows it hangs off (its case file, heading, owner), so a local delete finds its children.
 */
export type TShadowRow = { entity: string; id: string; row: TRow; links?: string[] };

export type TOutboxStatus = 'pending' | 'rejected' | 'conflict';
export type TOutboxEntry = {
  /** Dexie's own key; the mutation id is `id` (increasing per client, allocated from meta). */
  seq?: number;
  id: number;
  name: string;
  args: unknown;
  /** Field -> the server field version the user saw when editing (what the server merges against). */
  base?: Record<string, number>;
  createdAt: string;
  status: TOutboxStatus;
  /** Why the server refused it (status 'rejected'), in the server's words. */
  message?: string | null;
  /** Fields that became conflicts (status 'conflict'). */
  fields?: string[] | null;
  /** The record this mutation is about, so a screen can show "not synced yet" and the queue can be searched. */
  entity: string;
  rowId: string;
};

export type TMetaValues = {
  /** Random, made once per database: the server keys the mutation ids of this device by it. */
  clientId: string;
  /** The opaque pull cursor ('' = never pulled: the next pull is a snapshot). */
  cursor: string;
  /** The highest mutation id the server said it processed (from the last pull). */
  lastMutationId: number;
  nextMutationId: number;
  lastSyncAt: string | null;
};
export type TMetaKey = keyof TMetaValues;
export type TMetaRow = { key: TMetaKey; value: TMetaValues[TMetaKey] };

/** Attachment bytes as ArrayBuffer chunks: iOS Safari loses Blobs stored in IndexedDB. */
export type TBlobChunk = { sha256: string; index: number; data: ArrayBuffer };
export type TLocalFile = {
  sha256: string;
  size: number;
  mime: string;
  name: string;
  /** The server has every byte (or the file came from the server). */
  uploaded: boolean;
  /** The server refused the file type: never retried; the message says why. */
  refused: string | null;
  createdAt: string;
};

/**
 * The schema version. Bump it whenever CLIENT_ENTITIES (an entity or an index) or LOCAL_TABLES change.
 *
 * How to add a version: change the specs, raise SCHEMA_VERSION by one and update the fingerprint in
 * db.test.ts. Dexie (3+) diffs against the schema actually installed on the device, so only the newest
 * version needs declaring: new tables and indexes are created, nothing else is touched, and the outbox, the
 * blobs and the user's unsynced edits survive. The upgrade below forgets the pull cursor so the next pull is
 * a fresh snapshot that fills any new entity table (the server sends `reset`; the outbox is kept). Declare an
 * older `db.version(n)` again only if data must be transformed, with its own `.upgrade()`.
 */
export const SCHEMA_VERSION = 3;

export const LOCAL_TABLES = {
  shadow: '[entity+id], *links',
  outbox: '++seq, &id, status, [entity+rowId]',
  meta: 'key',
  blobs: '[sha256+index]',
  files: 'sha256, createdAt',
} as const;

export class LocalDb extends Dexie {
  declare shadow: Table<TShadowRow, [string, string]>;
  declare outbox: Table<TOutboxEntry, number>;
  declare meta: Table<TMetaRow, TMetaKey>;
  declare blobs: Table<TBlobChunk, [string, number]>;
  declare files: Table<TLocalFile, string>;

  constructor(
    name: string,
    readonly userId: string,
    stores: Record<string, string> = { ...CLIENT_ENTITIES, ...LOCAL_TABLES },
    version = SCHEMA_VERSION,
  ) {
    super(name);
    this.version(version)
      .stores(stores)
      .upgrade((tx) => tx.table('meta').delete('cursor'));
    // A brand-new database gets its client id at once, inside the creating transaction.
    this.on('populate', (tx) => {
      void tx.table('meta').bulkPut([
        { key: 'clientId', value: crypto.randomUUID() },
        { key: 'nextMutationId', value: 1 },
      ]);
    });
  }

  /** The visible rows of one entity. */
  rows(entity: string): Table<TRow, string> {
    return this.table(entity);
  }

  hasEntity(entity: string): entity is TEntityName {
    return this.tables.some((t) => t.name === entity) && entity in CLIENT_ENTITIES;
  }
}

/** The database of one signed-in user (`suffix` lets tests run two devices of one user in one process). */
export function openLocalDb(userId: string, suffix = ''): LocalDb {
  return new LocalDb(`lf-${userId}${suffix}`, userId);
}

/** Removes a user's local data (logout on a shared computer, DESIGN §7). */
export async function deleteLocalDb(userId: string, suffix = ''): Promise<void> {
  await Dexie.delete(`lf-${userId}${suffix}`);
}

export async function getMeta<K extends TMetaKey>(
  db: LocalDb,
  key: K,
  fallback: TMetaValues[K],
): Promise<TMetaValues[K]> {
  const r = await db.meta.get(key);
  return r === undefined ? fallback : (r.value as TMetaValues[K]);
}

export async function setMeta<K extends TMetaKey>(db: LocalDb, key: K, value: TMetaValues[K]): Promise<void> {
  await db.meta.put({ key, value });
}

/** The client id of this database, made once (a database created by an older build may lack one). */
export async function clientIdOf(db: LocalDb): Promise<string> {
  return db.transaction('rw', db.meta, async () => {
    const existing = await db.meta.get('clientId');
    if (typeof existing?.value === 'string') return existing.value;
    const id = crypto.randomUUID();
    await db.meta.put({ key: 'clientId', value: id });
    return id;
  });
}

/** Stable string key of one record, for sets and maps. */
export const rowKey = (entity: string, id: string): string => `${entity}\u0000${id}`;

/** The shadow copy of a row the server sent, linked to the rows it hangs off (the shared declarations). */
export function shadowOf(entity: string, row: TRow): TShadowRow {
  const decl = entityDecl(entity);
  const links = decl ? parentsOf(decl, row).map(([e, id]) => rowKey(e, id)) : [];
  return { entity, id: row.id, row, links };
}
export const splitRowKey = (key: string): [string, string] => {
  const i = key.indexOf('\u0000');
  return [key.slice(0, i), key.slice(i + 1)];
};
