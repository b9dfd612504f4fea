import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROLE_IDS } from '@lawfirm/shared-types';
import { describeEachDb } from './helper.ts';
import { caseFirm, type Auth, type CaseFirm } from './case-files-helpers.ts';
import { connectDevice } from './device.ts';
import { MSG_CNIC_CHECK_EMPTY, MSG_CNIC_CHECK_INVALID } from '../src/users/same-cnic.ts';

// Issue 34 item 3 on a lawyer's phone: CNICs never reach devices that may not read them (not even hashed: a
// CNIC is too guessable), yet the conflict check ties an Urdu name to its English one by CNIC, online, by
// asking the server which people of the firm carry it (docs/security.md, "CNICs and the conflict check").
describeEachDb('conflict check: CNIC matches without CNICs on the device', (kind) => {
  let f: CaseFirm;
  let english: string;
  let urdu: string;
  let stranger: string;
  const CNIC = '61101-7654321-3';
  const save = async (auth: Auth, body: Record<string, unknown>) => {
    const res = await f.call('POST', '/api/users', auth, {
      role_id: ROLE_IDS.CLIENT,
      password: 'client-password-1',
      confirm_password: 'client-password-1',
      ...body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ user: { id: string } }>().user.id;
  };
  beforeAll(async () => {
    f = await caseFirm(kind);
    english = await save(f.admin, { name: 'Kamran Yousaf', email: 'kamran@e.pk', cnic: CNIC });
    // The same man, entered again in Urdu.
    urdu = await save(f.admin, { name: 'کامران یوسف', email: 'kamran.ur@e.pk', cnic: CNIC });
    await save(f.admin, { name: 'Someone Else', email: 'else@e.pk', cnic: '35202-1234567-1' });
    // Another firm's client with the same CNIC stays that firm's.
    stranger = await save(f.other, { name: 'Kamran Y.', email: 'kamran@other.pk', cnic: CNIC });
  });
  afterAll(() => f.t.close());

  const check = (auth: Auth, body: Record<string, unknown>) =>
    f.call('POST', '/api/conflict_check/same_cnic', auth, body);

  it('never sends a lawyer’s device a CNIC, in any row', async () => {
    const lawyer = await connectDevice(f.t, f.lawyer);
    const all = JSON.stringify([...lawyer.rows.values()]);
    expect(lawyer.rows.get(`users/${english}`)).toMatchObject({ name: 'Kamran Yousaf' });
    expect(lawyer.rows.get(`users/${urdu}`)).toMatchObject({ name: 'کامران یوسف' });
    for (const digits of ['61101-7654321-3', '6110176543213', '35202-1234567-1'])
      expect(all).not.toContain(digits);
    // The admin's device has them (the admin may read them).
    const admin = await connectDevice(f.t, f.admin);
    expect(admin.rows.get(`users/${urdu}`)).toMatchObject({ cnic: CNIC });
  });

  it('tells a lawyer which people of the firm carry a typed CNIC, by id only', async () => {
    const res = await check(f.lawyer, { cnic: '61101 7654321 3' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ people: string[] }>().people.sort()).toEqual([english, urdu].sort());
    expect(res.body).not.toContain('7654321');
    expect(res.body).not.toContain(stranger);
    // By a person picked on the case form: the others with that person's CNIC.
    const byPerson = await check(f.lawyer, { user_id: urdu });
    expect(byPerson.json<{ people: string[] }>().people.sort()).toEqual([english, urdu].sort());
    // Nobody of the firm with that CNIC.
    expect((await check(f.lawyer, { cnic: '11111-1111111-1' })).json()).toEqual({ people: [] });
    // Another firm's person id tells nothing.
    expect((await check(f.lawyer, { user_id: stranger })).json()).toEqual({ people: [] });
  });

  it('refuses those who do not take cases, and bad input with a message', async () => {
    expect((await check(f.client, { cnic: CNIC })).statusCode).toBe(403);
    expect((await check(f.student, { cnic: CNIC })).statusCode).toBe(403);
    expect(
      (await f.call('POST', '/api/conflict_check/same_cnic', undefined, { cnic: CNIC })).statusCode,
    ).toBe(401);
    const short = await check(f.lawyer, { cnic: '61101-76543' });
    expect(short.statusCode).toBe(422);
    expect(short.body).toContain(MSG_CNIC_CHECK_INVALID);
    const empty = await check(f.lawyer, {});
    expect(empty.statusCode).toBe(422);
    expect(empty.body).toContain(MSG_CNIC_CHECK_EMPTY);
    expect((await check(f.lawyer, { cnic: { digits: 1 } })).statusCode).toBe(422);
  });
});
