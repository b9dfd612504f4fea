import { adminToken } from './api.ts';
import type { Harness } from './harness.ts';

/** More seeding through the real API (never through the UI), for the sync journeys. */
async function post(h: Harness, url: string, payload: unknown, auth = true): Promise<void> {
  const r = await h.app.inject({
    method: 'POST',
    url,
    headers: auth ? { authorization: `Bearer ${await adminToken(h)}` } : {},
    payload: payload as Record<string, unknown>,
  });
  if (r.statusCode !== 200) throw new Error(`POST ${url} failed: ${r.statusCode} ${r.body}`);
}

/** A court of the e2e admin's firm. */
export const seedCourt = (h: Harness, title: string) => post(h, '/api/courts', { title });

/** A visitor's message through the public contact form (it lands in the firm of the host name). */
export const seedContactRequest = (
  h: Harness,
  m: { name: string; email: string; subject?: string; message: string },
) => post(h, '/api/contact_requests', m, false);
