import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { CONTRACTS, PROPOSITIONS } from '@lawfirm/shared-types/library/page-kinds.ts';
import { readDexie } from '../sync/db-access.ts';
import { openLocalDb, shadowOf, type LocalDb, type TRow } from '../sync/db.ts';
import { openRawRead } from '../sync/raw-read.ts';
import { loadPageList, PAGE_SIZE } from './pageList.data.ts';

let db: LocalDb;
afterEach(() => db?.close());

async function pulled(entity: string, rows: TRow[]): Promise<void> {
  await db.shadow.bulkPut(rows.map((r) => shadowOf(entity, r)));
  await db.rows(entity).bulkPut(rows);
}

describe("a library list's page query", () => {
  it('reads the same with plain IndexedDB (a cold start) as through Dexie: title order, pages of 50, the count', async () => {
    db = openLocalDb(crypto.randomUUID());
    // 120 propositions stored out of title order, and a contract that is no proposition.
    const titles = Array.from({ length: 120 }, (_, i) => `Proposition ${String(119 - i).padStart(3, '0')}`);
    await pulled(
      PROPOSITIONS.name,
      titles.map((t, i) => ({ id: `p-${i}`, case_title: t, keywords: 'bail', content: '<p>x</p>' })),
    );
    await pulled(CONTRACTS.name, [{ id: 'c-1', title: 'Rent agreement', content: '' }]);

    const first = await loadPageList(readDexie(db), PROPOSITIONS, 1);
    expect(first.count).toBe(120);
    expect(first.rows).toHaveLength(PAGE_SIZE);
    expect(first.rows[0]!.case_title).toBe('Proposition 000');
    expect(first.rows[49]!.case_title).toBe('Proposition 049');
    const third = await loadPageList(readDexie(db), PROPOSITIONS, 3);
    expect(third.rows.map((r) => r.case_title)).toEqual(
      Array.from({ length: 20 }, (_, i) => `Proposition ${String(100 + i).padStart(3, '0')}`),
    );

    const raw = await openRawRead(db.name);
    try {
      expect(await loadPageList(raw.read, PROPOSITIONS, 1)).toEqual(first);
      expect(await loadPageList(raw.read, PROPOSITIONS, 3)).toEqual(third);
      expect(await loadPageList(raw.read, PROPOSITIONS, 4)).toEqual({
        kind: PROPOSITIONS.name,
        pageNo: 4,
        count: 120,
        rows: [],
      });
      expect((await loadPageList(raw.read, CONTRACTS, 1)).rows.map((r) => r.id)).toEqual(['c-1']);
    } finally {
      raw.close();
    }
  });
});
