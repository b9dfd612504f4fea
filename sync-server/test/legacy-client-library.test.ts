import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import type { LightMyRequestResponse as InjectResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PDFDocument, rgb } from 'pdf-lib';
import { MSG } from '@lawfirm/shared-types';
import { MSG_LIBRARY_FILE_TYPES } from '@lawfirm/shared-types/library/pages.ts';
import { MSG_SELECT_FILE } from '../src/case-files/case-files.schema.ts';
import { limitationLastDate } from '@lawfirm/shared-types/limitation/limitation-date.ts';
import { up as fixChallengingDate } from '../../migrations/src/2026_11_28_0020_challenging_date.ts';
import { PUBLIC_TOOLS_PER_MINUTE } from '../src/reference-data/tools-firm.ts';
import { PDF_SMALL, PNG_1PX } from './case-files-helpers.ts';
import { connectDevice } from './device.ts';
import { LEGACY_ORIGIN, legacyLogin, type LegacyClient } from './legacy-client-helpers.ts';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  adminBearer,
  createFirm,
  createTestApp,
  describeEachDb,
  insertUser,
  type TestApp,
} from './helper.ts';

/**
 * The original Vue client against this server, the library and public tools (issue 31 items 3 and 8–13):
 * every request is the one that client sends (rest-contract.md and its source), from the origin a firm lists
 * in CORS_ORIGINS, and each test asserts what that client then reads.
 */

type Row = Record<string, unknown> & { id: string };

/** A call of a page anyone may open: the client still sends `Bearer null` when nobody is signed in. */
const visitorCall = (t: TestApp, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { origin: LEGACY_ORIGIN, authorization: 'Bearer null' },
    ...(payload ? { payload } : {}),
  });

/**
 * LimitationCalculator.vue as a visitor uses it: the case kinds, the kind's question and answers, the chosen
 * answer's sub answers; one date input per sub answer, its id the label with the spaces taken out.
 */
async function calculatorInputs(t: TestApp, caseTitle: string, pick: (answer: Row) => boolean) {
  const json = async <T>(res: Promise<InjectResponse>) => {
    const r = await res;
    expect(r.statusCode, r.body).toBe(200);
    return r.json<T>();
  };
  const { limitation_calculator_cases: cases } = await json<{ limitation_calculator_cases: Row[] }>(
    visitorCall(t, 'GET', '/api/limitation_calculator_cases'),
  );
  const kind = cases.find((c) => c.title === caseTitle)!;
  const { caseQuestionAnswers } = await json<{ caseQuestionAnswers: Row[] }>(
    visitorCall(t, 'POST', '/api/limitation_calculator_case_questions', { case_id: kind.id }),
  );
  const answer = caseQuestionAnswers.find(pick)!;
  // `anser_id` (sic), as the client spells it.
  const { subAnswers } = await json<{ subAnswers: Row[] }>(
    visitorCall(t, 'POST', '/api/limitation_calculator_case_sub_answers', { anser_id: answer.id }),
  );
  return new Map(subAnswers.map((s) => [`#${String(s.date_field_label).replace(/ +/g, '')}`, s]));
}

/** Article 151 (Intra Court Appeal): 20 days from the order, with the copy's dates. */
const article151 = (a: Row) => a.article === '151';

