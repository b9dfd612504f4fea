import {
  CONTRACTS,
  MSG_CATEGORY_MISSING,
  PAGE_KINDS,
  PLEADINGS,
  PROPOSITIONS,
  contractsDecl,
  pleadingsDecl,
  propositionsDecl,
  slugFor,
  type TPageKind,
} from '@lawfirm/shared-types/library/pages.ts';
import type { TEntityDecl } from '@lawfirm/shared-types';
import { serverEntity, type EntityDef } from '../sync/entities.ts';
import { cleanContent } from '../http/sanitize.ts';

const textOf = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * The server's half of a published page, on every write path (push, REST): the content is cleaned with the
 * allow-list and its plain text derived, and a new page gets its public slug. Written into the same change.
 */
function pageEntity(kind: TPageKind, decl: TEntityDecl, check?: EntityDef['check']): EntityDef {
  return serverEntity(decl, {
    check,
    afterWrite: async (trx, _actor, before, after, changed) => {
      if (before && !changed.includes('content') && after.slug) return;
      const clean = cleanContent(after.content as string | null);
      const slug = (after.slug as string | null) || slugFor(textOf(after[kind.titleColumn]), after.id);
      await trx
        .updateTable(kind.name as 'sample_pleadings')
        .set({ ...clean, slug })
        .where('id', '=', after.id)
        .execute();
    },
  });
}

/** A contract's category, when it names one, is a live category of the same firm. */
const categoryExists: EntityDef['check'] = async (trx, _actor, row, changed) => {
  const id = row.contract_category_id as string | null;
  if (!id || !changed.includes('contract_category_id')) return null;
  const found = await trx
    .selectFrom('contract_categories')
    .select('id')
    .where('id', '=', id)
    .where('company_id', '=', row.company_id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return found ? null : MSG_CATEGORY_MISSING;
};

export const propositionsEntity = pageEntity(PROPOSITIONS, propositionsDecl);
export const contractsEntity = pageEntity(CONTRACTS, contractsDecl, categoryExists);
export const pleadingsEntity = pageEntity(PLEADINGS, pleadingsDecl);

/** The library's entities with server hooks, for the registry. */
export const LIBRARY_SERVER_ENTITIES = [propositionsEntity, contractsEntity, pleadingsEntity];
export const PAGE_ENTITIES = new Map<string, EntityDef>(
  PAGE_KINDS.map((k, i) => [k.name, LIBRARY_SERVER_ENTITIES[i]!]),
);
