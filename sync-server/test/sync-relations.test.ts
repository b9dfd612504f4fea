import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MSG_MOVE_REFUSED,
  MSG_OWNER_INVALID,
  MSG_OWNER_OTHER_CASE,
  MSG_PETITION_MISSING,
  type TPullResponse,
} from '@lawfirm/shared-types';
import { newId } from '../src/db/ids.ts';
import { REGISTRY } from '../src/entities.ts';
import { insertSeedRows } from '../src/sync/system-write.ts';
import type { SyncRegistry } from '../src/sync/entities.ts';
import { caseFirm, type Auth, type CaseFirm } from './case-files-helpers.ts';
import { connectDevice } from './device.ts';
import { describeEachDb } from './helper.ts';

const CHILDREN = [
  'petition_parties',
  'petition_index',
  'reply_parents',
  'replies',
  'order_sheets',
  'attachments',
] as const;

const attachment = (petitionId: string, ownerType: string, ownerId: string) => ({
  petition_id: petitionId,
  owner_type: ownerType,
  owner_id: ownerId,
  sha256: 'b'.repeat(64),
  file_name: 'order.pdf',
  mime_type: 'application/pdf',
  size: 100,
});

/** A case file with one row of every kind below it, made over REST and by a device's push. */
async function fullCase(f: CaseFirm): Promise<{ id: string; rows: Record<string, string[]> }> {
  const id = await f.petition({
    case_no: `DEL-${newId().slice(-6)}`,
    petitioners: [{ user: { name: 'A' } }],
  });
  const item = (
    await f.call('POST', '/api/petitions_index', f.admin, { petition_id: id, document_description: 'Plaint' })
  ).json<{ petition_index: { id: string } }>().petition_index.id;
  await f.call('POST', '/api/add_hearing_date', f.admin, { petition_id: id, order_sheet_date: '01/01/2099' });
  const device = await connectDevice(f.t, f.lawyer);
  const heading = newId();
  const reply = newId();
  const sheet = device.rowsOf('order_sheets').find((o) => o.petition_id === id)!.id as string;
  const pushed = await device.push([
    {
      name: 'put',
      args: { entity: 'reply_parents', id: heading, values: { petition_id: id, title: 'Reply' } },
    },
    {
      name: 'put',
      args: {
        entity: 'replies',
        id: reply,
        values: { petition_id: id, reply_parent_id: heading, document_description: 'Para 1' },
      },
    },
    {
      name: 'put',
      args: { entity: 'attachments', id: newId(), values: attachment(id, 'PetitionIndex', item) },
    },
    {
      name: 'put',
      args: { entity: 'attachments', id: newId(), values: attachment(id, 'PetitionReply', reply) },
    },
    {
      name: 'put',
      args: { entity: 'attachments', id: newId(), values: attachment(id, 'PetitonOrderSheet', sheet) },
    },
  ]);
  expect(pushed.results.map((r) => r.status)).toEqual(Array(5).fill('applied'));
  const rows: Record<string, string[]> = {};
  for (const t of CHILDREN)
    rows[t] = (await f.t.app.db.selectFrom(t).select('id').where('petition_id', '=', id).execute()).map(
      (r) => r.id,
    );
  return { id, rows };
}

