import { afterAll, beforeAll, expect, it } from 'vitest';
import { MSG } from '@lawfirm/shared-types';
import { MSG_CHANNEL_INVALID } from '@lawfirm/shared-types/court-day/case-notices.entities.ts';
import { describeEachDb } from './helper.ts';
import { caseFirm, type CaseFirm } from './case-files-helpers.ts';
import { connectDevice } from './device.ts';

describeEachDb('court day: the client told, and acknowledged conflicts', (kind) => {
  let f: CaseFirm;
  let caseId: string;
  beforeAll(async () => {
    f = await caseFirm(kind);
    caseId = await f.petition({ case_no: '1221', year: 2025, title: 'Muhammad Aslam vs State' });
  });
  afterAll(() => f.t.close());

  it('records that the client was told, by whom and when, for those who edit the case only', async () => {
    const lawyer = await connectDevice(f.t, f.lawyer);
    const results = (
      await lawyer.push([
        {
          name: 'put',
          args: {
            entity: 'case_notices',
            id: 'n-1',
            values: { petition_id: caseId, channel: 'whatsapp', recipient_id: f.clientId },
          },
        },
        {
          name: 'put',
          args: { entity: 'case_notices', id: 'n-2', values: { petition_id: caseId, channel: 'fax' } },
        },
      ])
    ).results;
    expect(results.map((r) => r.status)).toEqual(['applied', 'rejected']);
    expect(results[1]?.message).toBe(MSG_CHANNEL_INVALID);

    // The admin's device receives it with who and when.
    const admin = await connectDevice(f.t, f.admin);
    const row = admin.rows.get('case_notices/n-1');
    expect(row).toMatchObject({ petition_id: caseId, channel: 'whatsapp', updated_by: f.lawyerId });
    expect(Object.keys(row ?? {})).toContain('updated_at');

    // A client may not write the case's history; another firm's admin cannot reach this firm's case.
    const client = await connectDevice(f.t, f.client);
    const [byClient] = (
      await client.push([
        {
          name: 'put',
          args: { entity: 'case_notices', id: 'n-3', values: { petition_id: caseId, channel: 'sms' } },
        },
      ])
    ).results;
    expect(byClient?.status).toBe('rejected');
    expect(byClient?.message).toBe(MSG.forbidden);
    const outsider = await connectDevice(f.t, f.other);
    const [foreign] = (
      await outsider.push([
        {
          name: 'put',
          args: { entity: 'case_notices', id: 'n-4', values: { petition_id: caseId, channel: 'sms' } },
        },
      ])
    ).results;
    expect(foreign?.status).toBe('rejected');
    expect(foreign?.message).toBeTruthy();
    expect(outsider.rows.get('case_notices/n-1')).toBeUndefined();
  });

  it('keeps acknowledged conflicts for the admin’s audit: a lawyer adds one and cannot read them', async () => {
    const lawyer = await connectDevice(f.t, f.lawyer);
    const warning = 'Possible conflict: Muhammad Aslam is the petitioner in W.P. 1221/2025';
    const [ack] = (
      await lawyer.push([
        {
          name: 'put',
          args: { entity: 'conflict_acks', id: 'a-1', values: { petition_id: caseId, warning } },
        },
      ])
    ).results;
    expect(ack?.status).toBe('applied');
    const again = await connectDevice(f.t, f.lawyer);
    expect(again.rows.get('conflict_acks/a-1')).toBeUndefined();
    const admin = await connectDevice(f.t, f.admin);
    expect(admin.rows.get('conflict_acks/a-1')).toMatchObject({ warning, updated_by: f.lawyerId });

    const outsider = await connectDevice(f.t, f.other);
    expect(outsider.rows.get('conflict_acks/a-1')).toBeUndefined();
    const [foreign] = (
      await outsider.push([
        {
          name: 'put',
          args: { entity: 'conflict_acks', id: 'a-2', values: { petition_id: caseId, warning } },
        },
      ])
    ).results;
    expect(foreign?.status).toBe('rejected');
  });
});
