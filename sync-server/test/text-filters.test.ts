import { afterAll, beforeAll, expect, it } from 'vitest';
import { caseFirm, type CaseFirm } from './case-files-helpers.ts';
import { describeEachDb } from './helper.ts';

/**
 * A text filter matches what was typed, literally: `_` and `%` (LIKE's wildcards) and `\` (its escape) find
 * only rows that contain them, on SQLite and PostgreSQL alike, in every list that filters by text.
 */
describeEachDb('text filters match % and _ literally', (kind) => {
  let f: CaseFirm;
  beforeAll(async () => {
    f = await caseFirm(kind);
    for (const [case_title, keywords] of [
      ['Bail after arrest', 'bail'],
      ['Section_497 bail', 'snake_case'],
      ['Mark-up at 10% a year', '10%'],
      ['Back\\slash v. State', 'slash'],
    ]) {
      const r = await f.call('POST', '/api/general_case_laws', f.admin, { case_title, keywords });
      expect(r.statusCode, r.body).toBe(200);
    }
    for (const [case_no, title] of [
      ['101', 'Plain v. State'],
      ['W_P 7', 'Underscore v. State'],
      ['50%', 'Percent v. State'],
    ])
      await f.petition({ case_no, title });
    for (const [reference_no, subject] of [
      ['OP-1', 'Tenancy advice'],
      ['OP_2', 'Share of 25% in land'],
    ]) {
      const r = await f.call('POST', '/api/opinions', f.admin, {
        reference_no,
        subject,
        issuance_date: '2024-01-02',
        client_id: f.clientId,
      });
      expect(r.statusCode, r.body).toBe(200);
    }
  });
  afterAll(() => f.t.close());

  const propositions = async (query: string) => {
    const r = await f.call('GET', `/api/general_case_laws?${query}`, f.admin);
    expect(r.statusCode, r.body).toBe(200);
    return r
      .json<{ general_case_Laws: { case_title: string }[] }>()
      .general_case_Laws.map((p) => p.case_title)
      .sort();
  };

  it('?case_title=_ and ?case_title=% find only the propositions that contain them', async () => {
    expect(await propositions('case_title=_')).toEqual(['Section_497 bail']);
    expect(await propositions('case_title=%25')).toEqual(['Mark-up at 10% a year']);
    expect(await propositions('case_title=%5C')).toEqual(['Back\\slash v. State']);
    expect(await propositions('keywords=_')).toEqual(['Section_497 bail']);
    expect(await propositions('keywords=%25')).toEqual(['Mark-up at 10% a year']);
    // Still a case-insensitive "contains" for ordinary text.
    expect(await propositions('case_title=BAIL')).toEqual(['Bail after arrest', 'Section_497 bail']);
  });

  it('the case list and the opinions list treat them the same way', async () => {
    const cases = async (query: string) =>
      (await f.call('GET', `/api/petitions?page=1&${query}`, f.admin))
        .json<{ petitions: { data: { title: string }[] } }>()
        .petitions.data.map((p) => p.title);
    expect(await cases('case_no=_')).toEqual(['Underscore v. State']);
    expect(await cases('case_no=%25')).toEqual(['Percent v. State']);
    const opinions = async (query: string) =>
      (await f.call('GET', `/api/opinions?${query}`, f.admin))
        .json<{ opinions: { reference_no: string }[] }>()
        .opinions.map((o) => o.reference_no);
    expect(await opinions('reference_no=_')).toEqual(['OP_2']);
    expect(await opinions('subject=%25')).toEqual(['OP_2']);
  });
});
