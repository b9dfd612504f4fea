import { describe, expect, it } from 'vitest';
import { memoryHost } from '../pdf/testing/host.ts';
import { readPdf } from '../pdf/testing/read-pdf.ts';
import { buildInvoicePdf, type TInvoicePdfData } from './invoice.pdf.ts';

const URDU_CLIENT = 'محمد علی خان';

export const invoicePdfFixture = (
  over: Partial<TInvoicePdfData['invoice']> = {},
): Omit<TInvoicePdfData, 'loadBytes'> => ({
  heading: {
    siteName: 'Nasar Law Associates',
    invoice_heading: 'Nasar & Co. Advocates',
    invoice_heading_left: 'Lahore Office',
    invoice_heading_right: 'NTN 1234567-8',
    invoice_address: '12 Mall Road, Lahore',
    invoice_phone: '0300-1234567',
  },
  invoice: {
    invoice_no: 7,
    invoice_status_id: 2,
    created_at: '2026-11-20T10:00:00.000Z',
    due_date: '2026-12-01',
    paid_at: null,
    client_name: URDU_CLIENT,
    client_company: 'Khan Textiles',
    client_email: 'ali@example.pk',
    client_phone: null,
    client_address: 'Faisalabad',
    attention: null,
    subject: 'Writ petition fee',
    services: 'Drafting and filing of writ petition',
    amount: 10_000_050,
    apply_tax: true,
    tax_percentage: 10,
    ...over,
  },
  expenses: [
    { expense: 'Court fee', amount: 150_000 },
    { expense: 'Photocopies', amount: 2_575 },
  ],
  payments: [{ paid_date: '2026-11-21', paid_amount: 5_000_000, notes: 'Cheque' }],
});

describe('invoice PDF', () => {
  it('prints the heading, the Urdu client, the lines, tax, payments, total and balance', async () => {
    const host = memoryHost();
    const read = await readPdf(await buildInvoicePdf({ ...invoicePdfFixture(), loadBytes: host.loadBytes }));
    const text = read.text.join('\n');
    for (const s of [
      'Nasar & Co. Advocates',
      'Lahore Office',
      'NTN 1234567-8',
      '12 Mall Road, Lahore',
      'Invoice #7',
    ])
      expect(text).toContain(s);
    // Rs. 100,000.50 + 1,500.00 + 25.75 − 10,000.05 (10%, half a paisa up) = 91,526.20; paid 50,000.00.
    expect(text).toContain('Rs. 100,000.50');
    expect(text).toContain('-Rs. 10,000.05');
    expect(text).toContain('Total: Rs. 91,526.20');
    expect(text).toContain('Balance due: Rs. 41,526.20');
    expect(text).toMatch(/[\u0600-\u06ff]/);
    expect(read.fonts.some((f) => f.startsWith('NotoNaskhArabic-Regular'))).toBe(true);
  });

  it('says a draft made offline gets its number on sync', async () => {
    const host = memoryHost();
    const read = await readPdf(
      await buildInvoicePdf({ ...invoicePdfFixture({ invoice_no: null }), loadBytes: host.loadBytes }),
    );
    expect(read.text.join('\n')).toContain('Invoice (number on sync)');
  });
});
