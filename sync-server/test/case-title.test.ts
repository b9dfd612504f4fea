import { afterAll, beforeAll, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { formatDate, todayInPakistan } from '@lawfirm/shared-types';
import { readPdf } from '@lawfirm/shared-types/pdf/testing/read-pdf.ts';
import { describeEachDb } from './helper.ts';
import { caseFirm, type CaseFirm } from './case-files-helpers.ts';
import { sendHearingDigest } from '../src/calendar/digest.ts';

const isoInDays = (days: number) =>
  new Date(Date.parse(`${todayInPakistan()}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const NUMBER = 'W.P. 122109/2026';
const TITLE = 'W.P. 122109/2026 Muhammad Aslam vs State';

/**
 * Every place the server names a case says what the case page and the PDFs say (the shared caseTitle): its
 * category's short form, number/year and title. The calendar's events, iCal feed, cause list and digest mail
 * left the "W.P." off.
 */
describeEachDb('a case is named the same everywhere the server names it', (kind) => {
  let f: CaseFirm;
  let id: string;
  beforeAll(async () => {
    f = await caseFirm(kind);
    const category = await f.category();
    id = await f.petition({
      case_no: '122109',
      year: 2026,
      title: 'Muhammad Aslam vs State',
      petition_type_id: category.id,
      petitioners: [{ user: { name: 'Muhammad Aslam' } }],
    });
    const res = await f.call('POST', '/api/add_hearing_date', f.admin, {
      petition_id: id,
      order_sheet_date: formatDate(isoInDays(1)),
    });
    expect(res.statusCode, res.body).toBe(200);
  });
  afterAll(() => f.t.close());

  it('in the case file’s own calls (petition_standard_title) and the calendar’s case search', async () => {
    const one = await f.call('GET', `/api/petitions/${id}`, f.admin);
    expect(
      one.json<{ petition: { petition_standard_title: string } }>().petition.petition_standard_title,
    ).toBe(TITLE);
    const search = await f.call(
      'GET',
      '/api/petitions?query_from_calendar_page=1&force_all_records=true',
      f.admin,
    );
    const found = search
      .json<{ petitions: { id: string; petition_standard_title_with_petitioner: string }[] }>()
      .petitions.find((p) => p.id === id);
    expect(found?.petition_standard_title_with_petitioner).toBe(`${TITLE} (Muhammad Aslam)`);
  });

  it('in the calendar’s events and in the iCal feed a calendar app shows', async () => {
    const events = await f.call('GET', '/api/petition_hearing', f.admin);
    const titles = events
      .json<{ events: { title: string; extendedProps: { petition_id: string | null } }[] }>()
      .events.filter((e) => e.extendedProps.petition_id === id)
      .map((e) => e.title);
    expect(titles).toEqual([TITLE]);

    const link = await f.call('POST', '/api/calendar/feed', f.admin);
    const path = new URL(link.json<{ url: string }>().url).pathname;
    const body = (await f.t.app.inject({ method: 'GET', url: path })).body;
    const summaries = new ICAL.Component(ICAL.parse(body))
      .getAllSubcomponents('vevent')
      .map((v) => new ICAL.Event(v).summary);
    expect(summaries).toEqual([TITLE]);
  });

  it('in the cause list PDF and the hearing digest mail', async () => {
    const res = await f.call('GET', '/api/calendar/cause_list_pdf?day=tomorrow', f.admin);
    expect(res.statusCode, res.body).toBe(200);
    const text = (await readPdf(new Uint8Array(res.rawPayload))).text.join(' ');
    expect(text).toContain(NUMBER);

    expect((await f.call('PUT', '/api/calendar/digest', f.admin, { digest: true })).statusCode).toBe(200);
    const deps = { db: f.t.app.db, mailer: f.t.app.mailer, config: f.t.app.config };
    expect(await sendHearingDigest(deps, new Date(`${todayInPakistan()}T18:30:00+05:00`))).toBe(1);
    const mail = await f.t.app.db
      .selectFrom('mail_outbox')
      .select('body_text')
      .where('subject', 'like', 'Hearings tomorrow%')
      .executeTakeFirstOrThrow();
    expect(mail.body_text).toContain(`1. ${TITLE}`);
  });

  it('in the case file PDF (its title and file name)', async () => {
    const one = await f.call('GET', `/api/petitions/${id}`, f.admin);
    const url = new URL(one.json<{ petition: { pdf_download_url: string } }>().petition.pdf_download_url);
    const pdf = await f.t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    expect(pdf.headers['content-disposition']).toContain(encodeURIComponent('W.P. 122109-2026'));
    const read = await readPdf(new Uint8Array(pdf.rawPayload));
    expect(read.text.join(' ')).toContain(NUMBER);
  });
});
