import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatDate, ROLE_IDS, todayInPakistan } from '@lawfirm/shared-types';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  bearerFor,
  createFirm,
  createTestApp,
  describeEachDb,
  insertUser,
  type TestApp,
} from './helper.ts';
import { multipart, PDF_SMALL, PNG_1PX } from './case-files-helpers.ts';
import { LEGACY_ORIGIN, legacyLogin, type LegacyClient } from './legacy-client-helpers.ts';

/**
 * The original Vue client against this server, part 1 (issue 10): every request here is the one that client
 * sends (rest-contract.md: its encodings, its missing auth headers, its ISO-instant dates), from the origin a
 * firm lists in CORS_ORIGINS, and each test asserts what that client reads back.
 */
describeEachDb('original web client: users (part 1)', (kind) => {
  let t: TestApp;
  let admin: LegacyClient;
  let lawyer: LegacyClient;
  beforeAll(async () => {
    t = await createTestApp(kind, { corsOrigins: [LEGACY_ORIGIN] });
    admin = await legacyLogin(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    const l = await insertUser(t, { role: 'LAWYER' });
    lawyer = await legacyLogin(t, l.email, l.password);
  });
  afterAll(() => t.close());

  /** CreateUser.vue's save: the whole form as JSON, company_id as the signed-in user's. */
  const userForm = async (over: Record<string, unknown> = {}) => {
    const me = (await admin.call('GET', '/api/user')).json<{ company_id: string }>();
    return {
      name: 'Bilal Ahmed',
      email: `bilal-${Math.random().toString(36).slice(2, 8)}@firm.example.pk`,
      password: 'Generated-pass-9',
      confirm_password: 'Generated-pass-9',
      phone: '0300-7654321',
      cnic: '35202-7654321-3',
      address: '12 Mall Road',
      city: 'Lahore',
      province: 'Punjab',
      zip: '54000',
      company_id: me.company_id,
      company_name: 'Ahmed & Co',
      role_id: ROLE_IDS.LAWYER,
      send_email: false,
      is_approved: 1,
      contact_persons: [],
      ...over,
    };
  };

  /** FileUpload in CreateUser.vue: a FormData of files[i] (none when no photo was picked) and attachmentable_id. */
  const uploadPhoto = (userId: string, files: { filename: string; type: string; data: Buffer }[]) => {
    const form = multipart({ attachmentable_id: userId }, files);
    return t.app.inject({
      method: 'POST',
      url: '/api/upload_user_image',
      headers: { ...form.headers, origin: LEGACY_ORIGIN, authorization: `Bearer ${admin.token}` },
      payload: form.payload,
    });
  };

  it('saving a user without a photo: the photo call that always follows is a quiet no-op', async () => {
    const saved = await admin.call('POST', '/api/users', await userForm());
    expect(saved.statusCode, saved.body).toBe(200);
    const { user } = saved.json<{ user: { id: string } }>();
    const none = await uploadPhoto(user.id, []);
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json()).toEqual({
      attachment: null,
      message: 'No image was chosen: the photo is unchanged.',
    });

    const withPhoto = await uploadPhoto(user.id, [{ filename: 'me.png', type: 'image/png', data: PNG_1PX }]);
    expect(withPhoto.statusCode, withPhoto.body).toBe(200);
    const photo = withPhoto.json<{ attachment: { file_name: string } }>().attachment;
    // A later save without a new photo keeps the one the user has.
    const again = await uploadPhoto(user.id, []);
    expect(again.json<{ attachment: unknown }>().attachment).toEqual(photo);
    const read = (await admin.call('GET', `/api/users/${user.id}`)).json<{ user: { attachment: unknown } }>();
    expect(read.user.attachment).toEqual(photo);
    // Still only for a user the caller may manage: a lawyer's no-op on a colleague is refused as before.
    const form = multipart({ attachmentable_id: user.id }, []);
    const colleague = await t.app.inject({
      method: 'POST',
      url: '/api/upload_user_image',
      headers: { ...form.headers, origin: LEGACY_ORIGIN, authorization: `Bearer ${lawyer.token}` },
      payload: form.payload,
    });
    expect(colleague.statusCode).toBe(403);
  });

  it('a generated 6-character password is refused, and the form shows why under the email field it reads', async () => {
    const res = await admin.call(
      'POST',
      '/api/users',
      await userForm({ password: 'x7Kp2q', confirm_password: 'x7Kp2q' }),
    );
    expect(res.statusCode).toBe(422);
    const body = res.json<{ message: string; validation_error: Record<string, string[]> }>();
    // CreateUser.vue shows error.response.data.validation_error.email[0].
    expect(body.validation_error.email![0]).toBe('The password must be at least 8 characters.');
    expect(body.validation_error.password).toEqual(['The password must be at least 8 characters.']);
    expect(body.message).toBe('The password must be at least 8 characters.');
    // An email error of its own comes first; the others follow it.
    const both = await admin.call(
      'POST',
      '/api/users',
      await userForm({ email: 'not-an-email', password: 'short', confirm_password: 'short' }),
    );
    expect(both.json<{ validation_error: Record<string, string[]> }>().validation_error.email).toEqual([
      'The email must be a valid email address.',
      'The password must be at least 8 characters.',
    ]);
    // Our PWA (same origin, its own access token) places every field itself: no copies under email.
    const pwa = await bearerFor(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: pwa,
      payload: await userForm({ password: 'x7Kp2q', confirm_password: 'x7Kp2q' }),
    });
    expect(own.json<{ validation_error: Record<string, string[]> }>().validation_error).toEqual({
      password: ['The password must be at least 8 characters.'],
    });
  });

  it('the provider firm is company 1 to the original client (its dashboard tests company_id == 1), to it only', async () => {
    const pwa = await bearerFor(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    const pwaUser = () => t.app.inject({ method: 'GET', url: '/api/user', headers: pwa });
    // Our PWA first, so its answer is the one kept for this user.
    expect((await pwaUser()).json()).toMatchObject({ company_id: t.providerId, is_provider: true });
    const me = (await admin.call('GET', '/api/user')).json<{
      id: string;
      company_id: string;
      is_admin: boolean;
    }>();
    // Dashboard.vue compares with ==, for which the string "1" is 1.
    expect(me.company_id).toBe('1');
    expect(me).toMatchObject({ is_admin: true, is_provider: true });
    expect((await admin.call('GET', '/api/user')).json()).toMatchObject({ company_id: '1' });
    expect((await pwaUser()).json()).toMatchObject({ company_id: t.providerId });
    // Another firm's admin on the original client keeps the firm's real id (no provider tiles).
    const firm = await createFirm(t, 'Chambers Elsewhere');
    const o = await insertUser(t, { role: 'ADMIN', companyId: firm });
    const elsewhere = await legacyLogin(t, o.email, o.password);
    expect((await elsewhere.call('GET', '/api/user')).json()).toMatchObject({
      company_id: firm,
      is_provider: false,
    });

    // CreateUser.vue sends the company id back: "1" is the caller's own firm, and widens nothing.
    const created = await admin.call('POST', '/api/users', await userForm({ company_id: me.company_id }));
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ user: { company_id: t.providerId } });
    const theirs = await elsewhere.call('POST', '/api/users', await userForm({ company_id: 1 }));
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.json()).toMatchObject({ user: { company_id: firm } });
    const list = await elsewhere.call('GET', '/api/users?company_id=1');
    expect(list.statusCode).toBe(200);
    expect(
      list
        .json<{ users: { data: { company_id: string }[] } }>()
        .users.data.every((u) => u.company_id === firm),
    ).toBe(true);
  });

  it('POST /api/roles without an auth header (its headers sent as the body) fills the Role dropdown', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/roles',
      headers: { origin: LEGACY_ORIGIN },
      payload: { headers: { Authorization: `Bearer ${admin.token}` } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(LEGACY_ORIGIN);
    const roles = res.json<{ roles: { id: string; name: string }[] }>().roles;
    expect(roles).toContainEqual({ id: ROLE_IDS.ADMIN, name: 'Admin' });
    expect(roles).toContainEqual({ id: ROLE_IDS.LAWYER, name: 'Lawyer' });
    expect(roles).toHaveLength(7);
    // With a token (our PWA) a member who is not an admin is still not offered the admin role.
    const mine = await lawyer.call('POST', '/api/roles', {});
    expect(mine.json<{ roles: { id: string }[] }>().roles.map((r) => r.id)).not.toContain(ROLE_IDS.ADMIN);
    // The list hands out nothing: a lawyer who picks Admin on their own profile keeps their role.
    const me = (await lawyer.call('GET', '/api/user')).json<{ id: string; name: string; email: string }>();
    const save = await lawyer.call('POST', '/api/users', {
      id: me.id,
      name: me.name,
      email: me.email,
      role_id: ROLE_IDS.ADMIN,
    });
    expect(save.statusCode, save.body).toBe(200);
    expect((await lawyer.call('GET', '/api/user')).json()).toMatchObject({
      is_admin: false,
      is_lawyer: true,
    });
  });
});