/** Its setDate() with only the challenging date typed: that date plus the sub answer's days (a plain weekday). */
function clientLastDate(inputs: Map<string, Row>, challenging: string): string | null {
  const input = inputs.get('#ChallengingDate');
  // document.querySelector("#ChallengingDate") is null: the page throws and shows no date.
  if (!input) return null;
  const d = new Date(`${challenging}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + Number(input.days));
  return d.toISOString().slice(0, 10);
}

describeEachDb('original web client: the public limitation calculator (issue 31 item 3)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { corsOrigins: [LEGACY_ORIGIN] });
  });
  afterAll(() => t.close());

  it('finds its date inputs by the labels (#ChallengingDate) and computes the last date', async () => {
    const inputs = await calculatorInputs(t, 'Appeal', article151);
    expect([...inputs.keys()]).toEqual(['#ChallengingDate', '#OrderDate', '#PreparedDate']);
    // Wednesday 15/07/2026 + 20 days = Tuesday 04/08/2026, as our own calculator works it out.
    expect(clientLastDate(inputs, '2026-07-15')).toBe('2026-08-04');
    expect(limitationLastDate({ days: 20, challengingDate: '2026-07-15' })).toMatchObject({
      ok: true,
      lastDate: '2026-08-04',
    });
  });

  it('its question form offers the old spelling: what it saves is labelled Challenging Date', async () => {
    const admin = { ...(await adminBearer(t)), origin: LEGACY_ORIGIN };
    // LimitationCalculatorCaseIndex.vue adds a case kind; CreateUpdateQuestionsAnswers.vue its question, where
    // <option>Challanging Date</option> is what goes out.
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/limitation_calculator_cases',
      headers: admin,
      payload: { title: 'Execution', display_order: '' },
    });
    expect(added.statusCode, added.body).toBe(200);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/save_limitation_calculator_case_questions_and_answers',
      headers: admin,
      payload: {
        limitation_calculator_case_id: added.json<{ limitation_calculator_case: Row }>()
          .limitation_calculator_case.id,
        question: 'Which execution is it?',
        limitation_calculator_answers: [
          {
            id: '',
            answer: 'Execution of a decree',
            limitation_calculator_sub_answers: [
              { id: '', date_field_label: 'Challanging Date', sub_answer: 'Date of the decree', days: '90' },
            ],
          },
        ],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const inputs = await calculatorInputs(t, 'Execution', (a) => a.answer === 'Execution of a decree');
    expect([...inputs.keys()]).toEqual(['#ChallengingDate']);
    // Monday 02/03/2026 + 90 days = Sunday 31/05/2026 by the client's plain sum.
    expect(clientLastDate(inputs, '2026-03-02')).toBe('2026-05-31');
  });
});

describeEachDb('migration: an installed firm’s calculator gets the Challenging Date label', (kind) => {
  let t: TestApp;
  let otherFirm: string;
  beforeAll(async () => {
    t = await createTestApp(kind, { corsOrigins: [LEGACY_ORIGIN] });
    otherFirm = await createFirm(t, 'Second Chambers');
  });
  afterAll(() => t.close());

  /** Puts a firm's sub answers back as the old data seeded them. */
  const installedWithOldLabel = async (companyId: string) =>
    t.app.db
      .updateTable('limitation_sub_answers')
      .set({ date_field_label: 'Challanging Date' })
      .where('company_id', '=', companyId)
      .where('date_field_label', '=', 'Challenging Date')
      .execute();
  const labelled = async (companyId: string, label: string) =>
    (
      await t.app.db
        .selectFrom('limitation_sub_answers')
        .select('id')
        .where('company_id', '=', companyId)
        .where('date_field_label', '=', label)
        .where('deleted_at', 'is', null)
        .execute()
    ).map((r) => r.id);

  it('corrects every firm’s label, a device that synced before pulls it, and the client computes', async () => {
    const db = t.app.db;
    await installedWithOldLabel(t.providerId);
    await installedWithOldLabel(otherFirm);
    const old = await labelled(t.providerId, 'Challanging Date');
    expect(old.length).toBeGreaterThan(50);
    const office = await connectDevice(t, await adminBearer(t));
    expect(office.rows.get(`limitation_sub_answers/${old[0]}`)).toMatchObject({
      date_field_label: 'Challanging Date',
    });
    // As the original client met it: no #ChallengingDate, so no last date.
    const before = await calculatorInputs(t, 'Appeal', article151);
    expect(clientLastDate(before, '2026-07-15')).toBeNull();

    await fixChallengingDate(db);

    const delivered = await office.pull();
    expect([...delivered.keys()].sort()).toEqual(old.map((id) => `limitation_sub_answers/${id}`).sort());
    for (const row of delivered.values()) expect(row).toMatchObject({ date_field_label: 'Challenging Date' });
    expect(await labelled(t.providerId, 'Challanging Date')).toEqual([]);
    expect(await labelled(otherFirm, 'Challanging Date')).toEqual([]);
    expect(clientLastDate(await calculatorInputs(t, 'Appeal', article151), '2026-07-15')).toBe('2026-08-04');

    // Run again (a restart): nothing is left to correct, nothing is logged twice.
    const logged = await db.selectFrom('change_log').select('seq').execute();
    await fixChallengingDate(db);
    expect(await db.selectFrom('change_log').select('seq').execute()).toHaveLength(logged.length);
  });

  it('a device’s edit of the label made before the fix is a conflict; its other fields merge', async () => {
    const [id] = await labelled(t.providerId, 'Challenging Date');
    await t.app.db
      .updateTable('limitation_sub_answers')
      .set({ date_field_label: 'Challanging Date' })
      .where('id', '=', id!)
      .execute();
    const stale = await connectDevice(t, await adminBearer(t));
    await fixChallengingDate(t.app.db);
    const r = await stale.push([
      {
        name: 'put',
        args: { entity: 'limitation_sub_answers', id, values: { date_field_label: 'Order Date' } },
      },
      { name: 'put', args: { entity: 'limitation_sub_answers', id, values: { days: 45 } } },
    ]);
    expect(r.results.map((x) => x.status)).toEqual(['conflict', 'applied']);
    const row = await t.app.db
      .selectFrom('limitation_sub_answers')
      .selectAll()
      .where('id', '=', id!)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ date_field_label: 'Challenging Date', days: 45 });
  });
});

describeEachDb(
  'original web client: courts, dated documents and statutes (issue 31 items 8, 11, 12)',
  (kind) => {
    let t: TestApp;
    let admin: LegacyClient;
    beforeAll(async () => {
      t = await createTestApp(kind, { corsOrigins: [LEGACY_ORIGIN] });
      admin = await legacyLogin(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    });
    afterAll(() => t.close());

    it('the case category form’s court picker has a label for every court (its label prop is short_title)', async () => {
      const added = await admin.call('POST', '/api/courts', { title: 'District Courts, Sahiwal' });
      expect(added.statusCode, added.body).toBe(200);
      type Court = { id: string; title: string; short_title: string | null; label: string; value: string };
      const { courts } = (await admin.call('GET', '/api/get_court_names')).json<{ courts: Court[] }>();
      // petition-types/CreateUpdate.vue: <Multiselect :options="courts" label="short_title">.
      expect(courts.length).toBeGreaterThan(2);
      for (const c of courts) {
        expect(c.short_title, c.title).toBeTruthy();
        expect(c.value).toBe(c.id);
      }
      expect(courts.find((c) => c.title === 'District Courts, Sahiwal')).toMatchObject({
        short_title: 'DISTRICT COURTS, SAHIWAL',
        label: 'District Courts, Sahiwal',
      });
      // The court itself keeps no short title: only that answer fills it in.
      const listed = (await admin.call('GET', '/api/courts')).json<{ courts: Court[] }>().courts;
      expect(listed.find((c) => c.title === 'District Courts, Sahiwal')).toMatchObject({ short_title: null });
    });

    it('after a delete, the page’s read of the deleted row answers record: null, not an error', async () => {
      const petitionId = (
        await admin.call('POST', '/api/petitions', { case_no: '44', year: 2026, title: 'Deleted vs Reread' })
      ).json<{ petition_id: string }>().petition_id;
      const modules = [
        ['petition_order_sheets', 'petitionOrderSheet', 'order_sheet'],
        ['petition_talbana', 'petitionTalbana', 'talbana'],
        ['petition_synopsis', 'petitionSynopsis', 'synopsis'],
        ['petition_naqal_forms', 'PetitionNaqalForm', 'naqal_form'],
      ] as const;
      for (const [module, savedKey, prefix] of modules) {
        // CreateUpdate.vue of each module, twice.
        const save = async (title: string, date: string) => {
          const res = await admin.call('POST', `/api/${module}`, {
            petition_id: petitionId,
            [`${prefix}_type_id`]: '',
            [`${prefix}_date`]: date,
            title,
            description: `${title} of the case`,
          });
          expect(res.statusCode, res.body).toBe(200);
          return res.json<Record<string, { id: string }>>()[savedKey]!.id;
        };
        const kept = await save('Kept', '02/11/2026');
        const gone = await save('Gone', '09/11/2026');
        // *Index.vue: DELETE, then router.push to the case's index and a by_petition read with the old id.
        expect((await admin.call('DELETE', `/api/${module}/${gone}`)).statusCode).toBe(200);
        const reread = await admin.call('POST', `/api/${module}/by_petition`, {
          petition_id: petitionId,
          id: gone,
        });
        expect(reread.statusCode, `${module}: ${reread.body}`).toBe(200);
        expect(reread.json(), module).toMatchObject({
          record: null,
          previous_index_id: null,
          next_index_id: null,
          petition: { id: petitionId },
        });
        // The page's list and a read of the row still there are as before.
        const list = (await admin.call('GET', `/api/${module}?petition_id=${petitionId}`)).json<{
          records: { id: string }[];
        }>();
        expect(list.records.map((r) => r.id)).toEqual([kept]);
        expect(
          (
            await admin.call('POST', `/api/${module}/by_petition`, { petition_id: petitionId, id: kept })
          ).json(),
        ).toMatchObject({ record: { id: kept, title: 'Kept' } });
      }
      // Another firm's case file is still not found, whatever id comes with it.
      const firm = await createFirm(t, 'Elsewhere Chambers');
      const o = await insertUser(t, { role: 'ADMIN', companyId: firm });
      const other = await legacyLogin(t, o.email, o.password);
      const theirs = await other.call('POST', '/api/petition_order_sheets/by_petition', {
        petition_id: petitionId,
        id: 'no-such-row',
      });
      expect(theirs.statusCode).toBe(404);
    });

    it('the public FIR reader’s statute pickers: a visitor (Bearer null) gets the list, rate limited', async () => {
      const added = await admin.call('POST', '/api/statutes', {
        title: 'Punjab Arms Ordinance, 1965',
        display_order: '',
      });
      expect(added.statusCode, added.body).toBe(200);
      const signedIn = (await admin.call('GET', '/api/statutes')).json<{ statutes: Row[] }>().statutes;
      // FirIndex.vue / FirSectionList.vue / CreateUpdateFir.vue: GET /api/statutes with "Bearer null".
      const res = await visitorCall(t, 'GET', '/api/statutes');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBe(LEGACY_ORIGIN);
      const { statutes } = res.json<{ statutes: Row[] }>();
      expect(statutes.map((s) => s.title)).toContain('Punjab Arms Ordinance, 1965');
      // Each statute is its id, title and place in the list: nothing else goes to a visitor.
      for (const s of statutes) expect(Object.keys(s).sort()).toEqual(['display_order', 'id', 'title']);
      expect(statutes).toEqual(signedIn);
      // StatuteIndex.vue's title filter works for both.
      const found = (await visitorCall(t, 'GET', '/api/statutes?title=arms ordinance')).json<{
        statutes: Row[];
      }>();
      expect(found.statutes.map((s) => s.title)).toEqual(['Punjab Arms Ordinance, 1965']);
      // Another firm's statutes are not the site's.
      const firm = await createFirm(t, 'Statute Chambers');
      const o = await insertUser(t, { role: 'ADMIN', companyId: firm });
      const other = await legacyLogin(t, o.email, o.password);
      await other.call('POST', '/api/statutes', { title: 'Their Own Act, 2001', display_order: '' });
      const site = (await visitorCall(t, 'GET', '/api/statutes')).json<{ statutes: Row[] }>().statutes;
      expect(site.map((s) => s.title)).not.toContain('Their Own Act, 2001');
      expect(
        (await other.call('GET', '/api/statutes')).json<{ statutes: Row[] }>().statutes.map((s) => s.title),
      ).toContain('Their Own Act, 2001');
      // Changing the list still needs a signed-in admin.
      const write = await visitorCall(t, 'POST', '/api/statutes', {
        title: 'Visitor Act',
        display_order: '',
      });
      expect(write.statusCode).toBe(401);

      // Visitors share the public tools' limit; signed-in callers are not counted.
      let last: InjectResponse | undefined;
      for (let i = 0; i < PUBLIC_TOOLS_PER_MINUTE + 2 && last?.statusCode !== 429; i++)
        last = await visitorCall(t, 'GET', '/api/statutes');
      expect(last!.statusCode).toBe(429);
      expect(last!.json()).toEqual({ message: MSG.tooManyRequests });
      expect((await admin.call('GET', '/api/statutes')).statusCode).toBe(200);
    });
  },
);

/** A one-page PDF with something to see on it. */
async function onePagePdf(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  page.drawText(text, { x: 50, y: 760, size: 28 });
  page.drawRectangle({ x: 50, y: 300, width: 400, height: 300, color: rgb(0.1, 0.3, 0.7) });
  return Buffer.from(await doc.save());
}

/** The URL InvoiceThumb.vue builds for a page's file; the browser percent-encodes what a URL cannot hold. */
const thumbUrl = (folder: string, page: { id: string; attachment: { file_name: string } }) =>
  encodeURI(`/storage/attachments/${folder}/${page.id}/${page.attachment.file_name}`);

type Page = Row & { attachment: { file_name: string; mime_type: string } | null };

describeEachDb('original web client: library files (issue 31 items 9, 10)', (kind) => {
  let t: TestApp;
  let admin: LegacyClient;
  beforeAll(async () => {
    t = await createTestApp(kind, { corsOrigins: [LEGACY_ORIGIN], legacyPublicStorage: true });
    admin = await legacyLogin(t, ADMIN_EMAIL, ADMIN_PASSWORD);
  });
  afterAll(() => t.close());

  /** GeneralCaseLawIndex.vue's list, as it reads it. */
  const propositions = async () =>
    (await admin.call('GET', '/api/general_case_laws')).json<{ general_case_Laws: Page[] }>()
      .general_case_Laws;

  it('a proposition takes files from the client’s uploader, and its card’s link opens the first', async () => {
    // general-case-laws/Update.vue saves the proposition as JSON.
    const saved = await admin.call('POST', '/api/general_case_laws', {
      case_title: 'Bail after arrest in a non-bailable offence',
      keywords: 'bail, 497 CrPC',
      legal_provisions: 'Section 497 CrPC',
      content: '<p>Bail is a rule and refusal an exception.</p>',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const id = saved.json<{ case_laws: { id: string } }>().case_laws.id;

    // FileUpload.vue with type="App\Models\GeneralCaseLaw": files[i], attachmentable_id, attachmentable_type
    // and petition_id, which is "undefined" on these pages (FormData turns undefined into the text).
    const pdf = await onePagePdf('Bail principles');
    const up = await admin.form(
      '/api/attachments',
      { attachmentable_id: id, attachmentable_type: 'App\\Models\\GeneralCaseLaw', petition_id: 'undefined' },
      [
        { filename: 'Bail judgment.pdf', type: 'application/pdf', data: pdf },
        { filename: 'headnote.png', type: 'image/png', data: PNG_1PX },
      ],
    );
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toMatchObject({
      message: 'Files Uploaded Successfully!',
      attachments: [
        {
          attachmentable_id: id,
          attachmentable_type: 'App\\Models\\GeneralCaseLaw',
          file_name: 'Bail judgment.pdf',
        },
        { file_name: 'headnote.png', mime_type: 'image/png' },
      ],
    });

    // The card (InvoiceThumb, isSamplePleading) links `attachment`: the page's first file.
    const page = (await propositions()).find((p) => p.id === id)!;
    expect(page.attachment).toMatchObject({ file_name: 'Bail judgment.pdf', mime_type: 'application/pdf' });
    // A link sends no token.
    const file = await t.app.inject({
      method: 'GET',
      url: thumbUrl(
        'Frequently-Asked-Legal-Propositions',
        page as { id: string; attachment: { file_name: string } },
      ),
    });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.rawPayload.equals(pdf)).toBe(true);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^attachment/);
    expect(file.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const image = await t.app.inject({
      method: 'GET',
      url: `/storage/attachments/Frequently-Asked-Legal-Propositions/${id}/headnote.png`,
    });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(PNG_1PX)).toBe(true);
    expect(image.headers['content-disposition']).toMatch(/^inline/);

    // The same name again is kept beside the first, never in its place.
    const again = await admin.form(
      '/api/attachments',
      { attachmentable_id: id, attachmentable_type: 'App\\Models\\GeneralCaseLaw', petition_id: 'undefined' },
      [{ filename: 'headnote.png', type: 'image/png', data: PNG_1PX }],
    );
    expect(again.json()).toMatchObject({ attachments: [{ file_name: 'headnote (2).png' }] });

    // Our app's devices get the files as the page's own.
    const device = await connectDevice(t, await adminBearer(t));
    expect(
      device
        // A page's files are rows of the one attachment model (migration 0022).
        .rowsOf('attachments')
        .filter((f) => f.owner_id === id)
        .map((f) => f.file_name),
    ).toEqual(['Bail judgment.pdf', 'headnote.png', 'headnote (2).png']);

    // Refused with a message: a page that is not there, a type the library does not keep, a member who may
    // not change the library.
    const form = (fields: Record<string, string>, client = admin) =>
      client.form('/api/attachments', { attachmentable_type: 'App\\Models\\GeneralCaseLaw', ...fields }, [
        { filename: 'a.png', type: 'image/png', data: PNG_1PX },
      ]);
    const missing = await form({ attachmentable_id: 'no-such-page', petition_id: 'undefined' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ message: string }>().message).toBeTruthy();
    const xml = await admin.form(
      '/api/attachments',
      { attachmentable_id: id, attachmentable_type: 'App\\Models\\GeneralCaseLaw', petition_id: 'undefined' },
      [{ filename: 'note.xml', type: 'text/xml', data: Buffer.from('<?xml version="1.0"?><note>x</note>') }],
    );
    expect(xml.statusCode).toBe(422);
    expect(xml.json()).toMatchObject({ validation_error: { files: [MSG_LIBRARY_FILE_TYPES] } });
    const l = await insertUser(t, { role: 'LAWYER' });
    const lawyer = await legacyLogin(t, l.email, l.password);
    expect((await form({ attachmentable_id: id, petition_id: 'undefined' }, lawyer)).statusCode).toBe(403);
    // No file at all: the library's policy is asked first (the lawyer is refused), then the file (the admin).
    const none = (client: typeof admin) =>
      client.form(
        '/api/attachments',
        {
          attachmentable_id: id,
          attachmentable_type: 'App\\Models\\GeneralCaseLaw',
          petition_id: 'undefined',
        },
        [],
      );
    expect((await none(lawyer)).statusCode).toBe(403);
    const empty = await none(admin);
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toMatchObject({ validation_error: { files: [MSG_SELECT_FILE] } });
  });

  it('sample pleadings and contracts: the files of their forms open at the URLs their cards build', async () => {
    const pdf = await onePagePdf('Plaint for recovery');
    // sample-pleadings/CreateUpdate.vue: files[i], title, content.
    const pleading = await admin.form(
      '/api/sample_pleadings',
      { title: 'Suit for recovery of money', content: '<p>Plaint under Order XXXVII CPC</p>' },
      [{ filename: 'Recovery plaint.pdf', type: 'application/pdf', data: pdf }],
    );
    expect(pleading.statusCode, pleading.body).toBe(200);
    const category = (await admin.call('POST', '/api/contract_categories', { title: 'Tenancy' })).json<{
      category: { id: string };
    }>().category.id;
    // contract-and-agreement/CreateUpdate.vue: files[i], contract_category_id, title, content.
    const contract = await admin.form(
      '/api/contracts_and_agreements',
      { contract_category_id: category, title: 'Rent agreement', content: '<p>Monthly rent</p>' },
      [{ filename: 'rent.png', type: 'image/png', data: PNG_1PX }],
    );
    expect(contract.statusCode, contract.body).toBe(200);

    const pleadings = (await admin.call('GET', '/api/sample_pleadings')).json<{ sample_pleadings: Page[] }>()
      .sample_pleadings;
    const contracts = (await admin.call('GET', '/api/contracts_and_agreements')).json<{
      contracts_and_agreemnets: Page[];
    }>().contracts_and_agreemnets;
    const shown = [
      ['sample-pleadings', pleadings[0]!, pdf],
      ['contracts-and-agreements', contracts[0]!, PNG_1PX],
    ] as const;
    for (const [folder, page, bytes] of shown) {
      const res = await t.app.inject({
        method: 'GET',
        url: thumbUrl(folder, page as { id: string; attachment: { file_name: string } }),
      });
      expect(res.statusCode, `${folder}: ${res.body}`).toBe(200);
      expect(res.rawPayload.equals(bytes)).toBe(true);
    }
    // A file of one kind's page is not found under another kind's folder, nor once its page is deleted.
    const pleadingUrl = thumbUrl(
      'sample-pleadings',
      pleadings[0] as { id: string; attachment: { file_name: string } },
    );
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: pleadingUrl.replace('sample-pleadings', 'contracts-and-agreements'),
        })
      ).statusCode,
    ).toBe(404);
    expect((await admin.call('DELETE', `/api/sample_pleadings/${pleadings[0]!.id}`)).statusCode).toBe(200);
    const gone = await t.app.inject({ method: 'GET', url: pleadingUrl });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: 'File not found.' });
  });

  it('without LEGACY_PUBLIC_STORAGE the files stay private: refused without a token', async () => {
    const closed = await createTestApp(kind, { corsOrigins: [LEGACY_ORIGIN] });
    try {
      const client = await legacyLogin(closed, ADMIN_EMAIL, ADMIN_PASSWORD);
      const page = await client.form(
        '/api/sample_pleadings',
        { title: 'Written statement', content: '<p>Para-wise reply</p>' },
        [{ filename: 'ws.png', type: 'image/png', data: PNG_1PX }],
      );
      const id = page.json<{ sample_pleading: { id: string } }>().sample_pleading.id;
      const url = `/storage/attachments/sample-pleadings/${id}/ws.png`;
      const anonymous = await closed.app.inject({ method: 'GET', url });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ message: 'Unauthenticated.' });
      expect(anonymous.headers['cross-origin-resource-policy']).toBe('same-origin');
      // A signed-in reader of the firm's library (our app) gets it; another firm's admin does not.
      const own = await closed.app.inject({ method: 'GET', url, headers: await adminBearer(closed) });
      expect(own.statusCode).toBe(200);
      expect(own.rawPayload.equals(PNG_1PX)).toBe(true);
      const firm = await createFirm(closed, 'Private Chambers');
      const o = await insertUser(closed, { role: 'ADMIN', companyId: firm });
      const other = await legacyLogin(closed, o.email, o.password);
      expect((await other.call('GET', url)).statusCode).toBe(404);
    } finally {
      await closed.close();
    }
  });
});

/** What Chrome sends for an <img> and for a link opened in a new tab. */
const IMG_HEADERS = {
  'sec-fetch-dest': 'image',
  accept: 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8',
};
const LINK_HEADERS = {
  'sec-fetch-dest': 'document',
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8',
};

describeEachDb('original web client: PDFs in its attachment tables (issue 31 item 13)', (kind) => {
  let t: TestApp;
  let admin: LegacyClient;
  beforeAll(async () => {
    t = await createTestApp(kind, { corsOrigins: [LEGACY_ORIGIN], legacyPublicStorage: true });
    admin = await legacyLogin(t, ADMIN_EMAIL, ADMIN_PASSWORD);
  });
  afterAll(() => t.close());

  /** An index item with files uploaded by FileUpload.vue; answers the URLs PetitionIndexDetails.vue builds. */
  async function indexItemFiles(
    client: LegacyClient,
    files: { filename: string; type: string; data: Buffer }[],
  ) {
    const petitionId = (
      await client.call('POST', '/api/petitions', { case_no: '13', year: 2026, title: 'Thumbnail vs Table' })
    ).json<{ petition_id: string }>().petition_id;
    await client.call('POST', '/api/petitions_index', {
      petition_id: petitionId,
      document_description: 'Impugned order',
      annexure: 'A',
      page_info: '1',
      date: '01/11/2026',
    });
    const item = (await client.call('GET', `/api/petitions/${petitionId}`)).json<{
      petition_details: { id: string }[];
    }>().petition_details[0]!;
    const up = await client.form(
      '/api/attachments',
      {
        attachmentable_id: item.id,
        attachmentable_type: 'App\\Models\\PetitionIndex',
        petition_id: petitionId,
      },
      files,
    );
    expect(up.statusCode, up.body).toBe(200);
    const { petition_index } = (await client.call('GET', `/api/petitions_index/${item.id}`)).json<{
      petition_index: { attachments: { file_name: string; sha256: string }[] };
    }>();
    return petition_index.attachments.map((a) => ({
      ...a,
      url: encodeURI(`/storage/attachments/petitions/${petitionId}/PetitionIndex/${item.id}/${a.file_name}`),
    }));
  }

  it('the table’s <img> of a PDF shows its first page; the link still opens the PDF', async () => {
    const pdf = await onePagePdf('ORDER SHEET');
    const [file] = await indexItemFiles(admin, [
      { filename: 'Impugned order.pdf', type: 'application/pdf', data: pdf },
    ]);
    // PetitionIndexDetails.vue's edit table: <img style="width: 80px" :src="…/PetitionIndex/{id}/{file_name}">.
    const img = await t.app.inject({ method: 'GET', url: file!.url, headers: IMG_HEADERS });
    expect(img.statusCode, img.body).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['content-disposition']).toMatch(/^inline/);
    expect(img.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(String(img.headers.vary)).toMatch(/Sec-Fetch-Dest/);
    // The first page as drawn: 240 px wide (an A4 page's shape), white paper, the blue box where it is.
    const picture = await loadImage(img.rawPayload);
    expect([picture.width, picture.height]).toEqual([240, 340]);
    const canvas = createCanvas(picture.width, picture.height);
    const ctx = canvas.getContext('2d');
    ctx.drawImage(picture, 0, 0);
    // Each channel to within rounding of the colour drawn: rgb(0.1, 0.3, 0.7) and white.
    const near = (x: number, y: number, rgb: number[]) =>
      [...ctx.getImageData(x, y, 1, 1).data.slice(0, 3)].every((v, i) => Math.abs(v - rgb[i]!) <= 3);
    expect(near(100, 160, [26, 77, 179])).toBe(true);
    expect(near(230, 330, [255, 255, 255])).toBe(true);
    expect(near(100, 160, [255, 255, 255])).toBe(false);

    // The link (<a :href target="_blank">), a download or a script gets the PDF itself.
    for (const headers of [LINK_HEADERS, { accept: 'application/json, text/plain, */*' }, {}]) {
      const res = await t.app.inject({ method: 'GET', url: file!.url, headers });
      expect(res.headers['content-type'], JSON.stringify(headers)).toBe('application/pdf');
      expect(res.rawPayload.equals(pdf)).toBe(true);
      expect(res.headers['content-disposition']).toMatch(/^attachment/);
    }
    // A browser without Fetch Metadata (Safari before 16.4, or plain http) still asks an <img> for images.
    const safari = await t.app.inject({
      method: 'GET',
      url: file!.url,
      headers: { accept: 'image/webp,image/avif,image/jxl,image/heic,image/*;q=0.8,*/*;q=0.5' },
    });
    expect(safari.headers['content-type']).toBe('image/png');

    // Made once and kept by the PDF's content: the next <img> is the kept picture, not drawn again.
    const kept = join(t.config.dataDir, 'files', t.providerId, 'thumbnails', `${file!.sha256}.png`);
    expect(readFileSync(kept).equals(img.rawPayload)).toBe(true);
    writeFileSync(kept, PNG_1PX);
    const again = await t.app.inject({ method: 'GET', url: file!.url, headers: IMG_HEADERS });
    expect(again.rawPayload.equals(PNG_1PX)).toBe(true);
  });

  it('a PDF whose page cannot be drawn shows a PDF picture, and images are as they were', async () => {
    const [broken, photo] = await indexItemFiles(admin, [
      { filename: 'scan.pdf', type: 'application/pdf', data: PDF_SMALL },
      { filename: 'page1.png', type: 'image/png', data: PNG_1PX },
    ]);
    const img = await t.app.inject({ method: 'GET', url: broken!.url, headers: IMG_HEADERS });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/svg+xml');
    expect(img.body).toContain('>PDF</text>');
    const png = await t.app.inject({ method: 'GET', url: photo!.url, headers: IMG_HEADERS });
    expect(png.rawPayload.equals(PNG_1PX)).toBe(true);
    expect(png.headers.vary ?? '').not.toMatch(/Sec-Fetch-Dest/);
  });

  it('without LEGACY_PUBLIC_STORAGE an <img> (no token) is refused, PDF or not', async () => {
    const closed = await createTestApp(kind, { corsOrigins: [LEGACY_ORIGIN] });
    try {
      const client = await legacyLogin(closed, ADMIN_EMAIL, ADMIN_PASSWORD);
      const [file] = await indexItemFiles(client, [
        { filename: 'order.pdf', type: 'application/pdf', data: await onePagePdf('Private') },
      ]);
      const res = await closed.app.inject({ method: 'GET', url: file!.url, headers: IMG_HEADERS });
      expect(res.statusCode).toBe(401);
      // Our app, signed in, gets the picture too.
      const own = await closed.app.inject({
        method: 'GET',
        url: file!.url,
        headers: { ...IMG_HEADERS, ...(await adminBearer(closed)) },
      });
      expect(own.headers['content-type']).toBe('image/png');
    } finally {
      await closed.close();
    }
  });
});
