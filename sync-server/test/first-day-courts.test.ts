import { afterAll, beforeAll, expect, it } from 'vitest';
import type {
  TCourt,
  TModuleType,
  TPetitionType,
  TStatute,
} from '@lawfirm/shared-types/reference-data/reference-data.schema.ts';
import { bearerFor, createFirm, createTestApp, describeEachDb, insertUser, type TestApp } from './helper.ts';

type Auth = { authorization: string };

/**
 * A firm's first day (issue 30): a new firm finds the courts its lawyers appear in (the Federal Shariat Court
 * and the district-level courts and tribunals, not only the superior courts), each offering the categories it
 * hears, and type lists for talbana, naqal forms and synopsis, as a lawyer of the firm reads them at once.
 */
describeEachDb('a new firm’s courts, categories and document types', (kind) => {
  let t: TestApp;
  let lawyer: Auth;
  let firm: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    firm = await createFirm(t, 'Fresh Chambers');
    const l = await insertUser(t, { role: 'LAWYER', companyId: firm });
    lawyer = await bearerFor(t, l.email, l.password);
  });
  afterAll(() => t.close());

  const get = async <T>(url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: lawyer });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  };
  const courts = async () => (await get<{ courts: TCourt[] }>('/api/courts')).courts;
  /** The labels the case form's Category list shows for a court. */
  const categoriesOf = async (courtTitle: string) => {
    const court = (await courts()).find((c) => c.title === courtTitle);
    expect(court, courtTitle).toBeDefined();
    const { petition_types } = await get<{ petition_types: TPetitionType[] }>(
      `/api/petition_types?court_id=${court!.id}`,
    );
    return petition_types.map((p) => (p.abbreviation ? `${p.title} (${p.abbreviation})` : p.title));
  };

  it('has the superior courts, the Federal Shariat Court and the district-level courts', async () => {
    const titles = (await courts()).map((c) => c.title);
    for (const title of [
      'SUPREME COURT OF PAKISTAN',
      'LAHORE HIGH COURT',
      'FEDERAL SHARIAT COURT',
      'District and Sessions Court',
      'Additional District and Sessions Judge',
      'Senior Civil Judge',
      'Civil Judge',
      'Judicial Magistrate',
      'Family Court',
      'Guardian Court',
      'Rent Controller',
      'Banking Court',
      'Anti-Terrorism Court',
      'Accountability Court',
      'Labour Court',
      'Consumer Court',
      'Special Court (Control of Narcotic Substances)',
      'Special Court (Customs, Taxation and Anti-Smuggling)',
      'Services Tribunal',
    ])
      expect(titles).toContain(title);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it('offers in each court the categories it hears, with their abbreviations', async () => {
    const sessions = await categoriesOf('District and Sessions Court');
    expect(sessions).toEqual(
      expect.arrayContaining([
        'Bail Application (B.A.)',
        'Bail Before Arrest (B.B.A.)',
        'Criminal Appeal (Crl.A.)',
        'Civil Appeal (C.A.)',
        'Sessions Case (Sess.C.)',
        'Justice of Peace Petition (J.P.)',
      ]),
    );
    // A trial court's list is its own, not the High Courts' sixty cause-list categories.
    expect(sessions).not.toContain('Writ Petition (W.P.)');
    expect(sessions).not.toContain('Intra Court Appeal (I.C.A.)');

    expect(await categoriesOf('Family Court')).toEqual(
      expect.arrayContaining([
        'Family Suit (F.S.)',
        'Guardian Petition (G.P.)',
        'Execution Petition (Ex.P.)',
      ]),
    );
    expect(await categoriesOf('Civil Judge')).toEqual(
      expect.arrayContaining(['Civil Suit (C.S.)', 'Execution Petition (Ex.P.)', 'Summary Suit (S.S.)']),
    );
    expect(await categoriesOf('Rent Controller')).toContain('Rent Petition (Rent P.)');
    expect(await categoriesOf('Judicial Magistrate')).toContain('Criminal Complaint (Crl.Comp.)');
    expect(await categoriesOf('Banking Court')).toContain('Petition For Leave To Appear And Defend');
    expect(await categoriesOf('FEDERAL SHARIAT COURT')).toEqual(
      expect.arrayContaining(['Shariat Petition (Sh.P.)', 'Criminal Appeal (Crl.A.)', 'Jail Appeal (J.A.)']),
    );
    // Every seeded court offers something, so no court leaves the Category list empty.
    for (const c of await courts()) expect((await categoriesOf(c.title)).length, c.title).toBeGreaterThan(0);

    const lhc = await categoriesOf('LAHORE HIGH COURT');
    expect(lhc).toEqual(
      expect.arrayContaining(['Writ Petition (W.P.)', 'Criminal Miscellaneous (Crl.Misc.)']),
    );
    expect(lhc).not.toContain('Family Suit (F.S.)');
  });

  it('spells the shared data as corrected: Criminal Miscellaneous, Murder reference, plain spaces', async () => {
    const all = (await get<{ petition_types: TPetitionType[] }>('/api/petition_types')).petition_types;
    const titles = all.map((p) => p.title);
    expect(titles).toContain('Criminal Miscellaneous');
    expect(titles).not.toContain('Criminal Miscelleneous');
    expect(new Set(titles).size).toBe(titles.length);
    const statutes = (await get<{ statutes: TStatute[] }>('/api/statutes')).statutes.map((s) => s.title);
    expect(statutes).toContain('Prevention of Corruption Act, 1947');
    expect(statutes.filter((s) => s.includes('\u00a0'))).toEqual([]);
    const article150 = await t.app.db
      .selectFrom('limitation_articles')
      .select('also_known_as')
      .where('company_id', '=', firm)
      .where('article', '=', '150')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(article150.also_known_as)).toEqual(['Murder reference or jail appeal']);
  });

  it('starts talbana, naqal form and synopsis with type lists, as order sheets already were', async () => {
    const reads = [
      ['/api/get_order_sheet_types', 'orderSheetTypes', 'Relist'],
      ['/api/get_naqal_form_types', 'naqalFormTypes', 'Judgment'],
      ['/api/get_talbana_types', 'talbanaTypes', 'Summons to Defendant'],
      ['/api/get_synopsis_types', 'synopsisTypes', 'Brief Facts'],
    ] as const;
    for (const [url, key, first] of reads) {
      const types = (await get<Record<string, TModuleType[]>>(url))[key]!;
      expect(types.length, url).toBeGreaterThan(5);
      expect(types[0]!.title, url).toBe(first);
      expect(
        types.map((m) => m.display_order),
        url,
      ).toEqual(types.map((_, i) => i + 1));
    }
  });
});
