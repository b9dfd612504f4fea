import { dexieSpec, type TEntityDecl, type TRelations } from '@lawfirm/shared-types';

/** What a device keeps of an entity's declaration: its Dexie store and the rows its rows hang off. */
export type TClientEntity = TRelations & { store: string };
export type TClientEntities = Readonly<Record<string, TClientEntity>>;

/**
 * The device's table of synced entities, from the shared declarations: plain data (no schema, no policy), so
 * the build can write it out as a literal (entity-table.ts) and the local database opens without zod.
 */
export function clientEntityTable(decls: readonly TEntityDecl[]): TClientEntities {
  return Object.fromEntries(
    decls.map((d) => [
      d.name,
      {
        store: dexieSpec(d),
        ...(d.parents?.length ? { parents: d.parents } : {}),
        ...(d.owner ? { owner: d.owner } : {}),
      },
    ]),
  );
}
