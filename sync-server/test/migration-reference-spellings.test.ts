import { afterAll, beforeAll, expect, it } from 'vitest';
import { up as correctSpellings } from '../../migrations/src/2026_11_28_0019_reference_spellings.ts';
import {
  adminBearer,
  bearerFor,
  createFirm,
  createTestApp,
  describeEachDb,
  insertUser,
  type TestApp,
} from './helper.ts';
import { connectDevice } from './device.ts';

const OLD = 'Criminal Miscelleneous';
const NEW = 'Criminal Miscellaneous';
const OLD_STATUTE = 'Prevention of Corruption\u00a0Act,\u00a01947';
const OLD_NAME = 'Murder refrence or jail appeal';

/**
 * A database installed before the shared reference data corrected its spellings holds them as they were seeded
 * (change 0, never logged). The migration corrects them as logged changes: a device that synced before pulls
 * the corrected values, and a device's edit made against the old title meets the correction as a conflict.
 */
describeEachDb('migration: the shared data’s corrected spellings reach installed firms', (kind) => {
  let t: TestApp;
  let otherFirm: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    otherFirm = await createFirm(t, 'Second Chambers');
  });
  afterAll(() => t.close());

  /** Puts a firm's seeded rows back as the old data seeded them. */
  async function installedWithOldSpellings(companyId: string): Promise<void> {
    const db = t.app.db;
    await db
      .updateTable('case_categories')
      .set({ title: OLD })
      .where('company_id', '=', companyId)
      .where('title', '=', NEW)
      .execute();
    await db
      .updateTable('statutes')
      .set({ title: OLD_STATUTE })
      .where('company_id', '=', companyId)
      .where('title', '=', 'Prevention of Corruption Act, 1947')
      .execute();
    for (const table of ['limitation_articles', 'limitation_answers'] as const)
      await db
        .updateTable(table)
        .set({ also_known_as: JSON.stringify([OLD_NAME]) })
        .where('company_id', '=', companyId)
        .where('also_known_as', '=', JSON.stringify(['Murder reference or jail appeal']))
        .execute();
  }

  const categoryId = async (companyId: string, title: string) =>
    (
      await t.app.db
        .selectFrom('case_categories')
        .select('id')
        .where('company_id', '=', companyId)
        .where('title', '=', title)
        .executeTakeFirstOrThrow()
    ).id;

  it('corrects the old spellings, and devices that synced before pull them', async () => {
    const db = t.app.db;
    const ours = t.providerId;
    await installedWithOldSpellings(ours);
    await installedWithOldSpellings(otherFirm);
    // An admin of the other firm had renamed theirs: their title stays as they wrote it.
    const renamed = await categoryId(otherFirm, OLD);
    await db
      .updateTable('case_categories')
      .set({ title: 'Crl. Misc. (ours)' })
      .where('id', '=', renamed)
      .execute();

    const admin = await adminBearer(t);
    const office = await connectDevice(t, admin);
    const l = await insertUser(t, { role: 'LAWYER' });
    const phone = await connectDevice(t, await bearerFor(t, l.email, l.password));
    const crlMisc = await categoryId(ours, OLD);
    expect(office.rows.get(`case_categories/${crlMisc}`)).toMatchObject({ title: OLD });
    const statute = office.rowsOf('statutes').find((s) => s.title === OLD_STATUTE)!;
    const article = office.rowsOf('limitation_articles').find((a) => a.article === '150')!;
    expect(article.also_known_as).toEqual([OLD_NAME]);

    await correctSpellings(db);

    const delivered = await office.pull();
    expect(delivered.get(`case_categories/${crlMisc}`)).toMatchObject({
      title: NEW,
      abbreviation: 'Crl.Misc.',
    });
    expect(delivered.get(`statutes/${statute.id as string}`)).toMatchObject({
      title: 'Prevention of Corruption Act, 1947',
    });
    expect(delivered.get(`limitation_articles/${article.id as string}`)).toMatchObject({
      also_known_as: ['Murder reference or jail appeal'],
    });
    const answer = office
      .rowsOf('limitation_answers')
      .find((a) => (a.also_known_as as string[]).some((n) => n.startsWith('Murder')));
    expect(answer?.also_known_as).toEqual(['Murder reference or jail appeal']);
    // Nothing else of the firm's reference data changed.
    expect(
      [...delivered.keys()].filter(
        (k) => !/^(case_categories|statutes|limitation_articles|limitation_answers)\//.test(k),
      ),
    ).toEqual([]);
    // The lawyer's phone gets the same, and the REST list says so too.
    expect((await phone.pull()).get(`case_categories/${crlMisc}`)).toMatchObject({ title: NEW });
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/petition_types?title=criminal misc',
      headers: admin,
    });
    expect(
      listed.json<{ petition_types: { title: string }[] }>().petition_types.map((p) => p.title),
    ).toContain(NEW);

    // Each firm's corrections are its own changes; the renamed title is left alone.
    const theirs = await db
      .selectFrom('case_categories')
      .select('title')
      .where('company_id', '=', otherFirm)
      .where('title', 'in', [OLD, NEW, 'Crl. Misc. (ours)'])
      .execute();
    expect(theirs.map((r) => r.title).sort()).toEqual(['Crl. Misc. (ours)']);
    const logged = await db
      .selectFrom('change_log')
      .select(['company_id', 'entity'])
      .where('row_id', '=', await categoryId(otherFirm, 'Crl. Misc. (ours)'))
      .execute();
    expect(logged).toEqual([]);

    // Run again (a restart): nothing is left to correct, nothing is logged twice.
    const before = await db.selectFrom('change_log').select('seq').execute();
    await correctSpellings(db);
    expect(await db.selectFrom('change_log').select('seq').execute()).toHaveLength(before.length);
  });

  it('a device’s edit of the title made before the correction is a conflict; other fields merge', async () => {
    const ours = t.providerId;
    const db = t.app.db;
    // Back to the old spelling, then a device that has only seen it.
    const id = await categoryId(ours, NEW);
    await db.updateTable('case_categories').set({ title: OLD }).where('id', '=', id).execute();
    const stale = await connectDevice(t, await adminBearer(t));
    await correctSpellings(db);

    const r = await stale.push([
      { name: 'put', args: { entity: 'case_categories', id, values: { title: 'Criminal Misc. (typed)' } } },
      { name: 'put', args: { entity: 'case_categories', id, values: { abbreviation: 'Cr.M.' } } },
    ]);
    expect(r.results.map((x) => x.status)).toEqual(['conflict', 'applied']);
    const row = await db
      .selectFrom('case_categories')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ title: NEW, abbreviation: 'Cr.M.' });
  });
});
