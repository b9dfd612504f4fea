import { afterAll, beforeAll, expect, it } from 'vitest';
import { roleFlags, type TActor } from '@lawfirm/shared-types';
import { forActor, forFirm } from '../src/sync/firm.ts';
import { newId, nowIso } from '../src/db/ids.ts';
import { HttpError } from '../src/http/errors.ts';
import { courtsEntity, moduleTypesEntity } from '../src/reference-data/reference-data.entities.ts';
import { createFirm, createTestApp, describeEachDb, insertUser, type TestApp } from './helper.ts';

const TALBANA = 3;

describeEachDb('firm toolkit', (kind) => {
  let t: TestApp;
  let ours: TActor;
  let theirs: TActor;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const admin = (companyId: string) => insertUser(t, { role: 'ADMIN', companyId });
    const a = await admin(await createFirm(t, 'Ours & Co'));
    const b = await admin(await createFirm(t, 'Theirs & Co'));
    ours = { id: a.id, company_id: a.companyId, is_provider: false, ...roleFlags('ADMIN', false) };
    theirs = { id: b.id, company_id: b.companyId, is_provider: false, ...roleFlags('ADMIN', false) };
  });
  afterAll(() => t.close());

  const talbanaType = async (actor: TActor, title: string, display_order: number) => {
    const id = newId();
    await forActor(t.app.db, actor).put(moduleTypesEntity, id, { module_id: TALBANA, title, display_order });
    return id;
  };

  it("reads only the firm's rows, and live ones leave tombstones out", async () => {
    const mine = await talbanaType(ours, 'Summons', 1);
    const gone = await talbanaType(ours, 'Withdrawn', 2);
    const other = await talbanaType(theirs, 'Notice', 1);
    await forActor(t.app.db, ours).remove(moduleTypesEntity, gone);
    const firm = forFirm(t.app.db, ours.company_id);

    expect((await firm.find('module_types', mine))?.title).toBe('Summons');
    expect(await firm.find('module_types', other)).toBeUndefined();
    expect(await firm.find('module_types', gone)).toBeUndefined();
    // (A new firm starts with its talbana types: only the three rows made here are looked for.)
    const made = ['Summons', 'Withdrawn', 'Notice'];
    const all = await firm.selectFrom('module_types').select('id').where('title', 'in', made).execute();
    expect(all.map((r) => r.id).sort()).toEqual([mine, gone].sort());
    const live = await firm.live('module_types').select('id').where('title', 'in', made).execute();
    expect(live.map((r) => r.id)).toEqual([mine]);
  });

  it('lists rows in display order and places a new row after the last of its list', async () => {
    const firm = forFirm(t.app.db, ours.company_id);
    const later = await talbanaType(ours, 'Later', 19);
    const earlier = await talbanaType(ours, 'Earlier', 15);
    const otherFirm = await talbanaType(theirs, 'Theirs', 50);
    const rows = await firm.rowsWhere('module_types', 'id', [later, earlier, otherFirm]);
    expect(rows.map((r) => r.id)).toEqual([earlier, later]);
    expect(await firm.rowsWhere('module_types', 'id', [])).toEqual([]);
    // Another firm's 50 and another module's types do not count: synopsis goes on after its own 9 seeded types.
    expect(await firm.nextDisplayOrder('module_types', { module_id: TALBANA })).toBe(20);
    expect(await firm.nextDisplayOrder('module_types', { module_id: 4 })).toBe(10);
  });

  it("updates only the firm's rows", async () => {
    const session = (companyId: string, userId: string) => ({
      id: newId(),
      company_id: companyId,
      user_id: userId,
      family_id: newId(),
      kind: 'refresh' as const,
      token_hash: newId(),
      created_at: nowIso(),
      expires_at: nowIso(),
      rotated_at: null,
      revoked_at: null,
      user_agent: null,
    });
    const mine = session(ours.company_id, ours.id);
    const other = session(theirs.company_id, theirs.id);
    await t.app.db.insertInto('sessions').values([mine, other]).execute();
    await forFirm(t.app.db, ours.company_id).updateTable('sessions').set({ revoked_at: nowIso() }).execute();
    const revoked = await t.app.db
      .selectFrom('sessions')
      .select(['id', 'revoked_at'])
      .where('id', 'in', [mine.id, other.id])
      .execute();
    expect(revoked.find((s) => s.id === mine.id)?.revoked_at).not.toBeNull();
    expect(revoked.find((s) => s.id === other.id)?.revoked_at).toBeNull();
  });

  it("answers the sync store's refusals as REST errors", async () => {
    const other = await talbanaType(theirs, 'Not yours', 1);
    const writes = forActor(t.app.db, ours);
    await expect(writes.put(moduleTypesEntity, other, { title: 'Mine now' })).rejects.toMatchObject({
      statusCode: 404,
    });
    const invalid = writes.put(courtsEntity, newId(), { title: '' });
    await expect(invalid).rejects.toBeInstanceOf(HttpError);
    await expect(invalid).rejects.toMatchObject({ statusCode: 422, extra: { validation_error: {} } });
    await expect(writes.remove(moduleTypesEntity, other)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('reorders one list of the firm, writing only the rows that moved', async () => {
    const writes = forActor(t.app.db, ours);
    const module = (id: string) => writes.find('module_types', id);
    const a = await talbanaType(ours, 'A', 1);
    const b = await talbanaType(ours, 'B', 2);
    const c = await talbanaType(ours, 'C', 3);
    const versionOfA = (await module(a))?.version;
    await writes.reorder(moduleTypesEntity, [a, c, b], 'module_id');
    expect((await module(c))?.display_order).toBe(2);
    expect((await module(b))?.display_order).toBe(3);
    expect((await module(a))?.version).toBe(versionOfA);

    await expect(writes.reorder(moduleTypesEntity, [a, a], 'module_id')).rejects.toMatchObject({
      statusCode: 404,
    });
    const other = await talbanaType(theirs, 'Theirs', 1);
    await expect(writes.reorder(moduleTypesEntity, [a, other], 'module_id')).rejects.toMatchObject({
      statusCode: 404,
    });
    const synopsis = await writes.put(moduleTypesEntity, newId(), {
      module_id: 4,
      title: 'S',
      display_order: 1,
    });
    await expect(writes.reorder(moduleTypesEntity, [a, synopsis.row.id], 'module_id')).rejects.toMatchObject({
      statusCode: 404,
      message: 'The rows do not belong to one list.',
    });
    await expect(
      writes.reorder(moduleTypesEntity, [b, a], 'module_id', () => Promise.reject(new HttpError(404, 'no'))),
    ).rejects.toMatchObject({ message: 'no' });
    expect((await module(b))?.display_order).toBe(3);
    await expect(writes.reorder(courtsEntity, [], 'id')).rejects.toThrow('courts has no display order');
  });
});
