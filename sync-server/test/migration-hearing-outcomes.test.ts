import { afterAll, beforeAll, expect, it } from 'vitest';
import { up as addOutcomes } from '../../migrations/src/2026_11_28_0025_hearing_outcomes.ts';
import { adminBearer, createFirm, createTestApp, describeEachDb, type TestApp } from './helper.ts';
import { connectDevice } from './device.ts';

const OUTCOMES = ['Adjourned', 'Arguments heard', 'Reserved', 'Decided'];

/**
 * Firms installed before issue 34 have the shared data's order-sheet types only. The migration adds the
 * record-hearing form's outcomes as logged rows, so a device that synced before pulls them; a firm that already
 * has one (its admin typed "DECIDED") keeps its own and gets no second.
 */
describeEachDb('migration: the hearing outcomes reach installed firms', (kind) => {
  let t: TestApp;
  let otherFirm: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    otherFirm = await createFirm(t, 'Second Chambers');
  });
  afterAll(() => t.close());

  const orderSheetTypes = async (companyId: string) =>
    t.app.db
      .selectFrom('module_types')
      .select(['id', 'title', 'display_order'])
      .where('company_id', '=', companyId)
      .where('module_id', '=', 1)
      .where('deleted_at', 'is', null)
      .orderBy('display_order')
      .execute();

  it('new firms are seeded with them after the shared data’s types', async () => {
    const titles = (await orderSheetTypes(otherFirm)).map((r) => r.title);
    expect(titles.slice(-4)).toEqual(OUTCOMES);
    expect(titles).toContain('Relist');
  });

  it('adds the missing ones as logged rows that devices pull, once', async () => {
    const db = t.app.db;
    // As installed before: no outcome types; the other firm's admin had made "DECIDED" themselves.
    for (const firm of [t.providerId, otherFirm])
      await db
        .deleteFrom('module_types')
        .where('company_id', '=', firm)
        .where('module_id', '=', 1)
        .where('title', 'in', OUTCOMES)
        .execute();
    const last = Math.max(...(await orderSheetTypes(otherFirm)).map((r) => Number(r.display_order)));
    await db
      .insertInto('module_types')
      .values({
        id: '01900000-0000-7000-8000-00000000d3c1',
        company_id: otherFirm,
        module_id: 1,
        title: 'DECIDED',
        display_order: last + 1,
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-01T00:00:00.000Z',
        version: 0,
        field_versions: '{}',
        field_writers: '{}',
      })
      .execute();
    const office = await connectDevice(t, await adminBearer(t));
    expect(office.rowsOf('module_types').filter((r) => OUTCOMES.includes(String(r.title)))).toEqual([]);

    await addOutcomes(db);

    const delivered = [...(await office.pull()).entries()];
    const pulled = delivered.filter(([k]) => k.startsWith('module_types/')).map(([, r]) => r!);
    expect(pulled.map((r) => r.title).sort()).toEqual([...OUTCOMES].sort());
    expect(pulled.every((r) => r.module_id === 1)).toBe(true);
    // Only these were delivered.
    expect(delivered.filter(([k]) => !k.startsWith('module_types/'))).toEqual([]);
    // The other firm: three added after its own, its "DECIDED" kept and no second "Decided".
    const theirs = (await orderSheetTypes(otherFirm)).map((r) => r.title);
    expect(theirs.slice(-4)).toEqual(['DECIDED', 'Adjourned', 'Arguments heard', 'Reserved']);

    const before = await db.selectFrom('change_log').select('seq').execute();
    await addOutcomes(db);
    expect(await db.selectFrom('change_log').select('seq').execute()).toHaveLength(before.length);
  });
});
