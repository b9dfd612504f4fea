import { can, normaliseDomain, type TActor, type TCompany, type TCompanyInput } from '@lawfirm/shared-types';
import type { Db } from '../db/connect.ts';
import { forFirm } from '../sync/firm.ts';
import { nowIso } from '../db/ids.ts';
import { forbidden, HttpError, notFound, validationError } from '../http/errors.ts';
import { createCompany } from '../seed/bootstrap.ts';
import { domainTaken, findCompany, toApiCompany } from './companies.repository.ts';
import { inTransaction } from '../db/query-helpers.ts';
import { restWriter, updateSyncedRow } from '../sync/system-write.ts';
import { usersEntity } from '../auth/users.entities.ts';

export const MSG_DOMAIN_TAKEN = 'The domain has already been taken.';
export const MSG_PROVIDER_UNDELETABLE = 'The main company of the platform cannot be deleted.';

/** Creates a firm (with its settings and reference data) or renames one. Provider admins only. */
export async function saveCompany(db: Db, actor: TActor, data: TCompanyInput): Promise<TCompany> {
  if (!can(actor, 'companies.manage')) throw forbidden();
  const domain = normaliseDomain(data.domain);
  if (!domain) throw validationError({ domain: ['The domain must be a valid web address.'] });
  const existing = data.id ? await findCompany(db, data.id) : null;
  if (data.id && !existing) throw notFound();
  if (await domainTaken(db, domain, existing?.id ?? null))
    throw validationError({ domain: [MSG_DOMAIN_TAKEN] });

  if (!existing) {
    // createCompany seeds the settings row and the reference data a new firm starts with.
    const id = await createCompany(db, { name: data.name, domain });
    return toApiCompany((await findCompany(db, id))!);
  }
  await db
    .updateTable('companies')
    .set({ name: data.name, domain, updated_at: nowIso() })
    .where('id', '=', existing.id)
    .execute();
  return toApiCompany((await findCompany(db, existing.id))!);
}

/**
 * Soft-deletes a firm and blocks its people: their accounts are marked blocked and every session ends, so a
 * deleted firm's staff can neither keep working nor sign in again. The provider firm can never be deleted.
 */
export async function deleteCompany(db: Db, actor: TActor, id: string): Promise<void> {
  if (!can(actor, 'companies.manage')) throw forbidden();
  const company = await findCompany(db, id);
  if (!company) throw notFound();
  if (company.is_provider === 1) throw new HttpError(422, MSG_PROVIDER_UNDELETABLE);
  const t = nowIso();
  await inTransaction(db, async (trx) => {
    await trx.updateTable('companies').set({ deleted_at: t, updated_at: t }).where('id', '=', id).execute();
    const firm = forFirm(trx, id);
    const people = await firm.live('users').select('id').execute();
    // Through the firm's change log like any change to a user, so its devices' copies agree with the server.
    for (const u of people)
      await updateSyncedRow(
        trx,
        usersEntity,
        id,
        u.id,
        { is_approved: false, blocked_at: t },
        { writer: restWriter(actor), updatedBy: actor.id },
      );
    await firm.updateTable('sessions').set({ revoked_at: t }).where('revoked_at', 'is', null).execute();
  });
}
