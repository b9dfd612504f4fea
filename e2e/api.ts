import type { Harness } from './harness.ts';
import { E2E_ADMIN } from './harness.ts';

/** Seeds data through the real API (never through the UI), as a test of another screen would. */
export async function adminToken(h: Harness): Promise<string> {
  const r = await h.app.inject({ method: 'POST', url: '/api/auth/login', payload: E2E_ADMIN });
  return r.json<{ access_token: string }>().access_token;
}

/** A POST as the admin through the real API; answers the JSON body, or throws with the server's answer. */
export async function adminPost<T>(h: Harness, url: string, payload: Record<string, unknown>): Promise<T> {
  const r = await h.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${await adminToken(h)}` },
    payload,
  });
  if (r.statusCode !== 200) throw new Error(`POST ${url} failed: ${r.statusCode} ${r.body}`);
  return r.json<T>();
}

export async function createUserViaApi(
  h: Harness,
  u: {
    name: string;
    email: string;
    password: string;
    role_id: string;
    is_approved?: boolean;
    is_moot_student?: boolean;
  },
): Promise<string> {
  const token = await adminToken(h);
  const r = await h.app.inject({
    method: 'POST',
    url: '/api/users',
    headers: { authorization: `Bearer ${token}` },
    payload: {
      ...u,
      confirm_password: u.password,
      is_approved: u.is_approved ?? true,
      send_email: false,
      contact_persons: [],
    },
  });
  if (r.statusCode !== 200) throw new Error(`create user failed: ${r.statusCode} ${r.body}`);
  return r.json<{ user: { id: string } }>().user.id;
}
