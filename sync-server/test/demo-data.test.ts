import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROLE_IDS, todayInPakistan, type TEntityName } from '@lawfirm/shared-types';
import { addDays, loadSeedNodes, type TSeedNode } from '../src/seed/demo/loader.ts';
import { seedDemoData, type DemoSeedResult } from '../src/seed/demo/seed-demo.ts';
import { actorOf } from '../src/auth/users.repository.ts';
import { REGISTRY } from '../src/entities.ts';
import { connectDevice } from './device.ts';
import {
  adminBearer,
  bearerFor,
  createFirm,
  createTestApp,
  describeEachDb,
  insertUser,
  type TestApp,
} from './helper.ts';

type Auth = { authorization: string };
type ListedCase = { id: string; title: string; archived: boolean; is_moot_case: boolean };
type Invoice = {
  id: string;
  invoice_no: number;
  invoiceable_id: string;
  invoice_status_id: number;
  total_amount: string;
  total_paid_amount: string;
  invoice_payments: { attachments: { url: string; sha256: string }[] }[];
};

const photo = (name: string) => readFileSync(new URL(`../src/seed/demo/photos/${name}`, import.meta.url));

describeEachDb('demo data', (kind) => {
  let t: TestApp;
  let admin: Auth;
  let other: Auth;
  let otherFirm: string;
  let seeded: DemoSeedResult;
  let otherBefore: Record<string, number>;
  const today = todayInPakistan();

  /** How many rows (live or not) each synced entity has in a firm. */
  const rowCounts = async (companyId: string) => {
    const out: Record<string, number> = {};
    for (const def of REGISTRY.entities) {
      const r = await t.app.db
        .selectFrom(def.table as 'courts')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('company_id', '=', companyId)
        .executeTakeFirstOrThrow();
      out[def.name] = Number(r.n);
    }
    return out;
  };
  const get = async <T>(url: string, headers: Auth) => {
    const res = await t.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json<T>();
  };
  /** Every case file the list shows, page after page, active or archived. */
  const listedCases = async (headers: Auth, archived: boolean) => {
    const all: ListedCase[] = [];
    for (let page = 1; ; page++) {
      const body = await get<{ petitions: { data: ListedCase[]; last_page: number } }>(
        `/api/petitions?page=${page}${archived ? '&archived=1' : ''}`,
        headers,
      );
      all.push(...body.petitions.data);
      if (page >= body.petitions.last_page) return all;
    }
  };
  const invoices = async (headers: Auth) => {
    const all: Invoice[] = [];
    for (let page = 1; ; page++) {
      const body = await get<{ invoices: { data: Invoice[]; last_page: number } }>(
        `/api/invoices?page=${page}`,
        headers,
      );
      all.push(...body.invoices.data);
      if (page >= body.invoices.last_page) return all;
    }
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    otherFirm = await createFirm(t, 'Other Firm');
    const o = await insertUser(t, { role: 'ADMIN', companyId: otherFirm });
    other = await bearerFor(t, o.email, o.password);
    otherBefore = await rowCounts(otherFirm);
    seeded = await seedDemoData(t.app.db, t.config, t.providerId, today);
    admin = await adminBearer(t);
  });
  afterAll(() => t.close());

  it('lists about forty case files across courts and categories, some archived, some moot, Urdu names too', async () => {
    expect(seeded.seeded).toBe(true);
    const active = await listedCases(admin, false);
    const archived = await listedCases(admin, true);
    expect(active.length + archived.length).toBe(40);
    expect(archived.length).toBeGreaterThanOrEqual(3);
    expect(active.filter((c) => c.is_moot_case).length).toBeGreaterThanOrEqual(2);
    expect(active.map((c) => c.title)).toEqual(
      expect.arrayContaining(['Muhammad Aslam vs Province of Punjab etc.', 'محمد یوسف بنام سرکار']),
    );
    const courts = await t.app.db
      .selectFrom('petitions')
      .select(['court_id', 'petition_type_id', 'pending_tag', 'lawyer_ids', 'is_moot_case'])
      .where('company_id', '=', t.providerId)
      .execute();
    // The High Courts, the Supreme Court and the courts and tribunals below them.
    expect(new Set(courts.map((c) => c.court_id)).size).toBe(12);
    expect(new Set(courts.map((c) => c.petition_type_id)).size).toBeGreaterThanOrEqual(15);
    const { pendingCases } = await get<{ pendingCases: { pending_tag: string }[] }>(
      '/api/get_pending_cases',
      admin,
    );
    expect(pendingCases.map((c) => c.pending_tag)).toEqual(expect.arrayContaining(['L-2', 'L-3', 'L-12']));
    expect(pendingCases.length).toBeGreaterThanOrEqual(5);
    // Every case file but the moot ones names its lawyers.
    const lawyerless = courts.filter((c) => (JSON.parse(String(c.lawyer_ids)) as string[]).length === 0);
    expect(lawyerless.every((c) => Number(c.is_moot_case) === 1)).toBe(true);
  });

  it('puts hearings on today, tomorrow and the coming week of the calendar', async () => {
    const { events } = await get<{ events: { start: string; extendedProps: { kind: string } }[] }>(
      '/api/petition_hearing',
      admin,
    );
    const on = (d: string) => events.filter((e) => e.start.slice(0, 10) === d).length;
    expect(on(today)).toBe(4);
    expect(on(addDays(today, 1))).toBe(3);
    const week = [2, 3, 4, 5, 6, 7].reduce((n, d) => n + on(addDays(today, d)), 0);
    expect(week).toBeGreaterThanOrEqual(6);
  });

  it('has invoices in every status, numbered as the server numbers them, paid ones paid in full', async () => {
    const list = await invoices(admin);
    expect(new Set(list.map((i) => i.invoice_status_id))).toEqual(new Set([1, 2, 3]));
    expect(list.map((i) => i.invoice_no).sort((a, b) => a - b)).toEqual(list.map((_, i) => i + 1));
    for (const paid of list.filter((i) => i.invoice_status_id === 3))
      expect(paid.total_paid_amount).toBe(paid.total_amount);
    // A sent invoice part paid: money as exact decimals (300,000 + 18,500 expenses − 10 % tax − 150,000 paid).
    expect(list).toContainEqual(
      expect.objectContaining({
        invoice_status_id: 2,
        total_amount: '288500.00',
        total_paid_amount: '150000.00',
      }),
    );
    // The next invoice an admin makes follows the demo's.
    const client = list[0]!.invoiceable_id;
    const { user } = await get<{ user: { next_invoice_num: number } }>(`/api/users/${client}`, admin);
    expect(user.next_invoice_num).toBe(list.length + 1);
  });

  it('serves the photographed receipt and order sheet page with their real bytes', async () => {
    const receipt = (await invoices(admin)).flatMap((i) => i.invoice_payments).flatMap((p) => p.attachments);
    expect(receipt).toHaveLength(1);
    const r = await t.app.inject({ method: 'GET', url: receipt[0]!.url, headers: admin });
    expect(r.statusCode).toBe(200);
    expect(r.rawPayload.equals(photo('payment-receipt.png'))).toBe(true);

    const aslam = (await listedCases(admin, false)).find((c) => c.title.startsWith('Muhammad Aslam'))!;
    const { records } = await get<{
      records: { attachments: { url: string; mime_type: string; sha256: string }[] }[];
    }>(`/api/petition_order_sheets?petition_id=${aslam.id}`, admin);
    const pages = records.flatMap((s) => s.attachments);
    expect(pages).toHaveLength(1);
    expect(pages[0]!.mime_type).toBe('image/jpeg');
    for (const url of [pages[0]!.url, `/files/${pages[0]!.sha256}`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: admin });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.rawPayload.equals(photo('order-sheet-page.jpg'))).toBe(true);
    }
    const synopsis = await get<{ records: { title: string; attachments: unknown[] }[] }>(
      `/api/petition_synopsis?petition_id=${aslam.id}`,
      admin,
    );
    expect(synopsis.records).toEqual([
      expect.objectContaining({ title: 'Synopsis of arguments', attachments: [expect.anything()] }),
    ]);
  });

  it('reaches a device on its first sync: case files, hearings, people, billing, library and the office address', async () => {
    const device = await connectDevice(t, admin);
    const n = (e: TEntityName) => device.rowsOf(e).length;
    // Every row the demo wrote, and the firm's starting rows (its admin).
    for (const [entity, count] of Object.entries(seeded.rows))
      expect(n(entity as TEntityName), entity).toBe(count + (entity === 'users' ? 1 : 0));
    expect(n('petitions')).toBe(40);
    expect(n('order_sheets')).toBeGreaterThanOrEqual(80);
    for (const e of [
      'talbana',
      'synopsis',
      'replies',
      'reply_parents',
      'petition_index',
      'case_laws',
    ] as const)
      expect(n(e), e).toBeGreaterThan(0);
    // Their types are the firm's own type lists of each module.
    for (const [e, column] of [
      ['order_sheets', 'order_sheet_type_id'],
      ['talbana', 'talbana_type_id'],
      ['synopsis', 'synopsis_type_id'],
      ['naqal_forms', 'naqal_form_type_id'],
    ] as const) {
      const types = new Set(device.rowsOf('module_types').map((t) => t.id));
      const typed = device.rowsOf(e).filter((r) => r[column] !== null);
      expect(typed.length, e).toBeGreaterThan(0);
      expect(
        typed.every((r) => types.has(r[column] as string)),
        e,
      ).toBe(true);
    }
    expect(device.rowsOf('talbana').every((r) => r.talbana_type_id !== null)).toBe(true);
    expect(n('opinions')).toBe(4);
    expect(n('links')).toBe(6);
    for (const e of ['general_case_laws', 'contracts_and_agreements', 'sample_pleadings'] as const)
      expect(n(e), e).toBe(3);
    // Library pages get their public address and plain text as any saved page does.
    expect(device.rowsOf('general_case_laws').every((p) => !!p.slug && !!p.plain_content)).toBe(true);
    const lawyers = device.rowsOf('users').filter((u) => u.role_id === ROLE_IDS.LAWYER);
    expect(lawyers.map((u) => u.is_approved)).toEqual([true, true, true]);
    expect(device.rowsOf('users').filter((u) => u.role_id === ROLE_IDS.CLIENT)).toHaveLength(3);
    const settings = device.rowsOf('settings')[0]!;
    expect(settings.invoice_address).toMatch(/Lahore/);
    expect(settings.site_phone).toBe('0300-1234567');
  });

  it('reaches a device that synced before it, as logged changes, in a firm made before the courts below the High Courts', async () => {
    const t2 = await createTestApp(kind);
    try {
      const auth = await adminBearer(t2);
      const device = await connectDevice(t2, auth);
      const court = await t2.app.inject({
        method: 'POST',
        url: '/api/courts',
        headers: auth,
        payload: { title: 'Banking Court No. 1, Lahore' },
      });
      expect(court.statusCode).toBe(200);
      // A firm made before issue 30 seeded the courts below the High Courts and their categories.
      const older = (table: 'courts' | 'case_categories', titles: string[]) =>
        t2.app.db
          .updateTable(table)
          .set({ deleted_at: new Date().toISOString() })
          .where('company_id', '=', t2.providerId)
          .where('title', 'in', titles)
          .execute();
      await older('courts', [
        'District and Sessions Court',
        'Civil Judge',
        'Family Court',
        'Banking Court',
        'Rent Controller',
        'Services Tribunal',
      ]);
      await older('case_categories', ['Recovery Suit', 'Family Suit', 'Bail Before Arrest', 'Sessions Case']);
      const result = await seedDemoData(t2.app.db, t2.config, t2.providerId, today);
      expect(result.seeded).toBe(true);
      const delivered = await device.pull();
      expect([...delivered.keys()].filter((k) => k.startsWith('petitions/'))).toHaveLength(40);
      expect(device.rowsOf('order_sheets')).toHaveLength(result.rows.order_sheets!);
      // Their case files are in the courts the firm has (the High Courts) instead.
      const live = await t2.app.db
        .selectFrom('courts')
        .select('id')
        .where('company_id', '=', t2.providerId)
        .where('deleted_at', 'is', null)
        .execute();
      const ids = new Set(live.map((c) => c.id));
      expect(device.rowsOf('petitions').every((p) => ids.has(p.court_id as string))).toBe(true);
      expect(device.rowsOf('settings')[0]!.invoice_address).toMatch(/Lahore/);
    } finally {
      await t2.close();
    }
  });

  it('adds nothing when run again', async () => {
    const before = await rowCounts(t.providerId);
    expect(await seedDemoData(t.app.db, t.config, t.providerId, today)).toEqual({ seeded: false, rows: {} });
    // Another day does not make it a new demo either.
    expect((await seedDemoData(t.app.db, t.config, t.providerId, addDays(today, 30))).seeded).toBe(false);
    expect(await rowCounts(t.providerId)).toEqual(before);
  });

  it('leaves another firm untouched', async () => {
    expect(await rowCounts(otherFirm)).toEqual(otherBefore);
    expect(await listedCases(other, false)).toEqual([]);
    expect(await invoices(other)).toEqual([]);
    const { events } = await get<{ events: unknown[] }>('/api/petition_hearing', other);
    expect(events).toEqual([]);
  });

  it('refuses a declared row that its entity’s schema or relations refuse, and writes none of it', async () => {
    const owner = await t.app.db
      .selectFrom('users')
      .selectAll()
      .where('company_id', '=', otherFirm)
      .executeTakeFirstOrThrow();
    const attempt = (nodes: TSeedNode[]) =>
      t.app.db.transaction().execute((trx) =>
        loadSeedNodes(
          {
            trx,
            companyId: otherFirm,
            today,
            actor: actorOf(owner, false),
            logged: false,
            files: new Map(),
            ids: new Map(),
            counts: new Map(),
          },
          nodes,
        ),
      );
    await expect(
      attempt([{ entity: 'links', values: { titel: 'Typo', url: 'https://a.pk' } }]),
    ).rejects.toThrow(/links is refused: titel is not declared/);
    await expect(
      attempt([{ entity: 'links', values: { title: 'Bad', url: 'javascript:alert(1)' } }]),
    ).rejects.toThrow(/links is refused: url: The URL must be a web address/);
    await expect(
      attempt([
        { entity: 'links', values: { title: 'Ok', url: 'https://a.pk' } },
        { entity: 'order_sheets', values: {} },
      ]),
    ).rejects.toThrow(/order_sheets is refused/);
    expect(await rowCounts(otherFirm)).toEqual(otherBefore);
  });
});
