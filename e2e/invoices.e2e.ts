import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatDate, ROLE_IDS, todayInPakistan } from '@lawfirm/shared-types';
import { makePng } from '@lawfirm/shared-types/pdf/testing/images.ts';
import { readPdf } from '@lawfirm/shared-types/pdf/testing/read-pdf.ts';
import { adminToken, createUserViaApi } from './api.ts';
import { E2E_ADMIN, startHarness, type Harness } from './harness.ts';
import { SyncHeader } from './pages/SyncHeader.ts';
import { expectPhoneFriendly, PHONE } from './phone.ts';
import { signedInDevice, type Device } from './session.ts';
import { downloadFrom } from './downloads.ts';

const CLIENT = { name: 'Ayesha Khan', email: 'ayesha.client@e2e.firm', password: 'ayesha-client-password-1' };
const OTHER = { name: 'Bilal Traders', email: 'bilal.client@e2e.firm', password: 'bilal-client-password-1' };

let h: Harness;
let dir: string;
let clientId: string;
beforeAll(async () => {
  h = await startHarness();
  dir = await mkdtemp(join(tmpdir(), 'lf-invoices-'));
  clientId = await createUserViaApi(h, { ...CLIENT, role_id: ROLE_IDS.CLIENT });
  const otherId = await createUserViaApi(h, { ...OTHER, role_id: ROLE_IDS.CLIENT });
  // Another client's invoice, seeded through the API: Ayesha must never see it.
  const r = await h.app.inject({
    method: 'POST',
    url: '/api/invoices',
    headers: { authorization: `Bearer ${await adminToken(h)}` },
    payload: { invoiceable_id: otherId, amount: '5000' },
  });
  if (r.statusCode !== 200) throw new Error(r.body);
});
afterAll(async () => {
  await h.close();
  await rm(dir, { recursive: true, force: true });
});

type TServerInvoice = {
  id: string;
  invoice_no: number | null;
  invoice_status_id: number;
  total_amount: string;
  client: { name: string };
  invoice_payments: { attachments: { sha256: string; file_name: string }[] }[];
};
const serverInvoices = async () => {
  const r = await h.app.inject({
    method: 'GET',
    url: '/api/invoices',
    headers: { authorization: `Bearer ${await adminToken(h)}` },
  });
  return r.json<{ invoices: { data: TServerInvoice[] } }>().invoices.data;
};
const ayeshas = async () => (await serverInvoices()).filter((i) => i.client.name === CLIENT.name);

