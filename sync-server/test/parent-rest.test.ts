import { createHash } from 'node:crypto';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MSG,
  MSG_PAID_DATE_REQUIRED,
  paymentOverDueMessage,
  roleFlags,
  ROLE_IDS,
  type TActor,
  type TRoleName,
} from '@lawfirm/shared-types';
import { inTransaction } from '../src/db/query-helpers.ts';
import { newId } from '../src/db/ids.ts';
import type { Db } from '../src/db/connect.ts';
import { forActor, forFirm } from '../src/sync/firm.ts';
import {
  loadWithChildren,
  removeChild,
  saveChildLines,
  saveWithChildren,
  withChildSums,
  type TChildLine,
  type TChildList,
} from '../src/sync/parent-rest.ts';
import { HttpError } from '../src/http/errors.ts';
import { createFirm, createTestApp, describeEachDb, insertUser, type TestApp } from './helper.ts';

const CHILDREN = ['invoice_expenses', 'invoice_payments'] as const;
const EXPENSES: TChildList = { entity: 'invoice_expenses', ordered: true };
const PAYMENTS: TChildList = { entity: 'invoice_payments' };
const PAYMENTS_KEYED: TChildList = { ...PAYMENTS, errorKey: { key: 'payments', field: 'paid_amount' } };

const line = (values: Record<string, unknown>, id: string | null = null): TChildLine => ({ id, values });

/**
 * The generic REST module of a parent with child lists (sync/parent-rest.ts), called directly on the real
 * registry's invoices (expenses an ordered list, payments with their receipts as files): each rule
 * docs/adding-an-entity.md states for it, as the caller sees it (rows read back, answers, refusals).
 */
