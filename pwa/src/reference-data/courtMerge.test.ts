import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { putLocal } from '../sync/actions.ts';
import { openLocalDb, type LocalDb } from '../sync/db.ts';
import { mergeQuestion, planCourtMerge } from './courtMerge.ts';
import { mergeCourtLocal } from './referenceData.actions.ts';

describe('planning a court merge', () => {
  const links = [
    { id: 'l1', case_category_id: 'appeal', court_id: 'old' },
    { id: 'l2', case_category_id: 'bail', court_id: 'old' },
    { id: 'l3', case_category_id: 'appeal', court_id: 'kept' },
    { id: 'l4', case_category_id: 'suit', court_id: 'other' },
  ];
  const caseFiles = [
    { id: 'p1', court_id: 'old' },
    { id: 'p2', court_id: 'kept' },
    { id: 'p3', court_id: 'old' },
    { id: 'p4', court_id: null },
  ];

  it("moves only the merged court's case files and links its categories the kept court lacks", () => {
    expect(planCourtMerge({ mergedId: 'old', keptId: 'kept', caseFiles, links })).toEqual({
      caseFileIds: ['p1', 'p3'],
      linkCategoryIds: ['bail'],
    });
  });

  it('refuses to merge a court into itself', () => {
    expect(() => planCourtMerge({ mergedId: 'old', keptId: 'old', caseFiles, links })).toThrow(
      'Choose another court to keep.',
    );
  });

  it('names the count and both courts in the question', () => {
    expect(mergeQuestion(12, 'Sessions Court Lahore', 'District and Sessions Court, Lahore')).toBe(
      "Move 12 case files from 'Sessions Court Lahore' to 'District and Sessions Court, Lahore' and delete 'Sessions Court Lahore'?",
    );
    expect(mergeQuestion(1, 'A', 'B')).toBe("Move 1 case file from 'A' to 'B' and delete 'A'?");
  });
});

describe('merging courts on the device (no network)', () => {
  let db: LocalDb;
  afterEach(() => db?.close());

  it('queues the merge as ordinary writes, shown at once, court deleted last', async () => {
    db = openLocalDb(`test-${crypto.randomUUID()}`);
    await putLocal(db, 'courts', 'old', { title: 'Sessions Court Lahore' });
    await putLocal(db, 'courts', 'kept', { title: 'District and Sessions Court, Lahore' });
    await putLocal(db, 'case_categories', 'bail', { title: 'Bail' });
    await putLocal(db, 'case_categories', 'appeal', { title: 'Appeal' });
    await putLocal(db, 'case_category_courts', 'l1', { case_category_id: 'bail', court_id: 'old' });
    await putLocal(db, 'case_category_courts', 'l2', { case_category_id: 'appeal', court_id: 'old' });
    await putLocal(db, 'case_category_courts', 'l3', { case_category_id: 'appeal', court_id: 'kept' });
    for (const id of ['p1', 'p2'])
      await putLocal(db, 'petitions', id, { case_no: id, title: `Case ${id}`, court_id: 'old' });
    // Not cleared: the device's rows are its pulled copies plus the queue, so the queue is the set-up here.
    const before = await db.outbox.count();

    expect(await mergeCourtLocal(db, 'old', 'kept')).toBe(2);

    expect(await db.rows('courts').get('old')).toBeUndefined();
    const inKept = await db.rows('petitions').where('court_id').equals('kept').toArray();
    expect(inKept.map((p) => p.id).sort()).toEqual(['p1', 'p2']);
    const keptLinks = await db.rows('case_category_courts').where('court_id').equals('kept').toArray();
    expect(keptLinks.map((l) => l.case_category_id).sort()).toEqual(['appeal', 'bail']);
    expect(await db.rows('case_category_courts').where('court_id').equals('old').count()).toBe(0);
    expect((await db.outbox.toArray()).slice(before).map((e) => `${e.name} ${e.entity}`)).toEqual([
      'put courts',
      'put petitions',
      'put petitions',
      'put case_category_courts',
      'delete courts',
    ]);
  });
});
