import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from './helper.ts';
import { caseFirm, type CaseFirm } from './case-files-helpers.ts';
import { connectDevice } from './device.ts';

type TUserAnswer = {
  id: string;
  name: string;
  email: string;
  role_id: string;
  phone: string | null;
  city: string | null;
  reminder_hour: number | null;
  contact_persons: { name: string }[];
};

// Issue 34 item 5: the admin's user form sends only what it changed, and the server changes only the fields a
// save carries, so a user's own change made on their phone (their reminder hour, their number) survives an
// admin's edit of their name made from a stale copy.
describeEachDb('users: a save changes only the fields it carries', (kind) => {
  let f: CaseFirm;
  beforeAll(async () => {
    f = await caseFirm(kind);
  });
  afterAll(() => f.t.close());

  const read = async (id: string) => {
    const res = await f.call('GET', `/api/users/${id}`, f.admin);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ user: TUserAnswer }>().user;
  };

  it('keeps the lawyer’s reminder hour and phone from their phone when the admin renames them', async () => {
    // The admin's form loads the lawyer as they are now, with a contact person.
    const first = await f.call('POST', '/api/users', f.admin, {
      ...(await read(f.lawyerId)),
      city: 'Lahore',
      contact_persons: [{ name: 'Clerk Aslam', phone: '0300-1234567' }],
    });
    expect(first.statusCode, first.body).toBe(200);
    const stale = await read(f.lawyerId);

    // Meanwhile, on the lawyer's own phone: a new reminder hour and number, synced.
    const phone = await connectDevice(f.t, f.lawyer);
    const pushed = await phone.push([
      {
        name: 'put',
        args: { entity: 'users', id: f.lawyerId, values: { reminder_hour: 7, phone: '0321-4567890' } },
      },
    ]);
    expect(pushed.results.map((r) => r.status)).toEqual(['applied']);

    // The admin edits the name on the stale form: it sends the name (and the fields the API requires).
    const edit = await f.call('POST', '/api/users', f.admin, {
      id: stale.id,
      name: 'Barrister Lawyer Khan',
      email: stale.email,
      role_id: stale.role_id,
    });
    expect(edit.statusCode, edit.body).toBe(200);

    const now = await read(f.lawyerId);
    expect(now).toMatchObject({
      name: 'Barrister Lawyer Khan',
      reminder_hour: 7,
      phone: '0321-4567890',
      city: 'Lahore',
    });
    expect(now.contact_persons.map((c) => c.name)).toEqual(['Clerk Aslam']);
    // Both reach the lawyer's phone at its next pull.
    await phone.pull();
    expect(phone.rows.get(`users/${f.lawyerId}`)).toMatchObject({
      name: 'Barrister Lawyer Khan',
      reminder_hour: 7,
      phone: '0321-4567890',
    });

    // A field the body does carry is changed, emptied included (the original client's whole-user save).
    const whole = await f.call('POST', '/api/users', f.admin, { ...now, city: '', contact_persons: [] });
    expect(whole.statusCode, whole.body).toBe(200);
    const after = await read(f.lawyerId);
    expect(after.city).toBeNull();
    expect(after.contact_persons).toEqual([]);
    expect(after.reminder_hour).toBe(7);
  });
});
