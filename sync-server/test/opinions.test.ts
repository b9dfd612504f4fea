import { afterAll, beforeAll, expect, it } from 'vitest';
import { MSG, MSG_CLIENT_INVALID, MSG_REFERENCE_REQUIRED } from '@lawfirm/shared-types';
import { MSG_OPINION_UPDATED } from '../src/opinions/opinions.routes.ts';
import { caseFirm, type Auth, type CaseFirm } from './case-files-helpers.ts';
import { connectDevice } from './device.ts';
import { bearerFor, describeEachDb, insertUser } from './helper.ts';

type TOpinion = {
  id: string;
  client_id: string;
  reference_no: string;
  subject: string;
  issuance_date: string;
  user: { id: string; name: string } | null;
};

/** Opinions and the client picker (part 3 §7, rest-contract 74–77). */
describeEachDb('opinions', (kind) => {
  let f: CaseFirm;
  let client2: Auth;
  let client2Id: string;
  beforeAll(async () => {
    f = await caseFirm(kind);
    const c2 = await insertUser(f.t, { role: 'CLIENT', name: 'Zara Client' });
    client2Id = c2.id;
    client2 = await bearerFor(f.t, c2.email, c2.password);
  });
  afterAll(() => f.t.close());

  const opinions = async (auth: Auth, query = '') => {
    const res = await f.call('GET', `/api/opinions${query}`, auth);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ opinions: TOpinion[] }>().opinions;
  };

  it('adds, lists with filters, edits and deletes opinions as the original client does', async () => {
    const clients = (await f.call('GET', '/api/client_users', f.admin)).json<{
      clients: { id: string; name: string }[];
    }>();
    expect(clients.clients.map((c) => c.id).sort()).toEqual([f.clientId, client2Id].sort());

    const add = await f.call('POST', '/api/opinions', f.admin, {
      client_id: f.clientId,
      reference_no: 'OP-1/2026',
      subject: 'Tenancy dispute',
      issuance_date: '05/11/2026',
    });
    expect(add.statusCode, add.body).toBe(200);
    expect(add.json()).toMatchObject({ message: MSG.savedOk, opinion: { issuance_date: '05/11/2026' } });
    await f.call('POST', '/api/opinions', f.admin, {
      client_id: client2Id,
      reference_no: 'OP-2/2026',
      subject: 'Company law',
      issuance_date: '2026-11-06',
    });
    const all = await opinions(f.admin);
    expect(all.map((o) => o.reference_no)).toEqual(['OP-2/2026', 'OP-1/2026']);
    expect(all[1]).toMatchObject({
      user: { id: f.clientId, name: f.clientName },
      issuance_date: '05/11/2026',
    });
    expect((await opinions(f.admin, `?client_id=${f.clientId}`)).map((o) => o.reference_no)).toEqual([
      'OP-1/2026',
    ]);
    expect((await opinions(f.admin, '?reference_no=op-2')).length).toBe(1);
    expect((await opinions(f.admin, '?subject=TENANCY')).length).toBe(1);

    // The inline Update sends the row back (with editMode and user).
    const row = all[1]!;
    const upd = await f.call('POST', '/api/opinions', f.admin, {
      ...row,
      editMode: true,
      subject: 'Tenancy appeal',
    });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json<{ message: string }>().message).toBe(MSG_OPINION_UPDATED);
    expect((await opinions(f.lawyer, '?subject=appeal')).length).toBe(1);

    const del = await f.call('DELETE', `/api/opinions/${row.id}`, f.admin);
    expect(del.json()).toEqual({ message: MSG.deletedOk });
    expect((await opinions(f.admin)).map((o) => o.reference_no)).toEqual(['OP-2/2026']);
  });

  it('refuses bad input with messages, non-admins’ changes, students and other firms', async () => {
    const empty = await f.call('POST', '/api/opinions', f.admin, {
      client_id: f.clientId,
      issuance_date: '01/01/2026',
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toMatchObject({ message: MSG_REFERENCE_REQUIRED });
    const notClient = await f.call('POST', '/api/opinions', f.admin, {
      client_id: f.lawyerId,
      reference_no: 'X',
      subject: 'Y',
      issuance_date: '01/01/2026',
    });
    expect(notClient.json()).toMatchObject({ message: MSG_CLIENT_INVALID });
    const badDate = await f.call('POST', '/api/opinions', f.admin, {
      client_id: f.clientId,
      reference_no: 'X',
      subject: 'Y',
      issuance_date: '31/02/2026',
    });
    expect(badDate.statusCode).toBe(422);
    const body = { client_id: f.clientId, reference_no: 'L', subject: 'S', issuance_date: '01/01/2026' };
    expect((await f.call('POST', '/api/opinions', f.lawyer, body)).statusCode).toBe(403);
    expect((await f.call('GET', '/api/opinions', f.student)).statusCode).toBe(403);
    const id = (await opinions(f.admin))[0]!.id;
    expect((await f.call('DELETE', `/api/opinions/${id}`, f.other)).statusCode).toBe(404);
    expect((await f.call('POST', '/api/opinions', f.other, { ...body, id })).statusCode).toBe(404);
    expect(await opinions(f.other)).toEqual([]);
  });

  it('shows a client only their own opinions, over REST and on their device', async () => {
    await f.call('POST', '/api/opinions', f.admin, {
      client_id: f.clientId,
      reference_no: 'OP-3/2026',
      subject: 'Mine',
      issuance_date: '07/11/2026',
    });
    const mine = await opinions(f.client);
    expect(mine.map((o) => o.reference_no)).toEqual(['OP-3/2026']);
    expect((await opinions(client2)).map((o) => o.reference_no)).toEqual(['OP-2/2026']);
    expect((await f.call('GET', '/api/client_users', f.client)).json()).toEqual({
      clients: [{ id: f.clientId, name: f.clientName }],
    });
    const other = (await opinions(client2))[0]!;
    expect((await f.call('DELETE', `/api/opinions/${other.id}`, f.client)).statusCode).toBe(404);
    const device = await connectDevice(f.t, f.client);
    expect(device.rowsOf('opinions').map((r) => r.reference_no)).toEqual(['OP-3/2026']);
  });
});
