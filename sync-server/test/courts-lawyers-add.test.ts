import { afterAll, beforeAll, expect, it } from 'vitest';
import { MSG } from '@lawfirm/shared-types';
import type { TCourt } from '@lawfirm/shared-types/reference-data/reference-data.schema.ts';
import { newId } from '../src/db/ids.ts';
import { connectDevice } from './device.ts';
import { adminBearer, bearerFor, createTestApp, describeEachDb, insertUser, type TestApp } from './helper.ts';

type Auth = { authorization: string };
type TRole = 'LAWYER' | 'ASSOCIATE' | 'STUDENT' | 'CLIENT' | 'PARALEGAL';

/**
 * Courts (issue 30): a lawyer adds the court a case is in from the case form, offline, and it syncs like any
 * row; students, clients and staff who do not practise cannot. Editing and deleting a court stays with admins,
 * on a device's push as on the REST calls.
 */
describeEachDb('courts: lawyers add them, admins edit and delete them', (kind) => {
  let t: TestApp;
  let admin: Auth;
  const people: Partial<Record<TRole | 'MOOT', Auth>> = {};

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await adminBearer(t);
    for (const role of ['LAWYER', 'ASSOCIATE', 'STUDENT', 'CLIENT', 'PARALEGAL'] as const) {
      const u = await insertUser(t, { role });
      people[role] = await bearerFor(t, u.email, u.password);
    }
    // A moot-court student signs up as an associate but is a student for every rule.
    const moot = await insertUser(t, { role: 'ASSOCIATE', moot: true });
    people.MOOT = await bearerFor(t, moot.email, moot.password);
  });
  afterAll(() => t.close());

  const as = (who: TRole | 'MOOT') => people[who]!;
  const rest = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Auth, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const courtTitles = async () =>
    (await rest('GET', '/api/courts', admin)).json<{ courts: TCourt[] }>().courts.map((c) => c.title);

  it('a lawyer’s pushed court is applied and reaches the admin’s device', async () => {
    const office = await connectDevice(t, admin);
    const phone = await connectDevice(t, as('LAWYER'));
    const id = newId();
    const r = await phone.push([
      {
        name: 'put',
        args: { entity: 'courts', id, values: { title: 'District and Sessions Court, Lahore' } },
      },
    ]);
    expect(r.results[0]).toMatchObject({ status: 'applied' });
    expect((await office.pull()).get(`courts/${id}`)).toMatchObject({
      title: 'District and Sessions Court, Lahore',
      short_title: null,
    });
    // An associate practises too.
    const other = await connectDevice(t, as('ASSOCIATE'));
    const second = await other.push([
      { name: 'put', args: { entity: 'courts', id: newId(), values: { title: 'Family Court, Multan' } } },
    ]);
    expect(second.results[0]).toMatchObject({ status: 'applied' });
    expect(await courtTitles()).toEqual(
      expect.arrayContaining(['District and Sessions Court, Lahore', 'Family Court, Multan']),
    );
  });

  it('refuses a court pushed by a student, a moot student, a client or a paralegal', async () => {
    for (const who of ['STUDENT', 'MOOT', 'CLIENT', 'PARALEGAL'] as const) {
      const device = await connectDevice(t, as(who));
      const id = newId();
      const r = await device.push([
        { name: 'put', args: { entity: 'courts', id, values: { title: `Civil Judge, ${who}` } } },
      ]);
      expect(r.results[0], who).toMatchObject({ status: 'rejected', message: MSG.forbidden });
      const refused = await rest('POST', '/api/courts', as(who), { title: `Civil Judge, ${who} (REST)` });
      expect(refused.statusCode, who).toBe(403);
      expect(refused.json(), who).toEqual({ message: MSG.forbidden });
    }
    expect((await courtTitles()).filter((title) => title.startsWith('Civil Judge, '))).toEqual([]);
  });

  it('refuses a lawyer’s edit or delete of a court, even one they added; an admin may do both', async () => {
    const phone = await connectDevice(t, as('LAWYER'));
    const id = newId();
    await phone.push([
      { name: 'put', args: { entity: 'courts', id, values: { title: 'Banking Court, Lahore' } } },
    ]);
    const seeded = phone.rowsOf('courts').find((c) => c.title === 'Family Court')!;

    const r = await phone.push([
      { name: 'put', args: { entity: 'courts', id, values: { title: 'Banking Court No. 2, Lahore' } } },
      { name: 'put', args: { entity: 'courts', id: seeded.id, values: { short_title: 'FC' } } },
      { name: 'delete', args: { entity: 'courts', id } },
      { name: 'delete', args: { entity: 'courts', id: seeded.id } },
    ]);
    expect(r.results.map((x) => [x.status, x.message])).toEqual(
      Array.from({ length: 4 }, () => ['rejected', MSG.forbidden]),
    );

    // The REST calls hold the same rule: a lawyer adds, but sending an id (an edit) or deleting is refused.
    const added = await rest('POST', '/api/courts', as('LAWYER'), { title: 'Rent Controller, Lahore' });
    expect(added.statusCode).toBe(200);
    const court = added.json<{ court: TCourt }>().court;
    expect(court).toEqual({ id: expect.any(String), title: 'Rent Controller, Lahore', short_title: null });
    const edit = await rest('POST', '/api/courts', as('LAWYER'), {
      ...court,
      title: 'Renamed',
      editMode: true,
    });
    expect(edit.statusCode).toBe(403);
    expect((await rest('DELETE', `/api/courts/${court.id}`, as('LAWYER'))).statusCode).toBe(403);
    expect(await courtTitles()).toEqual(
      expect.arrayContaining(['Banking Court, Lahore', 'Rent Controller, Lahore']),
    );

    // An admin renames and deletes what a lawyer added.
    const office = await connectDevice(t, admin);
    const byAdmin = await office.push([
      { name: 'put', args: { entity: 'courts', id, values: { title: 'Banking Court No. II, Lahore' } } },
      { name: 'delete', args: { entity: 'courts', id: court.id } },
    ]);
    expect(byAdmin.results.map((x) => x.status)).toEqual(['applied', 'applied']);
    const titles = await courtTitles();
    expect(titles).toContain('Banking Court No. II, Lahore');
    expect(titles).not.toContain('Rent Controller, Lahore');
  });

  it('refuses a lawyer’s court without a title, with the field’s message', async () => {
    const phone = await connectDevice(t, as('LAWYER'));
    const r = await phone.push([
      { name: 'put', args: { entity: 'courts', id: newId(), values: { title: ' ' } } },
    ]);
    expect(r.results[0]).toMatchObject({ status: 'rejected', message: MSG.titleRequired });
    const res = await rest('POST', '/api/courts', as('LAWYER'), { title: '' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message: MSG.titleRequired });
  });
});
