import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatDate, MSG, todayInPakistan } from '@lawfirm/shared-types';
import {
  MSG_COURT_ROOM_INVALID,
  MSG_COURT_ROOM_TOO_LONG,
  MSG_SERIAL_NO_INVALID,
} from '@lawfirm/shared-types/court-day/hearing-place.ts';
import {
  MSG_LANGUAGE_INVALID,
  MSG_REMINDER_HOUR_INVALID,
} from '@lawfirm/shared-types/court-day/preferences.ts';
import { MSG_PLACE_ON_MEETING } from '../src/calendar/hearing-events.ts';
import { describeEachDb } from './helper.ts';
import { caseFirm, type Auth, type CaseFirm } from './case-files-helpers.ts';
import { connectDevice } from './device.ts';

const isoInDays = (days: number) =>
  new Date(Date.parse(`${todayInPakistan()}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

type TEvent = {
  id: string;
  extendedProps: { court_room: string | null; serial_no: number | null; kind: string };
};

describeEachDb('court day: court room, serial no., reminders, language and tell-client texts', (kind) => {
  let f: CaseFirm;
  let ali: string;
  beforeAll(async () => {
    f = await caseFirm(kind);
    ali = await f.petition({ case_no: '1221', year: 2025, title: 'Muhammad Aslam vs State' });
  });
  afterAll(() => f.t.close());

  const save = (auth: Auth, body: Record<string, unknown>) =>
    f.call('POST', '/api/petition_hearing', auth, body);
  const eventOf = async (id: string, auth: Auth = f.admin) => {
    const res = await f.call('GET', '/api/petition_hearing', auth);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ events: TEvent[] }>().events.find((e) => e.id === id);
  };

  it('takes a hearing’s court room and serial no. on POST /api/petition_hearing, into the calendar, sync and iCal', async () => {
    const res = await save(f.lawyer, {
      hearing_date: formatDate(isoInDays(3)),
      petition_id: ali,
      court_room: ' Court Room 5 ',
      // The original modal's inputs send text.
      serial_no: '12',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { id } = res.json<{ id: string }>();
    expect((await eventOf(id))?.extendedProps).toMatchObject({
      court_room: 'Court Room 5',
      serial_no: 12,
      kind: 'hearing',
    });
    // Every device of the firm receives them on the order sheet.
    const device = await connectDevice(f.t, f.lawyer);
    expect(device.rows.get(`order_sheets/${id}`)).toMatchObject({
      court_room: 'Court Room 5',
      serial_no: 12,
    });
    // The hearing as a calendar file says where to be.
    const ics = await f.call('GET', `/api/petition_hearing/${id}/ics`, f.lawyer);
    expect(ics.statusCode, ics.body).toBe(200);
    expect(ics.body.replace(/\r\n /g, '')).toContain('Court room: Court Room 5\\, Serial no. 12');
    expect(ics.body.replace(/\r\n /g, '')).toMatch(/LOCATION:.*Court Room 5/);

    // The admin's edit that leaves them out keeps them; one that sends them empty clears them.
    const kept = await save(f.admin, { id, hearing_date: formatDate(isoInDays(4)), petition_id: ali });
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await eventOf(id))?.extendedProps).toMatchObject({ court_room: 'Court Room 5', serial_no: 12 });
    const cleared = await save(f.admin, {
      id,
      hearing_date: formatDate(isoInDays(4)),
      petition_id: ali,
      court_room: '',
      serial_no: '',
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((await eventOf(id))?.extendedProps).toMatchObject({ court_room: null, serial_no: null });
  });

  it('answers a clear message for a bad court room or serial no., never a 500', async () => {
    const base = { hearing_date: formatDate(isoInDays(3)), petition_id: ali };
    for (const serial_no of ['abc', '0', 0, 10000, 1.5, '-3', true]) {
      const res = await save(f.lawyer, { ...base, serial_no });
      expect(res.statusCode, `${String(serial_no)}: ${res.body}`).toBe(422);
      expect(res.json()).toMatchObject({
        message: MSG_SERIAL_NO_INVALID,
        validation_error: { serial_no: [MSG_SERIAL_NO_INVALID] },
      });
    }
    const long = await save(f.lawyer, { ...base, court_room: 'x'.repeat(51) });
    expect(long.statusCode, long.body).toBe(422);
    expect(long.json()).toMatchObject({ message: MSG_COURT_ROOM_TOO_LONG });
    const wrongType = await save(f.lawyer, { ...base, court_room: { room: 5 } });
    expect(wrongType.statusCode, wrongType.body).toBe(422);
    expect(wrongType.json()).toMatchObject({ message: MSG_COURT_ROOM_INVALID });
    // A meeting has no cause list: a room typed for it is refused, not dropped.
    const meeting = await save(f.lawyer, {
      hearing_date: formatDate(isoInDays(3)),
      petition: 'Bar council meeting',
      court_room: '5',
    });
    expect(meeting.statusCode, meeting.body).toBe(422);
    expect(meeting.json()).toMatchObject({ message: MSG_PLACE_ON_MEETING });
  });

  it('lets only those who set hearing dates set them, and refuses another firm’s ids', async () => {
    const body = { hearing_date: formatDate(isoInDays(6)), petition_id: ali, court_room: '2', serial_no: 3 };
    for (const who of [f.student, f.client]) {
      const res = await save(who, body);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual({ message: MSG.forbidden });
    }
    const otherFirm = await save(f.other, body);
    expect(otherFirm.statusCode, otherFirm.body).toBe(404);
    expect(otherFirm.json()).toEqual({ message: MSG.notFound });

    const mine = await save(f.lawyer, body);
    const { id } = mine.json<{ id: string }>();
    // Another firm's admin moving this hearing's room: the id is unknown there.
    const moved = await save(f.other, { ...body, id, petition_id: null, court_room: '9' });
    expect(moved.statusCode, moved.body).toBe(404);
    expect(moved.json()).toEqual({ message: MSG.notFound });
    expect((await eventOf(id))?.extendedProps).toMatchObject({ court_room: '2', serial_no: 3 });

    // From a device: the same rules and messages on a push.
    const client = await connectDevice(f.t, f.client);
    const [refused] = (
      await client.push([{ name: 'put', args: { entity: 'order_sheets', id, values: { court_room: '7' } } }])
    ).results;
    expect(refused?.status).toBe('rejected');
    const lawyer = await connectDevice(f.t, f.lawyer);
    const results = (
      await lawyer.push([
        { name: 'put', args: { entity: 'order_sheets', id, values: { serial_no: 0 } } },
        {
          name: 'put',
          args: { entity: 'order_sheets', id, values: { court_room: 'Court 7', serial_no: 4 } },
        },
      ])
    ).results;
    expect(results[0]).toMatchObject({ status: 'rejected', message: MSG_SERIAL_NO_INVALID });
    expect(results[1]?.status).toBe('applied');
    expect((await eventOf(id))?.extendedProps).toMatchObject({ court_room: 'Court 7', serial_no: 4 });
    const outsider = await connectDevice(f.t, f.other);
    const [foreign] = (
      await outsider.push([{ name: 'put', args: { entity: 'order_sheets', id, values: { serial_no: 1 } } }])
    ).results;
    expect(foreign?.status).toBe('rejected');
    expect(foreign?.message).toBeTruthy();
    expect((await eventOf(id))?.extendedProps.serial_no).toBe(4);
  });

  it('keeps each user’s reminder choice and language, set by themselves or an admin', async () => {
    const lawyer = await connectDevice(f.t, f.lawyer);
    const own = (
      await lawyer.push([
        {
          name: 'put',
          args: { entity: 'users', id: f.lawyerId, values: { reminders_enabled: false, reminder_hour: 7 } },
        },
        { name: 'put', args: { entity: 'users', id: f.lawyerId, values: { reminder_hour: 24 } } },
        { name: 'put', args: { entity: 'users', id: f.lawyerId, values: { language: 'fr' } } },
        // A lawyer may not set a client's language: the client's record is the admin's.
        { name: 'put', args: { entity: 'users', id: f.clientId, values: { language: 'ur' } } },
      ])
    ).results;
    expect(own.map((r) => r.status)).toEqual(['applied', 'rejected', 'rejected', 'rejected']);
    expect(own[1]?.message).toBe(MSG_REMINDER_HOUR_INVALID);
    expect(own[2]?.message).toBe(MSG_LANGUAGE_INVALID);
    expect(own[3]?.message).toBe(MSG.forbidden);

    const admin = await connectDevice(f.t, f.admin);
    expect(admin.rows.get(`users/${f.lawyerId}`)).toMatchObject({
      reminders_enabled: false,
      reminder_hour: 7,
      language: null,
    });
    // Everyone else keeps the default: reminders on (at 20:00, as null says).
    expect(admin.rows.get(`users/${f.clientId}`)).toMatchObject({
      reminders_enabled: true,
      reminder_hour: null,
    });
    const [set] = (
      await admin.push([
        { name: 'put', args: { entity: 'users', id: f.clientId, values: { language: 'ur' } } },
      ])
    ).results;
    expect(set?.status).toBe('applied');
    // The client reads their own record with the language their messages come in.
    const client = await connectDevice(f.t, f.client);
    expect(client.rows.get(`users/${f.clientId}`)).toMatchObject({ language: 'ur' });

    // Another firm's admin cannot reach this firm's people.
    const outsider = await connectDevice(f.t, f.other);
    const [foreign] = (
      await outsider.push([
        { name: 'put', args: { entity: 'users', id: f.clientId, values: { language: 'en' } } },
      ])
    ).results;
    expect(foreign?.status).toBe('rejected');
    expect(foreign?.message).toBeTruthy();
    await client.pull();
    expect(client.rows.get(`users/${f.clientId}`)).toMatchObject({ language: 'ur' });
  });

  it('takes the language and reminder on the user form (POST /api/users), keeping them when left out', async () => {
    type TUserAnswer = {
      id: string;
      name: string;
      email: string;
      role_id: string;
      language?: string | null;
      reminders_enabled?: boolean;
      reminder_hour?: number | null;
    };
    const read = async (id: string, auth: Auth) => {
      const res = await f.call('GET', `/api/users/${id}`, auth);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ user: TUserAnswer }>().user;
    };
    const form = (u: TUserAnswer, more: Record<string, unknown>) => ({
      id: u.id,
      name: u.name,
      email: u.email,
      role_id: u.role_id,
      contact_persons: [],
      ...more,
    });
    const client = await read(f.clientId, f.admin);
    // The admin sets the client's language from the user form; the answer and a new read say so.
    const set = await f.call('POST', '/api/users', f.admin, form(client, { language: 'en' }));
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ user: { language: 'en' } });
    // A form that leaves the fields out (an older client) keeps them.
    const older = await f.call('POST', '/api/users', f.admin, form(client, {}));
    expect(older.statusCode, older.body).toBe(200);
    expect(await read(f.clientId, f.admin)).toMatchObject({ language: 'en', reminders_enabled: true });
    const bad = await f.call('POST', '/api/users', f.admin, form(client, { language: 'fr' }));
    expect(bad.statusCode, bad.body).toBe(422);
    expect(bad.json()).toMatchObject({ message: MSG_LANGUAGE_INVALID });

    // A lawyer sets their own reminder on My Profile (a checkbox and an hour as the form posts them).
    const me = await read(f.lawyerId, f.lawyer);
    const mine = await f.call(
      'POST',
      '/api/users',
      f.lawyer,
      form(me, { reminders_enabled: 'on', reminder_hour: '21' }),
    );
    expect(mine.statusCode, mine.body).toBe(200);
    expect(await read(f.lawyerId, f.lawyer)).toMatchObject({ reminders_enabled: true, reminder_hour: 21 });
    const late = await f.call('POST', '/api/users', f.lawyer, form(me, { reminder_hour: '24' }));
    expect(late.statusCode, late.body).toBe(422);
    expect(late.json()).toMatchObject({ message: MSG_REMINDER_HOUR_INVALID });
    // …but not a client's language, and another firm's admin not at all.
    const notTheirs = await f.call('POST', '/api/users', f.lawyer, form(client, { language: 'ur' }));
    expect(notTheirs.statusCode, notTheirs.body).toBe(403);
    expect(notTheirs.json()).toEqual({ message: MSG.forbidden });
    const outsider = await f.call('POST', '/api/users', f.other, form(client, { language: 'ur' }));
    expect(outsider.statusCode, outsider.body).toBe(404);
    expect(outsider.json()).toEqual({ message: MSG.notFound });
    expect((await read(f.clientId, f.admin)).language).toBe('en');
  });

  it('lets the admin word the Tell client texts, which every member’s device receives and visitors do not', async () => {
    const ur = 'مقدمہ {case} کی آئندہ تاریخ {next_date} ہے۔';
    const saved = await f.call('POST', '/api/settings', f.admin, { tell_client_ur: ur });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ setting: { tell_client_ur: ur, tell_client_en: null } });

    const bad = await f.call('POST', '/api/settings', f.admin, { tell_client_en: 'Next date {nextdate}' });
    expect(bad.statusCode, bad.body).toBe(422);
    expect(bad.json()).toMatchObject({
      message: 'Unknown placeholder {nextdate}: use {case}, {court}, {outcome}, {next_date}.',
    });
    const lawyerSave = await f.call('POST', '/api/settings', f.lawyer, { tell_client_en: 'Hello {case}' });
    expect(lawyerSave.statusCode, lawyerSave.body).toBe(403);

    const lawyer = await connectDevice(f.t, f.lawyer);
    const [row] = lawyer.rowsOf('settings');
    expect(row).toMatchObject({ tell_client_ur: ur });
    // Invoice headings stay the admin's.
    expect(row).not.toHaveProperty('invoice_heading');
    const [refused] = (
      await lawyer.push([
        {
          name: 'put',
          args: { entity: 'settings', id: row!.id as string, values: { tell_client_en: 'x {case}' } },
        },
      ])
    ).results;
    expect(refused).toMatchObject({ status: 'rejected', message: MSG.forbidden });

    const visitor = await f.call('GET', '/api/settings');
    expect(visitor.statusCode).toBe(200);
    expect(visitor.body).not.toContain('tell_client');
    // A device's push from an admin is checked the same way as the REST save.
    const admin = await connectDevice(f.t, f.admin);
    const [invalid] = (
      await admin.push([
        {
          name: 'put',
          args: { entity: 'settings', id: row!.id as string, values: { tell_client_en: '{judge}' } },
        },
      ])
    ).results;
    expect(invalid).toMatchObject({ status: 'rejected' });
    expect(invalid?.message).toContain('Unknown placeholder {judge}');
  });
});
