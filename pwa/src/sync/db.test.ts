import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { CLIENT_ENTITIES } from '@lawfirm/shared-types';
import { entityTableSource } from '../../../scripts/build/entity-table.ts';
import { putLocal } from './actions.ts';
import {
  CLIENT_STORES,
  clientIdOf,
  getMeta,
  LOCAL_TABLES,
  LocalDb,
  openLocalDb,
  SCHEMA_VERSION,
  setMeta,
} from './db.ts';
import { ENTITY_TABLE } from './entity-table.ts';

const uniqueName = () => `lf-test-${crypto.randomUUID()}`;

describe('local database', () => {
  it('extends an installed database with a new entity without a version bump, keeping edits and pulling afresh', async () => {
    const name = uniqueName();
    const before = new LocalDb(name, 'u1', { courts: 'id, title', conflicts: 'id, row_id', ...LOCAL_TABLES });
    await putLocal(before, 'courts', 'court-1', { title: 'Anti-Terrorism Court' });
    await setMeta(before, 'cursor', 'p:42:courts::1');
    const clientId = await clientIdOf(before);
    before.close();

    // The same build opened again keeps its place.
    const same = new LocalDb(name, 'u1', { courts: 'id, title', conflicts: 'id, row_id', ...LOCAL_TABLES });
    expect(await getMeta(same, 'cursor', '')).toBe('p:42:courts::1');
    same.close();

    const after = new LocalDb(name, 'u1', {
      courts: 'id, title',
      conflicts: 'id, row_id',
      links: 'id, title',
      ...LOCAL_TABLES,
    });
    expect(await after.rows('courts').get('court-1')).toMatchObject({ title: 'Anti-Terrorism Court' });
    expect(await after.outbox.where('status').equals('pending').count()).toBe(1);
    expect(await clientIdOf(after)).toBe(clientId);
    expect(await getMeta(after, 'cursor', '')).toBe('');
    expect(await after.table('links').where('title').equals('x').count()).toBe(0);
    after.close();
  });

  it('keeps unsynced edits, files and the client id across an upgrade, and pulls afresh to fill new tables', async () => {
    const name = uniqueName();
    const v1 = new LocalDb(name, 'u1', { courts: 'id, title', conflicts: 'id, row_id', ...LOCAL_TABLES }, 1);
    await putLocal(v1, 'courts', 'court-1', { title: 'Anti-Terrorism Court' });
    await v1.blobs.put({ sha256: 'ab', index: 0, data: new Uint8Array([1, 2, 3]).buffer });
    await setMeta(v1, 'cursor', 'c:42');
    const clientId = await clientIdOf(v1);
    v1.close();

    const v2 = new LocalDb(
      name,
      'u1',
      { courts: 'id, title', conflicts: 'id, row_id', hearings: 'id, case_id', ...LOCAL_TABLES },
      2,
    );
    expect(await v2.rows('courts').get('court-1')).toMatchObject({ title: 'Anti-Terrorism Court' });
    expect(await v2.outbox.where('status').equals('pending').count()).toBe(1);
    expect(await v2.blobs.count()).toBe(1);
    expect(await clientIdOf(v2)).toBe(clientId);
    expect(await getMeta(v2, 'cursor', '')).toBe('');
    expect(await v2.table('hearings').count()).toBe(0);
    v2.close();
  });

  it('gives every change a distinct, increasing mutation id even from two tabs at once', async () => {
    const user = crypto.randomUUID();
    const tab1 = openLocalDb(user);
    const tab2 = openLocalDb(user);
    const ids = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        putLocal(i % 2 ? tab1 : tab2, 'courts', `court-${i}`, { title: `Court ${i}` }),
      ),
    );
    expect([...ids].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const queued = await tab1.outbox.orderBy('id').toArray();
    expect(queued.map((e) => e.id)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(await tab2.rows('courts').count()).toBe(20);
    expect(await clientIdOf(tab1)).toBe(await clientIdOf(tab2));
    tab1.close();
    tab2.close();
  });

  it('stores every declared entity as declared, and the build writes the same table out as data', async () => {
    expect(CLIENT_STORES).toEqual(CLIENT_ENTITIES);
    const source = await entityTableSource();
    const literal = source.slice(source.indexOf('=') + 1, source.lastIndexOf(';'));
    expect(JSON.parse(literal)).toEqual(ENTITY_TABLE);
    expect(ENTITY_TABLE.petition_index?.parents?.map((p) => p.entity)).toEqual(['petitions']);
  });
});

