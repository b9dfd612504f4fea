import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { CLIENT_ENTITIES } from '@lawfirm/shared-types';
import { entityTableSource } from '../../../scripts/build/entity-table.ts';
import { putLocal } from './actions.ts';
import { CLIENT_STORES, clientIdOf, getMeta, LOCAL_TABLES, LocalDb, openLocalDb, setMeta } from './db.ts';
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
