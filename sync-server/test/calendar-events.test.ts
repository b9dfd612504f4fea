import { afterAll, beforeAll, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { formatDate, MSG, todayInPakistan } from '@lawfirm/shared-types';
import { newId } from '../src/db/ids.ts';
import { describeEachDb } from './helper.ts';
import { caseFirm, type Auth, type CaseFirm } from './case-files-helpers.ts';
import { connectDevice } from './device.ts';
import { readPdf } from '@lawfirm/shared-types/pdf/testing/read-pdf.ts';

const isoInDays = (days: number) =>
  new Date(Date.parse(`${todayInPakistan()}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

type TEvent = {
  id: string;
  title: string;
  start: string;
  extendedProps: {
    hearing_date: string;
    petition_id: string | null;
    hearing_summary: string | null;
    kind: string;
  };
};

describeEachDb('hearing calendar: events, meetings and the calendar modal’s calls', (kind) => {
  let f: CaseFirm;
  let ali: string;
  beforeAll(async () => {
    f = await caseFirm(kind);
    ali = await f.petition({ case_no: '345', year: 2026, title: 'Ali v. State' });
  });
  afterAll(() => f.t.close());

  const events = async (auth: Auth) => {
    const res = await f.call('GET', '/api/petition_hearing', auth);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ events: TEvent[]; server_time: string }>();
  };
  const save = (auth: Auth, body: Record<string, unknown>) =>
    f.call('POST', '/api/petition_hearing', auth, body);

  it('adds a case’s hearing from the calendar as an order sheet the case card and order sheets show', async () => {
    const res = await save(f.lawyer, {
      id: null,
      hearing_date: formatDate(isoInDays(2)),
      petition: { id: ali, petition_standard_title_with_petitioner: '345/2026 Ali v. State' },
      petition_id: ali,
      hearing_summary: 'Arguments on stay',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { id, message } = res.json<{ id: string; message: string }>();
    expect(message).toBe(MSG.savedOk);
    // The same row the case card's next hearing and the order sheets page read.
    const next = await f.call('POST', '/api/get_next_hearing_ordersheet', f.admin, { petition_id: ali });
    expect(next.json()).toMatchObject({
      nextHearingOrderSheet: { id, order_sheet_date: formatDate(isoInDays(2)) },
    });
    const sheets = await f.call('GET', `/api/petition_order_sheets?petition_id=${ali}`, f.admin);
    expect(sheets.body).toContain(id);

    const { events: list, server_time } = await events(f.admin);
    expect(server_time).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    expect(list.find((e) => e.id === id)).toEqual({
      id,
      title: '345/2026 Ali v. State',
      start: isoInDays(2),
      allDay: true,
      extendedProps: {
        // ISO, as the old server sent it: the modal reads it with moment().
        hearing_date: isoInDays(2),
        petition_id: ali,
        hearing_summary: 'Arguments on stay',
        court_room: null,
        serial_no: null,
        kind: 'hearing',
      },
    });
  });

  it('lets only the admin move or delete a hearing from the calendar, and refuses another firm', async () => {
    const { events: list } = await events(f.admin);
    const ev = list.find((e) => e.extendedProps.petition_id === ali)!;
    const move = {
      id: ev.id,
      hearing_date: formatDate(isoInDays(5)),
      petition_id: ali,
      hearing_summary: null,
    };
    expect((await save(f.lawyer, move)).statusCode).toBe(403);
    expect((await save(f.student, move)).statusCode).toBe(403);
    expect((await save(f.client, move)).statusCode).toBe(403);
    // Another firm's admin: the id is unknown there.
    expect((await save(f.other, move)).statusCode).toBe(404);
    expect((await f.call('DELETE', `/api/petition_hearing/${ev.id}`, f.other)).statusCode).toBe(404);
    expect((await f.call('DELETE', `/api/petition_hearing/${ev.id}`, f.lawyer)).statusCode).toBe(403);
    // Another firm's case file cannot be given a hearing either.
    const otherCase = await f.call('POST', '/api/petition_hearing', f.other, {
      hearing_date: formatDate(isoInDays(3)),
      petition_id: ali,
    });
    expect(otherCase.statusCode).toBe(404);

    const moved = await save(f.admin, move);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ id: ev.id, message: MSG.updatedOk });
    const after = (await events(f.lawyer)).events.find((e) => e.id === ev.id)!;
    expect(after.start).toBe(isoInDays(5));
    expect(after.extendedProps.hearing_summary).toBeNull();
    // A hearing never moves to another case file.
    const otherId = await f.petition({ case_no: '9', year: 2026, title: 'Bilal v. Bank' });
    const stolen = await save(f.admin, { ...move, petition_id: otherId });
    expect(stolen.statusCode).toBe(422);

    const del = await f.call('DELETE', `/api/petition_hearing/${ev.id}`, f.admin);
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json()).toEqual({ message: MSG.deletedOk });
    expect((await events(f.admin)).events.some((e) => e.id === ev.id)).toBe(false);
    expect((await f.call('DELETE', `/api/petition_hearing/${ev.id}`, f.admin)).statusCode).toBe(404);
  });

  it('keeps meetings with no case file, on the calendar and in the iCal feed, with their maker’s rights', async () => {
    const bad = await save(f.lawyer, { hearing_date: '31/02/2026', petition: 'Bar council meeting' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ message: 'The date must be a real date (dd/mm/yyyy).' });
    const untitled = await save(f.lawyer, { hearing_date: formatDate(isoInDays(1)), petition: '  ' });
    expect(untitled.statusCode).toBe(422);
    expect(untitled.json()).toMatchObject({ message: 'Title of Case or Meeting field is required.' });
    expect(
      (await save(f.student, { hearing_date: formatDate(isoInDays(1)), petition: 'x' })).statusCode,
    ).toBe(403);

    const res = await save(f.lawyer, {
      hearing_date: formatDate(isoInDays(1)),
      petition: 'Bar council meeting',
      petition_id: null,
      hearing_summary: 'Room 4',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { id } = res.json<{ id: string }>();
    const meeting = (await events(f.admin)).events.find((e) => e.id === id);
    expect(meeting).toMatchObject({
      title: 'Bar council meeting',
      start: isoInDays(1),
      extendedProps: { petition_id: null, hearing_summary: 'Room 4', kind: 'meeting' },
    });
    // Students and clients do not read the firm's meetings; another firm never does.
    expect((await events(f.student)).events.some((e) => e.id === id)).toBe(false);
    expect((await events(f.other)).events.some((e) => e.id === id)).toBe(false);

    // In the maker's subscribed calendar.
    const feedRes = await f.call('POST', '/api/calendar/feed', f.lawyer);
    const feed = await f.t.app.inject({
      method: 'GET',
      url: new URL(feedRes.json<{ url: string }>().url).pathname,
    });
    const vevents = new ICAL.Component(ICAL.parse(feed.body))
      .getAllSubcomponents('vevent')
      .map((v) => new ICAL.Event(v));
    const inFeed = vevents.find((e) => e.summary === 'Bar council meeting')!;
    expect(inFeed.startDate.toString()).toBe(isoInDays(1));
    expect(inFeed.startDate.isDate).toBe(true);
    expect(inFeed.description).toBe('Room 4');

    // Its maker changes it; another firm does not find it.
    const renamed = await save(f.lawyer, {
      id,
      hearing_date: formatDate(isoInDays(3)),
      petition: 'Bar council',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await save(f.other, { id, hearing_date: formatDate(isoInDays(3)) })).statusCode).toBe(404);
    const del = await f.call('DELETE', `/api/petition_hearing/${id}`, f.admin);
    expect(del.statusCode, del.body).toBe(200);
    const cancelled = await f.t.app.inject({
      method: 'GET',
      url: new URL(feedRes.json<{ url: string }>().url).pathname,
    });
    expect(cancelled.body).toContain('STATUS:CANCELLED');
  });

  it('takes meetings from a device’s push under the same rules', async () => {
    const lawyer = await connectDevice(f.t, f.lawyer);
    const student = await connectDevice(f.t, f.student);
    const id = newId();
    const values = {
      meeting_date: isoInDays(4),
      title: 'Limitation: last date of filing',
      summary: null,
    };
    // Made in someone else's name: refused.
    const forged = await lawyer.push([
      {
        name: 'put',
        args: { entity: 'calendar_meetings', id, values: { ...values, created_by: newId() } },
      },
    ]);
    expect(forged.results[0]).toMatchObject({ status: 'rejected' });
    const r = await lawyer.push([
      {
        name: 'put',
        args: { entity: 'calendar_meetings', id, values: { ...values, created_by: f.lawyerId } },
      },
    ]);
    expect(r.results[0], JSON.stringify(r)).toMatchObject({ status: 'applied' });
    const byStudent = await student.push([
      {
        name: 'put',
        args: { entity: 'calendar_meetings', id: newId(), values: { ...values, created_by: 'x' } },
      },
    ]);
    expect(byStudent.results[0]).toMatchObject({ status: 'rejected', message: MSG.forbidden });
    // The admin's device receives it; the student's does not.
    const admin = await connectDevice(f.t, f.admin);
    expect(admin.rowsOf('calendar_meetings').map((m) => m.title)).toContain(
      'Limitation: last date of filing',
    );
    await student.pull();
    expect(student.rowsOf('calendar_meetings')).toEqual([]);
    // Its maker may not hand it to someone else.
    await lawyer.pull();
    const handed = await lawyer.push([
      { name: 'put', args: { entity: 'calendar_meetings', id, values: { created_by: f.lawyerId + 'x' } } },
    ]);
    expect(handed.results[0]).toMatchObject({ status: 'rejected' });
    // Over REST the calendar lists it, and its maker deletes it.
    expect((await events(f.lawyer)).events.some((e) => e.id === id)).toBe(true);
    expect((await f.call('DELETE', `/api/petition_hearing/${id}`, f.lawyer)).statusCode).toBe(200);
  });

  it('answers the calendar’s case search with the readable case files it matches', async () => {
    const res = await f.call(
      'GET',
      '/api/petitions?query_from_calendar_page=345&force_all_records=true',
      f.lawyer,
    );
    expect(res.statusCode, res.body).toBe(200);
    const { petitions } = res.json<{
      petitions: { id: string; petition_standard_title_with_petitioner: string }[];
    }>();
    expect(petitions.find((p) => p.id === ali)?.petition_standard_title_with_petitioner).toContain(
      'Ali v. State',
    );
    const other = await f.call(
      'GET',
      '/api/petitions?query_from_calendar_page=345&force_all_records=true',
      f.other,
    );
    expect(other.json<{ petitions: { id: string }[] }>().petitions.some((p) => p.id === ali)).toBe(false);
  });
});

describeEachDb('hearing calendar: the cause list PDF', (kind) => {
  let f: CaseFirm;
  beforeAll(async () => {
    f = await caseFirm(kind);
  });
  afterAll(() => f.t.close());

  it('prints tomorrow’s hearings by court with their stage, for lawyers and admins only', async () => {
    const a = await f.petition({ case_no: '88', year: 2026, title: 'Zafar v. Customs' });
    const b = await f.petition({ case_no: '5', year: 2024, title: 'Bilal v. Bank' });
    for (const [p, days] of [
      [a, 1],
      [b, 1],
      [b, 2],
    ] as const) {
      const res = await f.call('POST', '/api/add_hearing_date', f.admin, {
        petition_id: p,
        order_sheet_date: formatDate(isoInDays(days)),
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    await f.call('POST', '/api/petition_hearing', f.admin, {
      hearing_date: formatDate(isoInDays(1)),
      petition: 'Bar council meeting',
    });
    const builds = f.t.app.pdfWorkers.started;
    const res = await f.call('GET', '/api/calendar/cause_list_pdf?day=tomorrow', f.lawyer);
    expect(res.statusCode, res.body).toBe(200);
    // Built by a PDF worker thread, not on the server's event loop.
    expect(f.t.app.pdfWorkers.started).toBe(builds + 1);
    expect(res.headers['content-type']).toBe('application/pdf');
    const file = `Cause List ${formatDate(isoInDays(1)).replace(/\//g, '-')}.pdf`;
    expect(res.headers['content-disposition']).toContain(file);
    const pdf = await readPdf(new Uint8Array(res.rawPayload));
    const text = pdf.text.join(' ');
    expect(text).toContain('Cause List');
    expect(text).toContain(`Tomorrow, ${formatDate(isoInDays(1))}`);
    expect(text).toContain('2 hearings');
    // Same court: by case number in natural order.
    expect(text.indexOf('5/2024')).toBeLessThan(text.indexOf('88/2026'));
    expect(text).toContain('Zafar v. Customs');
    expect(text).not.toContain('Bar council meeting');

    const today = await f.call('GET', '/api/calendar/cause_list_pdf?day=today', f.admin);
    expect((await readPdf(new Uint8Array(today.rawPayload))).text.join(' ')).toContain('No hearings.');
    expect((await f.call('GET', '/api/calendar/cause_list_pdf', f.student)).statusCode).toBe(403);
    expect((await f.call('GET', '/api/calendar/cause_list_pdf', f.client)).statusCode).toBe(403);
    expect((await f.call('GET', '/api/calendar/cause_list_pdf?day=yesterday', f.admin)).statusCode).toBe(422);
    // Another firm's admin gets their own (empty) list.
    const other = await f.call('GET', '/api/calendar/cause_list_pdf?day=tomorrow', f.other);
    expect((await readPdf(new Uint8Array(other.rawPayload))).text.join(' ')).toContain('No hearings.');
  });
});

it('folds the feed’s long lines exactly as ical-generator does, Urdu and emoji included', async () => {
  const { foldLines: libraryFold } = await import('ical-generator');
  const { foldLines } = await import('../src/calendar/ical.ts');
  const lines = [
    'SUMMARY:12/2026 Ali v. State',
    `SUMMARY:${'W.P. 345/2026 Muhammad Ali and others v. Province of Punjab through Chief Secretary '.repeat(3)}`,
    `DESCRIPTION:${'مقدمہ نمبر 123/2024 لاہور ہائی کورٹ '.repeat(5)}`,
    `DESCRIPTION:${'Hearing 📅 at court '.repeat(8)}`,
    'X'.repeat(74),
    'X'.repeat(75),
  ];
  for (const line of lines) expect(foldLines(line)).toBe(libraryFold(line));
  const text = `BEGIN:VEVENT\r\n${lines.join('\r\n')}\r\nEND:VEVENT\r\n`;
  expect(foldLines(text)).toBe(libraryFold(text));
});
