import { z } from 'zod';
import { queryText } from '@lawfirm/shared-types';

/**
 * GET /files/{sha256}: a stored file by its hash (one that is not a hash is simply not found), downloaded under
 * `?name=` or the hash. The upload calls' own schemas are the shared protocol's (ZUploadCreate, ZUploadState).
 */
export const ZFileParams = z.object({ sha256: z.string() });
export const ZFileQuery = z.object({ name: queryText });
