import { afterAll, beforeAll, expect, it } from 'vitest';
import { MSG } from '@lawfirm/shared-types';
import {
  MSG_FIR_SECTION_REQUIRED,
  MSG_FIR_STATUTE_REQUIRED,
} from '@lawfirm/shared-types/fir/fir.entities.ts';
import {
  MSG_CASE_REQUIRED,
  MSG_DATE_FIELD_LABEL,
  MSG_QUESTION_REQUIRED,
} from '@lawfirm/shared-types/limitation/limitation.entities.ts';
import { readPdf } from '@lawfirm/shared-types/pdf/testing/read-pdf.ts';
import { PUBLIC_TOOLS_PER_MINUTE } from '../src/reference-data/tools-firm.ts';
import { caseFirm, type Auth, type CaseFirm } from './case-files-helpers.ts';
import { connectDevice } from './device.ts';
import { describeEachDb } from './helper.ts';

type TRow = Record<string, unknown> & { id: string };
type TCase = { id: string; title: string; display_order: number };
type TSection = TRow & { fir_no: string; title: string; statute: { title: string } };

/** The limitation calculator and the FIR reader (part 3 §7, rest-contract 117–133) on the seeded data. */
describeEachDb('public tools', (kind) => {
  let f: CaseFirm;
  let t: CaseFirm['t'];
  let admin: Auth, lawyer: Auth, other: Auth;
  beforeAll(async () => {
    f = await caseFirm(kind);
    ({ t, admin, lawyer, other } = f);
  });
  afterAll(() => f.t.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, headers?: Auth, payload?: object) =>
    f.call(method, url, headers, payload);
  const cases = async (headers?: Auth) =>
    (await call('GET', '/api/limitation_calculator_cases', headers)).json<{
      limitation_calculator_cases: TCase[];
    }>().limitation_calculator_cases;
  const questionOf = async (caseId: string, headers?: Auth) =>
    (await call('POST', '/api/limitation_calculator_case_questions', headers, { case_id: caseId })).json<{
      caseQuestion: TRow & { question: string; limitation_calculator_case: { title: string } };
      caseQuestionAnswers: (TRow & { answer: string; article: string; also_known_as: string[] })[];
    }>();
  const subAnswers = async (answerId: string, headers?: Auth) =>
    (
      await call('POST', '/api/limitation_calculator_case_sub_answers', headers, { anser_id: answerId })
    ).json<{
      subAnswers: (TRow & { date_field_label: string; days: number | null })[];
    }>().subAnswers;
  const search = (body: object, headers?: Auth) => call('POST', '/api/section_search_results', headers, body);

  it('serves the Limitation Act to a visitor without a token: case, question, answers, sub answers', async () => {
    const visitor = await cases();
    expect(visitor.map((c) => c.title)).toEqual(['Appeal', 'Application', 'Review', 'Revision', 'Suit']);
    // The original client sends "Bearer null" when nobody is signed in.
    expect((await cases({ authorization: 'Bearer null' })).map((c) => c.id)).toEqual(
      visitor.map((c) => c.id),
    );

    const appeal = visitor[0]!;
    const q = await questionOf(appeal.id);
    expect(q.caseQuestion).toMatchObject({
      question: 'Which appeal is it?',
      limitation_calculator_case: { title: 'Appeal' },
    });
    const ica = q.caseQuestionAnswers.find((a) => a.article === '151')!;
    expect(ica.also_known_as).toEqual(['Intra Court Appeal', 'ICA']);
    const subs = await subAnswers(ica.id);
    expect(subs.map((s) => [s.date_field_label, s.days])).toEqual([
      ['Challenging Date', 20],
      ['Order Date', 20],
      ['Prepared Date', 20],
    ]);

    // An article without a period in the data is there, its period not set.
    const application = visitor.find((c) => c.title === 'Application')!;
    const review = (await questionOf(application.id)).caseQuestionAnswers.find((a) => a.article === '162')!;
    expect((await subAnswers(review.id)).map((s) => s.days)).toEqual([null]);
    expect((await subAnswers('no-such-answer')).length).toBe(0);
  });

  it('keeps firms apart: another firm has its own copy, and the calculator reads the caller’s firm', async () => {
    const mine = await cases(admin);
    const theirs = await cases(other);
    expect(theirs.map((c) => c.title)).toEqual(mine.map((c) => c.title));
    expect(theirs.map((c) => c.id)).not.toContain(mine[0]!.id);
    // Another firm's case id reads as nothing, and cannot be edited or deleted.
    expect((await questionOf(mine[0]!.id, other)).caseQuestion).toBeNull();
    const edit = await call('POST', '/api/limitation_calculator_cases', other, {
      id: mine[0]!.id,
      title: 'X',
    });
    expect(edit.statusCode).toBe(404);
    expect((await call('DELETE', `/api/limitation_calculator_cases/${mine[0]!.id}`, other)).statusCode).toBe(
      404,
    );
  });

  it('lets an admin manage cases with the spec’s messages; others are refused', async () => {
    const empty = await call('POST', '/api/limitation_calculator_cases', admin, { title: ' ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toMatchObject({
      message: MSG.titleRequired,
      validation_error: { title: [MSG.titleRequired] },
    });
    expect(
      (await call('POST', '/api/limitation_calculator_cases', lawyer, { title: 'Writ' })).statusCode,
    ).toBe(403);
    expect(
      (await call('POST', '/api/limitation_calculator_cases', undefined, { title: 'Writ' })).statusCode,
    ).toBe(401);

    const saved = await call('POST', '/api/limitation_calculator_cases', admin, { title: 'Writ' });
    expect(saved.statusCode, saved.body).toBe(200);
    const writ = saved.json<{ limitation_calculator_case: TCase; message: string }>();
    expect(writ).toMatchObject({
      message: MSG.savedOk,
      limitation_calculator_case: { title: 'Writ', display_order: 6 },
    });
    const renamed = await call('POST', '/api/limitation_calculator_cases', admin, {
      ...writ.limitation_calculator_case,
      editMode: true,
      title: 'Writ Petition',
    });
    expect(renamed.json<{ message: string }>().message).toBe(MSG.updatedOk);
    expect((await cases()).at(-1)!.title).toBe('Writ Petition');
    const id = writ.limitation_calculator_case.id;
    expect((await call('DELETE', `/api/limitation_calculator_cases/${id}`, lawyer)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/limitation_calculator_cases/${id}`, admin)).json()).toEqual({
      message: MSG.deletedOk,
    });
    expect((await cases()).map((c) => c.id)).not.toContain(id);
  });

  it('saves a question with nested answers and sub answers, reads it back, and deletes level by level', async () => {
    const revision = (await cases()).find((c) => c.title === 'Revision')!;
    const missing = await call(
      'POST',
      '/api/save_limitation_calculator_case_questions_and_answers',
      admin,
      {},
    );
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({
      validation_error: {
        limitation_calculator_case_id: [MSG_CASE_REQUIRED],
        question: [MSG_QUESTION_REQUIRED],
      },
    });
    const badLabel = await call('POST', '/api/save_limitation_calculator_case_questions_and_answers', admin, {
      limitation_calculator_case_id: revision.id,
      question: 'Q',
      limitation_calculator_answers: [
        {
          answer: 'A',
          limitation_calculator_sub_answers: [{ sub_answer: 'S', date_field_label: 'Decree Date', days: 1 }],
        },
      ],
    });
    expect(badLabel.statusCode).toBe(422);
    expect(badLabel.json()).toMatchObject({
      validation_error: {
        'limitation_calculator_answers.0.limitation_calculator_sub_answers.0.date_field_label': [
          MSG_DATE_FIELD_LABEL,
        ],
      },
    });

    const body = {
      limitation_calculator_case_id: revision.id,
      question: 'Which revision?',
      limitation_calculator_answers: [
        {
          answer: 'Civil revision (s.115 CPC)',
          also_known_as: ['C.R.'],
          limitation_calculator_sub_answers: [
            {
              sub_answer: 'Date of the order',
              // The original client's question form offers the old spelling (issue 31): kept as the new one.
              date_field_label: 'Challanging Date',
              days: 90,
              display_order: 1,
            },
            { sub_answer: 'Copy applied', date_field_label: 'Order Date', days: 90, display_order: 2 },
          ],
        },
      ],
    };
    expect(
      (await call('POST', '/api/save_limitation_calculator_case_questions_and_answers', lawyer, body))
        .statusCode,
    ).toBe(403);
    const saved = await call(
      'POST',
      '/api/save_limitation_calculator_case_questions_and_answers',
      admin,
      body,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const q = saved.json<{
      caseQuestion: TRow & {
        limitation_calculator_answers: (TRow & { limitation_calculator_sub_answers: TRow[] })[];
      };
    }>().caseQuestion;
    expect(
      q.limitation_calculator_answers[0]!.limitation_calculator_sub_answers.map((s) => s.date_field_label),
    ).toEqual(['Challenging Date', 'Order Date']);
    const read = await call(
      'POST',
      '/api/get_limitation_calculator_case_questionand_answer/by_question_id/',
      lawyer,
      {
        question_id: q.id,
      },
    );
    expect(read.json<{ caseQuestion: TRow }>().caseQuestion).toEqual(q);
    expect(
      (
        await call('POST', '/api/get_limitation_calculator_case_questionand_answer/by_question_id/', other, {
          question_id: q.id,
        })
      ).statusCode,
    ).toBe(404);
    const all = (await call('GET', '/api/get_all_limitation_calculator_case_questions', lawyer)).json<{
      caseQuestions: TRow[];
    }>();
    expect(all.caseQuestions.find((x) => x.id === q.id)).toMatchObject({
      limitation_calculator_case: { title: 'Revision' },
    });

    // Edited whole: the answer's days change in place.
    const answer = q.limitation_calculator_answers[0]!;
    const edited = await call('POST', '/api/save_limitation_calculator_case_questions_and_answers', admin, {
      ...q,
      limitation_calculator_answers: [
        {
          ...answer,
          limitation_calculator_sub_answers: answer.limitation_calculator_sub_answers.map((s) => ({
            ...s,
            days: 30,
          })),
        },
      ],
    });
    expect(edited.json<{ message: string }>().message).toBe(MSG.updatedOk);
    expect((await subAnswers(answer.id)).map((s) => s.days)).toEqual([30, 30]);

    const sub = answer.limitation_calculator_sub_answers[1]!;
    expect(
      (await call('DELETE', `/api/delete_limitation_calculator_sub_answer/${sub.id}`, lawyer)).statusCode,
    ).toBe(403);
    expect(
      (await call('DELETE', `/api/delete_limitation_calculator_sub_answer/${sub.id}`, admin)).statusCode,
    ).toBe(200);
    expect((await subAnswers(answer.id)).length).toBe(1);
    // Deleting the answer deletes its sub answers; deleting the question its answers.
    expect(
      (await call('DELETE', `/api/delete_limitation_calculator_case_answer/${answer.id}`, admin)).statusCode,
    ).toBe(200);
    expect(await subAnswers(answer.id)).toEqual([]);
    expect(
      (await call('DELETE', `/api/delete_limitation_calculator_case_question/${q.id}`, admin)).statusCode,
    ).toBe(200);
    expect(
      (await call('DELETE', `/api/delete_limitation_calculator_case_question/${q.id}`, admin)).statusCode,
    ).toBe(404);
  });

  it('reads an FIR’s sections exactly, for a visitor, grouped by statute, with the PDF read back', async () => {
    const res = await search({
      filterSections: [{ section: '302' }, { section: '337A(i)' }, { section: '20', statute_id: null }],
      sectionData: { police_station: 'Civil Lines', fir_no: '123', year: '2026' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{
      sectionSearchResults: TSection[][];
      fir_reader_result_pdf_download_url: string;
      search_item: object;
      noResultFound: boolean;
    }>();
    expect(body.noResultFound).toBe(false);
    expect(body.search_item).toEqual({ police_station: 'Civil Lines', fir_no: '123', year: '2026' });
    expect(body.sectionSearchResults.map((g) => g.map((s) => `${s.statute.title} ${s.fir_no}`))).toEqual([
      ['Pakistan Penal Code, 1860 302', 'Pakistan Penal Code, 1860 337-A(i)'],
      ['Prevention of Electronic Crimes Act, 2016 20'],
    ]);
    const s302 = body.sectionSearchResults[0]![0]!;
    expect(s302).toMatchObject({ bailable_info: 'Not bailable' });

    // 3021 and 30 are not 302.
    const none = (await search({ filterSections: [{ section: '3021' }, { section: '30' }] })).json<{
      noResultFound: boolean;
      sectionSearchResults: unknown[];
    }>();
    expect(none).toMatchObject({ noResultFound: true, sectionSearchResults: [] });
    const blank = await search({ filterSections: [{ section: '302' }, { section: ' ' }] });
    expect(blank.statusCode).toBe(422);
    expect(blank.json()).toMatchObject({
      validation_error: { 'filterSections.1.section': [MSG_FIR_SECTION_REQUIRED] },
    });

    const url = new URL(body.fir_reader_result_pdf_download_url);
    const builds = t.app.pdfWorkers.started;
    const pdf = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(pdf.statusCode).toBe(200);
    // Built by a PDF worker thread, not on the server's event loop.
    expect(t.app.pdfWorkers.started).toBe(builds + 1);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(String(pdf.headers['content-disposition'])).toContain('FIR Search Results.pdf');
    const text = (await readPdf(new Uint8Array(pdf.rawPayload))).text.join(' ');
    expect(text).toContain('FIR Search Results');
    expect(text).toContain('Police Station: Civil Lines');
    expect(text).toContain('Section 302');
    expect(text).toContain('Section 337-A(i)');
    expect(text).not.toContain('Section 30:');
    const download = await call('POST', '/api/download_fir_reader_result_pdf', undefined, {
      filterSections: [{ section: '302' }],
    });
    expect(download.json<{ file_path: string }>().file_path).toContain('/api/fir_reader_result_pdf?q=');
    expect((await call('GET', '/api/fir_reader_result_pdf?q=not-json')).statusCode).toBe(400);
  });

  it('lists FIR sections paged and filtered, and lets only an admin edit them, with Long Text answers', async () => {
    expect((await call('GET', '/api/fir_sections')).statusCode).toBe(401);
    const page = (await call('GET', '/api/fir_sections?section=337-a', lawyer)).json<{
      fir_sections: { data: TSection[]; total: number; per_page: number };
    }>().fir_sections;
    expect(page.data.map((s) => s.fir_no)).toEqual([
      '337-A(i)',
      '337-A(ii)',
      '337-A(iii)',
      '337-A(iv)',
      '337-A(v)',
      '337-A(vi)',
    ]);
    const all = (await call('GET', '/api/fir_sections?page=4', lawyer)).json<{
      fir_sections: { data: TSection[]; total: number; from: number };
    }>().fir_sections;
    expect(all).toMatchObject({ total: 74, from: 61 });
    expect(all.data.length).toBe(14);
    const titled = (await call('GET', '/api/fir_sections?title=qatl', lawyer)).json<{
      fir_sections: { data: TSection[] };
    }>();
    expect(titled.fir_sections.data.length).toBeGreaterThan(0);
    expect(titled.fir_sections.data.every((s) => s.title.toLowerCase().includes('qatl'))).toBe(true);

    const statute = page.data[0]!.statute_id as string;
    const missing = await call('POST', '/api/fir_sections', admin, { title: '', fir_no: '' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({
      validation_error: { statute_id: [MSG_FIR_STATUTE_REQUIRED], fir_no: [MSG_FIR_SECTION_REQUIRED] },
    });
    const long = await call('POST', '/api/fir_sections', admin, {
      statute_id: statute,
      title: 'x'.repeat(501),
      fir_no: '999',
      punishment_info: 'y'.repeat(2001),
    });
    expect(long.statusCode).toBe(422);
    expect(Object.keys(long.json<{ validation_error: object }>().validation_error).sort()).toEqual([
      'punishment_info',
      'title',
    ]);
    const body = { statute_id: statute, title: 'Test offence', fir_no: '999-Z', bailable_info: 'Bailable' };
    expect((await call('POST', '/api/fir_sections', lawyer, body)).statusCode).toBe(403);
    const saved = await call('POST', '/api/fir_sections', admin, body);
    expect(saved.statusCode, saved.body).toBe(200);
    const row = saved.json<{ firSectionData: TSection }>().firSectionData;
    expect(row.statute.title).toBe('Pakistan Penal Code, 1860');
    const one = await call('GET', `/api/fir_sections/${row.id}`, lawyer);
    expect(one.json<{ firSectionData: TSection }>().firSectionData.fir_no).toBe('999-Z');
    expect((await call('GET', `/api/fir_sections/${row.id}`, other)).statusCode).toBe(404);
    expect((await call('POST', '/api/fir_sections', other, { ...body, id: row.id })).statusCode).toBe(404);
    // The reader finds it as 999Z too; another firm's reader does not.
    const found = (await search({ filterSections: [{ section: '999z' }] }, lawyer)).json<{
      noResultFound: boolean;
    }>();
    expect(found.noResultFound).toBe(false);
    expect(
      (await search({ filterSections: [{ section: '999z' }] }, other)).json<{ noResultFound: boolean }>()
        .noResultFound,
    ).toBe(true);
    expect((await call('DELETE', `/api/fir_sections/${row.id}`, lawyer)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/fir_sections/${row.id}`, admin)).statusCode).toBe(200);
    expect((await call('GET', `/api/fir_sections/${row.id}`, admin)).statusCode).toBe(404);
  });

  it('syncs holidays and sections to devices; admins add holidays, the public snapshot carries them', async () => {
    const device = await connectDevice(t, lawyer);
    expect(device.rowsOf('fir_sections').length).toBe(74);
    expect(device.rowsOf('limitation_sub_answers').length).toBeGreaterThan(190);
    const bad = await call('POST', '/api/holidays', admin, { date: '2026-02-30', title: 'Eid' });
    expect(bad.statusCode).toBe(422);
    expect(
      (await call('POST', '/api/holidays', lawyer, { date: '2026-03-20', title: 'Eid' })).statusCode,
    ).toBe(403);
    const eid = await call('POST', '/api/holidays', admin, { date: '2026-03-20', title: 'Eid ul Fitr' });
    expect(eid.statusCode, eid.body).toBe(200);
    await device.pull();
    expect(device.rowsOf('holidays').map((h) => h.title)).toEqual(['Eid ul Fitr']);
    const snapshot = (await call('GET', '/api/public_tools')).json<Record<string, TRow[]>>();
    expect(snapshot.holidays!.map((h) => h.date)).toEqual(['2026-03-20']);
    expect(snapshot.fir_sections!.length).toBe(74);
    expect(snapshot.limitation_cases!.length).toBe(5);
    // Another firm's snapshot (signed in there) has none of this firm's holidays.
    expect((await call('GET', '/api/public_tools', other)).json<Record<string, TRow[]>>().holidays).toEqual(
      [],
    );
  });

  it('gives each user a meeting of their own in the room the admin configured', async () => {
    type TMeeting = { meeting: { meeting_id_public: string; host_meeting_iframe: string | null } };
    expect((await call('POST', '/api/get_user_meeting', undefined, {})).statusCode).toBe(401);
    const mine = (await call('POST', '/api/get_user_meeting', admin, {})).json<TMeeting>().meeting;
    expect(mine.meeting_id_public).toMatch(/^[a-z0-9]{3}-[a-z0-9]{4}-[a-z0-9]{3}$/);
    expect(mine.host_meeting_iframe).toBeNull();
    expect((await call('POST', '/api/get_user_meeting', admin, {})).json<TMeeting>().meeting).toEqual(mine);
    const lawyers = (await call('POST', '/api/get_user_meeting', lawyer, {})).json<TMeeting>().meeting;
    expect(lawyers.meeting_id_public).not.toBe(mine.meeting_id_public);
    const fresh = (await call('POST', '/api/create_new_meeting', admin, {})).json<TMeeting>().meeting;
    expect(fresh.meeting_id_public).not.toBe(mine.meeting_id_public);

    const { setting } = (await call('GET', '/api/settings', admin)).json<{
      setting: Record<string, unknown>;
    }>();
    const saved = await call('POST', '/api/settings', admin, {
      ...setting,
      host_whereby_iframe: 'https://meet.jit.si/',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const room = (await call('POST', '/api/get_user_meeting', lawyer, {})).json<TMeeting>().meeting;
    expect(room.host_meeting_iframe).toBe(
      `https://meet.jit.si/eLawFirm-${lawyers.meeting_id_public}#userInfo.displayName=%22eLawFirm%22&config.disableDeepLinking=true`,
    );
  });

  it('rate limits the public calls', async () => {
    let status = 200;
    for (let i = 0; i <= PUBLIC_TOOLS_PER_MINUTE && status !== 429; i++)
      status = (
        await call('POST', '/api/limitation_calculator_case_sub_answers', undefined, { anser_id: 'x' })
      ).statusCode;
    expect(status).toBe(429);
  });
});