describe('the stores retired by the one attachment model (version 4)', () => {
  /** The stores a version-3 build kept: today's, and the two the one attachment model emptied. */
  const V3_STORES = {
    ...CLIENT_STORES,
    ...LOCAL_TABLES,
    library_files: 'id, owner_id, display_order',
    payment_receipts: 'id, payment_id, invoice_id',
  };

  /**
   * A device's database as version-3 builds left it: written by a build that still had the two stores (one of
   * its rows, a change queued against one of them), then opened by the builds of the one attachment model
   * (version 3 still, the stores no longer declared but kept by Dexie), which queued an attachment, kept its
   * bytes and pulled. `extend`: a later build added a table without a version (Dexie patched the native one).
   */
  async function installedV3(name: string, extend?: Record<string, string>) {
    const old = new LocalDb(name, 'u1', V3_STORES, 3);
    await old.table('library_files').put({ id: 'old-1', owner_id: 'page-1', display_order: 1 });
    // A change an older build queued against a retired store: the server still applies it (legacy-puts).
    await old.outbox.add({
      id: 1,
      name: 'put',
      args: { entity: 'payment_receipts', id: 'r-1', values: { payment_id: 'pay-1' } },
      createdAt: '2026-11-01T10:00:00.000Z',
      status: 'pending',
      entity: 'payment_receipts',
      rowId: 'r-1',
    });
    await setMeta(old, 'nextMutationId', 2);
    const clientId = await clientIdOf(old);
    old.close();

    const v3 = new LocalDb(name, 'u1', { ...CLIENT_STORES, ...LOCAL_TABLES, ...extend }, 3);
    await putLocal(v3, 'attachments', 'att-1', {
      owner_type: 'Payment',
      owner_id: 'pay-1',
      sha256: 'ab',
      file_name: 'receipt.png',
    });
    await v3.blobs.put({ sha256: 'ab', index: 0, data: new Uint8Array([1, 2, 3]).buffer });
    await setMeta(v3, 'cursor', 'p:42:attachments::1');
    v3.close();
    // Still there, emptied (Dexie keeps stores its schema lacks until a version drops them); a patched
    // database may have lost them already, as Dexie's patch runs the version's upgrade again.
    if (!extend)
      expect(await storeNames(name)).toEqual(expect.arrayContaining(['library_files', 'payment_receipts']));
    return clientId;
  }

  /** The stores of the database itself (plain IndexedDB), whatever Dexie declares. */
  const storeNames = async (name: string): Promise<string[]> => {
    const raw = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open(name);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error ?? new Error('could not open the database'));
    });
    const names = [...raw.objectStoreNames];
    raw.close();
    return names;
  };

  async function expectUpgraded(name: string, clientId: string, extend?: Record<string, string>) {
    // Today's build (with the table added later, when there was one).
    const v4 = new LocalDb(name, 'u1', { ...CLIENT_STORES, ...LOCAL_TABLES, ...extend });
    await v4.open();
    expect(v4.verno).toBe(SCHEMA_VERSION);
    const stores = v4.tables.map((t) => t.name);
    expect(stores).not.toContain('library_files');
    expect(stores).not.toContain('payment_receipts');
    expect(stores).toEqual(expect.arrayContaining(Object.keys({ ...CLIENT_STORES, ...LOCAL_TABLES })));
    // Both queued changes, in order, with what they carry; the attachment, its bytes and the client id.
    const queued = await v4.outbox.orderBy('id').toArray();
    expect(queued.map((e) => [e.id, e.entity, e.rowId, e.status])).toEqual([
      [1, 'payment_receipts', 'r-1', 'pending'],
      [2, 'attachments', 'att-1', 'pending'],
    ]);
    expect(queued[0]!.args).toEqual({
      entity: 'payment_receipts',
      id: 'r-1',
      values: { payment_id: 'pay-1' },
    });
    expect(await v4.rows('attachments').get('att-1')).toMatchObject({
      file_name: 'receipt.png',
      owner_id: 'pay-1',
    });
    expect(await v4.blobs.count()).toBe(1);
    expect(await clientIdOf(v4)).toBe(clientId);
    // Only stores went: the device keeps its place in the pull, and its next change takes the next id.
    expect(await getMeta(v4, 'cursor', '')).toBe('p:42:attachments::1');
    expect(await putLocal(v4, 'courts', 'court-1', { title: 'Banking Court' })).toBe(3);
    v4.close();
    // The database itself agrees: the stores are gone from it, not only from Dexie's view.
    const left = await storeNames(name);
    expect(left).not.toContain('library_files');
    expect(left).not.toContain('payment_receipts');
  }

  it('drops library_files and payment_receipts and keeps the outbox, the attachments and the cursor', async () => {
    const name = uniqueName();
    await expectUpgraded(name, await installedV3(name));
  });

  it('does the same on a device whose version 3 Dexie had patched for a table added later', async () => {
    const name = uniqueName();
    const added = { added_later: 'id' };
    await expectUpgraded(name, await installedV3(name, added), added);
  });
});
