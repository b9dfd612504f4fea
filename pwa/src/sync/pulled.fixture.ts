import type { TPullResponse } from '@lawfirm/shared-types';
import { applyPullPage } from './apply-pull.ts';
import { getMeta, type LocalDb, type TRow } from './db.ts';

/** A row of the firm as the server sends it (tests of the device's database). */
export const serverRow = (
  id: string,
  values: Record<string, unknown>,
  fieldVersions: Record<string, number> = {},
): TRow => ({ id, company_id: 'firm', field_versions: fieldVersions, version: 1, ...values });

/** Applies one pulled page of `changes` as the server sends it; answers whether the page was applied. */
export async function applyPulled(
  db: LocalDb,
  changes: TPullResponse['changes'],
  extra: Partial<TPullResponse> = {},
): Promise<boolean> {
  const cursor = await getMeta(db, 'cursor', '');
  const page: TPullResponse = {
    changes,
    cursor: `c:${Date.now()}`,
    more: false,
    remaining: 0,
    reset: false,
    lastMutationId: 0,
    results: [],
    ...extra,
  };
  return applyPullPage(db, page, cursor);
}
