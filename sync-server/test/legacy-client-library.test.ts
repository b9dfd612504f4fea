import type { LightMyRequestResponse as InjectResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { limitationLastDate } from '@lawfirm/shared-types/limitation/limitation-date.ts';
import { up as fixChallengingDate } from '../../migrations/src/2026_11_28_0020_challenging_date.ts';
import { connectDevice } from './device.ts';
import { adminBearer, createFirm, createTestApp, describeEachDb, type TestApp } from './helper.ts';

/**
 * The original Vue client against this server, the library and public tools (issue 31 items 3 and 8–13):
 * every request is the one that client sends (rest-contract.md and its source), from the origin a firm lists
 * in CORS_ORIGINS, and each test asserts what that client then reads.
 */

const LEGACY_ORIGIN = 'http://old-client.firm.example.pk';

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
