// A firm as a new user would fill it, through the app's own calls (REST for users, sync push for case files):
// 300 case files with their parties and lawyers, and one of them with 100 index items.
import type { FastifyInstance } from 'fastify';
import { ROLE_IDS, type TPushResponse } from '@lawfirm/shared-types';
import { newId } from '../../sync-server/src/db/ids.ts';

export type SeededFirm = {
  authorization: string;
  /** The case file with 100 index items. */
  bigCaseId: string;
  /** Filters of the filtered list call (the query, the same with ids named) and how many case files match. */
  filter: { query: string; label: string; matches: number };
  /** A court of the firm, for the case files the push bench creates. */
  courtId: string;
};

export const CASE_FILES = 300;
export const INDEX_ITEMS = 100;
const LAWYERS = 8;
const CLIENTS = 6;
const FIRST = ['Muhammad', 'Ayesha', 'Bilal', 'Fatima', 'Usman', 'Zainab', 'Hamza', 'Sana', 'Ali', 'Hira'];
const LAST = ['Ahmed', 'Khan', 'Qureshi', 'Siddiqui', 'Butt', 'Malik', 'Chaudhry', 'Sheikh', 'Raza'];

async function call<T>(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  authorization: string | null,
  payload?: unknown,
): Promise<T> {
  const r = await app.inject({
    method,
    url,
    ...(authorization ? { headers: { authorization } } : {}),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  if (r.statusCode !== 200) throw new Error(`seeding: ${method} ${url} answered ${r.statusCode}: ${r.body}`);
  return r.json<T>();
}

type Mutation = { id: number; name: 'put'; args: { entity: string; id: string; values: object } };

export async function seedFirm(app: FastifyInstance, email: string, password: string): Promise<SeededFirm> {
  const login = await call<{ access_token: string }>(app, 'POST', '/api/auth/login', null, {
    email,
    password,
  });
  const authorization = `Bearer ${login.access_token}`;

  let { courts } = await call<{ courts: { id: string }[] }>(app, 'GET', '/api/courts', authorization);
  for (let i = courts.length; i < 4; i++)
    await call(app, 'POST', '/api/courts', authorization, { title: `Bench Court ${i + 1}` });
  ({ courts } = await call<{ courts: { id: string }[] }>(app, 'GET', '/api/courts', authorization));

  const lawyerIds: string[] = [];
  for (let i = 0; i < LAWYERS + CLIENTS; i++) {
    const lawyer = i < LAWYERS;
    const saved = await call<{ user: { id: string } }>(app, 'POST', '/api/users', authorization, {
      name: `${FIRST[i % FIRST.length]} ${LAST[(i * 3) % LAST.length]}`,
      email: `${lawyer ? 'lawyer' : 'client'}${i}@bench.firm.pk`,
      password: 'bench-password-1',
      confirm_password: 'bench-password-1',
      phone: '0300-1234567',
      city: 'Lahore',
      role_id: lawyer ? ROLE_IDS.LAWYER : ROLE_IDS.CLIENT,
      is_approved: true,
    });
    if (lawyer) lawyerIds.push(saved.user.id);
  }

  const mutations: Mutation[] = [];
  const put = (entity: string, id: string, values: object) =>
    mutations.push({ id: mutations.length + 1, name: 'put', args: { entity, id, values } });
  const caseIds: string[] = [];
  for (let i = 0; i < CASE_FILES; i++) {
    const id = newId();
    caseIds.push(id);
    const petitioner = `${FIRST[i % FIRST.length]} ${LAST[(i * 7) % LAST.length]}`;
    const opponent = i % 3 === 0 ? 'The State' : `${FIRST[(i + 4) % FIRST.length]} ${LAST[i % LAST.length]}`;
    put('petitions', id, {
      case_no: String(1000 + i),
      year: 2016 + (i % 10),
      title: `${petitioner} v. ${opponent}`,
      court_id: courts[i % courts.length]!.id,
      lawyer_ids: [lawyerIds[i % LAWYERS], lawyerIds[(i + 1) % LAWYERS]],
      institution_date: `${2016 + (i % 10)}-0${1 + (i % 9)}-1${i % 10}`,
      pending_tag: i % 10 === 0 ? `Fix for arguments ${i}` : null,
      archived: i % 25 === 24,
    });
    put('petition_parties', newId(), { petition_id: id, side: 'petitioner', name: petitioner });
    put('petition_parties', newId(), { petition_id: id, side: 'opponent', name: opponent, display_order: 1 });
  }
  const bigCaseId = caseIds[CASE_FILES / 2]!;
  for (let i = 0; i < INDEX_ITEMS; i++)
    put('petition_index', newId(), {
      petition_id: bigCaseId,
      document_description: `Annexure ${i + 1}: certified copy of the order dated ${(i % 28) + 1}/01/2025`,
      date: `2025-01-${String((i % 28) + 1).padStart(2, '0')}`,
      annexure: `A-${i + 1}`,
      page_info: `${i * 3 + 1}-${i * 3 + 3}`,
      display_order: i,
    });

  const clientId = `bench-seed-${newId()}`;
  for (let from = 0; from < mutations.length; from += 300) {
    const batch = mutations.slice(from, from + 300);
    const r = await call<TPushResponse>(app, 'POST', '/sync/push', authorization, {
      clientId,
      mutations: batch,
    });
    const refused = r.results.filter((x) => x.status !== 'applied');
    if (r.lastMutationId !== batch.at(-1)!.id || refused.length)
      throw new Error(`seeding push refused: ${JSON.stringify(refused.slice(0, 3))}`);
  }

  const query = `court_id=${courts[1]!.id}&petitioner_name=khan`;
  const filtered = await call<{ petitions: { total: number } }>(
    app,
    'GET',
    `/api/petitions?${query}`,
    authorization,
  );
  return {
    authorization,
    bigCaseId,
    filter: { query, label: 'court_id={court}&petitioner_name=khan', matches: filtered.petitions.total },
    courtId: courts[0]!.id,
  };
}
