import { afterAll, beforeAll, expect, it } from 'vitest';
import { MSG_PHONE_NOT_PK } from '@lawfirm/shared-types/common/phone.ts';
import { readPdf } from '@lawfirm/shared-types/pdf/testing/read-pdf.ts';
import { newId } from '../src/db/ids.ts';
import { caseFirm, type CaseFirm } from './case-files-helpers.ts';
import { connectDevice } from './device.ts';
import { describeEachDb } from './helper.ts';

/**
 * A client phone typed on an invoice (Edit client) must be a Pakistani number, over REST and a device's push,
 * and the invoice PDF prints it as it is read: invoices printed "04237654321".
 */
describeEachDb('invoice phones', (kind) => {
  let f: CaseFirm;
  beforeAll(async () => {
    f = await caseFirm(kind);
  });
  afterAll(() => f.t.close());

  const save = (body: object) => f.call('POST', '/api/invoices', f.admin, body);
  const typed = (phone: string) => ({
    invoiceable_id: f.clientId,
    amount: '1000',
    edit_client: true,
    selectedClient: { id: f.clientId, phone },
  });

  it('refuses a typed client phone that is not a Pakistani number, with its message', async () => {
    const bad = await save(typed('12345'));
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({
      message: MSG_PHONE_NOT_PK,
      validation_error: { client_phone: [MSG_PHONE_NOT_PK] },
    });
  });

  it('prints the firm’s and the client’s phones formatted on the invoice PDF', async () => {
    const settings = await f.call('POST', '/api/settings', f.admin, { invoice_phone: '04237654321' });
    expect(settings.statusCode, settings.body).toBe(200);
    const res = await save(typed('03001234567'));
    expect(res.statusCode, res.body).toBe(200);
    const url = new URL(res.json<{ invoice: { pdf_download_url: string } }>().invoice.pdf_download_url);
    const pdf = await f.t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(pdf.statusCode).toBe(200);
    const text = (await readPdf(new Uint8Array(pdf.rawPayload))).text.join('\n');
    expect(text).toContain('Phone: 042-37654321');
    expect(text).toContain('0300-1234567');
    expect(text).not.toContain('04237654321');
  });

  it('refuses the same from a device’s push', async () => {
    const device = await connectDevice(f.t, f.admin);
    const pushed = await device.push([
      {
        name: 'put',
        args: {
          entity: 'invoices',
          id: newId(),
          values: {
            client_id: f.clientId,
            client_name: f.clientName,
            edit_client: true,
            client_phone: 'call the office',
            amount: 100_000,
          },
        },
      },
    ]);
    expect(pushed.results).toEqual([{ id: 1, status: 'rejected', message: MSG_PHONE_NOT_PK }]);
  });
});
