import { z } from 'zod';
import { ZRole, ZUser, ZUserInput } from '@lawfirm/shared-types';
import { sentCompanyId } from '../auth/original-client.ts';

/**
 * POST /api/users (rest-contract 104) with `current_password`, which a change of one's own password needs (the
 * original client never sends it, so it cannot change its own password).
 */
export const ZSaveUserInput = z.preprocess(
  (v) => {
    if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
    // The original client sends back the company id it was told; its provider firm's "1" (or 1) names none.
    const body = 'company_id' in v ? { ...v, company_id: sentCompanyId(v.company_id) } : { ...v };
    // Which fields the body carries, read here because parsing fills the missing ones with null: an update
    // changes only those (saveUser), so an edit never overwrites what another device changed meanwhile.
    return { ...body, sent_fields: Object.keys(v) };
  },
  z.intersection(
    ZUserInput,
    z.object({
      current_password: z.string().max(1024).nullish(),
      sent_fields: z.array(z.string()).optional(),
    }),
  ),
);

/**
 * GET /api/users/{id} (rest-contract 103): `invoice_date` is the due date (dd/mm/yyyy) a new invoice for this
 * client starts with;
 * `user.next_invoice_num` the number the firm's next invoice will get (staff only: null for a client).
 */
export const ZUserResponse = z.object({
  user: ZUser.extend({ next_invoice_num: z.number().int().nullable() }),
  invoice_date: z.string(),
});

/** POST /api/users (rest-contract 104): the client reads `user.id` and `is_admin_user`. */
export const ZSaveUserResponse = z.object({ user: ZUser, is_admin_user: z.boolean(), message: z.string() });

/** POST /api/roles (rest-contract 107): a read done with POST. */
export const ZRolesResponse = z.object({ roles: z.array(ZRole) });

/**
 * POST /api/upload_user_image (rest-contract 37): multipart `files[i]` and `attachmentable_id` (the user). The
 * file parts are not body fields (the handler reads them with receivedFiles); the text fields are.
 */
export const ZUploadUserImageRequest = z.object({
  attachmentable_id: z.string({ error: 'The user is required.' }).min(1, { error: 'The user is required.' }),
});
/** The photo the user now has: none when no file came and they had none (a call without a file changes nothing). */
export const ZUploadUserImageResponse = z.object({
  attachment: z.object({ file_name: z.string() }).nullable(),
  message: z.string(),
});

/** The photo routes: `{id}` of the user (and the stored file name in the original client's URL). */
export const ZAvatarParams = z.object({ id: z.string(), file: z.string() });
