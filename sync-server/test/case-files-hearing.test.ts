import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatDate, todayInPakistan } from '@lawfirm/shared-types';
import { describeEachDb } from './helper.ts';
import { caseFirm, type CaseFirm } from './case-files-helpers.ts';

/** A date `days` from today in Pakistan, dd/mm/yyyy as the hearing control sends it. */
const inDays = (days: number) => {
  const d = new Date(`${todayInPakistan()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return formatDate(d.toISOString());
};

describeEachDb('case files: hearing dates', (kind) => {
  let f: CaseFirm;
  let petitionId: string;
  beforeAll(async () => {
    f = await caseFirm(kind);
    // A moot case: the student reads its hearings too.
    petitionId = await f.petition({ is_moot_case: true });
  });
  afterAll(() => f.t.close());

  const next = async (auth = f.admin) => {
    const res = await f.call('POST', '/api/get_next_hearing_ordersheet', auth, { petition_id: petitionId });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ nextHearingOrderSheet: { id: string; order_sheet_date: string } | null }>()
      .nextHearingOrderSheet;
  };

  it('adds, moves and removes a hearing date; the next hearing follows', async () => {
    expect(await next()).toBeNull();

    const add = await f.call('POST', '/api/add_hearing_date', f.lawyer, {
      id: null,
      order_sheet_date: inDays(7),
      petition_id: petitionId,
      previous_ordersheet_date: null,
    });
    expect(add.json()).toEqual({ message: 'Hearing Date Added Successfully!' });
    const first = await next(f.student);
    expect(first).toEqual({ id: expect.any(String), order_sheet_date: inDays(7) });

    // A hearing in the past is not the next one; the earliest of the future ones is.
    await f.call('POST', '/api/add_hearing_date', f.admin, {
      order_sheet_date: inDays(-3),
      petition_id: petitionId,
    });
    await f.call('POST', '/api/add_hearing_date', f.admin, {
      order_sheet_date: inDays(30),
      petition_id: petitionId,
    });
    expect((await next())!.order_sheet_date).toBe(inDays(7));

    // Changing the date the control shows updates that order sheet (by id, or by its previous date).
    await f.call('POST', '/api/add_hearing_date', f.lawyer, {
      id: first!.id,
      order_sheet_date: inDays(2),
      petition_id: petitionId,
      previous_ordersheet_date: inDays(7),
    });
    expect(await next()).toEqual({ id: first!.id, order_sheet_date: inDays(2) });
    await f.call('POST', '/api/add_hearing_date', f.lawyer, {
      order_sheet_date: inDays(0),
      petition_id: petitionId,
      previous_ordersheet_date: inDays(2),
    });
    // Today still counts as the next hearing.
    expect(await next()).toEqual({ id: first!.id, order_sheet_date: inDays(0) });
    const counted = (await f.call('GET', `/api/petitions/${petitionId}`, f.admin)).json<{
      petition: { order_sheet_total: number };
    }>();
    expect(counted.petition.order_sheet_total).toBe(3);

    // The lawyer set this date last, so the lawyer may remove it (only admins delete other order sheets).
    const rm = await f.call('POST', '/api/remove_hearing_date', f.lawyer, {
      order_sheet_date: inDays(0),
      petition_id: petitionId,
    });
    expect(rm.json()).toEqual({ message: 'Hearing Date & Calendar Event Remove Successfully!' });
    expect((await next())!.order_sheet_date).toBe(inDays(30));
    const again = await f.call('POST', '/api/remove_hearing_date', f.lawyer, {
      order_sheet_date: inDays(0),
      petition_id: petitionId,
    });
    expect(again.statusCode).toBe(404);
  });

  it('validates dates and refuses students, clients and other firms', async () => {
    const noDate = await f.call('POST', '/api/add_hearing_date', f.admin, {
      petition_id: petitionId,
      order_sheet_date: '',
    });
    expect(noDate.statusCode).toBe(422);
    expect(noDate.json().message).toBe('Date field is required.');
    const bad = await f.call('POST', '/api/add_hearing_date', f.admin, {
      petition_id: petitionId,
      order_sheet_date: '32/01/2025',
    });
    expect(bad.json().message).toBe('The date must be a real date (dd/mm/yyyy).');
    for (const auth of [f.student, f.client]) {
      expect(
        (
          await f.call('POST', '/api/add_hearing_date', auth, {
            petition_id: petitionId,
            order_sheet_date: inDays(1),
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (
          await f.call('POST', '/api/remove_hearing_date', auth, {
            petition_id: petitionId,
            order_sheet_date: inDays(1),
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (await f.call('POST', '/api/petition_order_sheets', auth, { petition_id: petitionId })).statusCode,
      ).toBe(403);
    }
    expect(
      (
        await f.call('POST', '/api/add_hearing_date', f.other, {
          petition_id: petitionId,
          order_sheet_date: inDays(1),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await f.call('POST', '/api/get_next_hearing_ordersheet', f.other, { petition_id: petitionId }))
        .statusCode,
    ).toBe(404);
    // The client is no party to this case file.
    expect(
      (await f.call('POST', '/api/get_next_hearing_ordersheet', f.client, { petition_id: petitionId }))
        .statusCode,
    ).toBe(404);
  });

  it('creates an order sheet on demand, dated today, under both spellings of the path', async () => {
    for (const path of ['/api/petition_order_sheets', '/api/petition_orders_sheets']) {
      const res = await f.call('POST', path, f.lawyer, { petition_id: petitionId });
      expect(res.statusCode, res.body).toBe(200);
      const { petitionOrderSheet } = res.json<{ petitionOrderSheet: { id: string; petition_id: string } }>();
      expect(petitionOrderSheet.petition_id).toBe(petitionId);
      const row = await f.t.app.db
        .selectFrom('order_sheets')
        .select('order_sheet_date')
        .where('id', '=', petitionOrderSheet.id)
        .executeTakeFirstOrThrow();
      expect(row.order_sheet_date).toBe(todayInPakistan());
    }
    expect((await f.call('POST', '/api/petition_order_sheets', f.admin, {})).json().message).toBe(
      'Petition field is required.',
    );
  });
});
