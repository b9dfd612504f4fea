import { z } from 'zod';

/**
 * The PDF downloads' requests. Every one answers the PDF's bytes (application/pdf, as an attachment), not
 * JSON, so only their errors have a response schema.
 */
export const ZPdfPetitionParams = z.object({ id: z.string().min(1).max(100) });
export const ZPdfOrderSheetsParams = z.object({ petition_id: z.string().min(1).max(100) });
/** A model that has no PDF, or an id of no such item, is a 404 (no such document): the handler checks them. */
export const ZPdfDocumentParams = z.object({ model: z.string().max(100), id: z.string().max(100) });
/** `?sig=` of a signed download link (pdfActor); without it the bearer token decides. */
export const ZPdfQuery = z.object({ sig: z.string().optional() });
