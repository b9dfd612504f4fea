import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { crc32 } from 'node:zlib';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MSG, ROLE_IDS, type TUser } from '@lawfirm/shared-types';
import { IMAGE_TOO_LARGE_MESSAGE } from '@lawfirm/shared-types/attachments/limits.ts';
import {
  adminBearer,
  bearerFor,
  createFirm,
  createTestApp,
  describeEachDb,
  insertUser,
  type TestApp,
} from './helper.ts';
import { folderStore } from '../src/files/folder-store.ts';
import { readFile, saveFile } from '../src/files/storage.ts';
import { connectDevice } from './device.ts';

type Auth = { authorization: string };

/** A multipart/form-data body as a browser's FormData sends it (files[0], attachmentable_id). */
function multipart(
  fields: Record<string, string>,
  files: { field: string; filename: string; type: string; data: Buffer }[],
) {
  const boundary = `----lftest${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
    );
    chunks.push(f.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

// The smallest valid PNG: signature, IHDR, IDAT, IEND (a 1x1 transparent pixel).
const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const newUser = (over: Record<string, unknown> = {}) => ({
  name: 'Ayesha Khan',
  email: `ayesha-${randomBytes(4).toString('hex')}@test.firm`,
  password: 'secret-pass-1',
  confirm_password: 'secret-pass-1',
  phone: '0300-1234567',
  cnic: '35202-1234567-1',
  role_id: ROLE_IDS.LAWYER,
  is_approved: true,
  send_email: false,
  contact_persons: [],
  ...over,
});

describeEachDb('users', (kind) => {
  let t: TestApp;
  let admin: Auth;
  let otherFirm: string;
  let otherAdmin: { id: string; email: string; password: string };
  let otherAuth: Auth;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await adminBearer(t);
    otherFirm = await createFirm(t, 'Other Chambers', 'other.example.pk');
    otherAdmin = await insertUser(t, { role: 'ADMIN', companyId: otherFirm });
    otherAuth = await bearerFor(t, otherAdmin.email, otherAdmin.password);
  });
  afterAll(() => t.close());

  const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Auth, payload?: unknown) =>
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

  it('lists only the firm’s users as a Laravel paginator with the roles, newest first', async () => {
    await insertUser(t, { role: 'CLIENT', companyId: otherFirm, name: 'Hidden Client' });
    const res = await inject('GET', '/api/users', admin);
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      users: Record<string, unknown> & { data: TUser[] };
      roles: { id: string; name: string }[];
    }>();
    expect(body.users).toMatchObject({ current_page: 1, from: 1, per_page: 20, last_page: 1 });
    expect(body.users.total).toBe(body.users.data.length);
    expect(body.users.to).toBe(body.users.data.length);
    expect(body.users.data.every((u) => u.company_id === t.providerId)).toBe(true);
    expect(body.users.data.map((u) => u.name)).not.toContain('Hidden Client');
    expect(body.roles).toContainEqual({ id: ROLE_IDS.ADMIN, name: 'Admin' });
    expect(body.roles).toHaveLength(7);
    const dates = body.users.data.map((u) => u.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(res.body).not.toContain('password_hash');
  });

  it('filters by name and email case-insensitively, by role, status and moot flag, and pages by 20', async () => {
    const firm = await createFirm(t, 'Filter Firm');
    const fAdmin = await insertUser(t, { role: 'ADMIN', companyId: firm, name: 'Filter Admin' });
    const auth = await bearerFor(t, fAdmin.email, fAdmin.password);
    await insertUser(t, { role: 'LAWYER', companyId: firm, name: 'Zainab Malik', email: 'ZAINAB@Mail.PK' });
    await insertUser(t, { role: 'STUDENT', companyId: firm, name: 'Pending Student', approved: false });
    await insertUser(t, { role: 'ASSOCIATE', companyId: firm, name: 'Moot Person', moot: true });
    for (let i = 0; i < 22; i++)
      await insertUser(t, { role: 'CLIENT', companyId: firm, name: `Client ${i}` });

    const list = async (qs: string) =>
      (await inject('GET', `/api/users?${qs}`, auth)).json<{
        users: { data: TUser[]; total: number; from: number | null; to: number | null; last_page: number };
      }>().users;

    expect((await list('name=zainab')).data.map((u) => u.name)).toEqual(['Zainab Malik']);
    expect((await list('email=mail.pk')).data.map((u) => u.email)).toEqual(['zainab@mail.pk']);
    expect((await list('name=%25')).total).toBe(0); // a typed % matches itself, not everything
    expect((await list(`role_id=${ROLE_IDS.CLIENT}`)).total).toBe(22);
    expect((await list('is_approved=0')).data.map((u) => u.name)).toEqual(['Pending Student']);
    expect((await list('is_approved=1')).total).toBe(25);
    expect((await list('is_approved=2')).total).toBe(26);
    expect((await list('is_moot_student=1')).data.map((u) => u.name)).toEqual(['Moot Person']);

    const p1 = await list('page=1');
    expect(p1).toMatchObject({ total: 26, from: 1, to: 20, last_page: 2 });
    expect(p1.data).toHaveLength(20);
    expect(p1.data[0]!.name).toBe('Client 21'); // the newest
    const p2 = await list('page=2');
    expect(p2).toMatchObject({ from: 21, to: 26 });
    expect(p2.data.map((u) => u.name)).toContain('Filter Admin');
    expect((await list('page=9')).data).toEqual([]);
    expect((await list('page=9')).from).toBeNull();
  });

  it('lets only a provider admin list another firm with company_id', async () => {
    const res = await inject('GET', `/api/users?company_id=${otherFirm}`, admin);
    expect(res.statusCode).toBe(200);
    const names = res.json<{ users: { data: TUser[] } }>().users.data.map((u) => u.name);
    expect(names).toContain('Hidden Client');
    const refused = await inject('GET', `/api/users?company_id=${t.providerId}`, otherAuth);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: MSG.forbidden });
  });

  it('refuses the admin calls to lawyers and students', async () => {
    for (const role of ['LAWYER', 'STUDENT'] as const) {
      const u = await insertUser(t, { role });
      const auth = await bearerFor(t, u.email, u.password);
      const victim = await insertUser(t, { role: 'CLIENT' });
      expect((await inject('GET', '/api/users', auth)).statusCode).toBe(403);
      expect((await inject('POST', '/api/users', auth, newUser())).statusCode).toBe(403);
      expect(
        (await inject('POST', '/api/approve_or_block', auth, { user: { id: victim.id, is_approved: false } }))
          .statusCode,
      ).toBe(403);
      expect((await inject('DELETE', `/api/users/${victim.id}`, auth)).statusCode).toBe(403);
      expect((await inject('GET', `/api/users/${victim.id}`, auth)).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/users' })).statusCode).toBe(401);
  });

  it('creates a user with contact persons and mails the login details when asked', async () => {
    const body = newUser({
      send_email: true,
      contact_persons: [
        { name: 'Munshi Ali', email: 'MUNSHI@firm.pk', phone: '0301-7654321' },
        { name: '', email: '', phone: '' },
      ],
    });
    const res = await inject('POST', '/api/users', admin, body);
    expect(res.statusCode).toBe(200);
    const out = res.json<{ user: TUser; is_admin_user: boolean; message: string }>();
    expect(out.message).toBe('Saved Successfully!');
    expect(out.is_admin_user).toBe(true);
    expect(out.user).toMatchObject({
      name: 'Ayesha Khan',
      email: body.email,
      is_lawyer: true,
      is_approved: true,
      company_id: t.providerId,
    });
    expect(out.user.contact_persons).toEqual([
      {
        id: expect.any(String),
        name: 'Munshi Ali',
        email: 'munshi@firm.pk',
        phone: '0301-7654321',
        cnic: null,
      },
    ]);
    const mail = await t.app.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', body.email)
      .executeTakeFirst();
    // A link to choose a password instead of the password (kept hidden here: without SMTP it is never sent).
    expect(mail?.subject).toBe('Your login details');
    expect(mail?.body_text).not.toContain(body.password);
    expect(mail?.body_text).toContain('/reset-password?token=[hidden]');
    // The new account signs in with the password the admin chose.
    await expect(bearerFor(t, body.email, body.password)).resolves.toBeTruthy();
  });

  it('answers the form’s validation messages where the original client reads them', async () => {
    const empty = await inject('POST', '/api/users', admin, { contact_persons: [] });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().validation_error).toMatchObject({
      name: [MSG.nameRequired],
      email: [MSG.emailRequired],
      role_id: [MSG.roleRequired],
      password: [MSG.passwordRequired],
    });
    const mismatch = await inject(
      'POST',
      '/api/users',
      admin,
      newUser({ confirm_password: 'something-else' }),
    );
    expect(mismatch.json().validation_error.password).toEqual([MSG.passwordMismatch]);

    const taken = await inject(
      'POST',
      '/api/users',
      admin,
      newUser({ email: otherAdmin.email.toUpperCase() }),
    );
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toMatchObject({
      message: MSG.emailTaken,
      validation_error: { email: [MSG.emailTaken] },
    });

    const badContact = await inject(
      'POST',
      '/api/users',
      admin,
      newUser({ contact_persons: [{ name: 'X', email: 'not-an-email' }] }),
    );
    expect(badContact.statusCode).toBe(422);
    expect(badContact.json().contact_person_validation_error).toEqual({ email: [MSG.emailInvalid] });

    const badRole = await inject('POST', '/api/users', admin, newUser({ role_id: 'no-such-role' }));
    expect(badRole.json().validation_error).toEqual({ role_id: ['The selected role is invalid.'] });
  });

  it('puts a new user in the admin’s own firm; only a provider admin may name another firm', async () => {
    const sneaky = await inject('POST', '/api/users', otherAuth, newUser({ company_id: t.providerId }));
    expect(sneaky.statusCode).toBe(200);
    expect(sneaky.json().user.company_id).toBe(otherFirm);

    const registered = await inject(
      'POST',
      '/api/users',
      admin,
      newUser({ company_id: otherFirm, role_id: ROLE_IDS.ADMIN }),
    );
    expect(registered.json().user).toMatchObject({ company_id: otherFirm, is_admin: true });
  });

  it('updates without a password, replaces contact persons as a set, and keeps another firm’s users out of reach', async () => {
    const created = (
      await inject('POST', '/api/users', admin, newUser({ contact_persons: [{ name: 'A' }, { name: 'B' }] }))
    ).json<{ user: TUser }>().user;
    const [a] = created.contact_persons;
    const upd = await inject('POST', '/api/users', admin, {
      ...newUser({ email: created.email, password: undefined, confirm_password: undefined }),
      id: created.id,
      name: 'Renamed',
      contact_persons: [{ ...a, name: 'A2' }, { name: 'C' }],
    });
    expect(upd.statusCode).toBe(200);
    const u = upd.json<{ user: TUser }>().user;
    expect(u.name).toBe('Renamed');
    expect(u.contact_persons.map((c) => c.name)).toEqual(['A2', 'C']);
    expect(u.contact_persons[0]!.id).toBe(a!.id);
    // The password did not change.
    await expect(bearerFor(t, created.email, 'secret-pass-1')).resolves.toBeTruthy();
    // A client that leaves the approval flag out of an update does not block the user.
    const { is_approved: _omit, ...partial } = newUser({
      email: created.email,
      password: undefined,
      confirm_password: undefined,
    });
    const kept = await inject('POST', '/api/users', admin, { ...partial, id: created.id });
    expect(kept.json().user.is_approved).toBe(true);

    const foreign = await inject('POST', '/api/users', otherAuth, { ...newUser(), id: created.id });
    expect(foreign.statusCode).toBe(404);
    expect((await inject('GET', `/api/users/${created.id}`, otherAuth)).statusCode).toBe(404);
    expect((await inject('DELETE', `/api/users/${created.id}`, otherAuth)).statusCode).toBe(404);
    expect(
      (
        await inject('POST', '/api/approve_or_block', otherAuth, {
          user: { id: created.id, is_approved: false },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('lets a user edit their own profile but not their role, approval or firm', async () => {
    const me = await insertUser(t, { role: 'STUDENT', name: 'Student Self' });
    const auth = await bearerFor(t, me.email, me.password);
    const res = await inject('POST', '/api/users', auth, {
      ...newUser({ email: me.email, password: undefined, confirm_password: undefined }),
      id: me.id,
      name: 'Student Renamed',
      role_id: ROLE_IDS.ADMIN,
      company_id: otherFirm,
      is_approved: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      is_admin_user: false,
      user: { name: 'Student Renamed', is_admin: false, is_student: true, company_id: t.providerId },
    });
    const profile = await inject('GET', `/api/users/${me.id}`, auth);
    expect(profile.json()).toMatchObject({
      user: { id: me.id, name: 'Student Renamed' },
      invoice_date: expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/),
    });
    const colleague = await insertUser(t, { role: 'LAWYER' });
    expect((await inject('POST', '/api/users', auth, { ...newUser(), id: colleague.id })).statusCode).toBe(
      403,
    );
  });

  it('approve lets a pending user log in and mails them; block ends their session at the next request', async () => {
    const pending = await insertUser(t, { role: 'LAWYER', approved: false });
    const before = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: pending.email, password: pending.password },
    });
    expect(before.json().message).toBe(MSG.notApproved);

    const approve = await inject('POST', '/api/approve_or_block', admin, {
      user: { id: pending.id, name: 'row', is_approved: true },
    });
    expect(approve.statusCode).toBe(200);
    expect(approve.json()).toEqual({ message: 'User Approved Successfully!' });
    const mail = await t.app.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', pending.email)
      .executeTakeFirst();
    expect(mail?.body_text).toContain('approved');

    const auth = await bearerFor(t, pending.email, pending.password);
    expect((await inject('GET', '/api/user', auth)).statusCode).toBe(200);
    const block = await inject('POST', '/api/approve_or_block', admin, {
      user: { id: pending.id, is_approved: false },
    });
    expect(block.json()).toEqual({ message: 'User Blocked Successfully!' });
    const after = await inject('GET', '/api/user', auth);
    expect(after.statusCode).toBe(401);
    const relogin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: pending.email, password: pending.password },
    });
    expect(relogin.json().message).toBe(MSG.blocked);
    const row = (await inject('GET', `/api/users/${pending.id}`, admin)).json<{ user: TUser }>().user;
    expect(row).toMatchObject({ is_approved: false, is_blocked: true });

    const me = (await inject('GET', '/api/user', admin)).json<TUser>();
    const self = await inject('POST', '/api/approve_or_block', admin, {
      user: { id: me.id, is_approved: false },
    });
    expect(self.statusCode).toBe(422);
  });

  it('deletes a user softly, ending their sessions; deletes a contact person by its id', async () => {
    const victim = await insertUser(t, { role: 'LAWYER' });
    const auth = await bearerFor(t, victim.email, victim.password);
    const del = await inject('DELETE', `/api/users/${victim.id}`, admin);
    expect(del.json()).toEqual({ message: 'User Deleted Successfully!' });
    expect((await inject('GET', '/api/user', auth)).statusCode).toBe(401);
    expect((await inject('GET', `/api/users/${victim.id}`, admin)).statusCode).toBe(404);
    const row = await t.app.db
      .selectFrom('users')
      .select('deleted_at')
      .where('id', '=', victim.id)
      .executeTakeFirst();
    expect(row?.deleted_at).toBeTruthy();

    const withContact = (
      await inject(
        'POST',
        '/api/users',
        admin,
        newUser({ contact_persons: [{ name: 'Keep' }, { name: 'Drop' }] }),
      )
    ).json<{ user: TUser }>().user;
    const drop = withContact.contact_persons.find((c) => c.name === 'Drop')!;
    expect((await inject('DELETE', `/api/users/${drop.id}`, otherAuth)).statusCode).toBe(404);
    expect((await inject('DELETE', `/api/users/${drop.id}`, admin)).json()).toEqual({
      message: 'Deleted Successfully!',
    });
    const reread = (await inject('GET', `/api/users/${withContact.id}`, admin)).json<{ user: TUser }>().user;
    expect(reread.contact_persons.map((c) => c.name)).toEqual(['Keep']);

    const me = (await inject('GET', '/api/user', admin)).json<TUser>();
    const self = await inject('DELETE', `/api/users/${me.id}`, admin);
    expect(self.statusCode).toBe(422);
    expect(self.json()).toEqual({ message: 'You cannot delete your own account.' });
    expect((await inject('DELETE', '/api/users/no-such-id', admin)).statusCode).toBe(404);
  });

  it('offers the admin role only to admins', async () => {
    const lawyer = await insertUser(t, { role: 'LAWYER' });
    const auth = await bearerFor(t, lawyer.email, lawyer.password);
    const mine = (await inject('POST', '/api/roles', auth)).json<{ roles: { id: string }[] }>().roles;
    expect(mine.map((r) => r.id)).not.toContain(ROLE_IDS.ADMIN);
    expect(mine.length).toBe(6);
    const theirs = (await inject('POST', '/api/roles', admin)).json<{ roles: { id: string }[] }>().roles;
    expect(theirs.map((r) => r.id)).toContain(ROLE_IDS.ADMIN);
    // The original client's call goes out without a token: role names are no secret, so it gets them all.
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/roles', payload: { headers: {} } });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json<{ roles: { id: string }[] }>().roles.map((r) => r.id)).toContain(ROLE_IDS.ADMIN);
  });

  it('stores a PNG profile photo and serves it to the firm; refuses a text file named .png', async () => {
    const lawyer = await insertUser(t, { role: 'LAWYER' });
    const auth = await bearerFor(t, lawyer.email, lawyer.password);
    const up = multipart({ attachmentable_id: lawyer.id }, [
      { field: 'files[0]', filename: 'me.png', type: 'image/png', data: PNG_1PX },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload_user_image',
      headers: { ...auth, ...up.headers },
      payload: up.payload,
    });
    expect(res.statusCode).toBe(200);
    const fileName = res.json<{ attachment: { file_name: string } }>().attachment.file_name;
    expect(fileName).toMatch(/^[0-9a-f-]+\.png$/);
    const me = (await inject('GET', '/api/user', auth)).json<TUser>();
    expect(me.attachment).toEqual({ file_name: fileName });
    expect(existsSync(join(t.config.dataDir, 'files', lawyer.companyId, 'user', lawyer.id, fileName))).toBe(
      true,
    );

    const viaApi = await inject('GET', `/api/files/user/${lawyer.id}/avatar`, admin);
    expect(viaApi.statusCode).toBe(200);
    expect(viaApi.headers['content-type']).toBe('image/png');
    expect(viaApi.headers['x-content-type-options']).toBe('nosniff');
    expect(viaApi.rawPayload.equals(PNG_1PX)).toBe(true);
    const legacyUrl = `/storage/attachments/user/${lawyer.id}/${fileName}`;
    expect((await t.app.inject({ method: 'GET', url: legacyUrl })).statusCode).toBe(401);
    expect((await inject('GET', legacyUrl, auth)).statusCode).toBe(200);
    expect((await inject('GET', legacyUrl, otherAuth)).statusCode).toBe(404);
    expect((await inject('GET', `/api/files/user/${lawyer.id}/avatar`, otherAuth)).statusCode).toBe(404);

    const fake = multipart({ attachmentable_id: lawyer.id }, [
      {
        field: 'files[0]',
        filename: 'photo.png',
        type: 'image/png',
        data: Buffer.from('just some text, not an image'),
      },
    ]);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/upload_user_image',
      headers: { ...auth, ...fake.headers },
      payload: fake.payload,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('The image must be a file of type: png, jpeg, jpg.');
    // The refused upload left the stored photo as it was, and nothing else in the folder.
    expect(readdirSync(join(t.config.dataDir, 'files', lawyer.companyId, 'user', lawyer.id))).toEqual([
      fileName,
    ]);

    const big = Buffer.concat([PNG_1PX, Buffer.alloc(1_000_001)]);
    const huge = multipart({ attachmentable_id: lawyer.id }, [
      { field: 'files[0]', filename: 'big.png', type: 'image/png', data: big },
    ]);
    const tooBig = await t.app.inject({
      method: 'POST',
      url: '/api/upload_user_image',
      headers: { ...auth, ...huge.headers },
      payload: huge.payload,
    });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({ message: 'The image may not be greater than 1000 kilobytes.' });

    // Someone else's photo: a colleague who is not an admin may not change it.
    const colleague = await insertUser(t, { role: 'LAWYER' });
    const cAuth = await bearerFor(t, colleague.email, colleague.password);
    const other = multipart({ attachmentable_id: lawyer.id }, [
      { field: 'files[0]', filename: 'x.png', type: 'image/png', data: PNG_1PX },
    ]);
    const forbidden = await t.app.inject({
      method: 'POST',
      url: '/api/upload_user_image',
      headers: { ...cAuth, ...other.headers },
      payload: other.payload,
    });
    expect(forbidden.statusCode).toBe(403);
  });

  it('refuses a profile photo whose header claims 100000×100000 pixels, with the limits’ message', async () => {
    const lawyer = await insertUser(t, { role: 'LAWYER' });
    const auth = await bearerFor(t, lawyer.email, lawyer.password);
    // A real PNG (signature, IHDR with its CRC, IDAT, IEND) whose header claims ten billion pixels: a few
    // hundred bytes that a browser, a thumbnailer or a PDF builder would try to decode into 40 GB.
    const bomb = Buffer.concat([Buffer.from(PNG_1PX), Buffer.alloc(300)]);
    bomb.writeUInt32BE(100_000, 16);
    bomb.writeUInt32BE(100_000, 20);
    bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
    const up = multipart({ attachmentable_id: lawyer.id }, [
      { field: 'files[0]', filename: 'me.png', type: 'image/png', data: bomb },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload_user_image',
      headers: { ...auth, ...up.headers },
      payload: up.payload,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: IMAGE_TOO_LARGE_MESSAGE,
      validation_error: { files: [IMAGE_TOO_LARGE_MESSAGE] },
    });
    // Nothing was kept: the user still has no photo, and no file was stored for them.
    expect((await inject('GET', '/api/user', auth)).json<TUser>().attachment).toBeNull();
    expect(existsSync(join(t.config.dataDir, 'files', lawyer.companyId, 'user', lawyer.id))).toBe(false);
  });

  it('creates, approvals, edits, photos and deletes over REST reach an admin’s device; a device’s edit shows over REST', async () => {
    const device = await connectDevice(t, admin);
    const me = (await inject('GET', '/api/user', admin)).json<TUser>();
    const body = newUser({ name: 'Sync Pending', is_approved: false });
    const created = (await inject('POST', '/api/users', admin, body)).json<{ user: TUser }>().user;
    const key = `users/${created.id}`;
    const fresh = (await device.pull()).get(key)!;
    expect(fresh).toMatchObject({ name: 'Sync Pending', email: body.email, is_approved: false });
    expect(fresh.version).toBeGreaterThan(0);
    expect(fresh).not.toHaveProperty('password_hash');

    expect(
      (await inject('POST', '/api/approve_or_block', admin, { user: { id: created.id, is_approved: true } }))
        .statusCode,
    ).toBe(200);
    expect((await device.pull()).get(key)).toMatchObject({
      is_approved: true,
      approved_by: me.id,
      approved_at: expect.any(String),
      blocked_at: null,
    });

    const edit = {
      ...body,
      password: undefined,
      confirm_password: undefined,
      id: created.id,
      name: 'Sync Renamed',
      // The edit form shows the user approved now.
      is_approved: true,
    };
    expect((await inject('POST', '/api/users', admin, edit)).statusCode).toBe(200);
    expect((await device.pull()).get(key)).toMatchObject({ name: 'Sync Renamed', is_approved: true });

    const photo = multipart({ attachmentable_id: created.id }, [
      { field: 'files[0]', filename: 'me.png', type: 'image/png', data: PNG_1PX },
    ]);
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/upload_user_image',
      headers: { ...admin, ...photo.headers },
      payload: photo.payload,
    });
    const fileName = up.json<{ attachment: { file_name: string } }>().attachment.file_name;
    expect((await device.pull()).get(key)).toMatchObject({ avatar_file_name: fileName });

    // Edited on the device (offline, then synced): the REST calls answer the new value.
    const pushed = await device.push([
      {
        name: 'put',
        args: { entity: 'users', id: created.id, values: { city: 'Multan', name: 'Named Offline' } },
      },
    ]);
    expect(pushed.results).toEqual([{ id: 1, status: 'applied' }]);
    expect(
      (await inject('GET', `/api/users/${created.id}`, admin)).json<{ user: TUser }>().user,
    ).toMatchObject({
      name: 'Named Offline',
      city: 'Multan',
      is_approved: true,
    });
    // Blocked on the device: the same rule as the REST call ends the user's sessions.
    const auth = await bearerFor(t, body.email, body.password);
    const blocked = await device.push([
      { name: 'put', args: { entity: 'users', id: created.id, values: { is_approved: false } } },
    ]);
    expect(blocked.results).toEqual([{ id: 2, status: 'applied' }]);
    expect((await inject('GET', '/api/user', auth)).statusCode).toBe(401);
    expect(
      (await inject('GET', `/api/users/${created.id}`, admin)).json<{ user: TUser }>().user,
    ).toMatchObject({
      is_approved: false,
      is_blocked: true,
    });

    expect((await inject('DELETE', `/api/users/${created.id}`, admin)).statusCode).toBe(200);
    expect((await device.pull()).get(key)).toBeNull();
    expect(device.rows.has(key)).toBe(false);
  });

  it('a provider admin’s change to another firm’s user reaches that firm’s devices', async () => {
    const theirDevice = await connectDevice(t, otherAuth);
    const created = (
      await inject('POST', '/api/users', admin, newUser({ company_id: otherFirm, is_approved: false }))
    ).json<{ user: TUser }>().user;
    expect((await theirDevice.pull()).get(`users/${created.id}`)).toMatchObject({ is_approved: false });
    await inject('POST', '/api/approve_or_block', admin, { user: { id: created.id, is_approved: true } });
    expect((await theirDevice.pull()).get(`users/${created.id}`)).toMatchObject({
      company_id: otherFirm,
      is_approved: true,
    });
  });

  it('refuses a lawyer’s device that gives its own user a new role, and keeps the role', async () => {
    const lawyer = await insertUser(t, { role: 'LAWYER' });
    const auth = await bearerFor(t, lawyer.email, lawyer.password);
    const device = await connectDevice(t, auth);
    const r = await device.push([
      { name: 'put', args: { entity: 'users', id: lawyer.id, values: { role_id: ROLE_IDS.ADMIN } } },
      {
        name: 'put',
        args: { entity: 'users', id: lawyer.id, values: { is_approved: true, name: 'Still Me' } },
      },
    ]);
    expect(r.results).toEqual([
      { id: 1, status: 'rejected', message: 'This action is unauthorized.' },
      { id: 2, status: 'rejected', message: 'This action is unauthorized.' },
    ]);
    const self = (await inject('GET', '/api/user', auth)).json<TUser>();
    expect(self).toMatchObject({ role_id: ROLE_IDS.LAWYER, is_lawyer: true, is_admin: false });
    expect((await inject('GET', '/api/users', auth)).statusCode).toBe(403);
  });
});

describeEachDb('users: legacy public storage', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { legacyPublicStorage: true });
  });
  afterAll(() => t.close());

  it('serves a profile photo without a token when the firm keeps the original client', async () => {
    const u = await insertUser(t, { role: 'LAWYER' });
    const auth = await bearerFor(t, u.email, u.password);
    const up = multipart({ attachmentable_id: u.id }, [
      { field: 'files[0]', filename: 'a.jpg', type: 'image/jpeg', data: PNG_1PX },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload_user_image',
      headers: { ...auth, ...up.headers },
      payload: up.payload,
    });
    // The bytes are a PNG whatever the name says, so it is stored and served as one.
    const fileName = res.json<{ attachment: { file_name: string } }>().attachment.file_name;
    expect(fileName.endsWith('.png')).toBe(true);
    const open = await t.app.inject({ method: 'GET', url: `/storage/attachments/user/${u.id}/${fileName}` });
    expect(open.statusCode).toBe(200);
    expect(open.headers['content-type']).toBe('image/png');
    expect(
      (await t.app.inject({ method: 'GET', url: `/storage/attachments/user/${u.id}/other.png` })).statusCode,
    ).toBe(404);
  });
});

it('file storage never leaves a partial file behind, and refuses keys that leave its folder', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'lf-storage-'));
  const store = folderStore(join(dir, 'files'));
  try {
    await saveFile(store, ['c1', 'user', 'u1', 'a.png'], PNG_1PX);
    expect((await readFile(store, ['c1', 'user', 'u1', 'a.png']))?.equals(PNG_1PX)).toBe(true);
    expect(await readFile(store, ['c1', 'user', 'u1', 'missing.png'])).toBeNull();
    // A write that cannot be put in place (a folder is in the way) fails and leaves no temporary file.
    mkdirSync(join(dir, 'files', 'c1', 'user', 'u1', 'b.png'));
    await expect(saveFile(store, ['c1', 'user', 'u1', 'b.png'], PNG_1PX)).rejects.toThrow();
    expect(readdirSync(join(dir, 'files', 'c1', 'user', 'u1')).sort()).toEqual(['a.png', 'b.png']);
    await expect(saveFile(store, ['c1', '..', 'x.png'], PNG_1PX)).rejects.toThrow(/Invalid storage key/);
    await expect(readFile(store, ['c1', '../../etc', 'passwd'])).rejects.toThrow(/Invalid storage key/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
