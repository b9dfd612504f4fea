import { z } from 'zod';
import type { TActor } from '@lawfirm/shared-types';
import { cnicKey } from '@lawfirm/shared-types/court-day/party-name.ts';
import type { Db } from '../db/connect.ts';

// The conflict check's CNIC match for those whose devices hold no CNICs (issue 34 item 3; docs/security.md,
// "CNICs and the conflict check"). CNICs reach only admins' devices, and no hash of them is synced instead: a
// CNIC has so few possible values that any hash a device can compute for a typed CNIC, a device can compute
// for every CNIC, and so reverse. The server answers instead, online: which people of the caller's firm carry
// the CNIC typed (or the CNIC of a person picked on the case form), by id only, never the CNIC itself.

export const MSG_CNIC_CHECK_INVALID = 'Type the CNIC as 13 digits, e.g. 35202-1234567-1.';
export const MSG_CNIC_CHECK_EMPTY = 'Type a CNIC or pick a person to check.';

export const ZSameCnicRequest = z
  .object({
    cnic: z.string({ error: MSG_CNIC_CHECK_INVALID }).max(30, { error: MSG_CNIC_CHECK_INVALID }).nullish(),
    user_id: z.string({ error: MSG_CNIC_CHECK_EMPTY }).max(64, { error: MSG_CNIC_CHECK_EMPTY }).nullish(),
  })
  .superRefine((v, ctx) => {
    if (v.cnic?.trim()) {
      if (!cnicKey(v.cnic)) ctx.addIssue({ code: 'custom', path: ['cnic'], message: MSG_CNIC_CHECK_INVALID });
    } else if (!v.user_id) ctx.addIssue({ code: 'custom', path: ['cnic'], message: MSG_CNIC_CHECK_EMPTY });
  });
export type TSameCnicRequest = z.infer<typeof ZSameCnicRequest>;

/** The ids of the people with that CNIC; none when nobody of the firm has it. */
export const ZSameCnicResponse = z.object({ people: z.array(z.string()) });

/**
 * The people of the actor's firm (never another firm's) whose CNIC is the one typed, or the one of the person
 * `user_id` names, compared as 13 digits whatever the dashes. A firm has thousands of people at most: they are
 * read and compared here rather than kept twice.
 */
export async function peopleWithSameCnic(db: Db, actor: TActor, q: TSameCnicRequest): Promise<string[]> {
  const live = db
    .selectFrom('users')
    .where('company_id', '=', actor.company_id)
    .where('deleted_at', 'is', null)
    .where('cnic', 'is not', null);
  let key = q.cnic?.trim() ? cnicKey(q.cnic) : null;
  if (!key && q.user_id) {
    const person = await live.select('cnic').where('id', '=', q.user_id).executeTakeFirst();
    key = cnicKey(person?.cnic);
  }
  if (!key) return [];
  const rows = await live.select(['id', 'cnic']).execute();
  return rows.filter((r) => cnicKey(r.cnic) === key).map((r) => r.id);
}
