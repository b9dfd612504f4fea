import type { LocalDb } from '../sync/db.ts';
import { pdfFontBytes } from '../pdf/fonts.ts';
import { localFileLoader } from '../pdf/pdf-data.ts';
import { saveFile } from '../pdf/save-file.ts';
import type { TListedInvoice } from './invoices.data.ts';

/**
 * The invoice PDF made on the device (the list's Download): the shared builder the server's
 * pdf_download_url uses, fed from local rows and the firm's invoice settings, so it works offline.
 */
export async function downloadInvoicePdf(db: LocalDb, inv: TListedInvoice): Promise<void> {
  const [{ buildInvoicePdf, invoiceFileName }, settings] = await Promise.all([
    import('@lawfirm/shared-types/invoices/invoice.pdf.ts'),
    db.rows('settings').toCollection().first(),
  ]);
  const s = (settings ?? {}) as Record<string, string | null | undefined>;
  const bytes = await buildInvoicePdf({
    heading: {
      siteName: s.site_name ?? null,
      invoice_heading: s.invoice_heading ?? null,
      invoice_heading_left: s.invoice_heading_left ?? null,
      invoice_heading_right: s.invoice_heading_right ?? null,
      invoice_address: s.invoice_address ?? null,
      invoice_phone: s.invoice_phone ?? null,
    },
    invoice: { ...inv, created_at: inv.created_at ?? null },
    expenses: inv.expenseRows,
    payments: inv.paymentRows,
    loadBytes: localFileLoader(db, pdfFontBytes),
  });
  saveFile(bytes, invoiceFileName(inv.invoice_no, inv.client_name));
}
