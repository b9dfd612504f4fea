import { readFile } from 'node:fs/promises';
import { DOCUMENT_EXTENSIONS } from '@lawfirm/shared-types/attachments/sniff.ts';
import { validationError } from '../http/errors.ts';
import type { PdfWorkers } from '../pdf/pdf-workers.ts';
import type { ReceivedFile } from '../uploads/multipart-files.ts';
import { ACCEPTED_TYPES_MESSAGE, checkDocument } from '../uploads/sniff-document.ts';
import { extensionOf } from './file-names.ts';

/**
 * The refusal for a file whose bytes are not an accepted document or do not match its extension, or whose
 * content may not be kept (XML that is a page, an image or PDF over the limits: sniff-document.ts).
 */
export async function checkFile(f: ReceivedFile, workers: PdfWorkers): Promise<void> {
  const wanted = DOCUMENT_EXTENSIONS[extensionOf(f.filename)];
  if (!f.size || !wanted) throw validationError({ files: [ACCEPTED_TYPES_MESSAGE] });
  const check = await checkDocument(await readFile(f.path), workers);
  if ((check.ok ? check.kind.ext : check.shows) !== wanted)
    throw validationError({ files: [ACCEPTED_TYPES_MESSAGE] });
  if (!check.ok) throw validationError({ files: [check.message] });
}
