import type { Kysely } from 'kysely';
import { uuidv7 } from './lib/ids.ts';
import { logChange, MIGRATION_WRITER } from './lib/logged-field.ts';

/**
 * The record-hearing form (issue 34) offers the order-sheet types Adjourned, Arguments heard, Reserved and
 * Decided; the shared data's list has none of them. New firms get them from the seed
 * (sync-server/src/seed/data/our-reference-data.json); this adds them to firms installed before, after the
 * firm's own types, unless the firm already has a live type of that title (any case: an admin's "decided").
 *
 * Each added row is a logged change (the firm's next change number and a change-log entry, as the sync store
 * writes a new row), so devices that synced before pull it. The titles are written out: migrations never
 * import app code.
 */
const ORDER_SHEET_MODULE = 1;
const OUTCOMES = ['Adjourned', 'Arguments heard', 'Reserved', 'Decided'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  // The firms with reference data: those a seed gave module types (a firm without any was never seeded).
  const types: { company_id: string; title: string; display_order: number | string }[] = await db
    .selectFrom('module_types')
    .select(['company_id', 'title', 'display_order'])
    .where('module_id', '=', ORDER_SHEET_MODULE)
    .where('deleted_at', 'is', null)
    .execute();
  const firms = new Map<string, { titles: Set<string>; last: number }>();
  for (const t of types) {
    const firm = firms.get(t.company_id) ?? { titles: new Set<string>(), last: 0 };
    firm.titles.add(t.title.trim().toLowerCase());
    firm.last = Math.max(firm.last, Number(t.display_order) || 0);
    firms.set(t.company_id, firm);
  }
  for (const [companyId, firm] of [...firms].sort(([a], [b]) => (a < b ? -1 : 1))) {
    let order = firm.last;
    for (const title of OUTCOMES) {
      if (firm.titles.has(title.toLowerCase())) continue;
      const id = uuidv7();
      const { seq, now } = await logChange(db, 'module_types', companyId, id);
      await db
        .insertInto('module_types')
        .values({
          id,
          company_id: companyId,
          module_id: ORDER_SHEET_MODULE,
          title,
          display_order: ++order,
          created_at: now,
          updated_at: now,
          version: seq,
          deleted_at: null,
          field_versions: JSON.stringify({ '*': seq }),
          field_writers: JSON.stringify({ '*': MIGRATION_WRITER }),
          updated_by: null,
        })
        .execute();
    }
  }
}

export async function down(): Promise<void> {
  // The added types may already name firms' hearings' outcomes: they stay (an admin may delete them).
}