describeEachDb('parent with children (parent-rest)', (kind) => {
  let t: TestApp;
  let db: Db;
  let admin: TActor, lawyer: TActor, student: TActor, client: TActor, client2: TActor, theirAdmin: TActor;
  let theirClient: string;

  const actorOf = (u: { id: string; companyId: string }, role: TRoleName): TActor => ({
    id: u.id,
    company_id: u.companyId,
    is_provider: false,
    ...roleFlags(role, false),
  });
  const def = (name: string) => t.app.registry.byName.get(name)!;
  /** A row written through the store as `actor`, as any other write path does; answers its id. */
  const put = async (actor: TActor, entity: string, values: Record<string, unknown>, id = newId()) => {
    await forActor(db, actor).put(def(entity), id, values);
    return id;
  };
  const invoice = (actor: TActor, clientId: string, values: Record<string, unknown> = {}) =>
    put(actor, 'invoices', { client_id: clientId, client_name: 'A client', amount: 100_000, ...values });
  const expense = (actor: TActor, invoiceId: string, text: string, amount = 1000) =>
    put(actor, 'invoice_expenses', { invoice_id: invoiceId, expense: text, amount });
  const payment = (actor: TActor, invoiceId: string, amount: number, paid_date = '2026-11-20') =>
    put(actor, 'invoice_payments', { invoice_id: invoiceId, paid_date, paid_amount: amount });
  const receipt = (actor: TActor, invoiceId: string, paymentId: string, name: string) =>
    put(actor, 'attachments', {
      owner_type: 'Payment',
      owner_id: paymentId,
      invoice_id: invoiceId,
      sha256: createHash('sha256').update(name).digest('hex'),
      file_name: name,
      mime_type: 'image/png',
      size: 10,
    });
  const load = (actor: TActor, ids?: string[]) =>
    loadWithChildren(t.app, db, actor, 'invoices', CHILDREN, ids);
  const loadOneOf = async (actor: TActor, id: string) => (await load(actor, [id]))[0]!;
  const texts = (rows: Record<string, unknown>[], column: string) => rows.map((r) => r[column]);

  beforeAll(async () => {
    t = await createTestApp(kind);
    db = t.app.db;
    const adminRow = await db
      .selectFrom('users')
      .select(['id', 'company_id'])
      .where('role_id', '=', ROLE_IDS.ADMIN)
      .where('company_id', '=', t.providerId)
      .executeTakeFirstOrThrow();
    admin = actorOf({ id: adminRow.id, companyId: adminRow.company_id }, 'ADMIN');
    lawyer = actorOf(await insertUser(t, { role: 'LAWYER' }), 'LAWYER');
    student = actorOf(await insertUser(t, { role: 'STUDENT' }), 'STUDENT');
    client = actorOf(await insertUser(t, { role: 'CLIENT' }), 'CLIENT');
    client2 = actorOf(await insertUser(t, { role: 'CLIENT' }), 'CLIENT');
    const theirs = await createFirm(t, 'Their Chambers');
    theirAdmin = actorOf(await insertUser(t, { role: 'ADMIN', companyId: theirs }), 'ADMIN');
    theirClient = (await insertUser(t, { role: 'CLIENT', companyId: theirs })).id;
  });
  afterAll(() => t.close());

  describe('loadWithChildren', () => {
    let mine: string, other: string, theirs: string;
    let paid: string, unpaid: string;
    beforeAll(async () => {
      mine = await invoice(admin, client.id);
      other = await invoice(admin, client2.id);
      theirs = await invoice(theirAdmin, theirClient);
      await expense(admin, mine, 'Court fee');
      await expense(admin, mine, 'Copies');
      const gone = await expense(admin, mine, 'Withdrawn');
      await forActor(db, admin).remove(def('invoice_expenses'), gone);
      await expense(admin, other, 'Stamp paper');
      await expense(theirAdmin, theirs, 'Their fee');
      paid = await payment(admin, mine, 500);
      unpaid = await payment(admin, mine, 700);
      await receipt(admin, mine, paid, 'slip-1.png');
      await receipt(admin, mine, paid, 'slip-2.png');
      const removed = await receipt(admin, mine, paid, 'wrong.png');
      await forActor(db, admin).remove(def('attachments'), removed);
    });

    it("reads the firm's parents with their live children and each child's files, never another firm's", async () => {
      const all = await load(admin);
      expect(all.map((p) => p.id).sort()).toEqual([mine, other].sort());
      const inv = all.find((p) => p.id === mine)!;
      // The tombstoned expense is left out; the others keep the order they were added in.
      expect(texts(inv.children.invoice_expenses!, 'expense')).toEqual(['Court fee', 'Copies']);
      expect(inv.children.invoice_payments!.map((p) => [p.id, p.paid_amount])).toEqual([
        [paid, 500],
        [unpaid, 700],
      ]);
      // Each payment has its own live files (the removed receipt is gone), in the order they were added.
      const [first, second] = inv.children.invoice_payments!;
      expect(texts(first!.files, 'file_name')).toEqual(['slip-1.png', 'slip-2.png']);
      expect(first!.files.every((f) => f.owner_id === paid && f.owner_type === 'Payment')).toBe(true);
      expect(second!.files).toEqual([]);
      // A child without files of its own (an expense) is read with none.
      expect(inv.children.invoice_expenses!.every((e) => e.files.length === 0)).toBe(true);
      expect(texts(all.find((p) => p.id === other)!.children.invoice_expenses!, 'expense')).toEqual([
        'Stamp paper',
      ]);
      expect(all.find((p) => p.id === other)!.children.invoice_payments).toEqual([]);
      // The rows read as devices hold them (booleans, not 0/1), with the parent's creation time.
      expect(inv.apply_tax).toBe(false);
      expect(typeof inv.created_at).toBe('string');

      const theirsRead = await load(theirAdmin);
      expect(theirsRead.map((p) => p.id)).toEqual([theirs]);
      expect(texts(theirsRead[0]!.children.invoice_expenses!, 'expense')).toEqual(['Their fee']);
    });

    it('reads only the rows asked for, and of those only the readable ones', async () => {
      expect((await load(admin, [other])).map((p) => p.id)).toEqual([other]);
      expect(await load(admin, [])).toEqual([]);
      // Another firm's id, or one that names nothing, reads nothing.
      expect(await load(admin, [theirs, newId()])).toEqual([]);
      expect(await load(theirAdmin, [mine])).toEqual([]);
    });

    it('keeps to the read scope: a client reads their own, staff all, a student is refused', async () => {
      expect((await load(client)).map((p) => p.id)).toEqual([mine]);
      expect(await load(client, [other])).toEqual([]);
      expect((await load(client2)).map((p) => p.id)).toEqual([other]);
      expect((await load(lawyer)).map((p) => p.id).sort()).toEqual([mine, other].sort());
      await expect(load(student)).rejects.toMatchObject({ statusCode: 403, message: MSG.forbidden });
      await expect(load(student, [mine])).rejects.toBeInstanceOf(HttpError);
    });

    it.skipIf(kind !== 'postgres')(
      'binds the ids as one array on PostgreSQL: the same statements whatever the page holds',
      async () => {
        // A text per length would churn each connection's prepared statements (db/pg-prepared.ts).
        const texts = async (ids: string[]) => {
          const seen = new Set<string>();
          const recording = db.withPlugin({
            transformQuery: (args) => {
              seen.add(db.getExecutor().compileQuery(args.node, args.queryId).sql);
              return args.node;
            },
            transformResult: async (args) => args.result,
          });
          await loadWithChildren(t.app, recording, admin, 'invoices', CHILDREN, ids);
          return [...seen].sort();
        };
        const one = await texts([mine]);
        expect(one).toHaveLength(4);
        expect(await texts([mine, other, theirs])).toEqual(one);
      },
    );

    it('lists a child the user orders in its display order', async () => {
      const inv = await invoice(admin, client.id);
      const a = await expense(admin, inv, 'A');
      await expense(admin, inv, 'B');
      await forActor(db, admin).put(def('invoice_expenses'), a, { display_order: 5 });
      expect(texts((await loadOneOf(admin, inv)).children.invoice_expenses!, 'expense')).toEqual(['B', 'A']);
    });
  });

  describe('withChildSums', () => {
    let firm: string;
    beforeAll(async () => {
      // A firm of its own, so the sums and the queries counted are of these rows only.
      firm = await createFirm(t, 'Sums & Co');
    });

    /** The database, counting the statements sent through it. */
    const counting = () => {
      const seen = { n: 0 };
      const plugin: KyselyPlugin = {
        transformQuery: (args) => {
          seen.n++;
          return args.node;
        },
        transformResult: async (args) => args.result,
      };
      return { db: db.withPlugin(plugin), seen };
    };

    it('sums each child list per parent, live children of the parent only, in one query a child', async () => {
      const boss = actorOf(await insertUser(t, { role: 'ADMIN', companyId: firm }), 'ADMIN');
      const buyer = actorOf(await insertUser(t, { role: 'CLIENT', companyId: firm }), 'CLIENT');
      const buyer2 = actorOf(await insertUser(t, { role: 'CLIENT', companyId: firm }), 'CLIENT');
      const sums = { invoice_expenses: 'amount', invoice_payments: 'paid_amount' };
      const sumsOf = async (actor: TActor, on: Db = db) =>
        Object.fromEntries(
          (await withChildSums(t.app, on, actor, 'invoices', sums)).map((p) => [p.id, p.sums]),
        );

      const a = await invoice(boss, buyer.id);
      await expense(boss, a, 'Fee', 1050);
      await expense(boss, a, 'Copies', 250);
      const gone = await expense(boss, a, 'Withdrawn', 99_900);
      await forActor(db, boss).remove(def('invoice_expenses'), gone);
      await payment(boss, a, 300);
      const b = await invoice(boss, buyer.id);
      await payment(boss, b, 400);
      const none = await invoice(boss, buyer2.id);

      expect(await sumsOf(boss)).toEqual({
        [a]: { invoice_expenses: 1300, invoice_payments: 300 },
        // A parent without live children of a kind has no sum (null), not 0.
        [b]: { invoice_expenses: null, invoice_payments: 400 },
        [none]: { invoice_expenses: null, invoice_payments: null },
      });
      // Rows of the sums are the parent's readable ones.
      await expect(sumsOf(student)).rejects.toMatchObject({ statusCode: 403 });
      expect(Object.keys(await sumsOf(buyer)).sort()).toEqual([a, b].sort());
      expect(await sumsOf(buyer2)).toEqual({ [none]: { invoice_expenses: null, invoice_payments: null } });

      // One query for the parents and one a child, whatever the firm holds.
      const few = counting();
      await sumsOf(boss, few.db);
      expect(few.seen.n).toBe(1 + Object.keys(sums).length);
      for (let i = 0; i < 5; i++) await payment(boss, await invoice(boss, buyer.id), 100 + i);
      const many = counting();
      expect(Object.keys(await sumsOf(boss, many.db))).toHaveLength(8);
      expect(many.seen.n).toBe(few.seen.n);

      // Reading the page in full is also a fixed number of queries: parents, each child, each child's files.
      const all = counting();
      const read = await loadWithChildren(t.app, all.db, boss, 'invoices', CHILDREN);
      expect(read).toHaveLength(8);
      expect(all.seen.n).toBe(1 + CHILDREN.length + 1);
    });
  });

  describe('saveWithChildren', () => {
    const save = (actor: TActor, s: Parameters<typeof saveWithChildren>[4]) =>
      inTransaction(db, (trx) => saveWithChildren(t.app, trx, actor, 'invoices', s));
    const values = (v: Record<string, unknown>) => () =>
      Promise.resolve({ client_id: client.id, client_name: 'A client', amount: 100_000, ...v });

    it('adds a parent with its lines; ordered lines take their display order from the lines', async () => {
      const saved = await save(admin, {
        values: values({}),
        lists: [
          { list: EXPENSES, lines: [line({ expense: 'Fee', amount: 100 }), line({ expense: 'Copies' })] },
          { list: PAYMENTS, lines: [line({ paid_date: '2026-11-01', paid_amount: 50 })] },
        ],
      });
      expect(saved).toMatchObject({ message: MSG.savedOk, mail: false });
      const inv = await loadOneOf(admin, saved.id);
      expect(inv.children.invoice_expenses!.map((e) => [e.expense, e.display_order])).toEqual([
        ['Fee', 1],
        ['Copies', 2],
      ]);
      expect(inv.children.invoice_payments!.map((p) => [p.paid_date, p.paid_amount, p.invoice_id])).toEqual([
        ['2026-11-01', 50, saved.id],
      ]);
    });

    it('updates lines with ids, adds lines without, keeps lines left out, orders by the lines', async () => {
      const first = await save(admin, {
        values: values({}),
        lists: [{ list: EXPENSES, lines: ['A', 'B', 'C'].map((x) => line({ expense: x })) }],
      });
      const [a, b, c] = (await loadOneOf(admin, first.id)).children.invoice_expenses!;
      let seenBefore: Record<string, unknown> | undefined;
      const again = await save(admin, {
        id: first.id,
        values: (existing) => {
          seenBefore = existing;
          return Promise.resolve({ amount: 5000 });
        },
        // C first, then B changed, then a new one; A is left out.
        lists: [
          {
            list: EXPENSES,
            lines: [
              line({ expense: 'C' }, c!.id),
              line({ expense: 'B2', amount: 7 }, b!.id),
              line({ expense: 'D' }),
            ],
          },
        ],
      });
      expect(again).toMatchObject({ id: first.id, message: MSG.updatedOk });
      // The row before, as devices hold it (what the declaration's mailWhen is also asked about).
      expect(seenBefore).toMatchObject({
        id: first.id,
        amount: 100_000,
        apply_tax: false,
        contact_person_emails: [],
      });
      const inv = await loadOneOf(admin, first.id);
      expect(inv.amount).toBe(5000);
      const rows = inv.children.invoice_expenses!;
      expect(rows.map((e) => e.expense)).toEqual(['A', 'C', 'B2', 'D']);
      // A, left out, stays where it was (the old client deletes a line by its own call); the rest were moved.
      expect(rows.map((e) => [e.id, e.display_order])).toEqual([
        [a!.id, 1],
        [c!.id, 1],
        [b!.id, 2],
        [expect.any(String), 3],
      ]);
      expect(rows.find((e) => e.id === b!.id)!.amount).toBe(7);
    });

    it('refuses a line naming a child of another parent (404) and writes nothing of the save', async () => {
      const one = await save(admin, {
        values: values({}),
        lists: [{ list: EXPENSES, lines: [line({ expense: 'Mine' })] }],
      });
      const two = await save(admin, {
        values: values({}),
        lists: [{ list: EXPENSES, lines: [line({ expense: 'Yours' })] }],
      });
      const yours = (await loadOneOf(admin, two.id)).children.invoice_expenses![0]!;
      const theirs = await invoice(theirAdmin, theirClient);
      const theirExpense = await expense(theirAdmin, theirs, 'Theirs');
      const gone = await expense(admin, one.id, 'Gone');
      await forActor(db, admin).remove(def('invoice_expenses'), gone);

      for (const id of [yours.id, theirExpense, gone, newId()])
        await expect(
          save(admin, {
            id: one.id,
            values: () => Promise.resolve({ amount: 1 }),
            lists: [
              { list: EXPENSES, lines: [line({ expense: 'New one' }), line({ expense: 'Taken' }, id)] },
            ],
          }),
        ).rejects.toMatchObject({ statusCode: 404, message: MSG.notFound });
      const after = await loadOneOf(admin, one.id);
      expect(after.amount).toBe(100_000);
      expect(after.children.invoice_expenses!.map((e) => e.expense)).toEqual(['Mine']);
      expect((await loadOneOf(admin, two.id)).children.invoice_expenses!.map((e) => e.expense)).toEqual([
        'Yours',
      ]);
      expect((await load(theirAdmin, [theirs]))[0]!.children.invoice_expenses![0]!.expense).toBe('Theirs');
    });

    it("refuses an id that names no live parent of the actor's firm", async () => {
      const theirs = await invoice(theirAdmin, theirClient);
      for (const id of [newId(), theirs])
        await expect(save(admin, { id, values: values({}), lists: [] })).rejects.toMatchObject({
          statusCode: 404,
        });
      expect(await load(theirAdmin, [theirs])).toHaveLength(1);
    });

    it("says whether the save mails the parent's document, as its declared mailWhen decides", async () => {
      const quiet = await save(admin, { values: values({}), lists: [] });
      expect(quiet.mail).toBe(false);
      const ticked = await save(admin, { values: values({ send_email: true }), lists: [] });
      expect(ticked.mail).toBe(true);
      // Saved again ticked with nothing the rule watches changed: no second mail.
      const same = await save(admin, {
        id: ticked.id,
        values: () => Promise.resolve({ send_email: true, amount: 9 }),
        lists: [],
      });
      expect(same.mail).toBe(false);
      // Its status changed while ticked: mailed again.
      const sent = await save(admin, {
        id: ticked.id,
        values: () => Promise.resolve({ send_email: true, invoice_status_id: 2 }),
        lists: [],
      });
      expect(sent.mail).toBe(true);
      // Ticked later on a saved invoice: mailed.
      const late = await save(admin, {
        id: quiet.id,
        values: () => Promise.resolve({ send_email: true }),
        lists: [],
      });
      expect(late.mail).toBe(true);
    });

    it('writes under the store’s policy: a client may not save', async () => {
      await expect(save(client, { values: values({}), lists: [] })).rejects.toMatchObject({
        statusCode: 403,
      });
    });
  });

  describe('saveChildLines', () => {
    const lines = (actor: TActor, id: string, list: TChildList, l: TChildLine[]) =>
      inTransaction(db, (trx) => saveChildLines(t.app, trx, actor, 'invoices', id, list, l));
    const paymentsOf = async (id: string) =>
      (await loadOneOf(admin, id)).children.invoice_payments!.map((p) => p.paid_amount);

    it("answers a line's own check under its errorKey, at the line's place", async () => {
      const inv = await invoice(admin, client.id, { amount: 1000 });
      const err = await lines(admin, inv, PAYMENTS_KEYED, [
        line({ paid_date: '2026-11-01', paid_amount: 400 }),
        line({ paid_date: '2026-11-02', paid_amount: 900 }),
      ]).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(HttpError);
      const message = paymentOverDueMessage(600);
      expect(err).toMatchObject({
        statusCode: 422,
        message,
        extra: { validation_error: { 'payments.1.paid_amount': [message] } },
      });
      // Nothing of the lines was written.
      expect(await paymentsOf(inv)).toEqual([]);

      // Without an errorKey the check's refusal is the row's own, with no field.
      const plain = await lines(admin, inv, PAYMENTS, [
        line({ paid_date: '2026-11-01', paid_amount: 1001 }),
      ]).catch((e: unknown) => e);
      expect(plain).toMatchObject({ statusCode: 422, message: paymentOverDueMessage(1000), extra: {} });

      // A field the row's schema refuses keeps its own name: errorKey is for the row's own check.
      const missing = await lines(admin, inv, PAYMENTS_KEYED, [line({ paid_amount: 10 })]).catch(
        (e: unknown) => e,
      );
      expect(missing).toMatchObject({
        statusCode: 422,
        extra: { validation_error: { paid_date: [MSG_PAID_DATE_REQUIRED] } },
      });

      await lines(admin, inv, PAYMENTS_KEYED, [line({ paid_date: '2026-11-01', paid_amount: 1000 })]);
      expect(await paymentsOf(inv)).toEqual([1000]);
    });

    it("updates this parent's children and refuses another parent's (404)", async () => {
      const inv = await invoice(admin, client.id);
      const mine = await payment(admin, inv, 100);
      const other = await invoice(admin, client.id);
      const yours = await payment(admin, other, 200);
      await lines(admin, inv, PAYMENTS, [
        line({ paid_amount: 150 }, mine),
        line({ paid_date: '2026-11-03', paid_amount: 5 }),
      ]);
      expect(await paymentsOf(inv)).toEqual([150, 5]);
      await expect(lines(admin, inv, PAYMENTS, [line({ paid_amount: 1 }, yours)])).rejects.toMatchObject({
        statusCode: 404,
      });
      expect(await paymentsOf(other)).toEqual([200]);
    });
  });

  describe('removeChild', () => {
    let inv: string, exp: string, pay: string;
    beforeAll(async () => {
      inv = await invoice(admin, client.id);
      exp = await expense(admin, inv, 'Fee');
      pay = await payment(admin, inv, 100);
      await receipt(admin, inv, pay, 'kept.png');
    });
    const remove = (actor: TActor, child: string, id: string, guard?: (p: Record<string, unknown>) => void) =>
      inTransaction(db, (trx) => removeChild(t.app, trx, actor, 'invoices', child, id, guard));
    const live = (table: 'invoice_expenses' | 'invoice_payments', id: string) =>
      forFirm(db, admin.company_id).find(table, id);

    it('refuses a child of a parent the actor may not read, another firm’s, or one that is not there', async () => {
      // The other client's invoice is not client2's to read: as if it were not there.
      await expect(remove(client2, 'invoice_payments', pay)).rejects.toMatchObject({ statusCode: 404 });
      // A student reads no invoices at all.
      await expect(remove(student, 'invoice_payments', pay)).rejects.toMatchObject({ statusCode: 403 });
      await expect(remove(theirAdmin, 'invoice_payments', pay)).rejects.toMatchObject({ statusCode: 404 });
      await expect(remove(admin, 'invoice_payments', newId())).rejects.toMatchObject({ statusCode: 404 });
      // A client who reads the invoice is still not one who may delete its rows (the store's policy).
      await expect(remove(client, 'invoice_payments', pay)).rejects.toMatchObject({ statusCode: 403 });
      expect(await live('invoice_payments', pay)).toBeDefined();
    });

    it("lets the guard refuse on the parent's values, then removes the child with its files", async () => {
      let guarded: Record<string, unknown> | undefined;
      await expect(
        remove(admin, 'invoice_expenses', exp, (p) => {
          guarded = p;
          throw new HttpError(403, 'Not this one.');
        }),
      ).rejects.toMatchObject({ statusCode: 403, message: 'Not this one.' });
      expect(guarded).toMatchObject({ id: inv });
      expect(await live('invoice_expenses', exp)).toBeDefined();

      await remove(admin, 'invoice_expenses', exp);
      await remove(admin, 'invoice_payments', pay);
      const read = await loadOneOf(admin, inv);
      expect(read.children).toEqual({ invoice_expenses: [], invoice_payments: [] });
      // The payment's receipt went with it (its declared files).
      const files = await forFirm(db, admin.company_id)
        .live('attachments')
        .select('id')
        .where('owner_id', '=', pay)
        .execute();
      expect(files).toEqual([]);
      // Removed once: a second remove finds nothing.
      await expect(remove(admin, 'invoice_payments', pay)).rejects.toMatchObject({ statusCode: 404 });
    });
  });
});
