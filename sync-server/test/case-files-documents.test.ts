import { afterAll, beforeAll, expect, it } from 'vitest';
import { MSG } from '@lawfirm/shared-types';
import { describeEachDb } from './helper.ts';
import { caseFirm, type CaseFirm } from './case-files-helpers.ts';
import { verifyPdfSig } from '../src/case-files/pdf-urls.ts';

type Doc = {
  id: string;
  petition_id: string;
  document_description: string;
  date: string | null;
  annexure: string | null;
  page_info: string | null;
  display_order: number;
  attachments?: unknown[];
  petition_reply_parent_id?: string;
};

describeEachDb('case files: index items and replies', (kind) => {
  let f: CaseFirm;
  let petitionId: string;
  beforeAll(async () => {
    f = await caseFirm(kind);
    petitionId = await f.petition({ is_moot_case: true });
  });
  afterAll(() => f.t.close());

  const details = async (auth = f.admin) =>
    (await f.call('GET', `/api/petitions/${petitionId}`, auth)).json<{ petition_details: Doc[] }>()
      .petition_details;

  it('adds, edits and deletes index items; the case file lists them in order with their attachments', async () => {
    const empty = await f.call('POST', '/api/petitions_index', f.admin, {
      petition_id: petitionId,
      document_description: ' ',
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toEqual({
      message: 'Description field is required.',
      validation_error: { document_description: ['Description field is required.'] },
    });
    const badDate = await f.call('POST', '/api/petitions_index', f.admin, {
      petition_id: petitionId,
      document_description: 'x',
      date: '2024/01/01',
    });
    expect(badDate.json().message).toBe('The date must be a real date (dd/mm/yyyy).');

    const made: Doc[] = [];
    for (const d of ['Power of Attorney', 'Writ Petition along with Affidavit', 'Application for stay cm']) {
      const res = await f.call('POST', '/api/petitions_index', f.lawyer, {
        petition_id: petitionId,
        document_description: d,
        date: '01/02/2024',
        annexure: 'A',
        page_info: 3,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe(MSG.savedOk);
      made.push(res.json<{ petition_index: Doc }>().petition_index);
    }
    expect(made.map((d) => d.display_order)).toEqual([1, 2, 3]);
    expect(made[0]).toMatchObject({
      date: '01/02/2024',
      annexure: 'A',
      page_info: '3',
      petition_id: petitionId,
    });
    const rows = await details();
    expect(rows.map((r) => r.document_description)).toEqual([
      'Power of Attorney',
      'Writ Petition along with Affidavit',
      'Application for stay cm',
    ]);
    expect(rows[0]!.attachments).toEqual([]);
    // Stored ISO, shown dd/mm/yyyy.
    const stored = await f.t.app.db
      .selectFrom('petition_index')
      .select('date')
      .where('id', '=', made[0]!.id)
      .executeTakeFirstOrThrow();
    expect(stored.date).toBe('2024-02-01');

    // Inline edit sends the whole row back.
    const edit = await f.call('POST', '/api/petitions_index', f.admin, {
      ...rows[1],
      document_description: 'Writ Petition',
      editMode: true,
    });
    expect(edit.json()).toMatchObject({
      petition_index: { id: made[1]!.id, document_description: 'Writ Petition' },
      message: MSG.updatedOk,
    });
    const total = (await f.call('GET', `/api/petitions/${petitionId}`, f.admin)).json<{
      petition: { index_total: number };
    }>();
    expect(total.petition.index_total).toBe(3);

    expect((await f.call('DELETE', `/api/petitions_index/${made[2]!.id}`, f.admin)).json()).toEqual({
      message: MSG.deletedOk,
    });
    expect((await details()).map((r) => r.id)).toEqual([made[0]!.id, made[1]!.id]);
    expect((await f.call('DELETE', `/api/petitions_index/${made[2]!.id}`, f.admin)).statusCode).toBe(404);
  });

  it('answers an item with its case file and neighbours, and persists a drag reorder', async () => {
    const rows = await details();
    const extra = await f.call('POST', '/api/petitions_index', f.admin, {
      petition_id: petitionId,
      document_description: 'Application for Exemption',
    });
    const all = [...rows, extra.json<{ petition_index: Doc }>().petition_index];
    const [a, b, c] = all as [Doc, Doc, Doc];

    const mid = await f.call('GET', `/api/petitions_index/${b.id}`, f.student);
    expect(mid.statusCode, mid.body).toBe(200);
    const body = mid.json<{
      petition_index: Doc;
      petition: { id: string };
      previous_index_id: string;
      next_index_id: string;
    }>();
    expect(body.petition_index).toMatchObject({ id: b.id, attachments: [] });
    expect(body.petition.id).toBe(petitionId);
    expect(body.previous_index_id).toBe(a.id);
    expect(body.next_index_id).toBe(c.id);

    // Drag c to the top: the client sends every row in the new order.
    const reorder = await f.call('POST', '/api/petitions_index/update_display_order', f.lawyer, {
      petition_details: [c, a, b],
    });
    expect(reorder.statusCode, reorder.body).toBe(200);
    expect((await details()).map((r) => r.id)).toEqual([c.id, a.id, b.id]);
    expect((await details()).map((r) => r.display_order)).toEqual([1, 2, 3]);
    const first = (await f.call('GET', `/api/petitions_index/${c.id}`, f.admin)).json<{
      previous_index_id: null;
      next_index_id: string;
    }>();
    expect(first).toMatchObject({ previous_index_id: null, next_index_id: a.id });

    // Rows of another case file cannot be mixed in, and students cannot reorder.
    const other = await f.petition();
    const foreign = (
      await f.call('POST', '/api/petitions_index', f.admin, { petition_id: other, document_description: 'x' })
    ).json<{ petition_index: Doc }>().petition_index;
    expect(
      (
        await f.call('POST', '/api/petitions_index/update_display_order', f.admin, {
          petition_details: [a, foreign],
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await f.call('POST', '/api/petitions_index/update_display_order', f.student, {
          petition_details: [a, b],
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await f.call('POST', '/api/petitions_index/update_display_order', f.admin, { petition_details: [] }))
        .statusCode,
    ).toBe(422);
  });

  it('keeps reply headings and their replies, with the same list behaviour as the index', async () => {
    const noTitle = await f.call('POST', '/api/petition_reply_parents', f.admin, {
      petition_id: petitionId,
      title: '',
    });
    expect(noTitle.json().message).toBe('Title field is required.');
    const p1 = (
      await f.call('POST', '/api/petition_reply_parents', f.admin, {
        petition_id: petitionId,
        title: 'Reply by Respondent 1',
      })
    ).json<{ petition_reply_parent: { id: string } }>().petition_reply_parent;
    const p2 = (
      await f.call('POST', '/api/petition_reply_parents', f.lawyer, {
        petition_id: petitionId,
        title: 'Rejoinder',
      })
    ).json<{ petition_reply_parent: { id: string } }>().petition_reply_parent;
    const parents = await f.call('GET', `/api/petition_reply_parents/${petitionId}`, f.student);
    expect(parents.statusCode).toBe(200);
    expect(
      parents.json<{ petition_reply_parents: { id: string; title: string; display_order: number }[] }>()
        .petition_reply_parents,
    ).toEqual([
      expect.objectContaining({ id: p1.id, title: 'Reply by Respondent 1', display_order: 1 }),
      expect.objectContaining({ id: p2.id, title: 'Rejoinder', display_order: 2 }),
    ]);
    const reordered = await f.call('POST', '/api/petition_reply_parents/update_display_order', f.admin, {
      petition_reply_parents: [{ id: p2.id }, { id: p1.id }],
    });
    expect(reordered.statusCode).toBe(200);
    const after = (await f.call('GET', `/api/petition_reply_parents/${petitionId}`, f.admin)).json<{
      petition_reply_parents: { id: string }[];
    }>();
    expect(after.petition_reply_parents.map((p) => p.id)).toEqual([p2.id, p1.id]);
    const renamed = await f.call('POST', '/api/petition_reply_parents', f.admin, {
      id: p1.id,
      petition_id: petitionId,
      title: 'Reply (R1)',
    });
    expect(renamed.json().message).toBe(MSG.updatedOk);

    const empty = await f.call('POST', '/api/petition_replies', f.admin, {
      petition_reply_parent_id: p1.id,
      document_description: '',
    });
    expect(empty.json().message).toBe('Description field is required.');
    const replies: Doc[] = [];
    for (const d of ['Parawise comments', 'Annex R-1', 'Annex R-2']) {
      const res = await f.call('POST', '/api/petition_replies', f.lawyer, {
        petition_reply_parent_id: p1.id,
        document_description: d,
        date: '10/10/2024',
        annexure: 'R',
        page_info: '1-4',
      });
      expect(res.statusCode, res.body).toBe(200);
      replies.push(res.json<{ petition_reply: Doc }>().petition_reply);
    }
    expect(replies[0]).toMatchObject({
      petition_id: petitionId,
      petition_reply_parent_id: p1.id,
      date: '10/10/2024',
    });

    const listed = await f.call('GET', `/api/petition_replies/${p1.id}`, f.student);
    const lb = listed.json<{
      petition_replies: Doc[];
      petition: { id: string };
      petition_parent: { id: string; title: string };
    }>();
    expect(lb.petition_replies.map((r) => r.document_description)).toEqual([
      'Parawise comments',
      'Annex R-1',
      'Annex R-2',
    ]);
    expect(lb.petition.id).toBe(petitionId);
    expect(lb.petition_parent).toMatchObject({ id: p1.id, title: 'Reply (R1)' });

    await f.call('POST', '/api/petition_replies/update_display_order', f.admin, {
      petition_replies: [replies[2], replies[0], replies[1]],
    });
    const detail = await f.call('POST', `/api/petition_reply_details/${replies[0]!.id}`, f.admin, {});
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json()).toMatchObject({
      petition_reply: { id: replies[0]!.id, petition_reply_parent_id: p1.id, attachments: [] },
      petition: { id: petitionId },
      previous_index_id: replies[2]!.id,
      next_index_id: replies[1]!.id,
    });
    expect(
      (await f.call('GET', `/api/petitions/${petitionId}`, f.admin)).json().petition
        .petition_reply_parent_total,
    ).toBe(2);

    expect((await f.call('DELETE', `/api/petition_replies/${replies[1]!.id}`, f.admin)).statusCode).toBe(200);
    expect(
      (await f.call('GET', `/api/petition_replies/${p1.id}`, f.admin)).json<{ petition_replies: Doc[] }>()
        .petition_replies,
    ).toHaveLength(2);
    // A heading goes with its replies.
    expect((await f.call('DELETE', `/api/petition_reply_parents/${p1.id}`, f.admin)).statusCode).toBe(200);
    expect((await f.call('GET', `/api/petition_replies/${p1.id}`, f.admin)).statusCode).toBe(404);
    expect(
      (await f.call('POST', `/api/petition_reply_details/${replies[0]!.id}`, f.admin, {})).statusCode,
    ).toBe(404);

    // Another firm sees none of it.
    expect((await f.call('GET', `/api/petition_reply_parents/${petitionId}`, f.other)).statusCode).toBe(404);
    expect(
      (
        await f.call('POST', '/api/petition_replies', f.other, {
          petition_reply_parent_id: p2.id,
          document_description: 'x',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('gives admins and lawyers a signed single-item PDF link; others are refused', async () => {
    const [item] = await details();
    for (const model of ['PetitionIndex', 'App\\Models\\PetitionIndex']) {
      const res = await f.call('POST', '/api/download_single_petition_index_pdf', f.lawyer, {
        id: item!.id,
        model,
      });
      expect(res.statusCode, res.body).toBe(200);
      const url = new URL(res.json<{ file_path: string }>().file_path);
      expect(url.pathname).toBe(`/api/pdf/PetitionIndex/${item!.id}`);
      expect(verifyPdfSig(f.t.app, url.pathname, url.searchParams.get('sig'))).not.toBeNull();
    }
    const parent = (
      await f.call('POST', '/api/petition_reply_parents', f.admin, { petition_id: petitionId, title: 'R' })
    ).json().petition_reply_parent;
    const reply = (
      await f.call('POST', '/api/petition_replies', f.admin, {
        petition_reply_parent_id: parent.id,
        document_description: 'x',
      })
    ).json().petition_reply;
    const rp = await f.call('POST', '/api/download_single_petition_index_pdf', f.admin, {
      id: reply.id,
      model_type: 'App\\Models\\PetitionReply',
    });
    expect(new URL(rp.json<{ file_path: string }>().file_path).pathname).toBe(
      `/api/pdf/PetitionReply/${reply.id}`,
    );
    expect(
      (
        await f.call('POST', '/api/download_single_petition_index_pdf', f.student, {
          id: item!.id,
          model: 'PetitionIndex',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await f.call('POST', '/api/download_single_petition_index_pdf', f.admin, {
          id: item!.id,
          model: 'Nonsense',
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (
        await f.call('POST', '/api/download_single_petition_index_pdf', f.other, {
          id: item!.id,
          model: 'PetitionIndex',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('refuses index and reply writes to students and clients', async () => {
    const [item] = await details();
    const writes: [string, string, object | undefined][] = [
      ['POST', '/api/petitions_index', { petition_id: petitionId, document_description: 'x' }],
      ['POST', '/api/petitions_index', { ...item, document_description: 'y' }],
      ['DELETE', `/api/petitions_index/${item!.id}`, undefined],
      ['POST', '/api/petition_reply_parents', { petition_id: petitionId, title: 'x' }],
      ['POST', '/api/petition_replies', { petition_reply_parent_id: 'x', document_description: 'x' }],
      ['POST', '/api/petition_replies/update_display_order', { petition_replies: ['x'] }],
      ['POST', '/api/petition_reply_parents/update_display_order', { petition_reply_parents: ['x'] }],
    ];
    for (const auth of [f.student, f.client])
      for (const [method, url, body] of writes) {
        const res = await f.call(method as 'POST', url, auth, body);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
    // The client is no party to this (moot) case file: it does not exist for them.
    expect((await f.call('GET', `/api/petitions_index/${item!.id}`, f.client)).statusCode).toBe(404);
  });
});
