import { afterAll, beforeAll, expect, it } from 'vitest';
import { MSG } from '@lawfirm/shared-types';
import { describeEachDb } from './helper.ts';
import { caseFirm, multipart, PNG_1PX, type CaseFirm } from './case-files-helpers.ts';
import { verifyPdfSig } from '../src/case-files/pdf-urls.ts';

type Page = {
  data: Record<string, any>[];
  current_page: number;
  from: number | null;
  to: number | null;
  total: number;
  per_page: number;
  last_page: number;
};

describeEachDb('case files: petitions', (kind) => {
  let f: CaseFirm;
  beforeAll(async () => {
    f = await caseFirm(kind);
  });
  afterAll(() => f.t.close());

  const list = async (query = '', auth = f.admin) => {
    const res = await f.call('GET', `/api/petitions${query}`, auth);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ petitions: Page }>().petitions;
  };

  it('creates a case file with its parties and answers it in every documented shape', async () => {
    const court = await f.court();
    const category = await f.category();
    const res = await f.call('POST', '/api/petitions', f.admin, {
      case_no: '1234',
      year: '2024',
      title: 'Ali vs Province of Punjab',
      court_id: court.id,
      petition_type_id: category.id,
      lawyer_ids: [f.lawyerId],
      institution_date: '05/03/2024',
      is_moot_case: false,
      // Typed names, and a client picked from the autocomplete (user.name is the whole client object).
      petitioners: [
        { user: { name: 'Muhammad Ali' } },
        { user: { name: { id: f.clientId, name: f.clientName } } },
      ],
      opponents: [{ user: { name: 'Province of Punjab' } }, { user: { name: '' } }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const { petition_id, message } = res.json<{ petition_id: string; message: string }>();
    expect(message).toBe(MSG.savedOk);

    const one = await f.call('GET', `/api/petitions/${petition_id}`, f.lawyer);
    expect(one.statusCode).toBe(200);
    const { petition, petition_details } = one.json<{ petition: any; petition_details: unknown[] }>();
    expect(petition).toMatchObject({
      id: petition_id,
      case_no: '1234',
      year: 2024,
      title: 'Ali vs Province of Punjab',
      archived: false,
      is_moot_case: false,
      court_id: court.id,
      court: { id: court.id, title: court.title },
      petition_type_id: category.id,
      type: { title: category.title, abbreviation: 'W.P.' },
      type_abrivation: 'W.P.',
      institution_date: '05/03/2024',
      pending_tag: null,
      petitioner_names: `Muhammad Ali, ${f.clientName}`,
      opponent_names: 'Province of Punjab',
      petition_standard_title: 'W.P. 1234/2024 Ali vs Province of Punjab',
      index_total: 0,
      order_sheet_total: 0,
      petition_reply_parent_total: 0,
      lawyer_ids_array: [f.lawyerId],
      lawyers: [{ id: f.lawyerId, user: { id: f.lawyerId, name: 'Barrister Lawyer' } }],
    });
    expect(petition.petitioners).toEqual([
      expect.objectContaining({ name: 'Muhammad Ali', user: { id: null, name: 'Muhammad Ali' } }),
      expect.objectContaining({ name: f.clientName, user: { id: f.clientId, name: f.clientName } }),
    ]);
    expect(petition.opponents).toHaveLength(1);
    expect(petition_details).toEqual([]);
    // The PDF link is absolute and signed for this reader and this path only.
    const url = new URL(petition.pdf_download_url as string);
    expect(url.pathname).toBe(`/api/pdf/petitions/${petition_id}`);
    const who = verifyPdfSig(f.t.app, url.pathname, url.searchParams.get('sig'));
    expect(who).toMatchObject({ companyId: f.t.providerId });
    expect(verifyPdfSig(f.t.app, '/api/pdf/petitions/other', url.searchParams.get('sig'))).toBeNull();
    expect(verifyPdfSig(f.t.app, url.pathname, `${url.searchParams.get('sig')}x`)).toBeNull();

    const legacy = await f.call('GET', `/api/get_petition?petition_id=${petition_id}`, f.lawyer);
    expect(legacy.json<{ petition: { id: string } }>().petition.id).toBe(petition_id);
  });

  it('refuses a case file without case number or title with the spec’s messages, and bad dates and years', async () => {
    const res = await f.call('POST', '/api/petitions', f.admin, { case_no: ' ', title: '' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'Case No field is required.',
      validation_error: { case_no: ['Case No field is required.'], title: ['Title field is required.'] },
    });
    const date = await f.call('POST', '/api/petitions', f.admin, {
      case_no: '1',
      title: 'x',
      institution_date: '31/02/2024',
    });
    expect(date.statusCode).toBe(422);
    expect(date.json().message).toBe('The date must be a real date (dd/mm/yyyy).');
    const year = await f.call('POST', '/api/petitions', f.admin, { case_no: '1', title: 'x', year: 'abc' });
    expect(year.json().message).toBe('The year is not valid.');
    const court = await f.call('POST', '/api/petitions', f.admin, {
      case_no: '1',
      title: 'x',
      court_id: 'nope',
    });
    expect(court.statusCode).toBe(422);
    expect(court.json().message).toBe('The court does not exist.');
  });

  it('defaults the year to this one and updates only what the form sends, replacing the parties', async () => {
    const id = await f.petition({ petitioners: [{ user: { name: 'A' } }, { user: { name: 'B' } }] });
    const before = (await f.call('GET', `/api/petitions/${id}`, f.admin)).json<{ petition: any }>().petition;
    expect(before.year).toBe(new Date().getFullYear());
    const keptId = before.petitioners.find((p: any) => p.name === 'B').id;

    // The edit form sends the loaded row back, with its nested objects and the client-only editMode flag.
    const res = await f.call('POST', '/api/petitions', f.admin, {
      ...before,
      title: 'Renamed',
      is_moot_case: true,
      petitioners: [{ user: { name: 'B' } }, { user: { name: 'C' } }],
      editMode: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ petition_id: id, message: MSG.updatedOk });
    const after = (await f.call('GET', `/api/petitions/${id}`, f.admin)).json<{ petition: any }>().petition;
    expect(after).toMatchObject({ title: 'Renamed', is_moot_case: true, petitioner_names: 'B, C' });
    // The party that stayed kept its row, so devices see an edit, not a delete and a new row.
    expect(after.petitioners[0].id).toBe(keptId);
    const live = await f.t.app.db
      .selectFrom('petition_parties')
      .select('name')
      .where('petition_id', '=', id)
      .where('deleted_at', 'is', null)
      .execute();
    expect(live.map((p) => p.name).sort()).toEqual(['B', 'C']);

    // A partial update (no parties, no year) leaves them alone.
    await f.call('POST', '/api/petitions', f.admin, { id, case_no: '101', title: 'Renamed again' });
    const partial = (await f.call('GET', `/api/petitions/${id}`, f.admin)).json<{ petition: any }>().petition;
    expect(partial).toMatchObject({
      petitioner_names: 'B, C',
      year: new Date().getFullYear(),
      is_moot_case: true,
    });
  });

  it('lists with the documented filters, a Laravel paginator and the calendar variant', async () => {
    const court = await f.court();
    const a = await f.petition({
      case_no: 'FLT-77',
      year: 2019,
      court_id: court.id,
      petitioners: [{ user: { name: 'Zubair Filterman' } }],
      opponents: [{ user: { name: 'Opposing Quasim' } }],
    });
    await f.call('POST', '/api/insert_pending_tag', f.admin, { petition_id: a, pending_tag: 'LIB-42' });
    const moot = await f.petition({ case_no: 'MOOT-1', is_moot_case: true });

    const ids = (p: Page) => p.data.map((r) => r.id);
    expect(ids(await list('?case_no=flt-7'))).toEqual([a]);
    expect(ids(await list('?case_no=FLT-77&year=2019'))).toEqual([a]);
    expect(ids(await list('?case_no=FLT-77&year=2020'))).toEqual([]);
    expect(ids(await list(`?court_id=${court.id}&case_no=FLT`))).toEqual([a]);
    expect(ids(await list('?petitioner_name=zubair filter'))).toEqual([a]);
    // Any party's name matches, opponents too, ignoring case.
    expect(ids(await list('?petitioner_name=QUASIM'))).toEqual([a]);
    expect(ids(await list('?pendingTag=lib-4'))).toEqual([a]);
    expect(ids(await list('?pending_tag=true'))).toContain(a);
    expect((await list('?pending_tag=true')).data.every((r) => r.pending_tag)).toBe(true);
    const moots = await list('?is_moot_case=true');
    expect(ids(moots)).toContain(moot);
    expect(ids(moots)).not.toContain(a);
    expect(moots.data.every((r) => r.is_moot_case)).toBe(true);

    const row = (await list('?case_no=FLT-77')).data[0]!;
    expect(Object.keys(row)).toEqual(
      expect.arrayContaining([
        'id',
        'case_no',
        'year',
        'title',
        'archived',
        'is_moot_case',
        'court',
        'type',
        'type_abrivation',
        'institution_date',
        'petitioner_names',
        'opponent_names',
        'pending_tag',
        'pdf_download_url',
        'index_total',
        'order_sheet_total',
        'petition_reply_parent_total',
        'petition_standard_title',
      ]),
    );
    expect(row).toMatchObject({
      petitioner_names: 'Zubair Filterman',
      pending_tag: 'LIB-42',
      court: { title: court.title },
    });

    // 25 more case files: two pages of 20.
    for (let i = 0; i < 25; i++) await f.petition({ case_no: `PG-${i}` });
    const p1 = await list('?case_no=PG-');
    expect(p1).toMatchObject({ current_page: 1, from: 1, to: 20, total: 25, per_page: 20, last_page: 2 });
    const p2 = await list('?case_no=PG-&page=2');
    expect(p2).toMatchObject({ current_page: 2, from: 21, to: 25, total: 25 });
    expect(p2.data).toHaveLength(5);
    expect(new Set([...ids(p1), ...ids(p2)]).size).toBe(25);
    // A page past the end still tells the total (no row carries it there).
    expect(await list('?case_no=PG-&page=3')).toMatchObject({ data: [], total: 25, current_page: 3 });
    expect((await list('?page=999')).total).toBeGreaterThanOrEqual(27);
    // Newest first across the pages (a page's rows are picked first, then given their answer's columns).
    expect([...p1.data, ...p2.data].map((p) => (p as { case_no: string }).case_no)).toEqual(
      Array.from({ length: 25 }, (_, i) => `PG-${24 - i}`),
    );
    const empty = await list('?case_no=nothing-like-this');
    expect(empty).toMatchObject({ data: [], from: null, to: null, total: 0 });

    // Every record, as a plain list (the calendar's search with no text; its filter: legacy-client-firm-tools.test.ts).
    const cal = await f.call('GET', '/api/petitions?force_all_records=true', f.admin);
    const { petitions } = cal.json<{
      petitions: { id: string; petition_standard_title_with_petitioner: string }[];
    }>();
    expect(Array.isArray(petitions)).toBe(true);
    expect(petitions.length).toBeGreaterThanOrEqual(27);
    expect(petitions.find((p) => p.id === a)!.petition_standard_title_with_petitioner).toContain(
      'Zubair Filterman',
    );
  });

  it('archives and restores; archived case files leave the active list', async () => {
    const id = await f.petition({ case_no: 'ARCH-1' });
    expect(
      (await f.call('POST', '/api/petitions/toggle_archived', f.lawyer, { petition_id: id, archived: true }))
        .statusCode,
    ).toBe(200);
    expect((await list('?case_no=ARCH-1')).data).toEqual([]);
    expect((await list('?case_no=ARCH-1&archived=true')).data.map((r) => r.id)).toEqual([id]);
    expect((await list('?case_no=ARCH-1&archived=true')).data[0]!.archived).toBe(true);
    await f.call('POST', '/api/petitions/toggle_archived', f.admin, { petition_id: id, archived: false });
    expect((await list('?case_no=ARCH-1')).data.map((r) => r.id)).toEqual([id]);
    // Part 1 §6: students do not switch to the archived list.
    expect((await f.call('GET', '/api/petitions?archived=true', f.student)).statusCode).toBe(403);
  });

  it('inserts and removes pending tags and lists the pending cases with a PDF link', async () => {
    const category = await f.category();
    const court = await f.court();
    const id = await f.petition({
      case_no: 'PEND-9',
      year: 2023,
      petition_type_id: category.id,
      court_id: court.id,
    });
    const ins = await f.call('POST', '/api/insert_pending_tag', f.lawyer, {
      petition_id: id,
      pending_tag: '17',
    });
    expect(ins.json()).toEqual({ message: 'Pending Tag Inserted Successfully!' });
    const pending = await f.call('GET', '/api/get_pending_cases', f.lawyer);
    const body = pending.json<{ pendingCases: any[]; url: string }>();
    expect(body.pendingCases).toContainEqual({
      id,
      pending_tag: '17',
      title: 'State vs Someone',
      type_abrivation: 'W.P.',
      case_no: 'PEND-9',
      year: 2023,
      court: { title: court.title },
    });
    expect(new URL(body.url).pathname).toBe('/api/pdf/pending-cases');
    expect(
      verifyPdfSig(f.t.app, '/api/pdf/pending-cases', new URL(body.url).searchParams.get('sig')),
    ).not.toBeNull();
    const rem = await f.call('POST', '/api/remove_pending_tag', f.lawyer, {
      petition_id: id,
      pending_tag: '17',
    });
    expect(rem.json()).toEqual({ message: 'Pending Tag Remove Successfully!' });
    const again = (await f.call('GET', '/api/get_pending_cases', f.lawyer)).json<{ pendingCases: any[] }>();
    expect(again.pendingCases.map((p) => p.id)).not.toContain(id);
    expect((await f.call('GET', '/api/get_pending_cases', f.student)).statusCode).toBe(403);
  });

  it('finds clients by name, lists the firm’s lawyers and counts a lawyer’s case files', async () => {
    const short = await f.call('GET', '/api/clients?serach_param=Cl', f.admin);
    expect(short.json()).toEqual({ clients: [] });
    const found = await f.call(
      'GET',
      `/api/clients?serach_param=${encodeURIComponent(f.clientName.toLowerCase())}`,
      f.lawyer,
    );
    // With the label and value the original client's pickers read.
    expect(found.json()).toEqual({
      clients: [{ id: f.clientId, name: f.clientName, label: f.clientName, value: f.clientId }],
    });
    const lawyers = (await f.call('GET', '/api/lawyers', f.admin)).json<{
      lawyers: { id: string; name: string }[];
    }>();
    expect(lawyers.lawyers).toContainEqual({
      id: f.lawyerId,
      name: 'Barrister Lawyer',
      label: 'Barrister Lawyer',
      value: f.lawyerId,
    });
    expect(lawyers.lawyers.map((l) => l.id)).not.toContain(f.clientId);
    // Another firm's people are never offered.
    const theirs = (await f.call('GET', '/api/lawyers', f.other)).json<{ lawyers: { id: string }[] }>();
    expect(theirs.lawyers.map((l) => l.id)).not.toContain(f.lawyerId);

    const before = (
      await f.call('GET', `/api/get_lawyer_total_petitions?lawyer_id=${f.lawyerId}`, f.admin)
    ).json<{
      lawyer_total_petitions: number;
    }>().lawyer_total_petitions;
    await f.petition({ lawyer_ids: [f.lawyerId] });
    const after = await f.call('GET', `/api/get_lawyer_total_petitions?lawyer_id=${f.lawyerId}`, f.admin);
    expect(after.json()).toEqual({ lawyer_total_petitions: before + 1 });
    expect(
      (await f.call('GET', `/api/get_lawyer_total_petitions?lawyer_id=${f.lawyerId}`, f.other)).statusCode,
    ).toBe(404);
  });

  it('deletes a case file with everything in it, so devices drop its rows too', async () => {
    const id = await f.petition({ petitioners: [{ user: { name: 'Gone Party' } }] });
    await f.call('POST', '/api/petitions_index', f.admin, { petition_id: id, document_description: 'Writ' });
    await f.call('POST', '/api/petition_order_sheets', f.admin, { petition_id: id });
    const del = await f.call('DELETE', `/api/petitions/${id}`, f.lawyer);
    expect(del.json()).toEqual({ message: MSG.deletedOk });
    expect((await f.call('GET', `/api/petitions/${id}`, f.admin)).statusCode).toBe(404);
    for (const table of ['petition_parties', 'petition_index', 'order_sheets'] as const) {
      const live = await f.t.app.db
        .selectFrom(table)
        .select('id')
        .where('petition_id', '=', id)
        .where('deleted_at', 'is', null)
        .execute();
      expect(live, table).toEqual([]);
    }
    expect((await f.call('DELETE', `/api/petitions/${id}`, f.admin)).statusCode).toBe(404);
  });

  it('refuses every write to students and clients, and another firm’s ids, with {message}', async () => {
    const id = await f.petition({ is_moot_case: true });
    const writes: [string, string, object][] = [
      ['POST', '/api/petitions', { case_no: '1', title: 'x' }],
      ['POST', '/api/petitions', { id, case_no: '1', title: 'x' }],
      ['DELETE', `/api/petitions/${id}`, {}],
      ['POST', '/api/petitions/toggle_archived', { petition_id: id, archived: true }],
      ['POST', '/api/insert_pending_tag', { petition_id: id, pending_tag: '1' }],
      ['POST', '/api/remove_pending_tag', { petition_id: id }],
      ['GET', '/api/clients?serach_param=abc', {}],
    ];
    for (const auth of [f.student, f.client])
      for (const [method, url, body] of writes) {
        const res = await f.call(
          method as 'POST',
          url,
          auth,
          method === 'GET' || method === 'DELETE' ? undefined : body,
        );
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json()).toEqual({ message: MSG.forbidden });
      }
    for (const [method, url, body] of writes.slice(1, 6)) {
      const res = await f.call(method as 'POST', url, f.other, method === 'DELETE' ? undefined : body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await f.call('GET', `/api/petitions/${id}`, f.other)).statusCode).toBe(404);
    expect((await f.call('GET', '/api/petitions', undefined)).statusCode).toBe(401);
    expect((await f.call('GET', `/api/petitions/not-an-id`, f.admin)).json()).toEqual({
      message: MSG.notFound,
    });
    const missing = await f.call('POST', '/api/insert_pending_tag', f.admin, { pending_tag: 'x' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().message).toBe('Petition field is required.');
  });
  it('answers malformed input on every case-file call without ever a 500, refusals with {message}', async () => {
    const id = await f.petition();
    const routes: [string, string][] = [
      ['POST', '/api/petitions'],
      ['POST', '/api/petitions/toggle_archived'],
      ['POST', '/api/insert_pending_tag'],
      ['POST', '/api/remove_pending_tag'],
      ['POST', '/api/petitions_index'],
      ['POST', '/api/petitions_index/update_display_order'],
      ['POST', '/api/petition_reply_parents'],
      ['POST', '/api/petition_reply_parents/update_display_order'],
      ['POST', '/api/petition_replies'],
      ['POST', '/api/petition_replies/update_display_order'],
      ['POST', '/api/get_next_hearing_ordersheet'],
      ['POST', '/api/add_hearing_date'],
      ['POST', '/api/remove_hearing_date'],
      ['POST', '/api/petition_order_sheets'],
      ['POST', '/api/delete_selected'],
      ['POST', '/api/download_single_petition_index_pdf'],
      ['POST', '/api/attachments'],
      ['PUT', `/api/attachments/${id}`],
    ];
    const bodies: unknown[] = [
      [],
      'text',
      42,
      { petition_id: { nested: true }, id: ['x'], case_no: 5, title: ['t'], petitioners: 'x', date: 7 },
      { petition_id: id, petitioners: [{ user: { name: 12 } }], lawyer_ids: 'x', order_sheet_date: {} },
      { petition_details: [{}], petition_replies: [null], petition_reply_parents: 'x', id: {} },
    ];
    for (const [method, url] of routes)
      for (const body of bodies) {
        const res = await f.t.app.inject({
          method: method as 'POST',
          url,
          headers: { ...f.admin, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        // Some of these bodies are valid for some calls (archived left out means false); none may break one.
        const what = `${method} ${url} ${JSON.stringify(body)} → ${res.body}`;
        expect(res.statusCode, what).toBeLessThan(500);
        if (res.statusCode >= 400)
          expect(typeof res.json<{ message: unknown }>().message, what).toBe('string');
      }
    for (const q of ['?year=abc', '?page[]=1&page[]=2', '?case_no[a]=1', '?court_id=%00'])
      expect((await f.call('GET', `/api/petitions${q}`, f.admin)).statusCode, q).toBeLessThan(500);
    // PostgreSQL refuses NUL in text; it is refused before any query, in JSON and in multipart fields alike.
    const nul = await f.call('POST', '/api/petitions', f.admin, { case_no: '1', title: 'a\u0000b' });
    expect(nul.statusCode).toBe(422);
    expect((await f.call('GET', `/api/petitions/${id}%00`, f.admin)).statusCode).toBe(422);
    const form = multipart({ attachmentable_id: 'x\u0000', attachmentable_type: 'PetitionIndex' }, [
      { filename: 'a.png', type: 'image/png', data: PNG_1PX },
    ]);
    const up = await f.t.app.inject({
      method: 'POST',
      url: '/api/attachments',
      headers: { ...f.admin, ...form.headers },
      payload: form.payload,
    });
    expect(up.statusCode).toBe(422);
  });
});
