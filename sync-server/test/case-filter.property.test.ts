import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TActor } from '@lawfirm/shared-types';
import {
  caseFilterPredicate,
  type TCaseFilter,
  type TCaseFilterParty,
  type TCaseFilterRow,
} from '@lawfirm/shared-types/case-files/case-filter.ts';
import { newId, nowIso } from '../src/db/ids.ts';
import { listPetitions } from '../src/case-files/petitions.repository.ts';
import { createTestApp, describeEachDb, type TestApp } from './helper.ts';

/**
 * The case filter is declared once (shared-types case-filter.ts) and applied twice: as the device's JS
 * predicate and as the server's SQL (listPetitions, which GET /api/petitions answers from). On random case
 * files and random filters both must pick the same case files, on SQLite and on PostgreSQL. The text mixes
 * English in both cases, Urdu, letters whose case only Unicode folds (É/é, İ/ı, Σ/σ/ς), LIKE's wildcards and
 * escape, and the calendar's "number/year" form, which is where the two used to disagree.
 */
const CHARS = [...'aAbBkK', ...'مقدہنبری', ...'ÉéİıΣσςß', ...'%_\\', ' ', '/', '1', '2'];
const text = (maxLength: number) => fc.string({ unit: fc.constantFrom(...CHARS), maxLength });
const YEARS = [2023, 2024];
const COURTS = ['court-a', 'court-b'];

const partyArb = fc.record({
  name: text(6),
  side: fc.constantFrom('petitioner', 'opponent'),
  deleted: fc.boolean(),
});
const caseArb = fc.record({
  case_no: text(5),
  year: fc.option(fc.constantFrom(...YEARS)),
  title: text(6),
  court_id: fc.option(fc.constantFrom(...COURTS)),
  pending_tag: fc.oneof(fc.constant(null), fc.constantFrom('', '  ', ' \t', '\r'), text(4)),
  is_moot_case: fc.boolean(),
  archived: fc.boolean(),
  parties: fc.array(partyArb, { maxLength: 3 }),
});
type TCaseArb = typeof caseArb extends fc.Arbitrary<infer T> ? T : never;

/** Each character upper- or lower-cased at random (by Unicode's rules, which the fold must not depend on). */
const recased = (s: string) =>
  fc
    .array(fc.boolean(), { minLength: [...s].length, maxLength: [...s].length })
    .map((ups) => [...s].map((c, i) => (ups[i] ? c.toUpperCase() : c.toLowerCase())).join(''));

/**
 * Text to search for: random, or a piece of what the case files hold, re-cased, so that matches (and the
 * near misses only a wider fold would find) are common rather than rare.
 */
const needle = (pool: readonly string[]) =>
  pool.length
    ? fc.oneof(
        text(2),
        fc
          .tuple(fc.constantFrom(...pool), fc.nat(), fc.integer({ min: 1, max: 3 }))
          .map(([v, at, n]) =>
            [...v].slice(at % Math.max(1, v.length), (at % Math.max(1, v.length)) + n).join(''),
          )
          .chain(recased),
      )
    : text(2);

/** A few filters at a time, as a user sets them: nine at once would leave nothing to compare. */
function filtersFor(cases: readonly TCaseArb[]): fc.Arbitrary<TCaseFilter[]> {
  const of = (pick: (c: TCaseArb) => (string | null)[]) =>
    needle(cases.flatMap(pick).filter((v): v is string => !!v));
  const fields = {
    case_no: of((c) => [c.case_no]),
    year: fc.constantFrom(...YEARS, 1999),
    court_id: fc.constantFrom(...COURTS),
    petitioner_name: of((c) => c.parties.map((p) => p.name)),
    pendingTag: of((c) => [c.pending_tag]),
    pending_tag: fc.boolean(),
    is_moot_case: fc.boolean(),
    archived: fc.boolean(),
    query_from_calendar_page: fc.oneof(
      of((c) => [c.case_no, c.title, ...c.parties.map((p) => p.name)]),
      fc
        .tuple(
          of((c) => [c.case_no]),
          fc.constantFrom(...YEARS),
        )
        .map(([no, y]) => `${no} / ${y}`),
    ),
  };
  const one = fc
    .tuple(fc.record(fields), fc.subarray(Object.keys(fields) as (keyof TCaseFilter)[], { maxLength: 3 }))
    .map(([all, keys]) => Object.fromEntries(keys.map((k) => [k, all[k]])) as TCaseFilter);
  return fc.array(one, { minLength: 1, maxLength: 4 });
}