describeEachDb('original web client: sign-up (part 1)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { corsOrigins: [LEGACY_ORIGIN] });
  });
  afterAll(() => t.close());

  it('sign-up without a bot-check token is refused, and SignUp.vue shows why under the email field', async () => {
    // SignUp.vue: JSON, no auth header; our server's bot check is one the original page cannot pass.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      headers: { origin: LEGACY_ORIGIN },
      payload: {
        name: 'Sana Iqbal',
        email: 'sana@firm.example.pk',
        password: 'sana-password-1',
        confirm_password: 'sana-password-1',
        phone: '0301-2345678',
        role_name: 'ASSOCIATE',
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'Recaptcha token is required.',
      validation_error: {
        recaptcha_token: ['Recaptcha token is required.'],
        email: ['Recaptcha token is required.'],
      },
    });
    // Schema errors too: a short password shows under email, after the email's own message.
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      headers: { origin: LEGACY_ORIGIN },
      payload: {
        name: 'Sana',
        email: 'not-an-email',
        password: 'short',
        confirm_password: 'short',
        role_name: 'CLIENT',
      },
    });
    const fields = bad.json<{ validation_error: Record<string, string[]> }>().validation_error;
    expect(fields.email![0]).toBe('The email must be a valid email address.');
    expect(fields.email).toContain(fields.password![0]);
    // Our own sign-up page (same origin) gets each message under its field only.
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: {
        name: 'Sana Iqbal',
        email: 'sana@firm.example.pk',
        password: 'sana-password-1',
        confirm_password: 'sana-password-1',
        role_name: 'ASSOCIATE',
      },
    });
    expect(own.json()).toEqual({
      message: 'Recaptcha token is required.',
      validation_error: { recaptcha_token: ['Recaptcha token is required.'] },
    });
  });

  it('deleting a contact request stays refused: the client sends its token in the body, not as a header', async () => {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/contact_requests',
      headers: { origin: LEGACY_ORIGIN },
      payload: {
        name: 'Visitor',
        email: 'visitor@example.pk',
        subject: 'Fees',
        message: 'What do you charge?',
      },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const admin = await legacyLogin(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    const list = async () =>
      (await admin.call('GET', '/api/get_contact_requests')).json<{ contact_requests: { id: string }[] }>()
        .contact_requests;
    const [request] = await list();
    // ContactRequestList.vue: axios.post(url, {headers: {Authorization}}) sends no Authorization header.
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/delete_contact_request/${request!.id}`,
      headers: { origin: LEGACY_ORIGIN },
      payload: { headers: { Authorization: `Bearer ${admin.token}` } },
    });
    expect(res.statusCode).toBe(401);
    // The page shows error.response.data.message.
    expect(res.json()).toEqual({ message: 'Unauthenticated.' });
    expect((await list()).map((r) => r.id)).toContain(request!.id);
  });
});

describeEachDb('original web client: case files (part 1)', (kind) => {
  let t: TestApp;
  let admin: LegacyClient;
  let lawyerId: string;
  let lawyerPassword: string;
  beforeAll(async () => {
    t = await createTestApp(kind, { corsOrigins: [LEGACY_ORIGIN] });
    admin = await legacyLogin(t, ADMIN_EMAIL, ADMIN_PASSWORD);
    ({ id: lawyerId, password: lawyerPassword } = await insertUser(t, {
      role: 'LAWYER',
      name: 'Zafar Hussain',
    }));
  });
  afterAll(() => t.close());

  it('the lawyer multiselect and the case category court select get label and value; the saves go through', async () => {
    const lawyers = (await admin.call('GET', '/api/lawyers')).json<{
      lawyers: { id: string; name: string; label: string; value: string }[];
    }>().lawyers;
    expect(lawyers).toContainEqual({
      id: lawyerId,
      name: 'Zafar Hussain',
      label: 'Zafar Hussain',
      value: lawyerId,
    });
    expect(lawyers.every((l) => l.label === l.name && l.value === l.id)).toBe(true);

    const courts = (await admin.call('GET', '/api/get_court_names')).json<{
      courts: { id: string; title: string; short_title: string | null; label: string; value: string }[];
    }>().courts;
    expect(courts.length).toBeGreaterThan(2);
    for (const c of courts) {
      expect(c.label).toBe(c.title);
      expect(c.value).toBe(c.id);
      expect(c).toHaveProperty('short_title');
    }

    // CreateUpdate.vue of case categories: the multiselect's values go out as court_ids.
    const chosen = [courts[0]!.value, courts[2]!.value];
    const saved = await admin.call('POST', '/api/petition_types', {
      title: 'Constitutional Petition',
      abbreviation: 'C.P.',
      court_ids: chosen,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const id = saved.json<{ petition_type: { id: string } }>().petition_type.id;
    const read = (await admin.call('GET', `/api/petition_types/${id}`)).json<{
      petition_type: { court_ids_array: string[] };
    }>();
    expect([...read.petition_type.court_ids_array].sort()).toEqual([...chosen].sort());
    // What the blank options used to send is refused with a message, not "Invalid input".
    const blank = await admin.call('POST', '/api/petition_types', { title: 'X', court_ids: [null] });
    expect(blank.statusCode).toBe(422);
    expect(blank.json<{ message: string }>().message).toBe('The courts must be a list of court ids.');

    // CreatePetition.vue: the lawyers picked in the multiselect go out as lawyer_ids (their values).
    const petition = await admin.call('POST', '/api/petitions', {
      case_no: '77',
      year: 2026,
      title: 'Hussain vs Province of Punjab',
      court_id: courts[0]!.value,
      petition_type_id: id,
      lawyer_ids: [lawyers.find((l) => l.id === lawyerId)!.value],
      institution_date: '05/11/2026',
      petitioners: [{ user: { name: 'Zafar Hussain' } }],
      opponents: [{ user: { name: 'Province of Punjab' } }],
    });
    expect(petition.statusCode, petition.body).toBe(200);
    const petitionId = petition.json<{ petition_id: string }>().petition_id;
    const detail = (await admin.call('GET', `/api/petitions/${petitionId}`)).json<{
      petition: { lawyer_ids_array: string[] };
    }>();
    expect(detail.petition.lawyer_ids_array).toEqual([lawyerId]);
  });

  it('hearing dates picked in the calendar arrive as ISO instants and are the day picked in Pakistan', async () => {
    const petitionId = (
      await admin.call('POST', '/api/petitions', { case_no: '12', title: 'Hearing vs Calendar' })
    ).json<{ petition_id: string }>().petition_id;
    /** The JavaScript Date the calendar holds: midnight in Pakistan of the day picked, `days` from today. */
    const picked = (days: number) => {
      const d = new Date(`${todayInPakistan()}T00:00:00+05:00`);
      d.setUTCDate(d.getUTCDate() + days);
      return d;
    };
    const shown = (d: Date) => formatDate(todayInPakistan(d));
    const next = async () =>
      (await admin.call('POST', '/api/get_next_hearing_ordersheet', { petition_id: petitionId })).json<{
        nextHearingOrderSheet: { id: string; order_sheet_date: string } | null;
      }>().nextHearingOrderSheet;

    expect(await next()).toBeNull();
    // HearingDate.vue: axios turns the Date into e.g. "2026-12-19T19:00:00.000Z" for 20 Dec.
    const first = picked(10);
    expect(first.toISOString()).toMatch(/T19:00:00\.000Z$/);
    const add = await admin.call('POST', '/api/add_hearing_date', {
      order_sheet_date: first,
      petition_id: petitionId,
      previous_ordersheet_date: null,
    });
    expect(add.statusCode, add.body).toBe(200);
    expect(add.json()).toEqual({ message: 'Hearing Date Added Successfully!' });
    const added = await next();
    expect(added!.order_sheet_date).toBe(shown(first));

    // Moved to another day: the id and the previous date (as the control read it) go along.
    const moved = picked(12);
    const change = await admin.call('POST', '/api/add_hearing_date', {
      id: added!.id,
      order_sheet_date: moved,
      petition_id: petitionId,
      previous_ordersheet_date: added!.order_sheet_date,
    });
    expect(change.statusCode, change.body).toBe(200);
    expect(await next()).toEqual({ id: added!.id, order_sheet_date: shown(moved) });

    // Cleared: the date the calendar held goes out, again as an instant.
    const remove = await admin.call('POST', '/api/remove_hearing_date', {
      order_sheet_date: moved,
      petition_id: petitionId,
    });
    expect(remove.statusCode, remove.body).toBe(200);
    expect(await next()).toBeNull();
    // dd/mm/yyyy keeps working, and an instant that is no real one is refused with the date message.
    const typed = await admin.call('POST', '/api/add_hearing_date', {
      order_sheet_date: shown(first),
      petition_id: petitionId,
    });
    expect(typed.statusCode).toBe(200);
    expect((await next())!.order_sheet_date).toBe(shown(first));
    const bad = await admin.call('POST', '/api/add_hearing_date', {
      order_sheet_date: '2026-02-30T19:00:00.000Z',
      petition_id: petitionId,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json<{ message: string }>().message).toBe('The date must be a real date (dd/mm/yyyy).');
  });

  it('the lawyer profile dialog on a case shows the lawyer’s profile; CNIC and address only to admins', async () => {
    // The admin fills the lawyer's profile with the original user form.
    const lawyer = (await admin.call('GET', `/api/users/${lawyerId}`)).json<{
      user: Record<string, unknown>;
    }>().user;
    const profile = {
      ...lawyer,
      email: 'zafar@firm.example.pk',
      phone: '0321-1112223',
      cnic: '35201-1112223-5',
      company_name: 'Hussain Law Associates',
      address: '7 Court Road',
      city: 'Lahore',
      province: 'Punjab',
    };
    const saved = await admin.call('POST', '/api/users', { ...profile, role_id: ROLE_IDS.LAWYER });
    expect(saved.statusCode, saved.body).toBe(200);
    const form = multipart({ attachmentable_id: lawyerId }, [
      { filename: 'zafar.png', type: 'image/png', data: PNG_1PX },
    ]);
    const photo = await t.app.inject({
      method: 'POST',
      url: '/api/upload_user_image',
      headers: { ...form.headers, origin: LEGACY_ORIGIN, authorization: `Bearer ${admin.token}` },
      payload: form.payload,
    });
    const fileName = photo.json<{ attachment: { file_name: string } }>().attachment.file_name;
    const petitionId = (
      await admin.call('POST', '/api/petitions', {
        case_no: '31',
        title: 'Profile vs Dialog',
        lawyer_ids: [lawyerId],
      })
    ).json<{ petition_id: string }>().petition_id;

    // LawyersList.vue → UserProfile.vue reads lawyer.user.*.
    type Lawyer = { id: string; user: Record<string, unknown> };
    const lawyersOf = async (client: LegacyClient) =>
      (await client.call('GET', `/api/petitions/${petitionId}`)).json<{ petition: { lawyers: Lawyer[] } }>()
        .petition.lawyers;
    expect(await lawyersOf(admin)).toEqual([
      {
        id: lawyerId,
        user: {
          id: lawyerId,
          name: 'Zafar Hussain',
          email: 'zafar@firm.example.pk',
          phone: '0321-1112223',
          cnic: '35201-1112223-5',
          address: '7 Court Road',
          city: 'Lahore',
          province: 'Punjab',
          company_name: 'Hussain Law Associates',
          roles: [{ id: ROLE_IDS.LAWYER, name: 'Lawyer' }],
          attachment: { file_name: fileName },
        },
      },
    ]);
    // A colleague who is not an admin sees the profile without the CNIC and address (as their devices do).
    const other = await insertUser(t, { role: 'LAWYER' });
    const colleague = await legacyLogin(t, other.email, other.password);
    const seen = (await lawyersOf(colleague))[0]!.user;
    expect(seen).toMatchObject({ email: 'zafar@firm.example.pk', phone: '0321-1112223', city: 'Lahore' });
    expect(seen).toMatchObject({ cnic: null, address: null });
    // The lawyer sees their own.
    const self = await legacyLogin(t, 'zafar@firm.example.pk', lawyerPassword);
    expect((await lawyersOf(self))[0]!.user).toMatchObject({
      cnic: '35201-1112223-5',
      address: '7 Court Road',
    });
  });
});

describeEachDb('original web client: images and files under /storage (part 1)', (kind) => {
  let t: TestApp;
  let admin: LegacyClient;
  beforeAll(async () => {
    t = await createTestApp(kind, { corsOrigins: [LEGACY_ORIGIN], legacyPublicStorage: true });
    admin = await legacyLogin(t, ADMIN_EMAIL, ADMIN_PASSWORD);
  });
  afterAll(() => t.close());

  /** An index item with a PNG and a PDF uploaded as FileUpload.vue does; answers the URLs the client builds. */
  async function uploadedFiles(app: TestApp, client: LegacyClient): Promise<string[]> {
    const petitionId = (
      await client.call('POST', '/api/petitions', { case_no: '5', title: 'Storage vs Images' })
    ).json<{ petition_id: string }>().petition_id;
    await client.call('POST', '/api/petitions_index', {
      petition_id: petitionId,
      document_description: 'Power of Attorney',
      annexure: 'A',
      page_info: '1-2',
      date: '01/11/2026',
    });
    const item = (await client.call('GET', `/api/petitions/${petitionId}`)).json<{
      petition_details: { id: string }[];
    }>().petition_details[0]!;
    const form = multipart(
      {
        attachmentable_id: item.id,
        attachmentable_type: 'App\\Models\\PetitionIndex',
        petition_id: petitionId,
      },
      [
        { filename: 'page1.png', type: 'image/png', data: PNG_1PX },
        { filename: 'order.pdf', type: 'application/pdf', data: PDF_SMALL },
      ],
    );
    const up = await app.app.inject({
      method: 'POST',
      url: '/api/attachments',
      headers: { ...form.headers, origin: LEGACY_ORIGIN, authorization: `Bearer ${client.token}` },
      payload: form.payload,
    });
    expect(up.statusCode, up.body).toBe(200);
    const { petition_index } = (await client.call('GET', `/api/petitions_index/${item.id}`)).json<{
      petition_index: { attachments: { file_name: string }[] };
    }>();
    // PetitionIndexDetails.vue: B/storage/attachments/petitions/{petition.id}/PetitionIndex/{id}/{file_name}
    return petition_index.attachments.map(
      (a) => `/storage/attachments/petitions/${petitionId}/PetitionIndex/${item.id}/${a.file_name}`,
    );
  }

  it('an <img> on the client’s origin may show an image (cross-origin resource policy), and a PDF opens', async () => {
    const [png, pdf] = await uploadedFiles(t, admin);
    // An <img src> sends no token and no Origin.
    const image = await t.app.inject({ method: 'GET', url: png! });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(PNG_1PX)).toBe(true);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const file = await t.app.inject({ method: 'GET', url: pdf! });
    expect(file.statusCode).toBe(200);
    expect(file.headers['cross-origin-resource-policy']).toBe('cross-origin');
    // The user photo URL (UserProfile.vue) too.
    const me = (await admin.call('GET', '/api/user')).json<{ id: string }>();
    const form = multipart({ attachmentable_id: me.id }, [
      { filename: 'me.png', type: 'image/png', data: PNG_1PX },
    ]);
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/upload_user_image',
      headers: { ...form.headers, origin: LEGACY_ORIGIN, authorization: `Bearer ${admin.token}` },
      payload: form.payload,
    });
    const fileName = up.json<{ attachment: { file_name: string } }>().attachment.file_name;
    const photo = await t.app.inject({
      method: 'GET',
      url: `/storage/attachments/user/${me.id}/${fileName}`,
    });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['cross-origin-resource-policy']).toBe('cross-origin');
    // The API's own answers keep their same-origin policy.
    expect((await admin.call('GET', '/api/user')).headers['cross-origin-resource-policy']).toBe(
      'same-origin',
    );
  });

  it('without both flags the files keep a same-origin policy', async () => {
    for (const overrides of [{ corsOrigins: [LEGACY_ORIGIN] }, { legacyPublicStorage: true }]) {
      const other = await createTestApp(kind, overrides);
      try {
        const client = await legacyLogin(other, ADMIN_EMAIL, ADMIN_PASSWORD);
        const [png] = await uploadedFiles(other, client);
        const res = await other.app.inject({
          method: 'GET',
          url: png!,
          headers: { authorization: `Bearer ${client.token}` },
        });
        expect(res.statusCode, JSON.stringify(overrides)).toBe(200);
        expect(res.headers['cross-origin-resource-policy'], JSON.stringify(overrides)).toBe('same-origin');
      } finally {
        await other.close();
      }
    }
  });
});
