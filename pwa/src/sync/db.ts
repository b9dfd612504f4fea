import { Dexie, type Table } from 'dexie';
import { parentsOf, type TEntityName } from '@lawfirm/shared-types';
import { ENTITY_TABLE } from './entity-table.ts';
import { rowKey } from './db-access.ts';
import { compareCodes } from '@lawfirm/shared-types/common/natural-order.ts';

/** The synced entities' Dexie stores (primary key first, then indexes), by entity. */
export const CLIENT_STORES = Object.fromEntries(
  Object.entries(ENTITY_TABLE).map(([name, e]) => [name, e.store]),
) as Record<TEntityName, string>;

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
  /** The fingerprint of the schema the cursor was pulled under: a different one forgets the cursor. */
  schema: string;
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
 * The schema version: raise it only when data must be transformed (with an `.upgrade()` of its own) or a table
 * deleted. A new entity or index needs no new version: Dexie (4+) extends an installed database whose schema
 * lacks parts of the declared one, creating the new tables and indexes and touching nothing else, so the
 * outbox, the blobs and the user's unsynced edits survive; the schema's fingerprint (below) then makes the next
 * pull a fresh snapshot that fills the new tables (the server sends `reset`; the outbox is kept).
 */
export const SCHEMA_VERSION = 4;

/**
 * Stores of earlier builds that nothing reads any more, each deleted by the version named. Deleting stores
 * keeps every other one as it is (the outbox with changes queued by the older build, the blobs, the rows and the
 * cursor): Dexie drops only the stores its latest schema lacks. Mutations an older build queued against them
 * stay in the outbox and reach the server, which still applies them (legacy-puts).
 */
export const RETIRED_STORES: Readonly<Record<number, Record<string, null>>> = {
  // Emptied by the one attachment model (issue 32 item 2): their rows are rows of `attachments` now.
  4: { library_files: null, payment_receipts: null },
};
/** The last version whose upgrade transformed data: upgrading to it (or before) pulls afresh. */
const LAST_DATA_UPGRADE = 3;

export const LOCAL_TABLES = {
  shadow: '[entity+id], *links',
  outbox: '++seq, &id, status, [entity+rowId]',
  meta: 'key',
  blobs: '[sha256+index]',
  files: 'sha256, createdAt',
} as const;

/** The tables and indexes as declared, independent of key order. */
export const schemaFingerprint = (stores: Record<string, string>): string =>
  JSON.stringify(Object.entries(stores).sort(([a], [b]) => compareCodes(a, b)));

export class LocalDb extends Dexie {
  declare shadow: Table<TShadowRow, [string, string]>;
  declare outbox: Table<TOutboxEntry, number>;
  declare meta: Table<TMetaRow, TMetaKey>;
  declare blobs: Table<TBlobChunk, [string, number]>;
  declare files: Table<TLocalFile, string>;

  constructor(
    name: string,
    readonly userId: string,
    stores: Record<string, string> = { ...CLIENT_STORES, ...LOCAL_TABLES },
    version = SCHEMA_VERSION,
  ) {
    super(name);
    // Up to version 3 an upgrade changed what the rows hold: the next pull starts afresh. Later versions only
    // retire stores, so the cursor stays and no phone downloads the firm again for them.
    const base = Math.min(version, LAST_DATA_UPGRADE);
    this.version(base)
      .stores(stores)
      .upgrade((tx) => tx.table('meta').delete('cursor'));
    for (const [v, retired] of Object.entries(RETIRED_STORES))
      if (Number(v) > base && Number(v) <= version) this.version(Number(v)).stores(retired);
    const schema = schemaFingerprint(stores);
    // A brand-new database gets its client id at once, inside the creating transaction.
    this.on('populate', (tx) => {
      void tx.table('meta').bulkPut([
        { key: 'clientId', value: crypto.randomUUID() },
        { key: 'nextMutationId', value: 1 },
        { key: 'schema', value: schema },
      ]);
    });
    // Opened by a build with other entities or indexes than the one that pulled: the new tables are empty, so
    // the next pull starts afresh (before any other use of the database: Dexie waits for this).
    this.on('ready', async (db) => {
      const meta = db.table<TMetaRow, TMetaKey>('meta');
      await db.transaction('rw', meta, async () => {
        if ((await meta.get('schema'))?.value === schema) return;
        await meta.delete('cursor');
        await meta.put({ key: 'schema', value: schema });
      });
    });
  }

  /** The visible rows of one entity. */
  rows(entity: string): Table<TRow, string> {
    return this.table(entity);
  }

  hasEntity(entity: string): entity is TEntityName {
    return this.tables.some((t) => t.name === entity) && entity in ENTITY_TABLE;
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

/** The shadow copy of a row the server sent, linked to the rows it hangs off (the shared declarations). */
export function shadowOf(entity: string, row: TRow): TShadowRow {
  const decl = ENTITY_TABLE[entity];
  const links = decl ? parentsOf(decl, row).map(([e, id]) => rowKey(e, id)) : [];
  return { entity, id: row.id, row, links };
}

// Helpers that need no Dexie code, kept importable from here.
export { getMeta, rowKey, setMeta, splitRowKey } from './db-access.ts';
