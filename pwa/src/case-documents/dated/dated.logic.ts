import { datedFields, type TDatedModule } from '@lawfirm/shared-types/case-documents/dated.modules.ts';
import { compareCodes } from '@lawfirm/shared-types/common/natural-order.ts';

/**
 * The dated modules' screen paths and row order (part 2 §2.1–2.2), from each module's declaration. No zod
 * and no Dexie here: the screens' chunks stay small.
 */
export const datedIndexPath = (m: TDatedModule, petitionId: string, id?: string) =>
  `/petition-${m.slug}-index/${petitionId}${id ? `/${id}` : ''}`;
export const datedSavePath = (m: TDatedModule, petitionId: string) =>
  `/petition-${m.slug}-save/${petitionId}`;
export const datedEditPath = (m: TDatedModule, petitionId: string, id: string) =>
  `/petition-${m.slug}-edit/${petitionId}/${id}`;
export const printOrderSheetsPath = (petitionId: string) => `/print-order-sheets/${petitionId}`;

/** A dated row as the device holds it, by the module's own field names. */
export type TDatedRow = Record<string, unknown> & {
  id: string;
  petition_id: string;
  title?: string | null;
  description?: string | null;
  created_at?: string | null;
  updated_by?: string | null;
};

export const dateOf = (m: TDatedModule, r: TDatedRow) => (r[datedFields(m).date] as string | null) ?? '';
export const typeIdOf = (m: TDatedModule, r: TDatedRow) => (r[datedFields(m).type] as string | null) ?? null;

/** By date, then by creation (the server's order of `records`). */
export function sortByDate<R extends TDatedRow>(m: TDatedModule, rows: readonly R[]): R[] {
  return [...rows].sort(
    (a, b) =>
      compareCodes(dateOf(m, a), dateOf(m, b)) ||
      compareCodes(String(a.created_at ?? '~'), String(b.created_at ?? '~')) ||
      compareCodes(a.id, b.id),
  );
}

/** The sidebar's and the heading's name of a row: its type's title, else its title, else the module's name. */
export function datedName(m: TDatedModule, r: TDatedRow, types: ReadonlyMap<string, string>): string {
  const type = typeIdOf(m, r);
  return (type && types.get(type)) || r.title || m.label;
}
