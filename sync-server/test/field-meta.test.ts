import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityDecl } from '@lawfirm/shared-types';
import { readFieldMap, storeFieldMap } from '../src/sync/field-meta.ts';
import { caseFirm, type CaseFirm } from './case-files-helpers.ts';
import { connectDevice } from './device.ts';
import { describeEachDb } from './helper.ts';

describe('stored field maps', () => {
  const cols = ['case_no', 'title', 'court_id', 'year'];

  it('store the shared value once and read back one entry per column', () => {
    const stored = storeFieldMap({ case_no: 7, title: 7, court_id: 9, year: 7 });
    expect(JSON.parse(stored)).toEqual({ '*': 7, court_id: 9 });
    expect(readFieldMap(cols, stored)).toEqual({ case_no: 7, title: 7, court_id: 9, year: 7 });
  });

  it('read a map stored before the shared form, and an unreadable one as empty', () => {
    expect(readFieldMap(cols, '{"title":3,"year":4}')).toEqual({ title: 3, year: 4 });
    expect(readFieldMap(cols, 'not json')).toEqual({});
    expect(readFieldMap(cols, null)).toEqual({});
  });

  it('keep a map with no value shared by two columns as it is', () => {
    expect(JSON.parse(storeFieldMap({ title: 'dev-a', year: 'dev-b' }))).toEqual({
      title: 'dev-a',
      year: 'dev-b',
    });
  });
});

/**
 * Rows written before the shared form (every column named) go on merging field by field: a device's own earlier
 * write is still its own, another device's edit of the same field still a conflict, and the next write stores
 * the short form.
 */
describeEachDb('field maps of rows stored in the long form', (kind) => {
  let f: CaseFirm;
  beforeAll(async () => {
    f = await caseFirm(kind);
  });
  afterAll(() => f.t.close());

  it('merge as before and are stored short after their next write', async () => {
    const id = await f.petition({ title: 'Long v. Form' });
    const a = await connectDevice(f.t, f.admin);
    const b = await connectDevice(f.t, f.admin);
    const db = f.t.app.db;
    const stored = await db
      .selectFrom('petitions')
      .select(['version', 'field_versions', 'field_writers'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.field_writers)).toEqual({ '*': expect.stringMatching(/^rest:/) });
    // Written out in the long form, as rows were before: device A the last writer of every field.
    const columns = Object.keys(entityDecl('petitions')!.columns);
    expect(columns).toEqual(expect.arrayContaining(['title', 'case_no', 'court_id']));
    // Written out in the long form, as rows were before: every field at a change neither device has pulled
    // yet, last written by device A.
    const later = Number(stored.version) + 1;
    await db
      .updateTable('petitions')
      .set({
        field_versions: JSON.stringify(Object.fromEntries(columns.map((c) => [c, later]))),
        field_writers: JSON.stringify(Object.fromEntries(columns.map((c) => [c, a.clientId]))),
      })
      .where('id', '=', id)
      .execute();

    // A edits on the older base it holds: the field is its own earlier write, so it applies.
    const [aRes] = (
      await a.push([{ name: 'put', args: { entity: 'petitions', id, values: { case_no: 'A-1' } } }])
    ).results;
    expect(aRes).toMatchObject({ status: 'applied' });
    // B edits on the same older base: A wrote the title since, so it is a conflict, not an overwrite.
    const [bRes] = (
      await b.push([{ name: 'put', args: { entity: 'petitions', id, values: { title: 'Long v. B' } } }])
    ).results;
    expect(bRes).toMatchObject({ status: 'conflict' });
    const stored2 = await db
      .selectFrom('petitions')
      .select(['title', 'case_no', 'field_writers'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored2).toMatchObject({ title: 'Long v. Form', case_no: 'A-1' });
    expect(JSON.parse(stored2.field_writers)).toEqual({ '*': a.clientId });

    // B pulls and edits again on what it now holds: applied, and only the title names B.
    await b.pull();
    const [bAgain] = (
      await b.push([{ name: 'put', args: { entity: 'petitions', id, values: { title: 'Long v. B' } } }])
    ).results;
    expect(bAgain).toMatchObject({ status: 'applied' });
    const after = await db
      .selectFrom('petitions')
      .select(['title', 'field_writers'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(after.title).toBe('Long v. B');
    expect(JSON.parse(after.field_writers)).toEqual({ '*': a.clientId, title: b.clientId });
    // A pulls: the row's field versions are one per column again, whatever form they are stored in.
    await a.pull();
    const held = a.rows.get(`petitions/${id}`)!;
    expect(Object.keys(held.field_versions as object).sort()).toEqual(
      columns.filter((c) => c in held).sort(),
    );
    expect(held.field_versions).toMatchObject({ title: expect.any(Number), case_no: expect.any(Number) });
  });
});
