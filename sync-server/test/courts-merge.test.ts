import { afterAll, beforeAll, expect, it } from 'vitest';
import { MSG } from '@lawfirm/shared-types';
import { newId } from '../src/db/ids.ts';
import { connectDevice, type Device } from './device.ts';
import { adminBearer, bearerFor, createTestApp, describeEachDb, insertUser, type TestApp } from './helper.ts';

type Auth = { authorization: string };
type TMutation = { name: string; args: unknown };

const put = (entity: string, id: string, values: Record<string, unknown>): TMutation => ({
  name: 'put',
  args: { entity, id, values },
});
const del = (entity: string, id: string): TMutation => ({ name: 'delete', args: { entity, id } });

/**
 * Merging courts (issue 30): an admin's device merges a near-duplicate court as ordinary pushed writes (what
 * the PWA's mergeCourtLocal queues). Case files move, category links move without duplicates, the court goes
 * and no case file goes with it; a lawyer may not do the court's part; a case a phone filed offline in the
 * merged court lands in the kept one.
 */
describeEachDb('courts: an admin merges one into another', (kind) => {
  let t: TestApp;
  let admin: Auth;
  let lawyer: Auth;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await adminBearer(t);
    const u = await insertUser(t, { role: 'LAWYER' });
    lawyer = await bearerFor(t, u.email, u.password);
  });
  afterAll(() => t.close());

  const applied = async (device: Device, mutations: TMutation[]) => {
    const r = await device.push(mutations);
    expect(r.results.map((x) => [x.status, x.message ?? null])).toEqual(
      mutations.map(() => ['applied', null]),
    );
  };
  const caseIn = (court: string, caseNo: string) =>
    put('petitions', newId(), { case_no: caseNo, title: `${caseNo} v State`, court_id: court });

  it('moves case files and links, deletes the court, refuses the lawyer, and files a late case in the kept court', async () => {
    const office = await connectDevice(t, admin);
    const [old, kept, bail, appeal] = [newId(), newId(), newId(), newId()];
    const cases = [caseIn(old, 'CR-1'), caseIn(old, 'CR-2'), caseIn(kept, 'CR-3')];
    const caseId = (m: TMutation) => (m.args as { id: string }).id;
    await applied(office, [
      put('courts', old, { title: 'Sessions Court Lahore' }),
      put('courts', kept, { title: 'District and Sessions Court, Lahore' }),
      put('case_categories', bail, { title: 'Bail Application' }),
      put('case_categories', appeal, { title: 'Criminal Appeal' }),
      put('case_category_courts', newId(), { case_category_id: bail, court_id: old }),
      put('case_category_courts', newId(), { case_category_id: appeal, court_id: old }),
      put('case_category_courts', newId(), { case_category_id: appeal, court_id: kept }),
      ...cases,
    ]);
    // The lawyer's phone syncs, then goes offline and keeps the old court on its list.
    const phone = await connectDevice(t, lawyer);
    expect(phone.rowsOf('courts').map((c) => c.id)).toContain(old);

    // A lawyer cannot do the court's half of a merge (a case's court is a case edit, which a lawyer may make).
    const refused = await phone.push([
      put('courts', old, { merged_into: kept }),
      put('case_category_courts', newId(), { case_category_id: bail, court_id: kept }),
      del('courts', old),
    ]);
    expect(refused.results.map((x) => [x.status, x.message])).toEqual(
      Array.from({ length: 3 }, () => ['rejected', MSG.forbidden]),
    );

    // Bad merges are refused with a message.
    const bad = await office.push([
      put('courts', old, { merged_into: old }),
      put('courts', old, { merged_into: newId() }),
    ]);
    expect(bad.results.map((x) => x.message)).toEqual([
      'A court cannot be merged into itself.',
      'The court to keep does not exist.',
    ]);

    // The admin's merge, as the device queues it.
    await applied(office, [
      put('courts', old, { merged_into: kept }),
      put('petitions', caseId(cases[0]!), { court_id: kept }),
      put('petitions', caseId(cases[1]!), { court_id: kept }),
      put('case_category_courts', newId(), { case_category_id: bail, court_id: kept }),
      del('courts', old),
    ]);

    const other = await connectDevice(t, admin);
    expect(other.rowsOf('courts').map((c) => c.id)).not.toContain(old);
    const petitions = other.rowsOf('petitions').filter((p) => String(p.case_no).startsWith('CR-'));
    expect(petitions.map((p) => [p.case_no, p.court_id]).sort()).toEqual([
      ['CR-1', kept],
      ['CR-2', kept],
      ['CR-3', kept],
    ]);
    const links = other
      .rowsOf('case_category_courts')
      .filter((l) => [old, kept].includes(String(l.court_id)));
    expect(links.map((l) => [l.case_category_id, l.court_id]).sort()).toEqual(
      [
        [appeal, kept],
        [bail, kept],
      ].sort(),
    );

    // The phone, still offline, had filed a case in the old court; it syncs after the merge.
    const late = caseIn(old, 'CR-4');
    await applied(phone, [late]);
    await phone.pull();
    expect(phone.rowsOf('courts').map((c) => c.id)).not.toContain(old);
    expect(phone.rowsOf('petitions').find((p) => p.id === caseId(late))).toMatchObject({
      case_no: 'CR-4',
      court_id: kept,
    });
  });

  it('moves a case the admin’s device had not pulled yet; a lawyer may not add a court marked merged', async () => {
    const office = await connectDevice(t, admin);
    const [old, kept] = [newId(), newId()];
    await applied(office, [
      put('courts', old, { title: 'Civil Judge Multan' }),
      put('courts', kept, { title: 'Civil Judge, Multan' }),
    ]);
    const phone = await connectDevice(t, lawyer);
    // Online, just before the merge: the admin's device does not hold this case when it merges.
    const unseen = caseIn(old, 'CJ-1');
    await applied(phone, [unseen]);
    await applied(office, [put('courts', old, { merged_into: kept }), del('courts', old)]);
    await phone.pull();
    expect(phone.rowsOf('petitions').find((p) => p.id === (unseen.args as { id: string }).id)).toMatchObject({
      court_id: kept,
    });

    const sneaky = await phone.push([
      put('courts', newId(), { title: 'Civil Judge, Multan (2)', merged_into: kept }),
    ]);
    expect(sneaky.results[0]).toMatchObject({ status: 'rejected', message: MSG.forbidden });
  });

  it('deleting a court, merged or not, never deletes its case files', async () => {
    const office = await connectDevice(t, admin);
    const court = newId();
    const file = caseIn(court, 'FAM-1');
    await applied(office, [put('courts', court, { title: 'Family Court, Multan' }), file]);
    await applied(office, [del('courts', court)]);
    const id = (file.args as { id: string }).id;
    const res = await t.app.inject({ method: 'GET', url: `/api/petitions/${id}`, headers: admin });
    expect(res.statusCode).toBe(200);
    // A case filed later in a deleted court that was not merged is refused, as before: no court to file it in.
    const r = await office.push([caseIn(court, 'FAM-2')]);
    expect(r.results[0]).toMatchObject({ status: 'rejected', message: 'The court does not exist.' });
  });
});
