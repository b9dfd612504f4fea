import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  ADMIN_SETTINGS_FIELDS,
  PUBLIC_SETTINGS_FIELDS,
  ROLE_IDS,
  type TPullResponse,
} from '@lawfirm/shared-types';
import { newId } from '../src/db/ids.ts';
import { bearerFor, describeEachDb, insertUser } from './helper.ts';
import { connectDevice, type Device } from './device.ts';
import { caseFirm, type Auth, type CaseFirm } from './case-files-helpers.ts';

/**
 * What each role's device receives (issue 9 item 7): the columns the declarations hide from it are never sent,
 * and of rows it may not read it learns nothing, not even a tombstone naming them.
 */
describeEachDb('sync: what each role’s device receives', (kind) => {
  let f: CaseFirm;
  let adminDevice: Device;
  let staff: Auth;
  let staffId: string;
  let studentId: string;
  const SECRET_SETTINGS = {
    host_whereby_iframe: 'https://firm.whereby.com/host-room?roomKey=secret',
    invoice_heading: 'Invoice of Khan & Co.',
    invoice_address: '12 Mall Road, Lahore',
  };
  beforeAll(async () => {
    f = await caseFirm(kind);
    const p = await insertUser(f.t, { role: 'PARALEGAL' });
    staffId = p.id;
    staff = await bearerFor(f.t, p.email, p.password);
    const res = await f.call('POST', '/api/settings', f.admin, {
      site_name: 'Khan & Co.',
      ...SECRET_SETTINGS,
    });
    expect(res.statusCode, res.body).toBe(200);
    adminDevice = await connectDevice(f.t, f.admin);
    studentId = String(adminDevice.rowsOf('users').find((u) => u.role_id === ROLE_IDS.STUDENT)!.id);
    // Every member has a CNIC and an address, written as an admin's device writes them.
    const members = adminDevice.rowsOf('users').map((u) => String(u.id));
    const r = await adminDevice.push(
      members.map((id, i) => ({
        name: 'put',
        args: { entity: 'users', id, values: { cnic: `35202-000000${i}-1`, address: `House ${i}, Lahore` } },
      })),
    );
    expect(
      r.results.every((x) => x.status === 'applied'),
      JSON.stringify(r),
    ).toBe(true);
    await adminDevice.pull();
  });
  afterAll(() => f.t.close());

  const settingsOf = (d: Device) => d.rowsOf('settings')[0]!;
  const userOf = (d: Device, id: string) => d.rows.get(`users/${id}`);

  it('settings: an admin’s device receives every field, every other role’s only the public part', async () => {
    expect(settingsOf(adminDevice)).toMatchObject({ site_name: 'Khan & Co.', ...SECRET_SETTINGS });
    for (const auth of [f.lawyer, staff, f.student, f.client]) {
      const row = settingsOf(await connectDevice(f.t, auth));
      expect(row.site_name).toBe('Khan & Co.');
      for (const field of ADMIN_SETTINGS_FIELDS) {
        expect(row).not.toHaveProperty(field);
        expect(row.field_versions).not.toHaveProperty(field);
      }
      for (const field of PUBLIC_SETTINGS_FIELDS) expect(row).toHaveProperty(field);
    }
  });

  it('settings: a change of an admin-only field reaches a lawyer’s device without the field', async () => {
    const lawyer = await connectDevice(f.t, f.lawyer);
    const id = String(settingsOf(adminDevice).id);
    const r = await adminDevice.push([
      {
        name: 'put',
        args: {
          entity: 'settings',
          id,
          values: { invoice_address: '7 Club Road, Karachi', site_phone: null },
        },
      },
    ]);
    expect(r.results[0]?.status).toBe('applied');
    const delivered = await lawyer.pull();
    const row = delivered.get(`settings/${id}`)!;
    expect(row).toBeTruthy();
    expect(row).not.toHaveProperty('invoice_address');
    expect(JSON.stringify(row)).not.toContain('Karachi');
    expect((await adminDevice.pull()).get(`settings/${id}`)).toMatchObject({
      invoice_address: '7 Club Road, Karachi',
    });
  });

  it('members: admins receive every CNIC and address; lawyers and staff only their own; students and clients only their own row', async () => {
    expect(userOf(adminDevice, f.lawyerId)).toMatchObject({
      cnic: expect.any(String),
      address: expect.any(String),
    });
    expect(userOf(adminDevice, staffId)?.cnic).toEqual(expect.any(String));

    for (const [auth, selfId] of [
      [f.lawyer, f.lawyerId],
      [staff, staffId],
    ] as const) {
      const d = await connectDevice(f.t, auth);
      const others = d.rowsOf('users').filter((u) => u.id !== selfId);
      expect(others.length).toBeGreaterThan(2);
      for (const u of others) {
        expect(u).not.toHaveProperty('cnic');
        expect(u).not.toHaveProperty('address');
        expect(u.field_versions).not.toHaveProperty('cnic');
        expect(u.name).toEqual(expect.any(String));
      }
      expect(userOf(d, selfId)).toMatchObject({ cnic: expect.any(String), address: expect.any(String) });
    }
    for (const [auth, selfId] of [
      [f.student, studentId],
      [f.client, f.clientId],
    ] as const) {
      const d = await connectDevice(f.t, auth);
      expect(d.rowsOf('users').map((u) => u.id)).toEqual([selfId]);
      expect(userOf(d, selfId)).toMatchObject({ cnic: expect.any(String), address: expect.any(String) });
    }
  });

  it('a colleague’s changed CNIC reaches a lawyer’s device without it', async () => {
    const lawyer = await connectDevice(f.t, f.lawyer);
    await adminDevice.push([
      {
        name: 'put',
        args: { entity: 'users', id: staffId, values: { cnic: '61101-9999999-9', phone: '0300-1234567' } },
      },
    ]);
    const row = (await lawyer.pull()).get(`users/${staffId}`);
    expect(row).toMatchObject({ phone: '0300-1234567' });
    expect(row).not.toHaveProperty('cnic');
    expect(JSON.stringify(row)).not.toContain('61101');
  });

  it('students and clients receive no tombstone and no change of rows they may not read', async () => {
    const student = await connectDevice(f.t, f.student);
    const client = await connectDevice(f.t, f.client);
    const lawyer = await connectDevice(f.t, f.lawyer);
    const moot = await f.petition({ case_no: 'MOOT-9', is_moot_case: true });
    const secret = await f.petition({ case_no: 'SECRET-9' });
    const indexRow = async (petition: string) => {
      const res = await f.call('POST', '/api/petitions_index', f.admin, {
        petition_id: petition,
        document_description: `Index of ${petition}`,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await indexRow(moot);
    await indexRow(secret);
    await student.pull();
    await client.pull();
    await adminDevice.pull();
    const mootIndex = String(student.rowsOf('petition_index').find((r) => r.petition_id === moot)!.id);
    const secretIndex = String(
      adminDevice.rowsOf('petition_index').find((r) => r.petition_id === secret)!.id,
    );

    // The secret case's index row is deleted, then the case itself; the moot case's index row is deleted.
    for (const id of [secretIndex, mootIndex]) {
      const res = await f.call('DELETE', `/api/petitions_index/${id}`, f.admin);
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await f.call('DELETE', `/api/petitions/${secret}`, f.admin)).statusCode).toBe(200);

    const toStudent = await student.pull();
    expect([...toStudent.keys()].filter((k) => k.includes(secret) || k.includes(secretIndex))).toEqual([]);
    expect(toStudent.get(`petition_index/${mootIndex}`)).toBeNull();

    const toClient = await client.pull();
    const named = JSON.stringify([...toClient.keys()]);
    for (const id of [secret, secretIndex, moot, mootIndex]) expect(named).not.toContain(id);

    // A lawyer reads every case file, so its device is told both went.
    const toLawyer = await lawyer.pull();
    expect(toLawyer.get(`petitions/${secret}`)).toBeNull();
    expect(toLawyer.get(`petition_index/${secretIndex}`)).toBeNull();
  });

  it('a role withdrawn while the device is synced starts it over without what it may no longer receive', async () => {
    const second = await insertUser(f.t, { role: 'ADMIN' });
    const auth = await bearerFor(f.t, second.email, second.password);
    const device = await connectDevice(f.t, auth);
    expect(settingsOf(device).host_whereby_iframe).toBe(SECRET_SETTINGS.host_whereby_iframe);
    expect(userOf(device, f.lawyerId)?.cnic).toEqual(expect.any(String));

    const r = await adminDevice.push([
      { name: 'put', args: { entity: 'users', id: second.id, values: { role_id: ROLE_IDS.LAWYER } } },
    ]);
    expect(r.results[0]?.status).toBe('applied');
    await device.pull();
    expect(settingsOf(device)).not.toHaveProperty('host_whereby_iframe');
    expect(userOf(device, f.lawyerId)).not.toHaveProperty('cnic');
    expect(userOf(device, second.id)).toHaveProperty('cnic');
  });

  it('a role changed part-way through a first sync starts the sync over', async () => {
    const third = await insertUser(f.t, { role: 'ADMIN' });
    const auth = await bearerFor(f.t, third.email, third.password);
    const clientId = `dev-${newId()}`;
    const page = async (cursor: string) => {
      const res = await f.call(
        'GET',
        `/sync/pull?clientId=${clientId}&cursor=${encodeURIComponent(cursor)}&limit=2`,
        auth,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json<TPullResponse>();
    };
    const first = await page('');
    expect(first.reset).toBe(true);
    const second = await page(first.cursor);
    expect(second.more && !second.reset).toBe(true);

    await adminDevice.push([
      { name: 'put', args: { entity: 'users', id: third.id, values: { role_id: ROLE_IDS.STUDENT } } },
    ]);
    const third2 = await page(second.cursor);
    expect(third2.reset).toBe(true);
  });
});
