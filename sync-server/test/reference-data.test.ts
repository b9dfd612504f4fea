import { afterAll, beforeAll, expect, it } from 'vitest';
import { MSG } from '@lawfirm/shared-types';
import type {
  TCourt,
  TModuleType,
  TPetitionType,
  TStatute,
} from '@lawfirm/shared-types/reference-data/reference-data.schema.ts';
import {
  adminBearer,
  bearerFor,
  createFirm,
  createTestApp,
  describeEachDb,
  insertUser,
  type TestApp,
} from './helper.ts';

type Auth = { authorization: string };

describeEachDb('reference data', (kind) => {
  let t: TestApp;
  let admin: Auth;
  let lawyer: Auth;
  let student: Auth;
  let other: Auth;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await adminBearer(t);
    const l = await insertUser(t, { role: 'LAWYER' });
    lawyer = await bearerFor(t, l.email, l.password);
    const s = await insertUser(t, { role: 'STUDENT' });
    student = await bearerFor(t, s.email, s.password);
    const firm = await createFirm(t, 'Other Firm');
    const o = await insertUser(t, { role: 'ADMIN', companyId: firm });
    other = await bearerFor(t, o.email, o.password);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Auth, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const courts = async (headers: Auth) =>
    (await call('GET', '/api/courts', headers)).json<{ courts: TCourt[] }>().courts;

  it('lists the firm’s courts to any signed-in user', async () => {
    const res = await call('GET', '/api/courts', lawyer);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ courts: TCourt[]; page_title: string }>();
    expect(body.page_title).toBe('Courts');
    expect(body.courts).toContainEqual({
      id: expect.any(String),
      title: 'SUPREME COURT OF PAKISTAN',
      short_title: null,
    });
    // The original client's court select reads label and value, and labels its options by short_title: a
    // court without one is shown by its title in capitals (issue 31), in that answer only.
    expect((await call('GET', '/api/get_court_names', lawyer)).json()).toEqual({
      courts: body.courts.map((c) => ({
        ...c,
        short_title: c.short_title ?? c.title.toUpperCase(),
        label: c.title,
        value: c.id,
      })),
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/courts' })).statusCode).toBe(401);
    // Each firm has its own copy: no id is shared.
    const theirs = await courts(other);
    expect(theirs.map((c) => c.id)).not.toContain(body.courts[0]!.id);
  });

  it('creates, renames and deletes a court; only admins edit and delete, and only their own firm’s rows', async () => {
    // Lawyers add courts too (courts-lawyers-add.test.ts); a student adds none.
    expect((await call('POST', '/api/courts', student, { title: 'Nope' })).statusCode).toBe(403);
    const empty = await call('POST', '/api/courts', admin, { title: '  ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toEqual({
      message: MSG.titleRequired,
      validation_error: { title: [MSG.titleRequired] },
    });

    const created = await call('POST', '/api/courts', admin, { title: 'Banking Court Lahore' });
    expect(created.statusCode).toBe(200);
    const court = created.json<{ court: TCourt; message: string }>().court;
    expect(court).toEqual({ id: expect.any(String), title: 'Banking Court Lahore', short_title: null });
    // The change is logged, so every device pulls it at its next sync.
    const logged = await t.app.db
      .selectFrom('change_log')
      .select('entity')
      .where('row_id', '=', court.id)
      .execute();
    expect(logged).toEqual([{ entity: 'courts' }]);

    // Inline edit sends the whole row back, with the client's editMode flag.
    const renamed = await call('POST', '/api/courts', admin, {
      ...court,
      title: 'Banking Court No. 1',
      editMode: true,
    });
    expect(renamed.json()).toEqual({
      court: { ...court, title: 'Banking Court No. 1' },
      message: 'Updated Successfully!',
    });

    // Another firm's admin can neither change nor delete it, and learns nothing about it.
    expect((await call('POST', '/api/courts', other, { id: court.id, title: 'Hijacked' })).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', `/api/courts/${court.id}`, other)).statusCode).toBe(404);
    expect((await courts(admin)).find((c) => c.id === court.id)?.title).toBe('Banking Court No. 1');

    expect((await call('DELETE', `/api/courts/${court.id}`, lawyer)).statusCode).toBe(403);
    const del = await call('DELETE', `/api/courts/${court.id}`, admin);
    expect(del.json()).toEqual({ message: 'Deleted Successfully!' });
    expect((await courts(admin)).map((c) => c.id)).not.toContain(court.id);
    const row = await t.app.db
      .selectFrom('courts')
      .select(['deleted_at', 'updated_at', 'created_at'])
      .where('id', '=', court.id)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).toBeTruthy();
    expect(row.updated_at >= row.created_at).toBe(true);
    expect((await call('DELETE', `/api/courts/${court.id}`, admin)).statusCode).toBe(404);
  });

  it('keeps case categories with their courts, filtered by court and title', async () => {
    const list = (await call('GET', '/api/petition_types', lawyer)).json<{
      petition_types: TPetitionType[];
      page_title: string;
    }>();
    expect(list.page_title).toBe('Case Categories');
    const wp = list.petition_types.find((p) => p.title === 'Writ Petition')!;
    expect(wp.abbreviation).toBe('W.P.');
    expect(wp.court_ids.length).toBe(wp.petition_type_courts.length);
    expect(wp.petition_type_courts[0]).toEqual({
      court: { id: expect.any(String), title: expect.any(String) },
    });

    const all = await courts(admin);
    const [c1, c2] = all;
    const created = await call('POST', '/api/petition_types', admin, {
      title: 'Zzz Special Appeal',
      abbreviation: 'Z.S.A.',
      court_ids: [c1!.id],
    });
    expect(created.statusCode).toBe(200);
    const pt = created.json<{ petition_type: TPetitionType }>().petition_type;
    expect(pt).toMatchObject({ title: 'Zzz Special Appeal', abbreviation: 'Z.S.A.', court_ids: [c1!.id] });

    const one = (await call('GET', `/api/petition_types/${pt.id}`, lawyer)).json<{
      petition_type: TPetitionType & { court_ids_array: string[] };
    }>();
    expect(one.petition_type.court_ids_array).toEqual([c1!.id]);

    const byTitle = (await call('GET', '/api/petition_types?title=zzz special', admin)).json<{
      petition_types: TPetitionType[];
    }>();
    expect(byTitle.petition_types.map((p) => p.id)).toEqual([pt.id]);
    const byCourt = async (courtId: string) =>
      (await call('GET', `/api/petition_types?court_id=${courtId}&title=Zzz`, admin))
        .json<{ petition_types: TPetitionType[] }>()
        .petition_types.map((p) => p.id);
    expect(await byCourt(c1!.id)).toEqual([pt.id]);
    expect(await byCourt(c2!.id)).toEqual([]);

    // The courts are replaced as a set.
    const moved = await call('POST', '/api/petition_types', admin, {
      id: pt.id,
      title: 'Zzz Special Appeal',
      court_ids: [c2!.id],
    });
    expect(moved.json().petition_type.court_ids).toEqual([c2!.id]);
    expect(await byCourt(c1!.id)).toEqual([]);
    // An inline edit without court_ids keeps them.
    await call('POST', '/api/petition_types', admin, { id: pt.id, title: 'Zzz Renamed' });
    expect(await byCourt(c2!.id)).toEqual([pt.id]);

    // A court of another firm cannot be linked.
    const foreignCourt = (await courts(other))[0]!;
    const refused = await call('POST', '/api/petition_types', admin, {
      title: 'Bad Link',
      court_ids: [foreignCourt.id],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ message: 'The selected court is invalid.' });
    expect((await call('GET', `/api/petition_types/${pt.id}`, other)).statusCode).toBe(404);

    expect((await call('DELETE', `/api/petition_types/${pt.id}`, admin)).statusCode).toBe(200);
    expect(await byCourt(c2!.id)).toEqual([]);
    expect((await call('GET', `/api/petition_types/${pt.id}`, admin)).statusCode).toBe(404);
  });

  it('drops a deleted court from the categories it was linked to', async () => {
    const court = (await call('POST', '/api/courts', admin, { title: 'Short-lived Court' })).json<{
      court: TCourt;
    }>().court;
    const pt = (
      await call('POST', '/api/petition_types', admin, { title: 'Linked Category', court_ids: [court.id] })
    ).json<{ petition_type: TPetitionType }>().petition_type;
    await call('DELETE', `/api/courts/${court.id}`, admin);
    const after = (await call('GET', `/api/petition_types/${pt.id}`, admin)).json<{
      petition_type: TPetitionType;
    }>();
    expect(after.petition_type.court_ids).toEqual([]);
  });

  it('keeps module types per module, in display order, with the module’s own read calls', async () => {
    const orderSheets = (await call('GET', '/api/module_types?module_id=1', lawyer)).json<{
      moduleTypes: TModuleType[];
    }>().moduleTypes;
    // The shared data's 26 and the record-hearing form's 4 outcomes (issue 34).
    expect(orderSheets.length).toBe(30);
    expect(orderSheets[0]).toEqual({
      id: expect.any(String),
      module_id: 1,
      title: 'Relist',
      display_order: 1,
    });
    expect(orderSheets.map((m) => m.display_order)).toEqual(
      [...orderSheets.map((m) => m.display_order)].sort((a, b) => a - b),
    );

    const missing = await call('POST', '/api/module_types', admin, { title: 'X' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().validation_error).toEqual({ module_id: ['Module field is required.'] });
    const noTitle = await call('POST', '/api/module_types', admin, { module_id: 3 });
    expect(noTitle.json().validation_error).toEqual({ title: [MSG.titleRequired] });
    expect((await call('POST', '/api/module_types', admin, { module_id: 9, title: 'X' })).statusCode).toBe(
      422,
    );

    const t1 = (
      await call('POST', '/api/module_types', admin, { module_id: '3', title: 'Summons issued' })
    ).json<{ moduleType: TModuleType }>().moduleType;
    // A new firm starts with 11 talbana types (seed/data/our-reference-data.json): a new one goes last.
    expect(t1).toMatchObject({ module_id: 3, title: 'Summons issued', display_order: 12 });
    const t2 = (
      await call('POST', '/api/module_types', admin, { module_id: 3, title: 'Notice served' })
    ).json<{ moduleType: TModuleType }>().moduleType;
    expect(t2.display_order).toBe(13);

    const reads = [
      // 26 from the shared data and the record-hearing form's 4 outcomes (issue 34).
      ['/api/get_order_sheet_types?module_id=1', 'orderSheetTypes', 30],
      ['/api/get_talbana_types?module_id=3', 'talbanaTypes', 13],
      ['/api/get_synopsis_types?module_id=4', 'synopsisTypes', 9],
      ['/api/get_naqal_form_types?module_id=2', 'naqalFormTypes', 11],
    ] as const;
    for (const [url, key, n] of reads) {
      const body = (await call('GET', url, lawyer)).json<Record<string, TModuleType[]>>();
      expect(Object.keys(body)).toEqual([key]);
      expect(body[key]).toHaveLength(n);
    }
    // The other firm has its own seeded list, without this firm's additions.
    const theirs = (await call('GET', '/api/get_talbana_types', other)).json<{
      talbanaTypes: TModuleType[];
    }>();
    expect(theirs.talbanaTypes).toHaveLength(11);
    expect(theirs.talbanaTypes.map((m) => m.title)).not.toContain('Summons issued');

    await call('DELETE', `/api/module_types/${t1.id}`, admin);
    const talbana = (await call('GET', '/api/get_talbana_types', admin)).json<{
      talbanaTypes: TModuleType[];
    }>().talbanaTypes;
    expect(talbana.map((m) => m.title)).toHaveLength(12);
    expect(talbana.at(-1)?.title).toBe('Notice served');
    expect(talbana.map((m) => m.title)).not.toContain('Summons issued');
    expect((await call('GET', '/api/module_types?module_id=abc', admin)).statusCode).toBe(422);
  });

  it('keeps statutes with a case-insensitive title filter', async () => {
    const all = (await call('GET', '/api/statutes', lawyer)).json<{ statutes: TStatute[] }>().statutes;
    expect(all.length).toBeGreaterThan(0);
    expect(all[0]).toEqual({ id: expect.any(String), title: expect.any(String), display_order: 1 });

    const created = (
      await call('POST', '/api/statutes', admin, { title: 'Qanun-e-Zzyzx Order, 1984', display_order: '' })
    ).json<{ statute: TStatute }>().statute;
    expect(created.display_order).toBe(all.length + 1);
    const found = (await call('GET', '/api/statutes?title=ZZYZX', lawyer)).json<{ statutes: TStatute[] }>()
      .statutes;
    expect(found.map((s) => s.id)).toEqual([created.id]);
    const reordered = await call('POST', '/api/statutes', admin, { ...created, display_order: 0 });
    expect(reordered.json().statute.display_order).toBe(0);
    expect((await call('POST', '/api/statutes', admin, { title: 'X', display_order: -1 })).statusCode).toBe(
      422,
    );
    expect((await call('POST', '/api/statutes', lawyer, { title: 'X' })).statusCode).toBe(403);
    expect((await call('DELETE', `/api/statutes/${created.id}`, other)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/statutes/${created.id}`, admin)).statusCode).toBe(200);
    expect((await call('GET', '/api/statutes?title=zzyzx', admin)).json().statutes).toEqual([]);
  });
});
