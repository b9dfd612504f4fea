import { DOCUMENT_EXTENSIONS } from '@lawfirm/shared-types/attachments/sniff.ts';
import { validationError } from '../http/errors.ts';
import type { ReceivedFile } from '../uploads/multipart-files.ts';
import { ACCEPTED_TYPES_MESSAGE } from '../uploads/sniff-document.ts';
import { extensionOf } from './file-names.ts';

/**
 * The refusal for a file whose bytes are not an accepted document or do not match its extension, or whose
 * content may not be kept (XML that is a page, an image or PDF over the limits: sniff-document.ts).
 */
export function checkFile(f: ReceivedFile): void {
  const wanted = DOCUMENT_EXTENSIONS[extensionOf(f.filename)];
  const check = f.check;
  if (!f.size || !wanted || !check) throw validationError({ files: [ACCEPTED_TYPES_MESSAGE] });
  if ((check.ok ? check.kind.ext : check.shows) !== wanted)
    throw validationError({ files: [ACCEPTED_TYPES_MESSAGE] });
  if (!check.ok) throw validationError({ files: [check.message] });
}
