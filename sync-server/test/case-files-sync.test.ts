import { afterAll, beforeAll, expect, it } from 'vitest';
import { newId } from '../src/db/ids.ts';
import { describeEachDb } from './helper.ts';
import { connectDevice } from './device.ts';
import { caseFirm, type CaseFirm } from './case-files-helpers.ts';

/**
 * The REST calls and the sync protocol are two doors to the same rows: what one writes the other shows, and
 * both show each person only the case files they may read (part 1 §6).
 */
describeEachDb('case files: visibility and sync', (kind) => {
  let f: CaseFirm;
  let moot: string;
  let clientCase: string;
  let plain: string;
  beforeAll(async () => {
    f = await caseFirm(kind);
    moot = await f.petition({ case_no: 'MOOT-1', is_moot_case: true });
    clientCase = await f.petition({
      case_no: 'CLIENT-1',
      petitioners: [{ user: { name: { id: f.clientId, name: f.clientName } } }],
    });
    plain = await f.petition({ case_no: 'PLAIN-1' });
    for (const id of [moot, clientCase, plain])
      await f.call('POST', '/api/petitions_index', f.admin, {
        petition_id: id,
        document_description: `Index of ${id}`,
      });
  });
  afterAll(() => f.t.close());

  const listed = async (auth: { authorization: string }) =>
    (await f.call('GET', '/api/petitions', auth))
      .json<{ petitions: { data: { id: string }[] } }>()
      .petitions.data.map((p) => p.id)
      .sort();
  const pulledPetitions = async (auth: { authorization: string }) => {
    const device = await connectDevice(f.t, auth);
    return {
      device,
      ids: device
        .rowsOf('petitions')
        .map((r) => String(r.id))
        .sort(),
    };
  };

  it('a student sees only moot cases, over REST and on the device', async () => {
    expect(await listed(f.student)).toEqual([moot]);
    const { device, ids } = await pulledPetitions(f.student);
    expect(ids).toEqual([moot]);
    expect(device.rowsOf('petition_index').map((r) => r.petition_id)).toEqual([moot]);
    expect((await f.call('GET', `/api/petitions/${plain}`, f.student)).statusCode).toBe(404);
  });

  it('a client sees only the cases they are a party to; a lawyer sees all of the firm’s', async () => {
    expect(await listed(f.client)).toEqual([clientCase]);
    expect((await pulledPetitions(f.client)).ids).toEqual([clientCase]);
    expect((await f.call('GET', `/api/petitions/${moot}`, f.client)).statusCode).toBe(404);
    const all = [moot, clientCase, plain].sort();
    expect(await listed(f.lawyer)).toEqual(all);
    expect((await pulledPetitions(f.lawyer)).ids).toEqual(all);
    // Another firm sees none of them.
    expect(await listed(f.other)).toEqual([]);
    expect((await pulledPetitions(f.other)).ids).toEqual([]);
  });

  it('a case file leaves the client’s device at the next pull once they are no longer a party', async () => {
    const device = await connectDevice(f.t, f.client);
    expect(device.rowsOf('petitions').map((r) => r.id)).toEqual([clientCase]);
    expect(device.rowsOf('petition_index')).toHaveLength(1);

    const res = await f.call('POST', '/api/petitions', f.admin, {
      id: clientCase,
      case_no: 'CLIENT-1',
      title: 'State vs Someone',
      petitioners: [{ user: { name: 'Someone Else' } }],
    });
    expect(res.statusCode, res.body).toBe(200);
    await device.pull();
    expect(device.rowsOf('petitions')).toEqual([]);
    expect(device.rowsOf('petition_index')).toEqual([]);
    expect(device.rowsOf('petition_parties')).toEqual([]);
    expect(await listed(f.client)).toEqual([]);

    // Added back, it comes back.
    await f.call('POST', '/api/petitions', f.admin, {
      id: clientCase,
      case_no: 'CLIENT-1',
      title: 'State vs Someone',
      petitioners: [{ user: { id: f.clientId, name: f.clientName } }],
    });
    await device.pull();
    expect(device.rowsOf('petitions').map((r) => r.id)).toEqual([clientCase]);
  });

  it('REST writes reach a device, and a device’s pushes show in REST', async () => {
    const device = await connectDevice(f.t, f.lawyer);

    // REST → device: a new case file, an index item and a hearing date arrive at the next pull.
    const id = await f.petition({ case_no: 'REST-1', institution_date: '15/08/2024' });
    const item = (
      await f.call('POST', '/api/petitions_index', f.lawyer, {
        petition_id: id,
        document_description: 'From REST',
        date: '01/09/2024',
      })
    ).json<{ petition_index: { id: string } }>().petition_index;
    await f.call('POST', '/api/add_hearing_date', f.lawyer, {
      petition_id: id,
      order_sheet_date: '01/01/2099',
    });
    const got = await device.pull();
    expect(got.get(`petitions/${id}`)).toMatchObject({ case_no: 'REST-1', institution_date: '2024-08-15' });
    expect(got.get(`petition_index/${item.id}`)).toMatchObject({
      document_description: 'From REST',
      date: '2024-09-01',
    });
    expect(device.rowsOf('order_sheets').find((o) => o.petition_id === id)).toMatchObject({
      order_sheet_date: '2099-01-01',
    });

    // Device → REST: an offline edit and a new index item pushed from the phone show in the documented calls.
    const newItem = newId();
    const pushed = await device.push([
      {
        name: 'put',
        args: { entity: 'petitions', id, values: { title: 'Edited on the phone', pending_tag: 'P-9' } },
      },
      {
        name: 'put',
        args: {
          entity: 'petition_index',
          id: newItem,
          values: {
            petition_id: id,
            document_description: 'Photographed in court',
            date: '2024-09-02',
            display_order: 5,
          },
        },
      },
    ]);
    expect(pushed.results.map((r) => r.status)).toEqual(['applied', 'applied']);
    const one = (await f.call('GET', `/api/petitions/${id}`, f.admin)).json<{
      petition: { title: string; pending_tag: string; index_total: number };
      petition_details: { id: string; document_description: string; date: string }[];
    }>();
    expect(one.petition).toMatchObject({ title: 'Edited on the phone', pending_tag: 'P-9', index_total: 2 });
    expect(one.petition_details.at(-1)).toMatchObject({
      id: newItem,
      document_description: 'Photographed in court',
      date: '02/09/2024',
    });

    // And a REST delete reaches the device as tombstones for the case file and what it holds.
    await f.call('DELETE', `/api/petitions/${id}`, f.admin);
    const gone = await device.pull();
    expect(gone.get(`petitions/${id}`)).toBeNull();
    expect(gone.get(`petition_index/${newItem}`)).toBeNull();
    expect(device.rowsOf('petition_index').some((r) => r.petition_id === id)).toBe(false);
  });

  it('a student’s or client’s push to a case file is refused like their REST writes', async () => {
    const device = await connectDevice(f.t, f.student);
    const res = await device.push([
      { name: 'put', args: { entity: 'petitions', id: moot, values: { title: 'Hacked' } } },
    ]);
    expect(res.results).toEqual([
      expect.objectContaining({ status: 'rejected', message: 'This action is unauthorized.' }),
    ]);
    const p = (await f.call('GET', `/api/petitions/${moot}`, f.admin)).json<{
      petition: { title: string };
    }>();
    expect(p.petition.title).not.toBe('Hacked');
  });
});
