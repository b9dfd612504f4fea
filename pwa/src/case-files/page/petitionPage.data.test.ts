import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { putLocal } from '../../sync/actions.ts';
import { readDexie } from '../../sync/db-access.ts';
import { openLocalDb, shadowOf, type LocalDb, type TRow } from '../../sync/db.ts';
import { openRawRead } from '../../sync/raw-read.ts';
import { todayIso } from '../hearing.logic.ts';
import { loadPetitionPage } from './petitionPage.data.ts';

let db: LocalDb;
afterEach(() => db?.close());

/** Rows as a pull leaves them: the server's copy (shadow) and the visible row. */
async function pulled(entity: string, rows: TRow[]): Promise<void> {
  await db.shadow.bulkPut(rows.map((r) => shadowOf(entity, r)));
  await db.rows(entity).bulkPut(rows);
}

/** A synced device holding one case, and an edit of one of its items not sent yet. */
async function syncedCase(): Promise<{ name: string; caseId: string }> {
  db = openLocalDb(crypto.randomUUID());
  const caseId = crypto.randomUUID();
  await pulled('courts', [{ id: 'court-1', title: 'Lahore High Court' }]);
  await pulled('case_categories', [{ id: 'cat-1', title: 'Writ Petition', abbreviation: ' WP ' }]);
  await pulled('users', [{ id: 'lawyer-1', name: 'Usman Tariq' }]);
  await pulled('petitions', [
    {
      id: caseId,
      case_no: '12',
      year: 2026,
      title: 'Ali v. State',
      court_id: 'court-1',
      petition_type_id: 'cat-1',
      lawyer_ids: ['lawyer-1', 'lawyer-gone'],
    },
  ]);
  await pulled('petition_parties', [
    { id: 'p1', petition_id: caseId, side: 'petitioner', name: 'Ali' },
    { id: 'p2', petition_id: caseId, side: 'opponent', name: 'State' },
    { id: 'p3', petition_id: 'other-case', side: 'petitioner', name: 'Someone else' },
  ]);
  // Stored out of order: the page shows them by display order.
  await pulled(
    'petition_index',
    ['i3', 'i1', 'i2'].map((id) => ({
      id,
      petition_id: caseId,
      document_description: `Annexure ${id}`,
      display_order: Number(id.slice(1)),
    })),
  );
  const next = `${Number(todayIso().slice(0, 4)) + 1}-01-15`;
  await pulled('order_sheets', [
    { id: 'os-past', petition_id: caseId, order_sheet_date: '2001-01-01' },
    { id: 'os-next', petition_id: caseId, order_sheet_date: next },
  ]);
  // An edit of one item made on this device and not sent yet.
  await putLocal(db, 'petition_index', 'i2', { document_description: 'Annexure i2 (edited)' });
  return { name: db.name, caseId };
}

describe('the case page query', () => {
  it('reads the whole page in one query, the same through plain IndexedDB as through Dexie', async () => {
    const { name, caseId } = await syncedCase();
    const live = await loadPetitionPage(readDexie(db), caseId);
    expect(live.petition?.title).toBe('Ali v. State');
    expect(live.court).toBe('Lahore High Court');
    expect(live.abbr).toBe('WP');
    expect(live.lawyers).toEqual({ 'lawyer-1': 'Usman Tariq' });
    expect(live.parties.map((p) => p.name).sort()).toEqual(['Ali', 'State']);
    expect(live.index.map((d) => d.document_description)).toEqual([
      'Annexure i1',
      'Annexure i2 (edited)',
      'Annexure i3',
    ]);
    expect(live.pendingIndex).toEqual(['i2']);
    expect(live.next?.id).toBe('os-next');

    // A cold start reads with plain IndexedDB before Dexie has loaded: the first answer is the live one.
    const raw = await openRawRead(name);
    try {
      expect(await loadPetitionPage(raw.read, caseId)).toEqual(live);
    } finally {
      raw.close();
    }
  });

  it('answers no case for an id this device does not hold', async () => {
    await syncedCase();
    const page = await loadPetitionPage(readDexie(db), 'not-here');
    expect(page).toMatchObject({ petition: null, index: [], parties: [], court: '', lawyers: {} });
  });

  it('never makes a database that is not there (the first read of a device with no sync yet)', async () => {
    const name = `lf-${crypto.randomUUID()}`;
    await expect(openRawRead(name)).rejects.toBeTruthy();
    expect((await indexedDB.databases()).map((d) => d.name)).not.toContain(name);
  });
});
