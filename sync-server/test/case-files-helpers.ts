import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse as InjectResponse } from 'fastify';
import { expect } from 'vitest';
import type { DbKind } from '../src/db/connect.ts';
import { adminBearer, bearerFor, createFirm, createTestApp, insertUser, type TestApp } from './helper.ts';

export type Auth = { authorization: string };
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A firm with one person of each kind the case-file gates tell apart, and an admin of another firm. */
export type CaseFirm = {
  t: TestApp;
  admin: Auth;
  lawyer: Auth;
  student: Auth;
  client: Auth;
  clientId: string;
  clientName: string;
  lawyerId: string;
  other: Auth;
  call: (method: Method, url: string, auth?: Auth, payload?: object) => Promise<InjectResponse>;
  /** Creates a case file as the admin and answers its id. */
  petition: (body?: Record<string, unknown>) => Promise<string>;
  /** The firm's first court and one of its case categories with an abbreviation. */
  court: () => Promise<{ id: string; title: string }>;
  category: () => Promise<{ id: string; title: string; abbreviation: string }>;
};

export async function caseFirm(
  kind: DbKind,
  overrides: Parameters<typeof createTestApp>[1] = {},
): Promise<CaseFirm> {
  const t = await createTestApp(kind, overrides);
  const admin = await adminBearer(t);
  const l = await insertUser(t, { role: 'LAWYER', name: 'Barrister Lawyer' });
  const s = await insertUser(t, { role: 'STUDENT' });
  const clientName = `Client ${randomBytes(3).toString('hex')}`;
  const c = await insertUser(t, { role: 'CLIENT', name: clientName });
  const firm = await createFirm(t, 'Other Firm');
  const o = await insertUser(t, { role: 'ADMIN', companyId: firm });
  const call: CaseFirm['call'] = (method, url, auth, payload) =>
    t.app.inject({ method, url, ...(auth ? { headers: auth } : {}), ...(payload ? { payload } : {}) });
  const petition = async (body: Record<string, unknown> = {}) => {
    const res = await call('POST', '/api/petitions', admin, {
      case_no: '101',
      title: 'State vs Someone',
      ...body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ petition_id: string }>().petition_id;
  };
  const court = async () =>
    (await call('GET', '/api/courts', admin)).json<{ courts: { id: string; title: string }[] }>().courts[0]!;
  const category = async () =>
    (await call('GET', '/api/petition_types', admin))
      .json<{ petition_types: { id: string; title: string; abbreviation: string | null }[] }>()
      .petition_types.find((p) => p.abbreviation === 'W.P.') as {
      id: string;
      title: string;
      abbreviation: string;
    };
  return {
    t,
    admin,
    lawyer: await bearerFor(t, l.email, l.password),
    student: await bearerFor(t, s.email, s.password),
    client: await bearerFor(t, c.email, c.password),
    clientId: c.id,
    clientName,
    lawyerId: l.id,
    other: await bearerFor(t, o.email, o.password),
    call,
    petition,
    court,
    category,
  };
}

/** A multipart/form-data body as a browser's FormData sends it (files[0], files[1], then the fields). */
export function multipart(
  fields: Record<string, string>,
  files: { filename: string; type: string; data: Buffer }[],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----lftest${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  files.forEach((f, i) => {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files[${i}]"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  });
  for (const [k, v] of Object.entries(fields))
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A real PNG (signature, IHDR, IDAT, IEND: one transparent pixel). */
export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
export const PDF_SMALL = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