describeEachDb('sync: relations hold on every write path', (kind) => {
  let f: CaseFirm;
  beforeAll(async () => {
    f = await caseFirm(kind);
  });
  afterAll(() => f.t.close());

  it('a case file deleted by a push takes everything in it, on the server and on every device', async () => {
    const { id, rows } = await fullCase(f);
    for (const t of CHILDREN) expect(rows[t]!.length, t).toBeGreaterThan(0);
    const office = await connectDevice(f.t, f.admin);
    for (const t of CHILDREN)
      expect(office.rowsOf(t).filter((r) => r.petition_id === id).length).toBe(rows[t]!.length);

    const phone = await connectDevice(f.t, f.lawyer);
    const res = await phone.push([{ name: 'delete', args: { entity: 'petitions', id } }]);
    expect(res.results).toEqual([expect.objectContaining({ status: 'applied' })]);

    for (const t of CHILDREN) {
      const live = await f.t.app.db
        .selectFrom(t)
        .select('id')
        .where('petition_id', '=', id)
        .where('deleted_at', 'is', null)
        .execute();
      expect(live, `${t} left alive on the server`).toEqual([]);
    }
    const delivered = await office.pull();
    expect(delivered.get(`petitions/${id}`)).toBeNull();
    for (const t of CHILDREN) {
      for (const rowId of rows[t]!) expect(delivered.get(`${t}/${rowId}`), `${t} tombstone`).toBeNull();
      expect(office.rowsOf(t).some((r) => r.petition_id === id)).toBe(false);
    }
    expect((await f.call('GET', `/api/petitions/${id}`, f.admin)).statusCode).toBe(404);
  });

  it('a heading or an index item deleted by a push takes its replies and attachments', async () => {
    const { id, rows } = await fullCase(f);
    const phone = await connectDevice(f.t, f.lawyer);
    const heading = rows.reply_parents![0]!;
    await phone.push([{ name: 'delete', args: { entity: 'reply_parents', id: heading } }]);
    const live = async (t: (typeof CHILDREN)[number]) =>
      (
        await f.t.app.db
          .selectFrom(t)
          .selectAll()
          .where('petition_id', '=', id)
          .where('deleted_at', 'is', null)
          .execute()
      ).map((r) => r as Record<string, unknown>);
    expect(await live('replies')).toEqual([]);
    expect((await live('attachments')).map((a) => a.owner_type).sort()).toEqual([
      'PetitionIndex',
      'PetitonOrderSheet',
    ]);
    await phone.push([{ name: 'delete', args: { entity: 'petition_index', id: rows.petition_index![0]! } }]);
    expect((await live('attachments')).map((a) => a.owner_type)).toEqual(['PetitonOrderSheet']);
    expect(await live('petition_parties')).toHaveLength(1);
  });

  it('refuses a move to another case file, an owner of another case and a parent that is gone or foreign', async () => {
    const a = await f.petition({ case_no: 'MOVE-A' });
    const b = await f.petition({ case_no: 'MOVE-B' });
    const item = (
      await f.call('POST', '/api/petitions_index', f.admin, { petition_id: a, document_description: 'Stays' })
    ).json<{ petition_index: { id: string } }>().petition_index.id;
    const gone = await f.petition({ case_no: 'GONE' });
    await f.call('DELETE', `/api/petitions/${gone}`, f.admin);
    const foreign = (
      await f.call('POST', '/api/petitions', f.other, { case_no: '1', title: 'Other firm' })
    ).json<{ petition_id: string }>().petition_id;

    const phone = await connectDevice(f.t, f.lawyer);
    const res = await phone.push([
      { name: 'put', args: { entity: 'petition_index', id: item, values: { petition_id: b } } },
      // The same parent sent back with an edit is fine.
      {
        name: 'put',
        args: { entity: 'petition_index', id: item, values: { petition_id: a, annexure: 'A-1' } },
      },
      {
        name: 'put',
        args: { entity: 'attachments', id: newId(), values: attachment(b, 'PetitionIndex', item) },
      },
      { name: 'put', args: { entity: 'attachments', id: newId(), values: attachment(a, 'CaseLaw', item) } },
      {
        name: 'put',
        args: {
          entity: 'petition_index',
          id: newId(),
          values: { petition_id: gone, document_description: 'x' },
        },
      },
      {
        name: 'put',
        args: {
          entity: 'petition_index',
          id: newId(),
          values: { petition_id: foreign, document_description: 'x' },
        },
      },
    ]);
    expect(res.results.map((r) => [r.status, r.message ?? null])).toEqual([
      ['rejected', MSG_MOVE_REFUSED],
      ['applied', null],
      ['rejected', MSG_OWNER_OTHER_CASE],
      ['rejected', MSG_OWNER_INVALID],
      ['rejected', MSG_PETITION_MISSING],
      ['rejected', MSG_PETITION_MISSING],
    ]);
    const row = await f.t.app.db
      .selectFrom('petition_index')
      .selectAll()
      .where('id', '=', item)
      .executeTakeFirstOrThrow();
    expect([row.petition_id, row.annexure]).toEqual([a, 'A-1']);
    // No conflict was recorded for the refused move, so nobody can "keep" it later.
    const conflicts = await f.t.app.db
      .selectFrom('conflicts')
      .select('id')
      .where('row_id', '=', item)
      .execute();
    expect(conflicts).toEqual([]);
  });

  it('refuses a case file or a party naming another firm’s court, category or people, pushed together', async () => {
    const foreign = async (table: 'courts' | 'case_categories' | 'users') =>
      (
        await f.t.app.db
          .selectFrom(table)
          .select('id')
          .where('company_id', '!=', f.t.providerId)
          .limit(1)
          .executeTakeFirstOrThrow()
      ).id;
    const [court, category, lawyer] = await Promise.all([
      foreign('courts'),
      foreign('case_categories'),
      foreign('users'),
    ]);
    const mine = await f.court();
    const id = await f.petition({ case_no: `REF-${newId().slice(-6)}` });
    const caseFile = (values: Record<string, unknown>) => ({
      case_no: `REF-${newId().slice(-6)}`,
      year: 2026,
      title: 'State v. Reference',
      court_id: mine.id,
      ...values,
    });
    const sent: [string, Record<string, unknown>, string | null][] = [
      ['petitions', caseFile({ court_id: court }), 'The court does not exist.'],
      ['petitions', caseFile({ petition_type_id: category }), 'The case category does not exist.'],
      [
        'petitions',
        caseFile({ lawyer_ids: [f.lawyerId, lawyer] }),
        'A chosen lawyer is not a member of this firm.',
      ],
      [
        'petition_parties',
        { petition_id: id, side: 'petitioner', name: 'Outsider', user_id: lawyer, display_order: 1 },
        'The chosen person is not a member of this firm.',
      ],
      ['petitions', caseFile({ lawyer_ids: [f.lawyerId] }), null],
    ];
    // Devices pushing at once share a group commit on PostgreSQL, where the references are read together.
    const devices = await Promise.all(sent.map(() => connectDevice(f.t, f.admin)));
    const answers = await Promise.all(
      devices.map((d, i) =>
        d.push([{ name: 'put', args: { entity: sent[i]![0], id: newId(), values: sent[i]![1] } }]),
      ),
    );
    expect(answers.map((a) => a.results[0]!.status)).toEqual([
      'rejected',
      'rejected',
      'rejected',
      'rejected',
      'applied',
    ]);
    expect(answers.map((a) => a.results[0]!.message ?? null)).toEqual(sent.map((x) => x[2]));
  });

  it('refuses a system write (a new firm’s starting rows) whose parent is not a live row of the firm', async () => {
    const links = REGISTRY.byName.get('case_category_courts')!;
    const category = await f.t.app.db
      .selectFrom('case_categories')
      .select('id')
      .where('company_id', '=', f.t.providerId)
      .limit(1)
      .executeTakeFirstOrThrow();
    const row = { id: newId(), case_category_id: category.id, court_id: 'no-such-court' };
    await expect(insertSeedRows(f.t.app.db, links, f.t.providerId, [row])).rejects.toThrow(
      'The court does not exist.',
    );
    const stored = await f.t.app.db
      .selectFrom('case_category_courts')
      .select('id')
      .where('id', '=', row.id)
      .execute();
    expect(stored).toEqual([]);
  });
});

