import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatDate, todayInPakistan } from '@lawfirm/shared-types';
import { readPdf } from '@lawfirm/shared-types/pdf/testing/read-pdf.ts';
import { describeEachDb } from './helper.ts';
import { caseFirm, type CaseFirm } from './case-files-helpers.ts';
import { sendHearingDigest } from '../src/calendar/digest.ts';

const isoInDays = (days: number) =>
  new Date(Date.parse(`${todayInPakistan()}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

// Issue 34 item 5 on paper and in the mail: tomorrow's cause list PDF and the evening digest say where each
// hearing is (court room) and when it is called (serial), in the order the lawyer walks the courts.
describeEachDb('court day: room and serial in the cause list PDF and the digest', (kind) => {
  let f: CaseFirm;
  let courts: { id: string; title: string }[];
  beforeAll(async () => {
    f = await caseFirm(kind);
    courts = (await f.call('GET', '/api/courts', f.admin)).json<{ courts: { id: string; title: string }[] }>()
      .courts;
    expect(courts.length).toBeGreaterThan(1);
    const tomorrow = formatDate(isoInDays(1));
    const hearing = async (
      body: Record<string, unknown>,
      place: { court_room?: string; serial_no?: number },
    ) => {
      const p = await f.petition(body);
      const res = await f.call('POST', '/api/petition_hearing', f.admin, {
        hearing_date: tomorrow,
        petition_id: p,
        ...place,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    // Court A: serial 30 in room 7, serial 4 in room 7, one without a serial; court B: serial 2 in room 1.
    await hearing(
      { case_no: '71', year: 2026, title: 'Late v. Call', court_id: courts[0]!.id },
      { court_room: 'Room 7', serial_no: 30 },
    );
    await hearing(
      { case_no: '72', year: 2026, title: 'Early v. Call', court_id: courts[0]!.id },
      { court_room: 'Room 7', serial_no: 4 },
    );
    await hearing(
      { case_no: '73', year: 2026, title: 'Unlisted v. Call', court_id: courts[0]!.id },
      { court_room: 'Room 7' },
    );
    await hearing(
      { case_no: '9', year: 2026, title: 'First v. Court', court_id: courts[1]!.id },
      { court_room: 'Room 1', serial_no: 2 },
    );
  });
  afterAll(() => f.t.close());

  it('prints each hearing’s room and serial, by court and room, each by serial (none last)', async () => {
    const res = await f.call('GET', '/api/calendar/cause_list_pdf?day=tomorrow', f.lawyer);
    expect(res.statusCode, res.body).toBe(200);
    const text = (await readPdf(new Uint8Array(res.rawPayload))).text.join(' ');
    expect(text).toContain('Room');
    expect(text).toContain('Serial');
    // The room lowest serial of the day is walked to first: court B's room 1 (serial 2), then court A's room 7.
    const at = (s: string) => {
      const i = text.indexOf(s);
      expect(i, `${s} in ${text}`).toBeGreaterThan(-1);
      return i;
    };
    expect(at('9/2026')).toBeLessThan(at('72/2026'));
    expect(at('72/2026')).toBeLessThan(at('71/2026'));
    expect(at('71/2026')).toBeLessThan(at('73/2026'));
    expect(text).toContain('Room 1');
    expect(text).toContain('Room 7');
    // Each row carries its serial after its room: "Room 7 30" for case 71.
    expect(text.slice(at('71/2026'))).toMatch(/Room 7\s+30/);
    expect(text.slice(at('9/2026'))).toMatch(/Room 1\s+2/);
  });

  it('mails the digest grouped under court and room, each hearing with its serial', async () => {
    const on = await f.call('PUT', '/api/calendar/digest', f.lawyer, { digest: true });
    expect(on.statusCode, on.body).toBe(200);
    const today = todayInPakistan();
    const deps = { db: f.t.app.db, mailer: f.t.app.mailer, config: f.t.app.config };
    expect(await sendHearingDigest(deps, new Date(`${today}T18:30:00+05:00`))).toBeGreaterThan(0);
    const mail = await f.t.app.db
      .selectFrom('mail_outbox')
      .select(['body_text'])
      .where('subject', 'like', 'Hearings tomorrow%')
      .executeTakeFirstOrThrow();
    const body = mail.body_text ?? '';
    const lines = body.split('\n');
    const b = lines.indexOf(`${courts[1]!.title} · Room 1`);
    const a = lines.indexOf(`${courts[0]!.title} · Room 7`);
    expect(b, body).toBeGreaterThan(-1);
    expect(a, body).toBeGreaterThan(b);
    expect(lines[b + 1]).toBe('1. Serial 2: 9/2026 First v. Court');
    expect(lines.slice(a + 1, a + 4)).toEqual([
      '2. Serial 4: 72/2026 Early v. Call',
      '3. Serial 30: 71/2026 Late v. Call',
      '4. 73/2026 Unlisted v. Call',
    ]);
  });
});