it('an admin offline drafts an invoice with two expenses and tax, reloads, syncs, marks it paid with two receipt photos and downloads its PDF; the client’s phone shows it and no other', async () => {
  const devices: Device[] = [];
  try {
    const a = await signedInDevice(h, E2E_ADMIN.email, E2E_ADMIN.password, PHONE);
    devices.push(a);
    const page = a.page;
    const header = new SyncHeader(page);
    await page.goto(`${h.baseUrl}/invoices`);
    await page.getByRole('heading', { name: 'Invoices' }).waitFor();
    await page.getByText(OTHER.name).first().waitFor();

    await a.ctx.setOffline(true);
    await header.offline().waitFor();
    await page.getByRole('link', { name: 'Create Invoice', exact: true }).click();
    await page.getByRole('heading', { name: 'Create New Invoice' }).waitFor();
    expect(await page.getByLabel('Invoice number', { exact: true }).inputValue()).toBe('number on sync');
    // A new invoice is a Draft (§4: status 1).
    expect(await page.getByLabel('Status', { exact: true }).inputValue()).toBe('1');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Client field is required.').waitFor();
    await page.getByLabel('Client', { exact: true }).fill('zzz');
    await page.getByText('No Record Found!').waitFor();
    await page.getByLabel('Client', { exact: true }).fill('Ayes');
    await page.getByRole('option', { name: CLIENT.name, exact: true }).click();
    expect(await page.getByLabel('Client email', { exact: true }).inputValue()).toBe(CLIENT.email);
    await page.getByLabel('Services', { exact: true }).fill('Writ petition before the Lahore High Court');
    await page.getByLabel('Amount', { exact: true }).fill('1000.05');
    await page.getByLabel('Apply tax', { exact: true }).check();
    for (const [expense, amount] of [
      ['Court fee', '25'],
      ['Copies', '12.50'],
    ]) {
      await page.getByRole('button', { name: 'Add Expense', exact: true }).click();
      await page.getByLabel('Expense', { exact: true }).last().fill(expense!);
      await page.getByLabel('Expense amount', { exact: true }).last().fill(amount!);
    }
    // Dates are typed and shown dd/mm/yyyy (a masked text field, not the browser's date picker).
    const due = page.getByLabel('Due date', { exact: true });
    expect(await due.getAttribute('type')).toBe('text');
    await due.fill('15122026');
    expect(await due.inputValue()).toBe('15/12/2026');
    // A new payment row starts at today and the invoice's amount; an unsaved one is simply removed.
    await page.getByRole('button', { name: 'Add Payment', exact: true }).click();
    expect(await page.getByLabel('Paid date', { exact: true }).inputValue()).toBe(
      formatDate(todayInPakistan()),
    );
    expect(await page.getByLabel('Paid amount', { exact: true }).inputValue()).toBe('1000.05');
    await page.getByRole('button', { name: 'Delete payment', exact: true }).click();
    expect(await page.getByLabel('Paid date', { exact: true }).count()).toBe(0);
    // 1000.05 + 25 + 12.50 − 100.01 (10%, half a paisa up).
    await page.getByText('Rs. 937.54').first().waitFor();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL('**/invoices');
    await page
      .getByText(/Saved on this device/)
      .first()
      .waitFor();
    const row = page.getByRole('row').filter({ hasText: CLIENT.name });
    await row.getByText('number on sync').waitFor();
    await row.getByText('Rs. 937.54').waitFor();
    await row.getByText('15/12/2026').waitFor();
    expect(await ayeshas()).toEqual([]);

    // Reloaded with no network: still there, still waiting for its number.
    await page.reload();
    await page.getByRole('row').filter({ hasText: CLIENT.name }).getByText('number on sync').waitFor();

    await a.ctx.setOffline(false);
    await header.pending().waitFor({ state: 'detached', timeout: 15_000 });
    await expect.poll(async () => (await ayeshas())[0]?.invoice_no, { timeout: 10_000 }).toBe(2);
    expect((await ayeshas())[0]!.total_amount).toBe('937.54');
    await row.getByText('number on sync').waitFor({ state: 'detached', timeout: 15_000 });
    await expectPhoneFriendly(page, row.first());

    // A first payment on the invoice form itself, dated as typed.
    await row.getByRole('link', { name: 'Edit', exact: true }).click();
    await page.getByRole('heading', { name: 'Edit Invoice' }).waitFor();
    expect(await page.getByLabel('Due date', { exact: true }).inputValue()).toBe('15/12/2026');
    await page.getByRole('button', { name: 'Add Payment', exact: true }).click();
    await page.getByLabel('Paid date', { exact: true }).fill('20/11/2026');
    await page.getByLabel('Paid amount', { exact: true }).fill('500');
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await page.waitForURL('**/invoices');
    await row.getByText('Rs. 500.00').waitFor({ timeout: 15_000 });
    await expect.poll(async () => (await ayeshas())[0]?.invoice_payments.length, { timeout: 15_000 }).toBe(1);
    await row.getByRole('link', { name: 'Edit', exact: true }).click();
    expect(await page.getByLabel('Paid date', { exact: true }).inputValue()).toBe('20/11/2026');
    expect(await page.getByLabel('Paid amount', { exact: true }).inputValue()).toBe('500.00');
    await expectPhoneFriendly(page, page.getByRole('heading', { name: 'Edit Invoice' }));
    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await page.waitForURL('**/invoices');

    // Paid in full with a photo of the receipt: the dialog's new payment starts at the balance.
    await page.getByRole('button', { name: 'Mark as Paid 2', exact: true }).click();
    await page.getByRole('heading', { name: 'Paid Invoice Dialog' }).waitFor();
    await page.getByRole('button', { name: 'Add Payment', exact: true }).click();
    expect(await page.getByLabel('Paid date', { exact: true }).inputValue()).toBe(
      formatDate(todayInPakistan()),
    );
    expect(await page.getByLabel('Paid amount', { exact: true }).inputValue()).toBe('437.54');
    await page.getByLabel('Notes', { exact: true }).fill('Cheque 1234');
    // Several receipts: both sides of the cheque in one pick, a wrong one removed before saving.
    const receipt = (name: string, green: number) => ({
      name,
      mimeType: 'image/png',
      buffer: Buffer.from(makePng(64, 48, () => [30, green, 60])),
    });
    await page
      .getByLabel('Receipts', { exact: true })
      .setInputFiles([receipt('cheque-front.png', 160), receipt('cheque-back.png', 120)]);
    // A pick is read (its bytes checked) before it is listed: the next pick once the user sees this one.
    const picked = page.getByRole('list', { name: 'Receipts of New payment 1' });
    await picked.getByText('cheque-back.png').waitFor();
    await page.getByLabel('Receipts', { exact: true }).setInputFiles([receipt('wrong.png', 80)]);
    await picked.getByText('wrong.png').waitFor();
    await picked.getByRole('button', { name: 'Remove receipt wrong.png', exact: true }).click();
    await picked.getByText('wrong.png').waitFor({ state: 'detached' });
    expect(await picked.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringContaining('cheque-front.png'),
      expect.stringContaining('cheque-back.png'),
    ]);
    await expectPhoneFriendly(page, page.getByRole('heading', { name: 'Paid Invoice Dialog' }));
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Paid Successfully!').first().waitFor({ timeout: 15_000 });
    await row.getByText('Paid', { exact: true }).waitFor();
    await expect
      .poll(
        async () => {
          const inv = (await ayeshas())[0];
          const withReceipts = inv?.invoice_payments.find((p) => p.attachments.length);
          return [
            inv?.invoice_status_id,
            withReceipts?.attachments.map((a) => [a.file_name, a.sha256.length]),
          ];
        },
        { timeout: 15_000 },
      )
      .toEqual([
        3,
        [
          ['cheque-front.png', 64],
          ['cheque-back.png', 64],
        ],
      ]);
    // The dialog lists each payment's receipts.
    await row.getByRole('button', { name: 'Show Payment Details', exact: true }).click();
    const kept = page.getByRole('list', { name: 'Receipts of payment 2' });
    await kept.getByRole('link', { name: 'cheque-front.png', exact: true }).waitFor();
    await kept.getByRole('link', { name: 'cheque-back.png', exact: true }).waitFor();
    await expectPhoneFriendly(page, page.getByRole('heading', { name: 'Paid Invoice Dialog' }));
    // A receipt found later goes onto the first payment from the same list.
    await page
      .getByLabel('Add receipts to payment 1', { exact: true })
      .setInputFiles([receipt('cash-memo.png', 200)]);
    await page
      .getByRole('list', { name: 'Receipts of payment 1' })
      .getByText('cash-memo.png')
      .waitFor({ timeout: 15_000 });
    await expect
      .poll(async () => (await ayeshas())[0]?.invoice_payments.map((p) => p.attachments.length), {
        timeout: 15_000,
      })
      .toEqual([1, 2]);
    await page.getByRole('button', { name: 'Close', exact: true }).last().click();
    // The list is the user's again once the dialog has gone (a click before lands on the closing dialog).
    await page.getByRole('heading', { name: 'Paid Invoice Dialog' }).waitFor({ state: 'detached' });

    const bytes = await downloadFrom(
      page.getByRole('button', { name: 'Download 2', exact: true }),
      join(dir, 'invoice.pdf'),
    );
    const text = (await readPdf(bytes)).text.join('\n');
    expect(text).toContain(CLIENT.name);
    expect(text).toContain('Total: Rs. 937.54');
    expect(text).toContain('Balance due: Rs. 0.00');
    expect(text).toContain('20/11/2026');
    expect(text).toContain('Rs. 500.00');

    // The client, on their phone, sees that invoice and no other.
    const c = await signedInDevice(h, CLIENT.email, CLIENT.password, PHONE);
    devices.push(c);
    await c.page.goto(`${h.baseUrl}/invoices`);
    const mine = c.page.getByRole('row').filter({ hasText: CLIENT.name });
    await mine.getByText('Rs. 937.54').first().waitFor({ timeout: 15_000 });
    expect(await c.page.getByText(OTHER.name).count()).toBe(0);
    expect(await c.page.getByRole('row').count()).toBe(2);
    expect(await c.page.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
    await expectPhoneFriendly(c.page, mine);
    expect(clientId).toBeTruthy();
  } finally {
    for (const d of devices) await d.ctx.close();
  }
});

