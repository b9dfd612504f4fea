import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatDate, MSG, ROLE_IDS, todayInPakistan } from '@lawfirm/shared-types';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  createFirm,
  createTestApp,
  describeEachDb,
  insertUser,
} from './helper.ts';
import type { TestApp } from './helper.ts';
import {
  axiosQuery,
  LEGACY_ORIGIN,
  legacyLogin,
  momentDayInKarachi,
  type LegacyClient,
} from './legacy-client-helpers.ts';

/**
 * The original Vue client against this server, parts 2 and 3 (issue 31): each request is the one its pages
 * send (their data() objects, FormData fields and axios params, as the client's source builds them), and each
 * test asserts what that client reads back. Its dates are read as a browser in Pakistan reads them.
 */

const DAY_MS = 86_400_000;
/** The ISO date `days` from today in Pakistan. */
const isoInDays = (days: number) => todayInPakistan(new Date(Date.now() + days * DAY_MS));
/** The JavaScript Date a calendar in Pakistan holds for an ISO day: its midnight there (19:00 UTC the day before). */
const karachiMidnight = (iso: string) => new Date(Date.parse(`${iso}T00:00:00+05:00`));

type TUserAnswer = {
  user: { id: string; name: string; next_invoice_num: number | null; contact_persons: { email: string }[] };
  invoice_date: string;
};
type TInvoiceAnswer = {
  id: string;
  invoiceable_id: string;
  due_date: string;
  client: { id: string; name: string };
  invoice_expenses: { expense: string; amount: string }[];
  total_amount: string;
};

