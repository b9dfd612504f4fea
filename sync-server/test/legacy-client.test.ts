import type { LightMyRequestResponse as InjectResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROLE_IDS } from '@lawfirm/shared-types';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  createTestApp,
  describeEachDb,
  insertUser,
  type TestApp,
} from './helper.ts';
import { multipart, PNG_1PX } from './case-files-helpers.ts';

/**
 * The original Vue client against this server, part 1 (issue 10): every request here is the one that client
 * sends (rest-contract.md: its encodings, its missing auth headers, its ISO-instant dates), from the origin a
 * firm lists in CORS_ORIGINS, and each test asserts what that client reads back.
 */
export const LEGACY_ORIGIN = 'http://old-client.firm.example.pk';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The client as a browser sends its calls: its origin, and `Bearer <token>` ("Bearer null" when signed out). */
export type LegacyClient = {
  token: string;
  call: (method: Method, url: string, payload?: object, token?: string | null) => Promise<InjectResponse>;
};

/** Login.vue: a FormData of email and password (multipart, no auth header); the token goes to localStorage. */
export async function legacyLogin(t: TestApp, email: string, password: string): Promise<LegacyClient> {
  const form = multipart({ email, password }, []);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { ...form.headers, origin: LEGACY_ORIGIN },
    payload: form.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  const token = res.json<{ token: string }>().token;
  const call: LegacyClient['call'] = (method, url, payload, as = token) =>
    t.app.inject({
      method,
      url,
      headers: { origin: LEGACY_ORIGIN, authorization: `Bearer ${as}` },
      ...(payload ? { payload } : {}),
    });
  return { token, call };
}

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
