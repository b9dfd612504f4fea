import type { TInvoicePdfData } from './invoice.pdf.ts';

/** An invoice with an Urdu client name, two expenses, tax and a payment (tests and the bench). */
export const URDU_CLIENT = 'محمد علی خان';

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
