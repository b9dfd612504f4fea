import { parentsOf } from '@lawfirm/shared-types';
import { rowKey } from './db-access.ts';
import type { LocalDb, TOutboxEntry, TRow } from './db.ts';
import { ENTITY_TABLE } from './entity-table.ts';

/** What a queued mutation does to one visible record: a pure step from the row before to the row after. */
export type TEffect = { entity: string; id: string; apply: (row: TRow | null) => TRow | null };

/** What a local mutator may read: the server's copies (shadow) and the queue, never the visible rows. */
export type TLocalReader = {
  shadowOf: (entity: string, id: string) => Promise<TRow | null>;
  /** Every row below a row (children, their children, attachments), from the shadow and queued creates. */
  descendantsOf: (entity: string, id: string) => Promise<[string, string][]>;
};

/**
 * The device's replay of a named mutation, the local twin of the server's mutator. Rebase runs it on top of
 * the server's copy, so it must be pure in the row and may only read the shadow and the queue: its effects are
 * then the same at every rebase, whatever the screen shows meanwhile.
 */
export type TLocalMutator = (entry: TOutboxEntry, read: TLocalReader) => Promise<TEffect[]> | TEffect[];

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
    async (e, read) => {
      // The server deletes everything below the row with it (the shared relations); the device shows it at once.
      const a = e.args as TDeleteArgs;
      const rows: [string, string][] = [[a.entity, a.id], ...(await read.descendantsOf(a.entity, a.id))];
      return rows.map(([entity, id]) => ({ entity, id, apply: () => null }));
    },
  ],
  [
    'conflicts.resolve',
    async (e, { shadowOf }) => {
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

/** The rows a queued create puts under `parent` (rows the server has not seen yet are in no shadow). */
function queuedChildren(entries: TOutboxEntry[], parent: string): [string, string][] {
  const out: [string, string][] = [];
  for (const e of entries) {
    if (e.name !== 'put' || e.status !== 'pending') continue;
    const a = e.args as TPutArgs;
    const decl = ENTITY_TABLE[a.entity];
    if (decl && parentsOf(decl, a.values).some(([pe, pid]) => rowKey(pe, pid) === parent))
      out.push([a.entity, a.id]);
  }
  return out;
}

function readerOf(db: LocalDb): TLocalReader {
  return {
    shadowOf: async (entity, id) => (await db.shadow.get([entity, id]))?.row ?? null,
    descendantsOf: async (entity, id) => {
      const queued = await db.outbox.where('status').equals('pending').toArray();
      const seen = new Set([rowKey(entity, id)]);
      const out: [string, string][] = [];
      for (let i = 0, todo = [rowKey(entity, id)]; i < todo.length; i++) {
        const parent = todo[i]!;
        const below = [
          ...(await db.shadow.where('links').equals(parent).toArray()).map((s): [string, string] => [
            s.entity,
            s.id,
          ]),
          ...queuedChildren(queued, parent),
        ];
        for (const [ce, cid] of below) {
          const key = rowKey(ce, cid);
          if (seen.has(key)) continue;
          seen.add(key);
          out.push([ce, cid]);
          todo.push(key);
        }
      }
      return out;
    },
  };
}

/** The effects of one queued mutation; an unknown name changes nothing locally (the server still decides). */
export async function effectsOf(db: LocalDb, entry: TOutboxEntry): Promise<TEffect[]> {
  const fn = MUTATORS.get(entry.name);
  if (!fn) return [];
  return fn(entry, readerOf(db));
}
