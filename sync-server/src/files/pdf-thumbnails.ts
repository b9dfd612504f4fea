import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../http/errors.ts';
import { blobKey } from './file-store.ts';
import { readFile, saveFile } from './storage.ts';
import { sendStoredFile } from './send-file.ts';

/**
 * The original client's attachment tables (PetitionIndexDetails, PetitionReplyDetails) draw every attachment
 * as `<img src>` with the URL of the file itself, PDFs too, which showed as broken images (issue 31). Its URL
 * is the only thing it lets us give, and the same URL is the PDF's link elsewhere. So the URL of a PDF answers
 * what the browser asks for: an image request (an <img>: `Sec-Fetch-Dest: image`, or without Fetch Metadata an
 * Accept that puts images first) gets the first page as a PNG; a link, a download or a script still gets the
 * PDF. The PNG is made once per PDF (by its content hash) in a PDF worker and kept beside the firm's files.
 */

/** Whether the request is an <img> asking for a picture (a browser says so; a link or a fetch does not). */
export function wantsImage(req: FastifyRequest): boolean {
  const dest = req.headers['sec-fetch-dest'];
  if (typeof dest === 'string') return dest === 'image';
  // Browsers without Fetch Metadata (or over plain http) still send an image Accept for an <img>:
  // "image/avif,image/webp,…" (Chrome, Firefox), "image/webp,…" (Safari); a page or a link asks for text/html.
  const first = (req.headers.accept ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('image/');
}

/** A PDF's URL answers by what is asked for: caches keep the two answers apart (CORS may have said Vary already). */
export function varyByDestination(reply: FastifyReply): void {
  const before = reply.getHeader('Vary');
  const listed = Array.isArray(before) ? before.join(', ') : before === undefined ? '' : String(before);
  reply.header('Vary', listed ? `${listed}, Sec-Fetch-Dest, Accept` : 'Sec-Fetch-Dest, Accept');
}

/** Shown when a PDF's first page cannot be drawn (damaged, encrypted) or the server is busy: still an image. */
export const PDF_PLACEHOLDER_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="320" viewBox="0 0 240 320">
<rect x="8" y="8" width="224" height="304" rx="8" fill="#ffffff" stroke="#9aa3ad" stroke-width="4"/>
<text x="120" y="178" font-family="sans-serif" font-size="56" font-weight="bold" fill="#b3261e" text-anchor="middle">PDF</text>
</svg>`;

/** Thumbnails being made now, by firm and hash: the same PDF asked for twice at once is drawn once. */
const making = new Map<string, Promise<Uint8Array | null>>();

async function thumbnailOf(
  app: FastifyInstance,
  file: { company_id: string; sha256: string },
): Promise<Uint8Array | null> {
  const key = [file.company_id, 'thumbnails', `${file.sha256}.png`] as const;
  const kept = await readFile(app.files, key);
  if (kept) return kept;
  const id = key.join('/');
  let made = making.get(id);
  if (!made) {
    made = (async () => {
      try {
        const pdf = await readFile(app.files, blobKey(file.company_id, file.sha256));
        if (!pdf) return null;
        const png = await app.pdfWorkers.thumbnail(pdf);
        await saveFile(app.files, key, png);
        return png;
      } catch (e) {
        // Not kept: a PDF that cannot be drawn now (the server busy, a damaged file) is tried again later.
        app.log.warn({ err: e, sha256: file.sha256 }, 'PDF thumbnail not made');
        return null;
      }
    })().finally(() => making.delete(id));
    making.set(id, made);
  }
  return made;
}

/** The answer to an <img> of a stored PDF: its first page, or the placeholder when it cannot be drawn. */
export async function sendPdfThumbnail(
  app: FastifyInstance,
  reply: FastifyReply,
  file: { company_id: string; sha256: string; file_name: string },
): Promise<FastifyReply> {
  if (!(await app.files.head(blobKey(file.company_id, file.sha256)))) throw notFound('File not found.');
  const png = await thumbnailOf(app, file);
  const stem = file.file_name.replace(/\.pdf$/i, '');
  return png
    ? sendStoredFile(reply, png, { name: `${stem}.png`, mime: 'image/png' })
    : sendStoredFile(reply, Buffer.from(PDF_PLACEHOLDER_SVG), { name: `${stem}.svg`, mime: 'image/svg+xml' });
}
