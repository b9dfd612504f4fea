import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { openLocalDb, type LocalDb } from '../sync/db.ts';
import {
  removeHearingDateLocal,
  saveHearingDateLocal,
  savePetitionLocal,
  setArchivedLocal,
  setPendingTagLocal,
} from './caseFiles.actions.ts';
import type { TOrderSheetRow, TPartyRow, TPetitionRow } from './caseFiles.types.ts';
import { nextHearing } from './hearing.logic.ts';
import { partyChanges } from './parties.logic.ts';

let db: LocalDb;
const open = () => (db = openLocalDb(`test-${crypto.randomUUID()}`));
afterEach(() => db?.close());

const queued = async () => (await db.outbox.toArray()).map((e) => `${e.name} ${e.entity}`);
const partiesOf = async (id: string) =>
  (await db.rows('petition_parties').where('petition_id').equals(id).toArray()) as TPartyRow[];
const petitionOf = async (id: string) => (await db.rows('petitions').get(id)) as TPetitionRow;

describe('case file writes on the device (no network)', () => {
  it('creates a case with two petitioners and an opponent, queued together', async () => {
    open();
    const draft = (key: string, name: string) => ({ key, id: null, name, user_id: null });
    const id = await savePetitionLocal(db, {
      id: null,
      values: { case_no: '12', year: 2026, title: 'Ali vs State', lawyer_ids: [] },
      parties: partyChanges([], {
        petitioner: [draft('1', 'Ali'), draft('2', 'Raza')],
        opponent: [draft('3', 'State')],
      }),
    });
    expect(await petitionOf(id)).toMatchObject({ case_no: '12', title: 'Ali vs State' });
    const parties = await partiesOf(id);
    expect(parties.map((p) => [p.side, p.name, p.display_order]).sort()).toEqual([
      ['opponent', 'State', 0],
      ['petitioner', 'Ali', 0],
      ['petitioner', 'Raza', 1],
    ]);
    expect(await queued()).toEqual([
      'put petitions',
      'put petition_parties',
      'put petition_parties',
      'put petition_parties',
    ]);
  });

  it('an edit sends only the changed fields with the versions seen, and drops a removed party', async () => {
    open();
    const id = await savePetitionLocal(db, {
      id: null,
      values: { case_no: '1', title: 'A' },
      parties: partyChanges([], {
        petitioner: [{ key: 'k', id: null, name: 'Ali', user_id: null }],
        opponent: [],
      }),
    });
    const [ali] = await partiesOf(id);
    await db.outbox.clear();
    await savePetitionLocal(db, {
      id,
      values: { title: 'B' },
      seen: { title: 4 },
      parties: partyChanges([ali!], { petitioner: [], opponent: [] }),
    });
    expect(await partiesOf(id)).toEqual([]);
    const entries = await db.outbox.toArray();
    expect(entries.map((e) => `${e.name} ${e.entity}`)).toEqual(['put petitions', 'delete petition_parties']);
    expect(entries[0]).toMatchObject({ args: { values: { title: 'B' } }, base: { title: 4 } });
  });

  it('sets and removes the pending tag and archives', async () => {
    open();
    const id = await savePetitionLocal(db, {
      id: null,
      values: { case_no: '1', title: 'A' },
      parties: { puts: [], deletes: [] },
    });
    await setPendingTagLocal(db, await petitionOf(id), 'L-12');
    expect((await petitionOf(id)).pending_tag).toBe('L-12');
    await setPendingTagLocal(db, await petitionOf(id), null);
    expect((await petitionOf(id)).pending_tag).toBeNull();
    await setArchivedLocal(db, await petitionOf(id), true);
    expect((await petitionOf(id)).archived).toBe(true);
  });

  it('adds, moves and removes a hearing date as an order sheet', async () => {
    open();
    const sheets = async () =>
      (await db.rows('order_sheets').where('petition_id').equals('p1').toArray()) as TOrderSheetRow[];
    await saveHearingDateLocal(db, 'p1', null, '2026-05-01');
    let next = nextHearing(await sheets(), '2026-01-01');
    expect(next?.order_sheet_date).toBe('2026-05-01');

    await saveHearingDateLocal(db, 'p1', next, '2026-06-02');
    expect(await sheets()).toHaveLength(1);
    next = nextHearing(await sheets(), '2026-01-01');
    expect(next?.order_sheet_date).toBe('2026-06-02');

    await removeHearingDateLocal(db, next!);
    expect(await sheets()).toEqual([]);
    expect(await queued()).toEqual(['put order_sheets', 'put order_sheets', 'delete order_sheets']);
  });
});
