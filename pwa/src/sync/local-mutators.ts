import type { LocalDb, TOutboxEntry, TRow } from './db.ts';

/** What a queued mutation does to one visible record: a pure step from the row before to the row after. */
export type TEffect = { entity: string; id: string; apply: (row: TRow | null) => TRow | null };

/**
 * The device's replay of a named mutation, the local twin of the server's mutator. Rebase runs it on top of
 * the server's copy, so it must be pure in the row and may only read the shadow (the server's copies).
 */
export type TLocalMutator = (
  entry: TOutboxEntry,
  shadowOf: (entity: string, id: string) => Promise<TRow | null>,
) => Promise<TEffect[]> | TEffect[];

type TPutArgs = { entity: string; id: string; values: Record<string, unknown> };
type TDeleteArgs = { entity: string; id: string };
type TResolveArgs = { id: string; keep: 'server' | 'client' };

const MUTATORS = new Map<string, TLocalMutator>([
  [
    'put',
    (e) => {
      const a = e.args as TPutArgs;
      return [
        { entity: a.entity, id: a.id, apply: (row) => ({ ...(row ?? { id: a.id }), ...a.values, id: a.id }) },
      ];
    },
  ],
  [
    'delete',
    (e) => {
      const a = e.args as TDeleteArgs;
      return [{ entity: a.entity, id: a.id, apply: () => null }];
    },
  ],
  [
    'conflicts.resolve',
    async (e, shadowOf) => {
      const a = e.args as TResolveArgs;
      const effects: TEffect[] = [
        {
          entity: 'conflicts',
          id: a.id,
          apply: (row) => row && { ...row, resolved_at: row.resolved_at ?? e.createdAt, resolution: a.keep },
        },
      ];
      // Keeping the device's value writes it over the record (the server does the same), so show it at once.
      const c = await shadowOf('conflicts', a.id);
      if (
        a.keep === 'client' &&
        c &&
        !c.resolved_at &&
        typeof c.entity === 'string' &&
        typeof c.row_id === 'string'
      ) {
        const field = String(c.field);
        effects.push({
          entity: c.entity,
          id: c.row_id,
          apply: (row) => row && { ...row, [field]: c.client_value },
        });
      }
      return effects;
    },
  ],
]);

/** Features with named mutations (e.g. 'users.approve') register their local replay here. */
export function registerLocalMutator(name: string, fn: TLocalMutator): void {
  MUTATORS.set(name, fn);
}

/** The effects of one queued mutation; an unknown name changes nothing locally (the server still decides). */
export async function effectsOf(db: LocalDb, entry: TOutboxEntry): Promise<TEffect[]> {
  const fn = MUTATORS.get(entry.name);
  if (!fn) return [];
  return fn(entry, async (entity, id) => (await db.shadow.get([entity, id]))?.row ?? null);
}