describe('sync: a first sync across a server upgrade', () => {
  let f: CaseFirm;
  beforeAll(async () => {
    f = await caseFirm('sqlite');
    for (let i = 0; i < 6; i++) {
      const id = await f.petition({ case_no: `UP-${i}` });
      await f.call('POST', '/api/petitions_index', f.admin, {
        petition_id: id,
        document_description: `Item ${i}`,
      });
    }
  });
  afterAll(() => f.t.close());

  const setRegistry = (r: SyncRegistry) => expect(Reflect.set(f.t.app, 'registry', r)).toBe(true);
  const page = async (auth: Auth, clientId: string, cursor: string, limit = 7) => {
    const res = await f.t.app.inject({
      method: 'GET',
      url: '/sync/pull',
      headers: auth,
      query: { clientId, cursor, limit: String(limit) },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TPullResponse>();
  };
  /** Pulls from `cursor` to the end of the snapshot; answers every row delivered, counting repeats. */
  const drain = async (auth: Auth, clientId: string, cursor: string, seen = new Map<string, number>()) => {
    let p: TPullResponse;
    do {
      p = await page(auth, clientId, cursor);
      for (const c of p.changes) seen.set(`${c.entity}/${c.id}`, (seen.get(`${c.entity}/${c.id}`) ?? 0) + 1);
      cursor = p.cursor;
    } while (p.more);
    return seen;
  };
  const everything = async () => [...(await drain(f.admin, `full-${newId()}`, '')).keys()].sort();

  it('a device mid-way through its first sync when entities are added finishes with every row once', async () => {
    const want = await everything();
    expect(want.some((k) => k.startsWith('statutes/'))).toBe(true);
    expect(want.some((k) => k.startsWith('petition_index/'))).toBe(true);

    // The old deploy knew neither statutes nor index items (one before the device's place, one after).
    const old = REGISTRY.entities.filter((e) => e.name !== 'statutes' && e.name !== 'petition_index');
    setRegistry({ ...REGISTRY, entities: old, byName: new Map(old.map((e) => [e.name, e])) });
    const clientId = `upgrading-${newId()}`;
    const seen = new Map<string, number>();
    let cursor = '';
    try {
      for (;;) {
        const p = await page(f.admin, clientId, cursor);
        for (const c of p.changes)
          seen.set(`${c.entity}/${c.id}`, (seen.get(`${c.entity}/${c.id}`) ?? 0) + 1);
        cursor = p.cursor;
        if (p.changes.some((c) => c.entity === 'users')) break; // mid-way: past statutes' place, before the case files
      }
    } finally {
      setRegistry(REGISTRY);
    }
    expect(cursor.startsWith('c:')).toBe(false);
    await drain(f.admin, clientId, cursor, seen);
    expect([...seen.keys()].sort()).toEqual(want);
    expect([...seen.values()].every((n) => n === 1)).toBe(true);
  });

  it('a device holding a cursor of the earlier numbered form resumes at the same entity', async () => {
    const want = await everything();
    const clientId = `legacy-${newId()}`;
    await page(f.admin, clientId, ''); // registers the device and its scope, as its real first page did
    const seq = Number((await page(f.admin, `probe-${newId()}`, '', 2000)).cursor.slice(2));
    // Position 9 of the earlier order is the case files: everything before them had arrived.
    const seen = await drain(f.admin, clientId, `s:${seq}:9:`);
    const before = ['courts', 'case_categories', 'case_category_courts', 'module_types', 'statutes'];
    expect([...seen.keys()].filter((k) => before.includes(k.split('/')[0]!))).toEqual([]);
    expect([...seen.keys()].sort()).toEqual(
      want.filter(
        (k) =>
          !/^(courts|case_categories|case_category_courts|module_types|statutes|limitation_articles|settings|users|contact_requests)\//.test(
            k,
          ),
      ),
    );
  });
});
