import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { CLIENT_ENTITIES } from '@lawfirm/shared-types';
import { putLocal } from './actions.ts';
import { clientIdOf, getMeta, LOCAL_TABLES, LocalDb, openLocalDb, SCHEMA_VERSION, setMeta } from './db.ts';

/**
 * The schema each shipped SCHEMA_VERSION declares. A change to CLIENT_ENTITIES or LOCAL_TABLES without a new
 * version would leave installed devices without the new table (or with a stale pull cursor): when this test
 * fails, raise SCHEMA_VERSION in db.ts and record the new schema here under the new number.
 */
const SHIPPED: Record<number, Record<string, string>> = {
  1: {
    courts: 'id, title',
    case_categories: 'id, title',
    case_category_courts: 'id, case_category_id, court_id',
    module_types: 'id, module_id, [module_id+display_order]',
    statutes: 'id, display_order',
    limitation_articles: 'id, case_kind, display_order',
    settings: 'id',
    users: 'id, email, role_id, created_at',
    contact_requests: 'id, created_at',
    conflicts: 'id, row_id, resolved_at',
    shadow: '[entity+id]',
    outbox: '++seq, &id, status, [entity+rowId]',
    meta: 'key',
    blobs: '[sha256+index]',
    files: 'sha256, createdAt',
  },
  2: {
    courts: 'id, title',
    case_categories: 'id, title',
    case_category_courts: 'id, case_category_id, court_id',
    module_types: 'id, module_id, [module_id+display_order]',
    statutes: 'id, display_order',
    limitation_articles: 'id, case_kind, display_order',
    settings: 'id',
    users: 'id, email, role_id, created_at',
    contact_requests: 'id, created_at',
    petitions: 'id, archived, court_id, year, case_no, pending_tag, is_moot_case',
    petition_parties: 'id, petition_id, user_id, name',
    petition_index: 'id, petition_id, [petition_id+display_order]',
    reply_parents: 'id, petition_id',
    replies: 'id, petition_id, reply_parent_id',
    order_sheets: 'id, petition_id, order_sheet_date',
    attachments: 'id, petition_id, [owner_type+owner_id], sha256',
    conflicts: 'id, row_id, resolved_at',
    shadow: '[entity+id]',
    outbox: '++seq, &id, status, [entity+rowId]',
    meta: 'key',
    blobs: '[sha256+index]',
    files: 'sha256, createdAt',
  },
  3: {
    courts: 'id, title',
    case_categories: 'id, title',
    case_category_courts: 'id, case_category_id, court_id',
    module_types: 'id, module_id, [module_id+display_order]',
    statutes: 'id, display_order',
    limitation_articles: 'id, case_kind, display_order',
    settings: 'id',
    users: 'id, email, role_id, created_at',
    contact_requests: 'id, created_at',
    petitions: 'id, archived, court_id, year, case_no, pending_tag, is_moot_case',
    petition_parties: 'id, petition_id, user_id, name',
    petition_index: 'id, petition_id, [petition_id+display_order]',
    reply_parents: 'id, petition_id',
    replies: 'id, petition_id, reply_parent_id',
    order_sheets: 'id, petition_id, order_sheet_date',
    attachments: 'id, petition_id, [owner_type+owner_id], sha256',
    conflicts: 'id, row_id, resolved_at',
    shadow: '[entity+id], *links',
    outbox: '++seq, &id, status, [entity+rowId]',
    meta: 'key',
    blobs: '[sha256+index]',
    files: 'sha256, createdAt',
  },
};

const uniqueName = () => `lf-test-${crypto.randomUUID()}`;

describe('local database', () => {
  it('declares a new schema version whenever the schema changes', () => {
    expect({ ...CLIENT_ENTITIES, ...LOCAL_TABLES }).toEqual(SHIPPED[SCHEMA_VERSION]);
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
});
