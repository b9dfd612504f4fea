import { readFile } from 'node:fs/promises';
import { validationError } from '../http/errors.ts';
import type { PdfWorkers } from '../pdf/pdf-workers.ts';
import type { ReceivedFile } from '../uploads/multipart-files.ts';
import { ACCEPTED_TYPES_MESSAGE, checkDocument, type DocumentKind } from '../uploads/sniff-document.ts';
import { extensionOf } from './file-names.ts';

/** Extensions allowed on a name, with the type the bytes must then show (DESIGN §7: both must agree). */
const EXTENSIONS: Record<string, DocumentKind['ext']> = {
  png: 'png',
  jpg: 'jpg',
  jpeg: 'jpg',
  pdf: 'pdf',
  doc: 'doc',
  docx: 'docx',
  xml: 'xml',
};

/**
 * The refusal for a file whose bytes are not an accepted document or do not match its extension, or whose
 * content may not be kept (XML that is a page, an image or PDF over the limits: sniff-document.ts).
 */
export async function checkFile(f: ReceivedFile, workers: PdfWorkers): Promise<void> {
  const wanted = EXTENSIONS[extensionOf(f.filename)];
  if (!f.size || !wanted) throw validationError({ files: [ACCEPTED_TYPES_MESSAGE] });
  const check = await checkDocument(await readFile(f.path), workers);
  if ((check.ok ? check.kind.ext : check.shows) !== wanted)
    throw validationError({ files: [ACCEPTED_TYPES_MESSAGE] });
  if (!check.ok) throw validationError({ files: [check.message] });
}