describeEachDb('the case filter, in JS and in SQL', (kind) => {
  let t: TestApp;
  let actor: TActor;
  beforeAll(async () => {
    t = await createTestApp(kind);
    actor = {
      id: newId(),
      company_id: t.providerId,
      is_provider: true,
      is_admin: true,
      is_lawyer: false,
      is_student: false,
      is_client: false,
    };
  });
  afterAll(() => t.close());

  it('picks the same case files both ways for random cases and filters', async () => {
    let nonEmpty = 0;
    await fc.assert(
      fc.asyncProperty(
        fc
          .array(caseArb, { minLength: 1, maxLength: 10 })
          .chain((cases) => fc.tuple(fc.constant(cases), filtersFor(cases))),
        async ([cases, filters]) => {
          const db = t.app.db;
          const firm = t.providerId;
          const now = nowIso();
          const rows: TCaseFilterRow[] = [];
          const parties: (TCaseFilterParty & { id: string; side: string })[] = [];
          for (const c of cases) {
            const id = newId();
            rows.push({ id, ...c, is_moot_case: c.is_moot_case, archived: c.archived });
            for (const p of c.parties)
              parties.push({
                id: newId(),
                petition_id: id,
                name: p.name,
                side: p.side,
                deleted_at: p.deleted ? now : null,
              });
          }
          await db.deleteFrom('petition_parties').where('company_id', '=', firm).execute();
          await db.deleteFrom('petitions').where('company_id', '=', firm).execute();
          await db
            .insertInto('petitions')
            .values(
              rows.map((r) => ({
                id: r.id,
                company_id: firm,
                case_no: r.case_no,
                year: r.year ?? null,
                title: r.title,
                court_id: r.court_id ?? null,
                petition_type_id: null,
                institution_date: null,
                is_moot_case: r.is_moot_case ? 1 : 0,
                archived: r.archived ? 1 : 0,
                pending_tag: r.pending_tag ?? null,
                lawyer_ids: '[]',
                created_at: now,
                updated_at: now,
                deleted_at: null,
              })),
            )
            .execute();
          if (parties.length)
            await db
              .insertInto('petition_parties')
              .values(
                parties.map((p, i) => ({
                  id: p.id,
                  company_id: firm,
                  petition_id: p.petition_id,
                  side: p.side,
                  name: p.name,
                  user_id: null,
                  display_order: i,
                  created_at: now,
                  updated_at: now,
                  deleted_at: p.deleted_at ?? null,
                })),
              )
              .execute();
          for (const f of filters) {
            const inJs = rows.filter(caseFilterPredicate(f, parties)).map((r) => r.id);
            const { rows: found } = await listPetitions(db, actor, f, null);
            const inSql = found.map((r) => r.id);
            expect(inSql.sort(), JSON.stringify(f)).toEqual(inJs.sort());
            if (inJs.length) nonEmpty++;
          }
        },
      ),
      { numRuns: kind === 'postgres' ? 60 : 100 },
    );
    // The property says something only if filters often keep some case files.
    expect(nonEmpty).toBeGreaterThan(20);
  }, 120_000);

  it('agrees on the cases that used to tell the two apart', async () => {
    const db = t.app.db;
    const firm = t.providerId;
    const now = nowIso();
    await db.deleteFrom('petition_parties').where('company_id', '=', firm).execute();
    await db.deleteFrom('petitions').where('company_id', '=', firm).execute();
    const base = {
      company_id: firm,
      petition_type_id: null,
      institution_date: null,
      is_moot_case: 0,
      archived: 0,
    };
    const stamps = { lawyer_ids: '[]', created_at: now, updated_at: now, deleted_at: null, court_id: null };
    const rows = [
      { id: newId(), case_no: 'É-1', year: 2024, title: 'Émile v. State', pending_tag: '  ' },
      { id: newId(), case_no: 'مقدمہ ۱', year: 2023, title: 'ریاست بنام علی', pending_tag: 'L-7' },
      { id: newId(), case_no: '50%', year: 2024, title: 'W_P', pending_tag: null },
    ];
    await db
      .insertInto('petitions')
      .values(rows.map((r) => ({ ...base, ...stamps, ...r })))
      .execute();
    const both = async (f: TCaseFilter) => {
      const js = rows.filter(caseFilterPredicate(f, [])).map((r) => r.title);
      const { rows: found } = await listPetitions(db, actor, f, null);
      expect(found.map((r) => r.title).sort()).toEqual(js.sort());
      return js;
    };
    // What is typed finds itself; only ASCII letters fold (the one fold every engine shares).
    expect(await both({ case_no: 'É' })).toEqual(['Émile v. State']);
    expect(await both({ query_from_calendar_page: 'émile' })).toEqual([]);
    expect(await both({ query_from_calendar_page: 'STATE' })).toEqual(['Émile v. State']);
    expect(await both({ query_from_calendar_page: 'علی' })).toEqual(['ریاست بنام علی']);
    expect(await both({ query_from_calendar_page: 'مقدمہ / 2023' })).toEqual(['ریاست بنام علی']);
    expect(await both({ case_no: '%' })).toEqual(['W_P']);
    expect(await both({ query_from_calendar_page: '_' })).toEqual(['W_P']);
    // A tag of spaces is no tag, on the device as on the server.
    expect(await both({ pending_tag: true })).toEqual(['ریاست بنام علی']);
  });
});
