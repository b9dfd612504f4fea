import type { Kysely } from 'kysely';

/**
 * Before relations were enforced on every write path, a case file deleted by a device's push left its
 * documents alive, and a push could attach a file to a document of another case file (or of a kind that does
 * not exist). This tombstones every such orphan, parents before children, and logs each as a change so every
 * device removes it at its next pull. The relations are written out here as they stood at this migration
 * (a migration never imports app code).
 */
type Relation = { child: string; column: string; parent: string; typeColumn?: string; typeValue?: string };

const RELATIONS: Relation[][] = [
  // Pass 1: rows of a case file or category link whose parent is gone.
  ['petition_parties', 'petition_index', 'reply_parents', 'replies', 'order_sheets', 'attachments'].map(
    (child) => ({ child, column: 'petition_id', parent: 'petitions' }),
  ),
  [
    { child: 'case_category_courts', column: 'case_category_id', parent: 'case_categories' },
    { child: 'case_category_courts', column: 'court_id', parent: 'courts' },
  ],
  // Pass 2: replies under a heading that is gone.
  [{ child: 'replies', column: 'reply_parent_id', parent: 'reply_parents' }],
  // Pass 3: attachments whose owner is gone.
  [
    ['PetitionIndex', 'petition_index'],
    ['PetitionReply', 'replies'],
    ['PetitonOrderSheet', 'order_sheets'],
  ].map(([type, parent]) => ({
    child: 'attachments',
    column: 'owner_id',
    parent: parent!,
    typeColumn: 'owner_type',
    typeValue: type!,
  })),
];
const KNOWN_OWNERS = ['PetitionIndex', 'PetitionReply', 'PetitonOrderSheet'];

async function tombstone(db: Kysely<any>, table: string, rows: { id: string; company_id: string }[]) {
  const now = new Date().toISOString();
  for (const r of rows) {
    await db
      .insertInto('sync_state')
      .values({ company_id: r.company_id, last_seq: 0 })
      .onConflict((oc) => oc.column('company_id').doNothing())
      .execute();
    const state = await db
      .selectFrom('sync_state')
      .select('last_seq')
      .where('company_id', '=', r.company_id)
      .executeTakeFirstOrThrow();
    const seq = Number(state.last_seq) + 1;
    await db
      .updateTable('sync_state')
      .set({ last_seq: seq })
      .where('company_id', '=', r.company_id)
      .execute();
    await db
      .insertInto('change_log')
      .values({ company_id: r.company_id, seq, entity: table, row_id: r.id, changed_at: now })
      .execute();
    await db
      .updateTable(table)
      .set({ deleted_at: now, updated_at: now, version: seq })
      .where('id', '=', r.id)
      .execute();
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  for (const pass of RELATIONS)
    for (const rel of pass) {
      let q = db
        .selectFrom(`${rel.child} as c`)
        .leftJoin(`${rel.parent} as p`, (j) =>
          j
            .onRef('p.id', '=', `c.${rel.column}`)
            .onRef('p.company_id', '=', 'c.company_id')
            .on('p.deleted_at', 'is', null),
        )
        .select(['c.id as id', 'c.company_id as company_id'])
        .where('c.deleted_at', 'is', null)
        .where('p.id', 'is', null);
      if (rel.typeColumn) q = q.where(`c.${rel.typeColumn}`, '=', rel.typeValue);
      await tombstone(db, rel.child, await q.execute());
    }
  const unknownOwner = await db
    .selectFrom('attachments')
    .select(['id', 'company_id'])
    .where('deleted_at', 'is', null)
    .where('owner_type', 'not in', KNOWN_OWNERS)
    .execute();
  await tombstone(db, 'attachments', unknownOwner);
}

export async function down(): Promise<void> {
  // Tombstones stay: the rows were unreachable, and devices have already removed them.
}
