import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { openLocalDb, type LocalDb } from '../sync/db.ts';
import { saveHearingDateLocal, savePetitionLocal } from '../case-files/caseFiles.actions.ts';
import type { TOrderSheetRow, TPetitionRow } from '../case-files/caseFiles.types.ts';
import { recordHearingLocal, type TRecordHearing } from './recordHearing.actions.ts';
import { recordTargets } from './recordHearing.logic.ts';

let db: LocalDb;
afterEach(() => db?.close());
/** The outbox entries after this id are the ones under test (clearing the outbox would unmake the rows). */
let seen = 0;
const markOutbox = async () => {
  seen = (await db.outbox.orderBy('id').last())?.id ?? 0;
};

const TODAY = '2026-11-30';
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);

async function caseWith(dates: string[]): Promise<{ id: string; sheets: () => Promise<TOrderSheetRow[]> }> {
  db = openLocalDb(`test-${crypto.randomUUID()}`);
  const id = await savePetitionLocal(db, {
    id: null,
    values: { case_no: '12', year: 2026, title: 'Ali vs State', lawyer_ids: [] },
    parties: { puts: [], deletes: [] },
  });
  for (const d of dates) await saveHearingDateLocal(db, id, null, d);
  await markOutbox();
  const sheets = async () =>
    (await db.rows('order_sheets').where('petition_id').equals(id).toArray()) as unknown as TOrderSheetRow[];
  return { id, sheets };
}

const base = (petitionId: string, sheets: TOrderSheetRow[], over: Partial<TRecordHearing> = {}) => {
  const t = recordTargets(sheets, TODAY);
  return {
    petitionId,
    date: TODAY,
    hearing: t.hearing,
    outcomeId: 'type-adjourned',
    note: 'Adjourned at the request of the opponent.',
    courtRoom: 'Court Room 5',
    serialNo: 12,
    photo: null,
    firstOrder: 1,
    next: { date: '2026-12-14', sheet: t.next },
    archive: null,
    ...over,
  } satisfies TRecordHearing;
};

const queued = async () =>
  (await db.outbox.where('id').above(seen).toArray()).map((e) => ({
    id: e.id,
    what: `${e.name} ${e.entity}`,
    args: e.args,
  }));

describe('recording a hearing on the device (no network)', () => {
  it('gives today’s sheet its outcome and photo and moves the planned date, queued together', async () => {
    const c = await caseWith([TODAY, '2026-12-05']);
    const before = await c.sheets();
    const today = before.find((s) => s.order_sheet_date === TODAY)!;
    const planned = before.find((s) => s.order_sheet_date === '2026-12-05')!;
    const photo = new File([PNG], 'order.png', { type: 'image/png' });
    const r = await recordHearingLocal(db, base(c.id, before, { photo }));

    expect(r).toMatchObject({ hearingId: today.id, nextId: planned.id });
    expect(r.files).toHaveLength(1);
    const entries = await queued();
    expect(entries.map((e) => e.what)).toEqual(['put order_sheets', 'put attachments', 'put order_sheets']);
    // One save: consecutive mutation ids, sent in this order (the sheet before the photo it owns).
    expect(entries.map((e) => e.id)).toEqual([entries[0]!.id, entries[0]!.id + 1, entries[0]!.id + 2]);
    expect(entries[0]!.args).toMatchObject({
      id: today.id,
      values: {
        order_sheet_type_id: 'type-adjourned',
        description: 'Adjourned at the request of the opponent.',
        court_room: 'Court Room 5',
        serial_no: 12,
      },
    });
    // Only the fields the form writes: the day and the case stay as they were.
    expect(Object.keys((entries[0]!.args as { values: object }).values).sort()).toEqual([
      'court_room',
      'description',
      'order_sheet_type_id',
      'serial_no',
    ]);
    expect(entries[1]!.args).toMatchObject({
      values: {
        owner_type: 'PetitonOrderSheet',
        owner_id: today.id,
        petition_id: c.id,
        sha256: r.files[0],
        mime_type: 'image/png',
        display_order: 1,
      },
    });
    expect(entries[2]!.args).toEqual({
      entity: 'order_sheets',
      id: planned.id,
      values: { order_sheet_date: '2026-12-14' },
    });
    // What the screens read at once: today's hearing recorded, the next hearing on the 14th, the photo kept.
    const after = await c.sheets();
    expect(after.map((s) => [s.order_sheet_date, s.order_sheet_type_id ?? null]).sort()).toEqual([
      ['2026-11-30', 'type-adjourned'],
      ['2026-12-14', null],
    ]);
    expect(await db.blobs.where('sha256').equals(r.files[0]!).count()).toBeGreaterThan(0);
  });

  it('makes both sheets when the case has no sheet today and no planned date, and archives when asked', async () => {
    const c = await caseWith([]);
    const petition = (await db.rows('petitions').get(c.id)) as TPetitionRow;
    const r = await recordHearingLocal(
      db,
      base(c.id, [], { outcomeId: 'type-decided', courtRoom: null, serialNo: null, archive: petition }),
    );
    const entries = await queued();
    expect(entries.map((e) => e.what)).toEqual(['put order_sheets', 'put order_sheets', 'put petitions']);
    expect(entries[0]!.args).toMatchObject({
      id: r.hearingId,
      values: { petition_id: c.id, order_sheet_date: TODAY, order_sheet_type_id: 'type-decided' },
    });
    expect(entries[1]!.args).toMatchObject({
      id: r.nextId,
      values: { petition_id: c.id, order_sheet_date: '2026-12-14' },
    });
    expect(entries[2]!.args).toMatchObject({ id: c.id, values: { archived: true } });
    expect(((await db.rows('petitions').get(c.id)) as TPetitionRow).archived).toBe(true);
  });

  it('never moves a later sheet that has an order on it, and sends nothing unchanged', async () => {
    const c = await caseWith([TODAY, '2026-12-01']);
    const later = (await c.sheets()).find((s) => s.order_sheet_date === '2026-12-01')!;
    // The later sheet has an order written on it (history): the next date is a new sheet.
    await recordHearingLocal(db, {
      ...base(c.id, await c.sheets()),
      hearing: later,
      date: '2026-12-01',
      next: null,
    });
    await markOutbox();
    const sheets = await c.sheets();
    const r = await recordHearingLocal(
      db,
      base(c.id, sheets, {
        courtRoom: null,
        serialNo: null,
        note: null,
        next: { date: '2026-12-20', sheet: null },
      }),
    );
    expect(recordTargets(sheets, TODAY).next).toBeNull();
    expect(r.nextId).not.toBe(later.id);
    const entries = await queued();
    expect(entries.map((e) => e.what)).toEqual(['put order_sheets', 'put order_sheets']);
    expect((entries[0]!.args as { values: object }).values).toEqual({
      order_sheet_type_id: 'type-adjourned',
    });
    expect(entries[1]!.args).toMatchObject({ id: r.nextId, values: { order_sheet_date: '2026-12-20' } });
    // Recording again the same, with no next date: nothing is queued.
    await markOutbox();
    await recordHearingLocal(
      db,
      base(c.id, await c.sheets(), { courtRoom: null, serialNo: null, note: null, next: null }),
    );
    expect(await queued()).toEqual([]);
  });
});
