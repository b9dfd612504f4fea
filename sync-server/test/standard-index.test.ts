import { afterAll, beforeAll, expect, it } from 'vitest';
import { MSG, STANDARD_INDEX_MODULES } from '@lawfirm/shared-types';
import { makeSmallPdf } from '@lawfirm/shared-types/pdf/testing/fixtures.ts';
import { readPdf } from '@lawfirm/shared-types/pdf/testing/read-pdf.ts';
import { newId } from '../src/db/ids.ts';
import { describeEachDb } from './helper.ts';
import { connectDevice } from './device.ts';
import { caseFirm, multipart, PDF_SMALL, PNG_1PX, type Auth, type CaseFirm } from './case-files-helpers.ts';

type Doc = {
  id: string;
  petition_id: string;
  document_description: string;
  date: string | null;
  annexure: string | null;
  page_info: string | null;
  display_order: number;
  attachments: { file_name: string; url: string; attachmentable_type: string }[];
};
type ListAnswer = {
  index_data: Doc[];
  page_title: string;
  compactInlineView: boolean;
  ShowOnOralArgument: boolean;
  model_type: string;
  index_annexure_data: Doc[];
};

/** The four standard index lists (part 2 §2.3, rest-contract 28–33): one implementation declared four times. */
describeEachDb('standard index lists', (kind) => {
  let f: CaseFirm;
  let petitionId: string;
  beforeAll(async () => {
    f = await caseFirm(kind);
    petitionId = await f.petition({ is_moot_case: true });
  });
  afterAll(() => f.t.close());

  const list = async (mt: string, auth: Auth = f.admin) => {
    const res = await f.call('GET', `/api/${mt}/${petitionId}`, auth);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ListAnswer>();
  };
  const add = async (mt: string, body: Record<string, unknown>, auth: Auth = f.lawyer) =>
    f.call('POST', `/api/${mt}`, auth, { petition_id: petitionId, ...body });

  for (const m of STANDARD_INDEX_MODULES)
    it(`${m.module_type}: adds, edits, reorders and deletes entries with the documented keys`, async () => {
      const empty = await add(m.module_type, { document_description: ' ' });
      expect(empty.statusCode).toBe(422);
      expect(empty.json()).toEqual({
        message: 'Description field is required.',
        validation_error: { document_description: ['Description field is required.'] },
      });

      const made: Doc[] = [];
      for (const [i, d] of ['PLD 2020 SC 1', 'PLD 2021 Lah 5', '2022 SCMR 10'].entries()) {
        const res = await add(m.module_type, {
          document_description: d,
          date: '05/03/2024',
          annexure: i === 1 ? 'B' : '',
          page_info: '7',
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().message).toBe(MSG.savedOk);
        made.push(res.json<{ index_detail_data: Doc }>().index_detail_data);
      }
      expect(made.map((d) => d.display_order)).toEqual([1, 2, 3]);

      const got = await list(m.module_type, f.student);
      expect(got).toMatchObject({
        page_title: m.title,
        compactInlineView: false,
        ShowOnOralArgument: m.module_type === 'oral_arguments',
        model_type: `App\\Models\\${m.model}`,
      });
      expect(got.index_data.map((d) => d.document_description)).toEqual([
        'PLD 2020 SC 1',
        'PLD 2021 Lah 5',
        '2022 SCMR 10',
      ]);
      expect(got.index_data[0]).toMatchObject({ date: '05/03/2024', page_info: '7', attachments: [] });
      expect(got.index_annexure_data.map((d) => d.id)).toEqual([made[1]!.id]);

      // Inline edit sends the row back; the other lists do not see it.
      const edit = await f.call('POST', `/api/${m.module_type}`, f.admin, {
        ...got.index_data[0],
        document_description: 'PLD 2020 SC 1 (relied)',
      });
      expect(edit.json()).toMatchObject({
        index_detail_data: { id: made[0]!.id, document_description: 'PLD 2020 SC 1 (relied)' },
        message: MSG.updatedOk,
      });
      const others = STANDARD_INDEX_MODULES.filter((o) => o.module_type !== m.module_type);
      for (const o of others)
        expect(
          (await f.call('POST', `/api/${o.module_type}`, f.admin, { ...edit.json().index_detail_data }))
            .statusCode,
        ).toBe(404);

      // Drag and drop: the rows (or ids) in their new order, with the list's model class or module type.
      const reordered = [made[2]!, made[0]!, made[1]!];
      for (const model_type of [`App\\Models\\${m.model}`, m.module_type]) {
        const res = await f.call('POST', '/api/standard_index_data/update_display_order', f.lawyer, {
          index_data: model_type === m.module_type ? reordered.map((r) => r.id) : reordered,
          model_type,
        });
        expect(res.json()).toEqual({ message: MSG.updatedOk });
      }
      expect((await list(m.module_type)).index_data.map((d) => d.id)).toEqual(reordered.map((r) => r.id));

      // The detail page's read (a POST) with its files, case file, neighbours, title and model class.
      const detail = await f.call(
        'POST',
        `/api/module_index_details_${m.module_type}/${made[0]!.id}`,
        f.student,
        {},
      );
      expect(detail.statusCode, detail.body).toBe(200);
      expect(detail.json()).toMatchObject({
        index_detail_data: { id: made[0]!.id, attachments: [] },
        petition: { id: petitionId },
        page_title: m.title,
        model_type: `App\\Models\\${m.model}`,
        previous_index_id: made[2]!.id,
        next_index_id: made[1]!.id,
      });

      expect((await f.call('DELETE', `/api/${m.module_type}/${made[1]!.id}`, f.admin)).json()).toEqual({
        message: MSG.deletedOk,
      });
      expect((await list(m.module_type)).index_data.map((d) => d.id)).toEqual([made[2]!.id, made[0]!.id]);
      expect((await f.call('DELETE', `/api/${m.module_type}/${made[1]!.id}`, f.admin)).statusCode).toBe(404);
    });

  it('takes uploads for every module and serves them at the legacy storage path', async () => {
    for (const m of STANDARD_INDEX_MODULES) {
      const item = (await add(m.module_type, { document_description: `${m.title} with files` })).json<{
        index_detail_data: Doc;
      }>().index_detail_data;
      const body = multipart(
        {
          attachmentable_id: item.id,
          attachmentable_type: `App\\Models\\${m.model}`,
          petition_id: petitionId,
        },
        [
          { filename: 'page.png', type: 'image/png', data: PNG_1PX },
          { filename: 'judgment.pdf', type: 'application/pdf', data: PDF_SMALL },
        ],
      );
      const up = await f.t.app.inject({
        method: 'POST',
        url: '/api/attachments',
        headers: { ...f.lawyer, ...body.headers },
        payload: body.payload,
      });
      expect(up.statusCode, up.body).toBe(200);
      const detail = (
        await f.call('POST', `/api/module_index_details_${m.module_type}/${item.id}`, f.admin, {})
      ).json<{ index_detail_data: Doc }>().index_detail_data;
      expect(detail.attachments.map((a) => [a.file_name, a.attachmentable_type])).toEqual([
        ['page.png', `App\\Models\\${m.model}`],
        ['judgment.pdf', `App\\Models\\${m.model}`],
      ]);
      const url = `/storage/attachments/petitions/${petitionId}/${m.model}/${item.id}/page.png`;
      expect(detail.attachments[0]!.url).toBe(url);
      const served = await f.t.app.inject({ method: 'GET', url, headers: f.student });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(PNG_1PX)).toBe(true);
      // Listed with the entry.
      const row = (await list(m.module_type)).index_data.find((d) => d.id === item.id)!;
      expect(row.attachments).toHaveLength(2);
      // Deleting the entry takes its files.
      await f.call('DELETE', `/api/${m.module_type}/${item.id}`, f.admin);
      expect((await f.t.app.inject({ method: 'GET', url, headers: f.admin })).statusCode).toBe(404);
    }
  });

  it('refuses writes to students and clients, and answers only its own firm', async () => {
    const item = (await add('case_laws', { document_description: 'Kept' })).json<{ index_detail_data: Doc }>()
      .index_detail_data;
    for (const who of [f.student, f.client]) {
      expect((await add('case_laws', { document_description: 'No' }, who)).statusCode).toBe(403);
      expect((await f.call('DELETE', `/api/case_laws/${item.id}`, who)).statusCode).toBe(403);
      const order = await f.call('POST', '/api/standard_index_data/update_display_order', who, {
        index_data: [item.id],
        model_type: 'case_laws',
      });
      expect(order.statusCode).toBe(403);
    }
    // The client is no party to this case: it is not theirs to read.
    expect((await f.call('GET', `/api/case_laws/${petitionId}`, f.client)).statusCode).toBe(404);
    expect(
      (await f.call('POST', `/api/module_index_details_case_laws/${item.id}`, f.client, {})).statusCode,
    ).toBe(404);
    // Another firm's admin: every id is unknown.
    const other = f.other;
    expect((await f.call('GET', `/api/case_laws/${petitionId}`, other)).statusCode).toBe(404);
    expect(
      (await f.call('POST', `/api/module_index_details_case_laws/${item.id}`, other, {})).statusCode,
    ).toBe(404);
    expect((await f.call('DELETE', `/api/case_laws/${item.id}`, other)).statusCode).toBe(404);
    const hijack = await f.call('POST', '/api/case_laws', other, { ...item, document_description: 'Mine' });
    expect(hijack.statusCode).toBe(404);
    expect((await add('case_laws', { document_description: 'Into theirs' }, other)).statusCode).toBe(404);
    const order = await f.call('POST', '/api/standard_index_data/update_display_order', other, {
      index_data: [item.id],
      model_type: 'case_laws',
    });
    expect(order.statusCode).toBe(404);
    expect((await list('case_laws')).index_data.find((d) => d.id === item.id)?.document_description).toBe(
      'Kept',
    );

    // An unknown list and an empty order are refused with a message.
    const bad = await f.call('POST', '/api/standard_index_data/update_display_order', f.admin, {
      index_data: [item.id],
      model_type: 'App\\Models\\PetitionIndex',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe('The list to reorder is not valid.');
    const none = await f.call('POST', '/api/standard_index_data/update_display_order', f.admin, {
      index_data: [],
      model_type: 'case_laws',
    });
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe('The list of rows is required.');
    const noPetition = await f.call('POST', '/api/case_laws', f.admin, { document_description: 'x' });
    expect(noPetition.statusCode).toBe(422);
  });

  it('syncs both ways: REST entries reach a device, a device’s pushes show in REST, a student’s are refused', async () => {
    const device = await connectDevice(f.t, f.lawyer);
    const rest = (await add('judgements', { document_description: 'From REST', date: '01/09/2024' })).json<{
      index_detail_data: Doc;
    }>().index_detail_data;
    const got = await device.pull();
    expect(got.get(`judgements/${rest.id}`)).toMatchObject({
      document_description: 'From REST',
      date: '2024-09-01',
    });

    const id = newId();
    const pushed = await device.push([
      {
        name: 'put',
        args: {
          entity: 'case_laws',
          id,
          values: { petition_id: petitionId, document_description: 'Typed in court', display_order: 99 },
        },
      },
    ]);
    expect(pushed.results.map((r) => r.status)).toEqual(['applied']);
    expect((await list('case_laws')).index_data.at(-1)).toMatchObject({
      id,
      document_description: 'Typed in court',
    });

    const student = await connectDevice(f.t, f.student);
    expect(student.rowsOf('judgements').map((r) => r.id)).toContain(rest.id);
    const refused = await student.push([
      {
        name: 'put',
        args: { entity: 'judgements', id: rest.id, values: { document_description: 'Hacked' } },
      },
    ]);
    expect(refused.results).toEqual([
      expect.objectContaining({ status: 'rejected', message: 'This action is unauthorized.' }),
    ]);
  });

  it('prints each list in the whole case-file PDF after the index, and one entry through the single-item PDF', async () => {
    const pid = await f.petition({ case_no: 'PDF-1' });
    const law = (
      await f.call('POST', '/api/case_laws', f.lawyer, {
        petition_id: pid,
        document_description: '2022 SCMR 10',
      })
    ).json<{ index_detail_data: Doc }>().index_detail_data;
    await f.call('POST', '/api/judgements', f.lawyer, {
      petition_id: pid,
      document_description: 'LHC order',
    });
    const body = multipart({ attachmentable_id: law.id, attachmentable_type: 'CaseLaw', petition_id: pid }, [
      { filename: 'judgment.pdf', type: 'application/pdf', data: Buffer.from(await makeSmallPdf(2)) },
    ]);
    const up = await f.t.app.inject({
      method: 'POST',
      url: '/api/attachments',
      headers: { ...f.lawyer, ...body.headers },
      payload: body.payload,
    });
    expect(up.statusCode, up.body).toBe(200);

    const whole = await f.call('GET', `/api/pdf/petitions/${pid}`, f.admin);
    expect(whole.statusCode, whole.body.slice(0, 200)).toBe(200);
    const read = await readPdf(new Uint8Array(whole.rawPayload));
    // cover, (empty) index, CASE LAWS table, the judgment's 2 pages, JUDGEMENTS table
    expect(read.pages).toBe(6);
    expect(read.text[2]).toContain('CASE LAWS');
    expect(read.text[2]).toContain('2022 SCMR 10');
    expect(read.text[3]).toContain('Attached page 1');
    expect(read.text[5]).toContain('JUDGEMENTS');
    expect(read.text[5]).toContain('LHC order');
    expect(read.text.join(' ')).not.toContain('ORAL ARGUMENTS');

    // The original StandardIndex page names the model by its module type; the class name works too.
    for (const model of ['case_laws', 'App\\Models\\CaseLaw']) {
      const link = await f.call('POST', '/api/download_single_petition_index_pdf', f.lawyer, {
        id: law.id,
        model,
      });
      expect(link.statusCode, link.body).toBe(200);
      const url = new URL(link.json<{ file_path: string }>().file_path);
      const one = await f.t.app.inject({ method: 'GET', url: url.pathname + url.search });
      expect(one.statusCode).toBe(200);
      const doc = await readPdf(new Uint8Array(one.rawPayload));
      expect(doc.text[0]).toContain('2022 SCMR 10');
      expect(doc.text.join(' ')).toContain('Attached page 2');
    }
    // Every reader of the case file downloads an entry (issue 12 item 4): not the student here, who does not
    // read this (not moot) case file, and so gets what an unknown id gets…
    const refused = await f.call('POST', '/api/download_single_petition_index_pdf', f.student, {
      id: law.id,
      model: 'case_laws',
    });
    expect(refused.statusCode).toBe(404);
    // …but an entry of the moot case file, which the student reads.
    const moot = (
      await f.call('POST', '/api/case_laws', f.lawyer, {
        petition_id: petitionId,
        document_description: 'Moot authority',
      })
    ).json<{ index_detail_data: Doc }>().index_detail_data;
    const byStudent = await f.call('POST', '/api/download_single_petition_index_pdf', f.student, {
      id: moot.id,
      model: 'case_laws',
    });
    expect(byStudent.statusCode, byStudent.body).toBe(200);
    const studentUrl = new URL(byStudent.json<{ file_path: string }>().file_path);
    const studentPdf = await f.t.app.inject({ method: 'GET', url: studentUrl.pathname + studentUrl.search });
    expect(studentPdf.statusCode).toBe(200);
    expect((await readPdf(new Uint8Array(studentPdf.rawPayload))).text[0]).toContain('Moot authority');
    const otherFirm = await f.call('POST', '/api/download_single_petition_index_pdf', f.other, {
      id: law.id,
      model: 'case_laws',
    });
    expect(otherFirm.statusCode).toBe(404);
  });
});