describeEachDb('original web client: invoices and the client’s invoice date (part 3)', (kind) => {
  let t: TestApp;
  let admin: LegacyClient;
  let aslam: { id: string; name: string };
  let bilal: { id: string; name: string };
  beforeAll(async () => {
    t = await createTestApp(kind, { corsOrigins: [LEGACY_ORIGIN] });
    admin = await legacyLogin(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    /** CreateUser.vue's save of a client with a contact person. */
    const client = async (name: string, contact: string) => {
      const me = (await admin.call('GET', '/api/user')).json<{ company_id: string }>();
      const res = await admin.call('POST', '/api/users', {
        name,
        email: `${contact}-client@firm.example.pk`,
        password: 'Generated-pass-9',
        confirm_password: 'Generated-pass-9',
        phone: '0300-7654321',
        company_id: me.company_id,
        company_name: `${name} Traders`,
        role_id: ROLE_IDS.CLIENT,
        send_email: false,
        is_approved: 1,
        contact_persons: [
          { name: `${contact} accounts`, email: `${contact}@accounts.example.pk`, phone: '' },
        ],
      });
      expect(res.statusCode, res.body).toBe(200);
      return { id: res.json<{ user: { id: string } }>().user.id, name };
    };
    aslam = await client('Muhammad Aslam', 'aslam');
    bilal = await client('Bilal Textiles', 'bilal');
  });
  afterAll(() => t.close());

  /** CreateInvoice.vue's client AutoComplete: the search, then onClientSelect's GET /api/users/{id}. */
  const pickClient = async (text: string, name: string) => {
    const search = await admin.call('GET', `/api/clients${axiosQuery({ serach_param: text })}`);
    expect(search.statusCode, search.body).toBe(200);
    const option = search
      .json<{ clients: { id: string; name: string }[] }>()
      .clients.find((c) => c.name === name);
    expect(option, search.body).toBeDefined();
    const res = await admin.call('GET', `/api/users/${option!.id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TUserAnswer>();
  };

  it('GET /api/users/{id}: invoice_date is a week from today in Pakistan, dd/mm/yyyy for the due date mask', async () => {
    const before = formatDate(isoInDays(7));
    const { invoice_date } = await pickClient('Asl', aslam.name);
    const after = formatDate(isoInDays(7));
    // CreateInvoice puts it as it is into its 99/99/9999 mask (placeholder dd/mm/yyyy).
    expect(invoice_date).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect([before, after]).toContain(invoice_date);
    expect(invoice_date).not.toBe(formatDate(todayInPakistan()));
  });

  it('an invoice created as CreateInvoice.vue sends it (invoiceable_id "") is saved for the picked client', async () => {
    const picked = await pickClient('Asl', aslam.name);
    // The form's data().invoice after the pick (onClientSelect) and the amount typed (its watcher makes it a number).
    const invoice = {
      invoiceable_id: '',
      invoice_status_id: 1,
      due_date: picked.invoice_date,
      tax_percentage: '10',
      invoice_no: picked.user.next_invoice_num,
      amount: 15000,
      selectedClient: picked.user,
      invoice_expenses: [{ expense: 'Court fee', amount: 500 }],
      invoice_meta: { subject: 'Professional fee', content: '<p>Dear Aslam</p>', services: 'Bail petition' },
      sendEmail: '',
      contact_person_emails: picked.user.contact_persons.map((p) => p.email),
    };
    const res = await admin.call('POST', '/api/invoices', invoice);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ message: string }>().message).toBe(MSG.savedOk);

    // Invoices.vue lists it under the client; the edit page reads it back.
    const list = await admin.call('GET', `/api/invoices${axiosQuery({ client_name: 'Aslam' })}`);
    const row = list.json<{ invoices: { data: TInvoiceAnswer[] } }>().invoices.data[0]!;
    expect(row.client.name).toBe(aslam.name);
    const read = await admin.call('GET', `/api/invoices/${row.id}`);
    expect(read.json<{ invoice: TInvoiceAnswer }>().invoice).toMatchObject({
      invoiceable_id: aslam.id,
      client: { id: aslam.id, name: aslam.name },
      due_date: picked.invoice_date,
      invoice_expenses: [{ expense: 'Court fee', amount: '500.00' }],
      total_amount: '15500.00',
    });

    // Nothing picked: the form's invoiceable_id "" and selectedClient {} are "no client", with the form's message.
    const none = await admin.call('POST', '/api/invoices', { ...invoice, selectedClient: {} });
    expect(none.statusCode).toBe(422);
    expect(none.json<{ message: string }>().message).toBe('Client field is required.');
  });

  it('editing an invoice and picking another client saves it for the client the form shows', async () => {
    const picked = await pickClient('Asl', aslam.name);
    const created = await admin.call('POST', '/api/invoices', {
      invoiceable_id: '',
      due_date: picked.invoice_date,
      amount: 2000,
      selectedClient: picked.user,
      invoice_expenses: [],
      invoice_meta: { subject: '', content: '', services: '' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json<{ invoice: { id: string } }>().invoice;
    // getInvoice(): the invoice as answered, its client as selectedClient; then onClientSelect replaces it.
    const loaded = (await admin.call('GET', `/api/invoices/${id}`)).json<{
      invoice: Record<string, unknown>;
    }>().invoice;
    const other = await pickClient('Bil', bilal.name);
    expect(loaded.invoiceable_id).toBe(aslam.id);
    const edited = { ...loaded, selectedClient: other.user, due_date: other.invoice_date };
    const res = await admin.call('POST', '/api/invoices', edited);
    expect(res.statusCode, res.body).toBe(200);
    const read = (await admin.call('GET', `/api/invoices/${id}`)).json<{ invoice: TInvoiceAnswer }>().invoice;
    expect(read).toMatchObject({ invoiceable_id: bilal.id, client: { id: bilal.id, name: bilal.name } });
  });

  it('the list’s date range picker (two Dates as axios sends them) filters on the days picked in Pakistan', async () => {
    const picked = await pickClient('Bil', bilal.name);
    const due = isoInDays(40);
    const saved = await admin.call('POST', '/api/invoices', {
      invoiceable_id: '',
      due_date: formatDate(due),
      amount: 700,
      selectedClient: picked.user,
      invoice_expenses: [],
      invoice_meta: { subject: '', content: '', services: '' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { id } = saved.json<{ invoice: { id: string } }>().invoice;
    /** Invoices.vue's getInvoices(): its filters object as params. */
    const listed = async (range: (Date | null)[] | '') => {
      const url = `/api/invoices${axiosQuery({
        invoice_no: '',
        client_name: '',
        is_archive: '',
        start_to_end_date: range,
        date_type: 'due_date',
        invoice_status_id: '',
      })}`;
      const res = await admin.call('GET', url);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ invoices: { data: { id: string }[]; total: number } }>().invoices;
    };
    // From the due day itself (at midnight in Lahore it is still the day before in UTC) to a day after.
    const from = karachiMidnight(due);
    const to = karachiMidnight(isoInDays(41));
    expect(from.toISOString().slice(0, 10)).not.toBe(due);
    const inRange = await listed([from, to]);
    expect(inRange.data.map((r) => r.id)).toContain(id);
    // The day after it only: not listed.
    expect((await listed([to, karachiMidnight(isoInDays(45))])).data.map((r) => r.id)).not.toContain(id);
    // The second day not picked yet ("null"), or no range: no date filter.
    const all = await listed('');
    expect((await listed([from, null])).total).toBe(all.total);
    expect(all.data.map((r) => r.id)).toContain(id);
  });
});

describeEachDb('original web client: sample contracts (part 3)', (kind) => {
  let t: TestApp;
  let admin: LegacyClient;
  beforeAll(async () => {
    t = await createTestApp(kind, { corsOrigins: [LEGACY_ORIGIN] });
    admin = await legacyLogin(t, ADMIN_EMAIL, ADMIN_PASSWORD);
  });
  afterAll(() => t.close());

  type TContract = { id: string; title: string; contract_category_id: string | null; slug: string };

  it('a sample contract saved from its form (hidden category: the text "undefined") has no category', async () => {
    // contract-and-agreement/CreateUpdate.vue submitForm(): no file chosen, the category never set.
    const res = await admin.form('/api/contracts_and_agreements', {
      contract_category_id: 'undefined',
      title: 'Tenancy agreement',
      content: '<p>This agreement is made at Lahore.</p>',
    });
    expect(res.statusCode, res.body).toBe(200);
    // The index page's list, and the edit page's read.
    const list = await admin.call('GET', `/api/contracts_and_agreements${axiosQuery({ title: 'Tenancy' })}`);
    const [row] = list.json<{ contracts_and_agreemnets: TContract[] }>().contracts_and_agreemnets;
    expect(row).toMatchObject({ title: 'Tenancy agreement', contract_category_id: null });
    const one = await admin.call('GET', `/api/contracts_and_agreements/${row!.id}`);
    const loaded = one.json<{ contract_and_agreement: TContract }>().contract_and_agreement;
    expect(loaded.contract_category_id).toBeNull();

    // Saved again from the edit page: the null it read goes out as the text "null", with the id.
    const again = await admin.form('/api/contracts_and_agreements', {
      contract_category_id: String(loaded.contract_category_id),
      title: 'Tenancy agreement (residential)',
      content: '<p>This agreement is made at Lahore.</p>',
      id: loaded.id,
    });
    expect(again.statusCode, again.body).toBe(200);
    const after = (await admin.call('GET', `/api/contracts_and_agreements/${loaded.id}`)).json<{
      contract_and_agreement: TContract;
    }>().contract_and_agreement;
    expect(after).toMatchObject({ title: 'Tenancy agreement (residential)', contract_category_id: null });
    // "" is none too; a category that is not the firm's is still refused with its message.
    const blank = await admin.form('/api/contracts_and_agreements', {
      contract_category_id: '',
      title: 'Sale deed',
      content: '<p>Deed</p>',
    });
    expect(blank.statusCode, blank.body).toBe(200);
    const bad = await admin.form('/api/contracts_and_agreements', {
      contract_category_id: 'not-a-category',
      title: 'Gift deed',
      content: '<p>Deed</p>',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json<{ message: string }>().message).toBe('The selected contract category does not exist.');
  });
});

type TEvent = {
  id: string;
  title: string;
  start: string;
  extendedProps: { hearing_date: string; petition_id: string | null; hearing_summary: string | null };
};

describeEachDb('original web client: the hearing calendar (part 2)', (kind) => {
  let t: TestApp;
  let admin: LegacyClient;
  let aslamCase: string;
  let bankCase: string;
  beforeAll(async () => {
    t = await createTestApp(kind, { corsOrigins: [LEGACY_ORIGIN] });
    admin = await legacyLogin(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    /** CreatePetition.vue's save. */
    const petition = async (body: Record<string, unknown>) => {
      const res = await admin.call('POST', '/api/petitions', {
        lawyer_ids: [],
        institution_date: '',
        opponents: [{ user: { name: 'State' } }],
        ...body,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ petition_id: string }>().petition_id;
    };
    aslamCase = await petition({
      case_no: '122109',
      year: 2026,
      title: 'Muhammad Aslam vs State',
      petitioners: [{ user: { name: 'Muhammad Aslam' } }],
    });
    bankCase = await petition({
      case_no: '4471',
      year: 2025,
      title: 'Recovery suit',
      petitioners: [{ user: { name: 'Habib Bank Ltd' } }],
      opponents: [{ user: { name: 'Zafar Iqbal' } }],
    });
  });
  afterAll(() => t.close());

  /** The modal's searchPetition(): GET /api/petitions with its params, from the third character typed. */
  const search = async (query: string, as: LegacyClient = admin) => {
    const res = await as.call(
      'GET',
      `/api/petitions${axiosQuery({ query_from_calendar_page: query, force_all_records: true })}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ petitions: { id: string; petition_standard_title_with_petitioner: string }[] }>()
      .petitions;
  };
  /** PetitionsCalendar.vue's getEvents(): params are its undefined `filters`. */
  const events = async () => {
    const res = await admin.call('GET', '/api/petition_hearing');
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ events: TEvent[] }>().events;
  };

  it('the case search offers only the case files matching the text typed', async () => {
    const ids = async (q: string) => (await search(q)).map((p) => p.id).sort();
    expect(await ids('1221')).toEqual([aslamCase]);
    expect(await ids('aslam')).toEqual([aslamCase]);
    expect(await ids('Recovery')).toEqual([bankCase]);
    // Either side's names, and the number as the options show it (no/year).
    expect(await ids('zafar iqbal')).toEqual([bankCase]);
    expect(await ids('Habib')).toEqual([bankCase]);
    expect(await ids('4471/2025')).toEqual([bankCase]);
    expect(await ids('4471/2026')).toEqual([]);
    expect(await ids('State')).toEqual([aslamCase]);
    expect(await ids('nothing like this')).toEqual([]);
    // The option label the AutoComplete shows.
    expect((await search('aslam'))[0]!.petition_standard_title_with_petitioner).toContain('Muhammad Aslam');
    // Another firm's admin never finds them.
    const firm = await createFirm(t, 'Other Firm');
    const o = await insertUser(t, { role: 'ADMIN', companyId: firm });
    expect(await search('aslam', await legacyLogin(t, o.email, o.password))).toEqual([]);
  });

  it('an event added for a picked case (petition_id "") is the case’s hearing, read back on the same day', async () => {
    // Two days the modal must not swap or lose: one a day/month reading would turn into 3 November, one it
    // cannot read at all as month/day.
    const year = Number(todayInPakistan().slice(0, 4)) + 1;
    for (const iso of [`${year}-03-11`, `${year}-11-25`]) {
      // handleDateClick(): selected_date = moment(arg.dateStr).format("DD/MM/YYYY").
      const selected = momentDayInKarachi(iso);
      const [picked] = await search('1221');
      // The modal's data() for a new event, with the case picked in the AutoComplete.
      const res = await admin.call('POST', '/api/petition_hearing', {
        hearing_date: selected,
        petition: picked,
        petition_id: '',
        hearing_summary: '',
        id: null,
      });
      expect(res.statusCode, res.body).toBe(200);
      const { id } = res.json<{ id: string }>();

      const ev = (await events()).find((e) => e.id === id)!;
      expect(ev).toMatchObject({ start: iso, extendedProps: { petition_id: aslamCase, hearing_date: iso } });
      expect(ev.title).toContain('122109/2026');
      // The case file's order sheets have it.
      const sheets = await admin.call('GET', `/api/petition_order_sheets?petition_id=${aslamCase}`);
      expect(sheets.body).toContain(id);

      // handleEventClick(): the edit modal shows moment(hearing_date) and saves it back unchanged.
      const shown = momentDayInKarachi(ev.extendedProps.hearing_date);
      expect(shown).toBe(selected);
      const save = await admin.call('POST', '/api/petition_hearing', {
        hearing_date: shown,
        petition: ev.title,
        petition_id: ev.extendedProps.petition_id,
        hearing_summary: ev.extendedProps.hearing_summary,
        id: ev.id,
      });
      expect(save.statusCode, save.body).toBe(200);
      const after = (await events()).find((e) => e.id === id)!;
      expect(after).toMatchObject({
        start: iso,
        extendedProps: { petition_id: aslamCase, hearing_date: iso },
      });
    }
  });

  it('typed text with no case picked stays a meeting; picking another case for a hearing is refused', async () => {
    const day = isoInDays(3);
    const meeting = await admin.call('POST', '/api/petition_hearing', {
      hearing_date: momentDayInKarachi(day),
      petition: 'Bar council meeting',
      petition_id: '',
      hearing_summary: '',
      id: null,
    });
    expect(meeting.statusCode, meeting.body).toBe(200);
    const m = (await events()).find((e) => e.id === meeting.json<{ id: string }>().id)!;
    expect(m).toMatchObject({
      title: 'Bar council meeting',
      extendedProps: { petition_id: null, hearing_date: day },
    });

    const [picked] = await search('1221');
    const hearing = await admin.call('POST', '/api/petition_hearing', {
      hearing_date: momentDayInKarachi(day),
      petition: picked,
      petition_id: '',
      hearing_summary: '',
      id: null,
    });
    const ev = (await events()).find((e) => e.id === hearing.json<{ id: string }>().id)!;
    // The edit modal with another case picked: the hearing stays with its case file, and the user is told.
    const [other] = await search('4471');
    const moved = await admin.call('POST', '/api/petition_hearing', {
      hearing_date: momentDayInKarachi(ev.extendedProps.hearing_date),
      petition: other,
      petition_id: ev.extendedProps.petition_id,
      hearing_summary: ev.extendedProps.hearing_summary,
      id: ev.id,
    });
    expect(moved.statusCode).toBe(422);
    expect((await events()).find((e) => e.id === ev.id)!.extendedProps.petition_id).toBe(aslamCase);
  });
});
