// Issue 33, "beyond one machine": a firm of tens of thousands of case files. The bench's usual firm (seed.ts,
// 300 case files through the app's own calls) is first made as a new user would; then `n` more case files,
// each with a petitioner and an opponent, are written straight into the tables with multi-row inserts, in the
// shape the app's own rows have (each a copy of a row the app wrote, with its own id, names, court, lawyers,
// dates, version, field versions and change-log lines), so the lists, the filters and the first pull read a
// firm as a real one of that size would be stored. Through the API it would take minutes: a push of 300
// mutations answered in about a second here.
import { v7 } from 'uuid';
import type { Db } from '../../sync-server/src/db/connect.ts';

/** `BENCH_BIG_FIRM`: the case files of the big firm round (0 leaves the round out). */
export const bigFirmCases = (): number => {
  const n = Number(process.env.BENCH_BIG_FIRM ?? 30_000);
  if (!Number.isInteger(n) || n < 0) throw new Error(`BENCH_BIG_FIRM must be a whole number, not "${n}"`);
  return n;
};

const FIRST = ['Muhammad', 'Ayesha', 'Bilal', 'Fatima', 'Usman', 'Zainab', 'Hamza', 'Sana', 'Ali', 'Hira'];
const LAST = ['Ahmed', 'Khan', 'Qureshi', 'Siddiqui', 'Butt', 'Malik', 'Chaudhry', 'Sheikh', 'Raza'];
/** Rows per multi-row insert: 500 case files of ~20 columns stay far below both engines' parameter limits. */
const CHUNK = 500;
/** The big firm's case files were opened over the ten years before the seeded ones. */
const FROM = Date.UTC(2016, 0, 1);
const TO = Date.UTC(2026, 0, 1);

type Row = Record<string, unknown>;

/** The template's field versions with every field at `version` (as a row last written at that change). */
const fieldVersions = (template: string, version: number): string =>
  JSON.stringify(Object.fromEntries(Object.keys(JSON.parse(template) as Row).map((k) => [k, version])));

/**
 * Adds `n` case files with their two parties to the firm of `companyId`, which seedFirm has filled (its case
 * files and parties are the templates; its courts and lawyers are the ones the new rows name). Answers how
 * many rows were written.
 */
export async function seedBigFirm(
  db: Db,
  companyId: string,
  n: number,
): Promise<{ petitions: number; parties: number }> {
  const petitions = await db
    .selectFrom('petitions')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .execute();
  const parties = await db
    .selectFrom('petition_parties')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('deleted_at', 'is', null)
    .orderBy('display_order')
    .execute();
  const petitionTemplate = petitions.find((p) => p.court_id && p.lawyer_ids !== '[]') as Row | undefined;
  const petitioner = parties.find((p) => p.side === 'petitioner') as Row | undefined;
  const opponent = parties.find((p) => p.side === 'opponent') as Row | undefined;
  if (!petitionTemplate || !petitioner || !opponent) throw new Error('big firm: seedFirm has not run');
  // By title, so each run gives case file i the same court: in the order the rows came back, which court
  // went with which petitioner's name changed between runs, and the filtered list matched 1,080 case files in
  // one run and 12 in the next.
  const courtIds = [...new Set(petitions.map((p) => p.court_id).filter((c): c is string => !!c))];
  const courts = (
    await db
      .selectFrom('courts')
      .select('id')
      .where('id', 'in', courtIds)
      .orderBy('title')
      .orderBy('id')
      .execute()
  ).map((c) => c.id);
  const lawyerLists = [...new Set(petitions.map((p) => p.lawyer_ids))];
  const state = await db
    .selectFrom('sync_state')
    .select('last_seq')
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  let seq = Number(state.last_seq);

  for (let from = 0; from < n; from += CHUNK) {
    const cases: Row[] = [];
    const people: Row[] = [];
    const log: Row[] = [];
    const line = (entity: string, rowId: string, at: string) => {
      log.push({ company_id: companyId, seq: ++seq, entity, row_id: rowId, changed_at: at });
      return seq;
    };
    for (let i = from; i < Math.min(n, from + CHUNK); i++) {
      const ms = FROM + Math.floor(((TO - FROM) * i) / n);
      const at = new Date(ms).toISOString();
      const id = v7({ msecs: ms });
      const petitionerName = `${FIRST[i % FIRST.length]} ${LAST[(i * 7) % LAST.length]}`;
      const opponentName =
        i % 3 === 0 ? 'The State' : `${FIRST[(i + 4) % FIRST.length]} ${LAST[i % LAST.length]}`;
      const year = 2016 + Math.floor((10 * i) / n);
      const version = line('petitions', id, at);
      cases.push({
        ...petitionTemplate,
        id,
        created_at: at,
        updated_at: at,
        version,
        field_versions: fieldVersions(String(petitionTemplate.field_versions), version),
        case_no: String(10_000 + i),
        year,
        title: `${petitionerName} v. ${opponentName}`,
        court_id: courts[i % courts.length],
        lawyer_ids: lawyerLists[i % lawyerLists.length],
        institution_date: at.slice(0, 10),
        pending_tag: i % 10 === 0 ? `Fix for arguments ${i}` : null,
        archived: i % 25 === 24 ? 1 : 0,
      });
      for (const [template, name] of [
        [petitioner, petitionerName],
        [opponent, opponentName],
      ] as const) {
        const partyId = v7({ msecs: ms });
        const partyVersion = line('petition_parties', partyId, at);
        people.push({
          ...template,
          id: partyId,
          petition_id: id,
          name,
          created_at: at,
          updated_at: at,
          version: partyVersion,
          field_versions: fieldVersions(String(template.field_versions), partyVersion),
        });
      }
    }
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('petitions')
        .values(cases as never)
        .execute();
      for (let p = 0; p < people.length; p += CHUNK)
        await trx
          .insertInto('petition_parties')
          .values(people.slice(p, p + CHUNK) as never)
          .execute();
      for (let l = 0; l < log.length; l += CHUNK)
        await trx
          .insertInto('change_log')
          .values(log.slice(l, l + CHUNK) as never)
          .execute();
      await trx
        .updateTable('sync_state')
        .set({ last_seq: seq })
        .where('company_id', '=', companyId)
        .execute();
    });
  }
  return { petitions: n, parties: 2 * n };
}
