import { afterAll, beforeAll, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { formatDate, todayInPakistan } from '@lawfirm/shared-types';
import { describeEachDb } from './helper.ts';
import { caseFirm, type Auth, type CaseFirm } from './case-files-helpers.ts';
import { sendHearingDigest } from '../src/calendar/digest.ts';

/** An ISO day `days` from today in Pakistan. */
const isoInDays = (days: number) =>
  new Date(Date.parse(`${todayInPakistan()}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

type Event = {
  uid: string;
  summary: string;
  start: string;
  allDay: boolean;
  status: string;
  sequence: number;
};

/** The feed as a calendar app reads it: parsed by ical.js, one entry per VEVENT. */
function readFeed(body: string): Event[] {
  const cal = new ICAL.Component(ICAL.parse(body));
  return cal.getAllSubcomponents('vevent').map((v) => {
    const e = new ICAL.Event(v);
    return {
      uid: e.uid,
      summary: e.summary,
      start: e.startDate.toString(),
      allDay: e.startDate.isDate,
      status: String(v.getFirstPropertyValue('status')),
      sequence: e.sequence,
    };
  });
}

describeEachDb('hearing calendar: the private feed and the daily digest', (kind) => {
  let f: CaseFirm;
  let moot: string;
  let other: string;
  beforeAll(async () => {
    f = await caseFirm(kind);
    moot = await f.petition({ case_no: '77', year: 2026, title: 'Moot v. Court', is_moot_case: true });
    other = await f.petition({ case_no: '12', year: 2025, title: 'Ali v. State' });
  });
  afterAll(() => f.t.close());

  const addHearing = async (petitionId: string, days: number, auth: Auth = f.admin) => {
    const res = await f.call('POST', '/api/add_hearing_date', auth, {
      petition_id: petitionId,
      order_sheet_date: formatDate(isoInDays(days)),
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const feedUrl = async (auth: Auth) => {
    const res = await f.call('POST', '/api/calendar/feed', auth);
    expect(res.statusCode, res.body).toBe(200);
    const url = new URL(res.json<{ url: string }>().url);
    expect(url.pathname).toMatch(/^\/calendar\/[A-Za-z0-9_-]{40,}\.ics$/);
    return url.pathname;
  };
  const feed = (path: string) => f.t.app.inject({ method: 'GET', url: path });

  it('serves the hearings a user may read as a calendar apps can subscribe to, and stops a rotated link', async () => {
    await addHearing(moot, 1);
    await addHearing(other, 1);
    await addHearing(other, 9);

    const adminPath = await feedUrl(f.admin);
    const res = await feed(adminPath);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.body).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(res.body).toContain('DTSTAMP:');
    const events = readFeed(res.body);
    expect(events.map((e) => [e.summary, e.start]).sort()).toEqual(
      [
        ['12/2025 Ali v. State', isoInDays(1)],
        ['12/2025 Ali v. State', isoInDays(9)],
        ['77/2026 Moot v. Court', isoInDays(1)],
      ].sort(),
    );
    expect(events.every((e) => e.allDay && e.status === 'CONFIRMED')).toBe(true);
    expect(new Set(events.map((e) => e.uid)).size).toBe(3);

    // A student reads the moot case only; so does their feed.
    const studentEvents = readFeed((await feed(await feedUrl(f.student))).body);
    expect(studentEvents.map((e) => e.summary)).toEqual(['77/2026 Moot v. Court']);
    // Another firm's admin sees none of this firm's hearings.
    expect(readFeed((await feed(await feedUrl(f.other))).body)).toEqual([]);

    // Rotating makes a new link; the old one is refused at once.
    const rotated = await feedUrl(f.admin);
    expect(rotated).not.toBe(adminPath);
    expect((await feed(adminPath)).statusCode).toBe(404);
    expect((await feed(adminPath)).json()).toEqual({ message: 'This calendar link does not work any more.' });
    expect((await feed(rotated)).statusCode).toBe(200);
    // Stopped, no link works; made again, a new one does.
    expect((await f.call('DELETE', '/api/calendar/feed', f.admin)).statusCode).toBe(200);
    expect((await feed(rotated)).statusCode).toBe(404);
    expect((await f.call('GET', '/api/calendar/subscription', f.admin)).json()).toMatchObject({
      feed: false,
    });
    // Made-up and malformed tokens are refused the same way, never a 500.
    for (const bad of ['/calendar/nope.ics', `/calendar/${'a'.repeat(43)}.ics`, '/calendar/%00.ics'])
      expect((await feed(bad)).statusCode, bad).toBe(404);
  });

  it('keeps a hearing’s UID when it moves, bumps its SEQUENCE, and cancels a removed one', async () => {
    const path = await feedUrl(f.lawyer);
    const before = readFeed((await feed(path)).body).find((e) => e.start === isoInDays(9))!;
    // The case file's title changes: the same event, a higher sequence.
    const renamed = await f.call('POST', '/api/petitions', f.admin, {
      id: other,
      case_no: '12',
      year: 2025,
      title: 'Ali v. The State',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const after = readFeed((await feed(path)).body).find((e) => e.uid === before.uid)!;
    expect(after.summary).toBe('12/2025 Ali v. The State');
    expect(after.sequence).toBeGreaterThan(before.sequence);

    const rm = await f.call('POST', '/api/remove_hearing_date', f.admin, {
      petition_id: other,
      order_sheet_date: formatDate(isoInDays(9)),
    });
    expect(rm.statusCode, rm.body).toBe(200);
    const gone = readFeed((await feed(path)).body).find((e) => e.uid === before.uid)!;
    expect(gone.status).toBe('CANCELLED');
    expect(gone.sequence).toBeGreaterThan(after.sequence);
  });

  it('gives one hearing as an .ics file to those who may read it', async () => {
    const sheets = await f.t.app.db
      .selectFrom('order_sheets')
      .select(['id', 'petition_id'])
      .where('deleted_at', 'is', null)
      .execute();
    const mootSheet = sheets.find((s) => s.petition_id === moot)!;
    const otherSheet = sheets.find((s) => s.petition_id === other)!;
    const res = await f.call('GET', `/api/petition_hearing/${mootSheet.id}/ics`, f.student);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="hearing-${isoInDays(1)}.ics"`);
    expect(readFeed(res.body).map((e) => e.summary)).toEqual(['77/2026 Moot v. Court']);
    expect((await f.call('GET', `/api/petition_hearing/${otherSheet.id}/ics`, f.student)).statusCode).toBe(
      404,
    );
    expect((await f.call('GET', `/api/petition_hearing/${mootSheet.id}/ics`, f.other)).statusCode).toBe(404);
    expect((await f.call('GET', `/api/petition_hearing/${mootSheet.id}/ics`)).statusCode).toBe(401);
  });

  it('mails tomorrow’s hearings once a day to the lawyers and admins who asked, whatever the number of servers', async () => {
    // Only lawyers and admins may have the digest.
    expect((await f.call('PUT', '/api/calendar/digest', f.student, { digest: true })).statusCode).toBe(403);
    for (const auth of [f.admin, f.lawyer]) {
      const on = await f.call('PUT', '/api/calendar/digest', auth, { digest: true });
      expect(on.json()).toMatchObject({ digest: true, digest_allowed: true });
    }
    const outbox = () =>
      f.t.app.db
        .selectFrom('mail_outbox')
        .select(['to_address', 'subject', 'body_text'])
        .where('subject', 'like', 'Hearings tomorrow%')
        .execute();
    const deps = { db: f.t.app.db, mailer: f.t.app.mailer, config: f.t.app.config };
    // 17:59 in Pakistan: not yet.
    const today = todayInPakistan();
    const at = (hhmm: string) => new Date(`${today}T${hhmm}:00+05:00`);
    expect(await sendHearingDigest(deps, at('17:59'))).toBeNull();
    // From 18:00, two server processes looking at once: one sends, the other finds the day taken.
    const runs = await Promise.all([
      sendHearingDigest(deps, at('18:05')),
      sendHearingDigest(deps, at('18:06')),
    ]);
    expect(runs.sort()).toEqual([2, null]);
    expect(await sendHearingDigest(deps, at('23:00'))).toBeNull();
    const mails = await outbox();
    expect(mails.map((m) => m.to_address).sort()).toHaveLength(2);
    const tomorrow = formatDate(isoInDays(1));
    for (const m of mails) {
      expect(m.subject).toBe(`Hearings tomorrow, ${tomorrow}: 2`);
      expect(m.body_text).toContain('77/2026 Moot v. Court');
      expect(m.body_text).toContain('12/2025 Ali v. The State');
    }
  });
  // Last: blocking ends the lawyer's sessions.
  it('stops the feed of a blocked user', async () => {
    const path = await feedUrl(f.lawyer);
    expect((await feed(path)).statusCode).toBe(200);
    const block = await f.call('POST', '/api/approve_or_block', f.admin, {
      user: { id: f.lawyerId, is_approved: false },
    });
    expect(block.statusCode, block.body).toBe(200);
    expect((await feed(path)).statusCode).toBe(404);
  });
});
