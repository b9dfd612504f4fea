import { describe, expect, it } from 'vitest';
import { memoryHost } from '../pdf/testing/host.ts';
import { readPdf } from '../pdf/testing/read-pdf.ts';
import { buildInvoicePdf } from './invoice.pdf.ts';
import { invoicePdfFixture } from './invoice.pdf.fixture.ts';

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

  it('prints the firm’s and the client’s phones as Pakistani numbers are read', async () => {
    const host = memoryHost();
    const data = invoicePdfFixture();
    const read = await readPdf(
      await buildInvoicePdf({
        ...data,
        heading: { ...data.heading, invoice_phone: '04237654321' },
        invoice: { ...data.invoice, client_phone: '+92 300 1234567' },
        loadBytes: host.loadBytes,
      }),
    );
    const text = read.text.join('\n');
    expect(text).toContain('Phone: 042-37654321');
    expect(text).toContain('0300-1234567');
    expect(text).not.toContain('04237654321');
  });
});
