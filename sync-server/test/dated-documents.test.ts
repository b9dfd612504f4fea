import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATED_MODULES, datedFields, MSG, type TDatedModule } from '@lawfirm/shared-types';
import { readPdf } from '@lawfirm/shared-types/pdf/testing/read-pdf.ts';
import { newId } from '../src/db/ids.ts';
import { connectDevice } from './device.ts';
import { describeEachDb } from './helper.ts';
import { caseFirm, multipart, PNG_1PX, type Auth, type CaseFirm } from './case-files-helpers.ts';

type Rec = Record<string, unknown> & { id: string; attachments: { file_name: string; url: string }[] };

/** The four dated document modules' calls (part 2 §7, rest-contract 38–43, 27, 33), one declaration each. */
describeEachDb('dated document modules', (kind) => {
  let f: CaseFirm;
  let petitionId: string;
  let otherPetitionId: string;
  beforeAll(async () => {
    f = await caseFirm(kind);
    // A moot case: the student may read it, and still may not change it.
    petitionId = await f.petition({ is_moot_case: true });
    const res = await f.call('POST', '/api/petitions', f.other, { case_no: '9', title: 'Elsewhere' });
    otherPetitionId = res.json<{ petition_id: string }>().petition_id;
  });
  afterAll(() => f.t.close());

  /** A type of the module's own module id, made by the admin (module types screen). */
  const typeOf = async (m: TDatedModule, title: string) =>
    (await f.call('POST', '/api/module_types', f.admin, { module_id: m.moduleId, title })).json<{
      moduleType: { id: string };
    }>().moduleType.id;

  const save = (m: TDatedModule, auth: Auth, body: object) => f.call('POST', m.rest.path, auth, body);

  for (const m of DATED_MODULES as readonly TDatedModule[]) {
    const fld = datedFields(m);
    describe(m.plural, () => {
      it('creates, reads, lists, pages through and updates, with the documented keys', async () => {
        const typeId = await typeOf(m, `${m.label} type A`);
        const types = await f.call('GET', `${m.rest.typesPath}?module_id=${m.moduleId}`, f.lawyer);
        expect(types.json<Record<string, { id: string }[]>>()[m.rest.typesKey]!.map((t) => t.id)).toContain(
          typeId,
        );

        const first = await save(m, f.lawyer, {
          petition_id: petitionId,
          title: 'First',
          [fld.date]: '05/01/2026',
          [fld.type]: typeId,
          description: 'Heard at length',
        });
        expect(first.statusCode, first.body).toBe(200);
        const saved = first.json<Record<string, Rec>>();
        expect(saved.message).toBe(MSG.savedOk);
        const row = saved[m.rest.savedKey]!;
        expect(row).toMatchObject({
          petition_id: petitionId,
          title: 'First',
          [fld.date]: '05/01/2026',
          [fld.type]: typeId,
          description: 'Heard at length',
          [`${m.prefix}_types`]: { id: typeId, title: `${m.label} type A` },
          attachments: [],
        });
        const second = (
          await save(m, f.admin, { petition_id: petitionId, title: 'Second', [fld.date]: '2026-02-01' })
        ).json<Record<string, Rec>>()[m.rest.savedKey]!;

        const list = await f.call('GET', `${m.rest.path}?petition_id=${petitionId}`, f.student);
        expect(list.statusCode, list.body).toBe(200);
        const listed = list.json<{ records: Rec[]; petition?: { id: string } }>();
        expect(listed.records.map((r) => r.title)).toEqual(['First', 'Second']);
        if (m.rest.listWithPetition) expect(listed.petition?.id).toBe(petitionId);
        else expect(listed.petition).toBeUndefined();

        const one = await f.call('GET', `${m.rest.path}/${row.id}`, f.student);
        expect(one.json<{ record: Rec }>().record).toMatchObject({ id: row.id, title: 'First' });

        const by = await f.call('POST', `${m.rest.path}/by_petition`, f.student, {
          petition_id: petitionId,
          id: second.id,
        });
        expect(by.json()).toMatchObject({
          record: { id: second.id, petition: { id: petitionId } },
          previous_index_id: row.id,
          next_index_id: null,
        });
        // Without an id, the first by date.
        const firstBy = await f.call('POST', `${m.rest.path}/by_petition`, f.lawyer, {
          petition_id: petitionId,
        });
        expect(firstBy.json()).toMatchObject({
          record: { id: row.id },
          previous_index_id: null,
          next_index_id: second.id,
        });

        const upd = await save(m, f.lawyer, { ...row, title: 'First, amended', [fld.type]: '' });
        expect(upd.json<Record<string, unknown>>()).toMatchObject({
          message: MSG.updatedOk,
          [m.rest.savedKey]: { id: row.id, title: 'First, amended', [fld.type]: null },
        });
      });

      it("answers the spec's messages for missing fields and refuses another module's type", async () => {
        const noDate = await save(m, f.lawyer, { petition_id: petitionId, title: 'T', [fld.date]: '' });
        expect(noDate.statusCode).toBe(422);
        expect(noDate.json<{ message: string }>().message).toBe('Date field is required.');
        const noTitle = await save(m, f.lawyer, { petition_id: petitionId, [fld.date]: '01/03/2026' });
        if (m.titleRequired) {
          expect(noTitle.statusCode).toBe(422);
          expect(noTitle.json<{ message: string }>().message).toBe(MSG.titleRequired);
        } else expect(noTitle.statusCode).toBe(200);
        const bad = await save(m, f.lawyer, {
          petition_id: petitionId,
          title: 'T',
          [fld.date]: '31/02/2026',
        });
        expect(bad.statusCode).toBe(422);
        const otherModule = DATED_MODULES.find((o) => o.moduleId !== m.moduleId)!;
        const wrongType = await save(m, f.lawyer, {
          petition_id: petitionId,
          title: 'T',
          [fld.date]: '01/03/2026',
          [fld.type]: await typeOf(otherModule, 'Not mine'),
        });
        expect(wrongType.statusCode).toBe(422);
        expect(wrongType.json<{ message: string }>().message).toBe('The type does not exist.');
        expect((await save(m, f.lawyer, { title: 'T', [fld.date]: '01/03/2026' })).json()).toMatchObject({
          message: 'Petition field is required.',
        });
      });

      it("refuses students, and another firm's ids look like unknown ones", async () => {
        const row = (
          await save(m, f.admin, { petition_id: petitionId, title: 'Kept', [fld.date]: '01/04/2026' })
        ).json<Record<string, Rec>>()[m.rest.savedKey]!;
        expect(
          (await save(m, f.student, { petition_id: petitionId, title: 'S', [fld.date]: '01/04/2026' }))
            .statusCode,
        ).toBe(403);
        expect((await save(m, f.student, { id: row.id, title: 'S' })).statusCode).toBe(403);
        expect((await f.call('DELETE', `${m.rest.path}/${row.id}`, f.student)).statusCode).toBe(403);
        for (const [method, url, body] of [
          ['GET', `${m.rest.path}/${row.id}`, undefined],
          ['GET', `${m.rest.path}?petition_id=${petitionId}`, undefined],
          ['POST', `${m.rest.path}/by_petition`, { petition_id: petitionId, id: row.id }],
          ['POST', m.rest.path, { id: row.id, title: 'Theirs' }],
          ['POST', m.rest.path, { petition_id: petitionId, title: 'Theirs', [fld.date]: '01/04/2026' }],
          ['DELETE', `${m.rest.path}/${row.id}`, undefined],
          ['POST', '/api/download_single_petition_index_pdf', { id: row.id, model: m.model }],
        ] as const)
          expect((await f.call(method, url, f.other, body)).statusCode, `${method} ${url}`).toBe(404);
        // Nor may this firm reach the other firm's case file.
        expect(
          (await save(m, f.admin, { petition_id: otherPetitionId, title: 'X', [fld.date]: '01/04/2026' }))
            .statusCode,
        ).toBe(404);
        expect((await f.call('GET', `${m.rest.path}/${row.id}`, f.admin)).json()).toMatchObject({
          record: { title: 'Kept' },
        });
      });

      it('deletes by the role rule: order sheets by admins only, the others by lawyers too', async () => {
        const row = (
          await save(m, f.lawyer, { petition_id: petitionId, title: 'Gone', [fld.date]: '01/05/2026' })
        ).json<Record<string, Rec>>()[m.rest.savedKey]!;
        const byLawyer = await f.call('DELETE', `${m.rest.path}/${row.id}`, f.lawyer);
        if (m.hearingDates) {
          expect(byLawyer.statusCode).toBe(403);
          expect(byLawyer.json()).toEqual({ message: MSG.forbidden });
          expect((await f.call('DELETE', `${m.rest.path}/${row.id}`, f.admin)).json()).toEqual({
            message: MSG.deletedOk,
          });
        } else expect(byLawyer.json()).toEqual({ message: MSG.deletedOk });
        expect((await f.call('GET', `${m.rest.path}/${row.id}`, f.admin)).statusCode).toBe(404);
      });

      it('takes uploads under its model name and gives a single-item PDF that reads back', async () => {
        const row = (
          await save(m, f.lawyer, { petition_id: petitionId, title: 'With photo', [fld.date]: '02/06/2026' })
        ).json<Record<string, Rec>>()[m.rest.savedKey]!;
        const body = multipart(
          {
            attachmentable_id: row.id,
            attachmentable_type: `App\\Models\\${m.model}`,
            petition_id: petitionId,
          },
          [{ filename: 'photo.png', type: 'image/png', data: PNG_1PX }],
        );
        const up = await f.t.app.inject({
          method: 'POST',
          url: '/api/attachments',
          headers: { ...f.lawyer, ...body.headers },
          payload: body.payload,
        });
        expect(up.statusCode, up.body).toBe(200);
        const rec = (await f.call('GET', `${m.rest.path}/${row.id}`, f.admin)).json<{ record: Rec }>().record;
        expect(rec.attachments.map((a) => a.file_name)).toEqual(['photo.png']);
        expect(rec.attachments[0]!.url).toBe(
          `/storage/attachments/petitions/${petitionId}/${m.model}/${row.id}/photo.png`,
        );
        // The original client's storage path serves the bytes to a signed-in user of the firm.
        const file = await f.t.app.inject({
          method: 'GET',
          url: rec.attachments[0]!.url,
          headers: f.student,
        });
        expect(file.statusCode).toBe(200);
        expect(file.rawPayload.equals(PNG_1PX)).toBe(true);

        const link = await f.call('POST', '/api/download_single_petition_index_pdf', f.admin, {
          id: row.id,
          model: m.model,
        });
        expect(link.statusCode, link.body).toBe(200);
        const url = new URL(link.json<{ file_path: string }>().file_path);
        const pdf = await f.t.app.inject({ method: 'GET', url: url.pathname + url.search });
        expect(pdf.statusCode).toBe(200);
        const read = await readPdf(new Uint8Array(pdf.rawPayload));
        expect(read.pages).toBe(2);
        expect(read.text[0]).toContain(`${m.label}: With photo`);
        expect(read.text[0]).toContain('Date: 02/06/2026');
        // Everyone who may read the case file downloads it too (issue 12 item 4): the student reads this moot
        // case; a client who is no party to it does not, and gets what an unknown id gets.
        const byStudent = await f.call('POST', '/api/download_single_petition_index_pdf', f.student, {
          id: row.id,
          model: m.model,
        });
        expect(byStudent.statusCode, byStudent.body).toBe(200);
        const studentUrl = new URL(byStudent.json<{ file_path: string }>().file_path);
        const studentPdf = await f.t.app.inject({
          method: 'GET',
          url: studentUrl.pathname + studentUrl.search,
        });
        expect(studentPdf.statusCode).toBe(200);
        expect((await readPdf(new Uint8Array(studentPdf.rawPayload))).text[0]).toContain(
          `${m.label}: With photo`,
        );
        // The student's bearer token on the link itself, as the device's own fetch sends it.
        const direct = await f.call('GET', `/api/pdf/${m.model}/${row.id}`, f.student);
        expect(direct.statusCode).toBe(200);
        for (const auth of [f.client, f.other]) {
          const refused = await f.call('POST', '/api/download_single_petition_index_pdf', auth, {
            id: row.id,
            model: m.model,
          });
          expect(refused.statusCode).toBe(404);
          expect((await f.call('GET', `/api/pdf/${m.model}/${row.id}`, auth)).statusCode).toBe(404);
        }
        // A signed link made for the student cannot be replayed for another document.
        const replay = await f.t.app.inject({
          method: 'GET',
          url: `/api/pdf/${m.model}/${newId()}${studentUrl.search}`,
        });
        expect(replay.statusCode).toBe(401);
      });

      it('gives a client the single-item PDF of a case they are a party to, and not of another', async () => {
        const mine = await f.petition({
          case_no: `C-${m.moduleId}`,
          petitioners: [{ user: { name: { id: f.clientId, name: f.clientName } } }],
        });
        const row = (
          await save(m, f.lawyer, { petition_id: mine, title: 'For the client', [fld.date]: '03/06/2026' })
        ).json<Record<string, Rec>>()[m.rest.savedKey]!;
        const link = await f.call('POST', '/api/download_single_petition_index_pdf', f.client, {
          id: row.id,
          model: m.model,
        });
        expect(link.statusCode, link.body).toBe(200);
        const url = new URL(link.json<{ file_path: string }>().file_path);
        const pdf = await f.t.app.inject({ method: 'GET', url: url.pathname + url.search });
        expect(pdf.statusCode).toBe(200);
        const read = await readPdf(new Uint8Array(pdf.rawPayload));
        expect(read.pages).toBe(1);
        expect(read.text[0]).toContain(`${m.label}: For the client`);
        expect(read.text[0]).toContain('Date: 03/06/2026');
        // The student does not read this case (not a moot case).
        const byStudent = await f.call('POST', '/api/download_single_petition_index_pdf', f.student, {
          id: row.id,
          model: m.model,
        });
        expect(byStudent.statusCode).toBe(404);
      });
    });
  }

  it("syncs: a phone pushes a talbana the calls then answer; a student's push and a lawyer's delete of a written order sheet are refused", async () => {
    const lawyer = await connectDevice(f.t, f.lawyer);
    const student = await connectDevice(f.t, f.student);
    const id = newId();
    const values = { petition_id: petitionId, title: 'From the phone', talbana_date: '2026-07-01' };
    const pushed = await lawyer.push([{ name: 'put', args: { entity: 'talbana', id, values } }]);
    expect(pushed.results.map((r) => r.status)).toEqual(['applied']);
    expect((await f.call('GET', `/api/petition_talbana/${id}`, f.admin)).json()).toMatchObject({
      record: { title: 'From the phone', talbana_date: '01/07/2026' },
    });
    // The student's device receives it (a moot case) and may not write one.
    await student.pull();
    expect(student.rowsOf('talbana').map((r) => r.id)).toContain(id);
    const refused = await student.push([
      { name: 'put', args: { entity: 'talbana', id: newId(), values: { ...values, title: 'Student' } } },
    ]);
    expect(refused.results.map((r) => r.status)).toEqual(['rejected']);
    // An invalid row is refused with the spec's message.
    const invalid = await lawyer.push([
      {
        name: 'put',
        args: { entity: 'synopsis', id: newId(), values: { petition_id: petitionId, title: 'X' } },
      },
    ]);
    expect(invalid.results[0]).toMatchObject({ status: 'rejected' });
    expect(JSON.stringify(invalid.results[0])).toContain('Date field is required.');
    const sheet = (
      await save(DATED_MODULES[0], f.admin, {
        petition_id: petitionId,
        title: 'Written',
        order_sheet_date: '02/07/2026',
      })
    ).json<{ petitionOrderSheet: { id: string } }>().petitionOrderSheet;
    const del = await lawyer.push([{ name: 'delete', args: { entity: 'order_sheets', id: sheet.id } }]);
    expect(del.results.map((r) => r.status)).toEqual(['rejected']);
  });

  it("prints every module's items in the whole case-file PDF, in the case's order", async () => {
    const p = await f.petition({ case_no: '555', title: 'Sections v. State' });
    for (const [m, title] of [
      [DATED_MODULES[3], 'Synopsis one'],
      [DATED_MODULES[0], 'Sheet one'],
      [DATED_MODULES[2], 'Talbana one'],
    ] as const)
      expect(
        (await save(m, f.admin, { petition_id: p, title, [datedFields(m).date]: '03/03/2026' })).statusCode,
      ).toBe(200);
    const link = (await f.call('GET', `/api/petitions/${p}`, f.admin)).json<{
      petition: { pdf_download_url: string };
    }>().petition.pdf_download_url;
    const url = new URL(link);
    const res = await f.t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(res.statusCode).toBe(200);
    const text = (await readPdf(new Uint8Array(res.rawPayload))).text.join('\n');
    const at = (s: string) => text.indexOf(s);
    for (const s of ['ORDER SHEETS', 'Sheet one', 'TALBANA', 'Talbana one', 'SYNOPSIS', 'Synopsis one'])
      expect(at(s), s).toBeGreaterThan(-1);
    expect(at('ORDER SHEETS')).toBeLessThan(at('TALBANA'));
    expect(at('TALBANA')).toBeLessThan(at('SYNOPSIS'));
  });

  it('a hearing date is an order sheet, and an order sheet is a hearing date', async () => {
    const p = await f.petition();
    await f.call('POST', '/api/add_hearing_date', f.lawyer, {
      petition_id: p,
      order_sheet_date: '01/01/2099',
    });
    const sheets = (await f.call('GET', `/api/petition_order_sheets?petition_id=${p}`, f.admin)).json<{
      records: Rec[];
    }>().records;
    expect(sheets.map((s) => s.order_sheet_date)).toEqual(['01/01/2099']);
    await save(DATED_MODULES[0], f.admin, {
      petition_id: p,
      title: 'Arguments',
      order_sheet_date: '01/01/2098',
    });
    const next = await f.call('POST', '/api/get_next_hearing_ordersheet', f.lawyer, { petition_id: p });
    expect(next.json()).toMatchObject({ nextHearingOrderSheet: { order_sheet_date: '01/01/2098' } });
    // The uploader's auto-create (only petition_id) is dated today, under both spellings of the path.
    for (const path of ['/api/petition_order_sheets', '/api/petition_orders_sheets']) {
      const made = await f.call('POST', path, f.lawyer, { petition_id: p });
      expect(made.json()).toMatchObject({ petitionOrderSheet: { petition_id: p, id: expect.any(String) } });
    }
    // A lawyer removes the bare hearing date they set, not an admin's written order sheet.
    expect(
      (
        await f.call('POST', '/api/remove_hearing_date', f.lawyer, {
          petition_id: p,
          order_sheet_date: '01/01/2099',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await f.call('POST', '/api/remove_hearing_date', f.lawyer, {
          petition_id: p,
          order_sheet_date: '01/01/2098',
        })
      ).statusCode,
    ).toBe(403);
  });
});
