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

/** A POST as the admin that answers the JSON body. */
async function postJson<T>(h: Harness, url: string, payload: unknown): Promise<T> {
  const r = await h.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${await adminToken(h)}` },
    payload: payload as Record<string, unknown>,
  });
  if (r.statusCode !== 200) throw new Error(`POST ${url} failed: ${r.statusCode} ${r.body}`);
  return r.json<T>();
}

/** A court of the e2e admin's firm; answers its id. */
export const seedCourtId = async (h: Harness, title: string): Promise<string> =>
  (await postJson<{ court: { id: string } }>(h, '/api/courts', { title })).court.id;

/** A case category (petition type) linked to courts; answers its id. */
export const seedCaseCategory = async (
  h: Harness,
  c: { title: string; abbreviation?: string; court_ids: string[] },
): Promise<string> =>
  (await postJson<{ petition_type: { id: string } }>(h, '/api/petition_types', c)).petition_type.id;

/** A case file as the original client sends it (dates dd/mm/yyyy); answers its id. */
export const seedPetition = async (
  h: Harness,
  p: {
    case_no: string;
    year?: number;
    title: string;
    court_id?: string;
    petition_type_id?: string;
    is_moot_case?: boolean;
    petitioners?: string[];
    opponents?: string[];
  },
): Promise<string> =>
  (
    await postJson<{ petition_id: string }>(h, '/api/petitions', {
      ...p,
      petitioners: p.petitioners?.map((name) => ({ user: { name } })),
      opponents: p.opponents?.map((name) => ({ user: { name } })),
    })
  ).petition_id;

/** An item of a case's index; answers its id. */
export const seedIndexItem = async (
  h: Harness,
  i: { petition_id: string; document_description: string; annexure?: string; display_order?: number },
): Promise<string> =>
  (await postJson<{ petition_index: { id: string } }>(h, '/api/petitions_index', i)).petition_index.id;

export const seedPendingTag = (h: Harness, petition_id: string, pending_tag: string) =>
  post(h, '/api/insert_pending_tag', { petition_id, pending_tag });

/** The next hearing of a case (order_sheet_date dd/mm/yyyy or ISO). */
export const seedHearingDate = (h: Harness, petition_id: string, order_sheet_date: string) =>
  post(h, '/api/add_hearing_date', { petition_id, order_sheet_date });