it('an invoice sent by email carries its PDF, which the admin downloads from the mail outbox on a phone', async () => {
  const saved = await h.app.inject({
    method: 'POST',
    url: '/api/invoices',
    headers: { authorization: `Bearer ${await adminToken(h)}` },
    payload: { invoiceable_id: clientId, amount: '2500', sendEmail: true, invoice_status_id: 2 },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const no = saved.json<{ invoice: { invoice_no: number } }>().invoice.invoice_no;
  await h.app.mailer.flush();
  const a = await signedInDevice(h, E2E_ADMIN.email, E2E_ADMIN.password, PHONE);
  try {
    const page = a.page;
    await page.goto(`${h.baseUrl}/mail-outbox`);
    await page.getByRole('heading', { name: 'Mail Outbox' }).waitFor();
    await page.getByRole('button', { name: new RegExp(`Invoice #${no}\\b`) }).click();
    const files = page.getByRole('list', { name: 'Attachments' });
    const link = files.getByRole('link', { name: /\.pdf$/ });
    await link.waitFor();
    await expectPhoneFriendly(page, page.getByRole('heading', { name: 'Mail Outbox' }));
    const text = (await readPdf(await downloadFrom(link, join(dir, 'mailed.pdf')))).text.join('\n');
    expect(text).toContain(CLIENT.name);
    expect(text).toContain('Total: Rs. 2,500.00');
  } finally {
    await a.ctx.close();
  }
});
