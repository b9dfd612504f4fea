import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { putLocal } from '../sync/actions.ts';
import { openLocalDb, type LocalDb } from '../sync/db.ts';
import { addCourtLocal, deleteCourtLocal, saveCaseCategoryLocal } from './referenceData.actions.ts';

let db: LocalDb;
const open = () => (db = openLocalDb(`test-${crypto.randomUUID()}`));
afterEach(() => db?.close());

const linkedCourts = async (categoryId: string) =>
  (await db.rows('case_category_courts').where('case_category_id').equals(categoryId).toArray())
    .map((l) => l.court_id)
    .sort();
const queued = async () => (await db.outbox.toArray()).map((e) => `${e.name} ${e.entity}`);

describe('case category writes on the device (no network)', () => {
  it('creates a category with its court links, then edits the courts by adding and removing links', async () => {
    open();
    for (const c of ['c1', 'c2', 'c3']) await putLocal(db, 'courts', c, { title: `Court ${c}` });
    await db.outbox.clear();

    const id = await saveCaseCategoryLocal(db, {
      id: null,
      values: { title: 'Writ Petition', abbreviation: 'WP' },
      courtIds: ['c1', 'c2'],
    });
    expect(await db.rows('case_categories').get(id)).toMatchObject({
      title: 'Writ Petition',
      abbreviation: 'WP',
    });
    expect(await linkedCourts(id)).toEqual(['c1', 'c2']);
    expect(await queued()).toEqual([
      'put case_categories',
      'put case_category_courts',
      'put case_category_courts',
    ]);

    await db.outbox.clear();
    await saveCaseCategoryLocal(db, { id, values: {}, courtIds: ['c2', 'c3'] });
    expect(await linkedCourts(id)).toEqual(['c2', 'c3']);
    // Unchanged fields and the kept link are not written again.
    expect(await queued()).toEqual(['delete case_category_courts', 'put case_category_courts']);
  });

  it('sends the versions the user saw, so a concurrent edit becomes a conflict', async () => {
    open();
    const id = await saveCaseCategoryLocal(db, { id: null, values: { title: 'Suit' }, courtIds: [] });
    await saveCaseCategoryLocal(db, {
      id,
      values: { title: 'Civil Suit' },
      seen: { title: 3 },
      courtIds: [],
    });
    const last = (await db.outbox.toArray()).at(-1);
    expect(last).toMatchObject({ name: 'put', entity: 'case_categories', base: { title: 3 } });
  });

  it('deleting a court also deletes its links, leaving the categories', async () => {
    open();
    for (const c of ['c1', 'c2']) await putLocal(db, 'courts', c, { title: `Court ${c}` });
    const id = await saveCaseCategoryLocal(db, {
      id: null,
      values: { title: 'Appeal' },
      courtIds: ['c1', 'c2'],
    });
    await deleteCourtLocal(db, 'c1');
    expect(await db.rows('courts').get('c1')).toBeUndefined();
    expect(await linkedCourts(id)).toEqual(['c2']);
    expect(await db.rows('case_categories').get(id)).toBeDefined();
  });

  it('adds a court as one queued row, shown at once; a blank title is refused before anything is queued', async () => {
    open();
    const id = await addCourtLocal(db, 'District and Sessions Court, Lahore');
    expect(await db.rows('courts').get(id)).toMatchObject({ title: 'District and Sessions Court, Lahore' });
    expect(await db.outbox.toArray()).toMatchObject([
      {
        name: 'put',
        entity: 'courts',
        rowId: id,
        args: { values: { title: 'District and Sessions Court, Lahore' } },
      },
    ]);
    await expect(addCourtLocal(db, '  ')).rejects.toThrow('Title field is required.');
    expect(await db.outbox.count()).toBe(1);
  });
});
