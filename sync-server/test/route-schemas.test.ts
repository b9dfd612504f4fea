import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  MSG,
  requiredText,
  toValidationErrors,
  ZMessageResponse,
  ZUser,
  type TUser,
} from '@lawfirm/shared-types';
import { HttpError, invalidInput, validationError, zodValidatorCompiler } from '../src/http/errors.ts';
import { registerErrorHandler } from '../src/plugins/errors.ts';
import { caseFirm, type CaseFirm } from './case-files-helpers.ts';
import { describeEachDb } from './helper.ts';
import { API_USER } from './fixtures/api-user.ts';

const ZTitled = z.object({ title: requiredText(MSG.titleRequired), note: z.string().max(3).optional() });

const user: TUser = API_USER;

/** The app's schema plumbing (compilers and error answers) on a bare Fastify, with routes made for the test. */
describe('route schemas', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    app.setValidatorCompiler(zodValidatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.post('/titled', { schema: { body: ZTitled, response: { 200: ZMessageResponse } } }, async (req) => ({
      message: req.body.title,
    }));
    r.post(
      '/titled-with-error-key',
      {
        schemaErrorFormatter: invalidInput(
          (fields) =>
            new HttpError(422, 'Check the form.', { error: 'Check the form.', validation_error: fields }),
        ),
        schema: { body: ZTitled },
      },
      async () => ({ message: 'ok' }),
    );
    // The handler hands over more than the documented user (as a careless repository might).
    r.get('/user', { schema: { response: { 200: ZUser } } }, async () => ({
      ...user,
      password_hash: 'scrypt$secret',
    }));
    r.get('/broken', { schema: { response: { 200: ZMessageResponse } } }, async () => ({
      message: 42 as unknown as string,
    }));
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers input that fails a body schema with 422 and every field’s messages, as validationError does', async () => {
    const body = { title: ' ', note: 'long' };
    const res = await app.inject({ method: 'POST', url: '/titled', payload: body });
    expect(res.statusCode).toBe(422);
    const r = ZTitled.safeParse(body);
    const expected = validationError(toValidationErrors(r.error!));
    expect(res.json()).toEqual({ message: expected.message, ...expected.extra });
    expect(res.json()).toEqual({
      message: MSG.titleRequired,
      validation_error: {
        title: [MSG.titleRequired],
        note: ['Too big: expected string to have <=3 characters'],
      },
    });
  });

  it('reads a call without a body as an empty form, so it gets the “required” messages', async () => {
    const res = await app.inject({ method: 'POST', url: '/titled' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: MSG.titleRequired,
      validation_error: { title: [MSG.titleRequired] },
    });
  });

  it('lets a route answer its invalid input in its own documented shape', async () => {
    const res = await app.inject({ method: 'POST', url: '/titled-with-error-key', payload: {} });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'Check the form.',
      error: 'Check the form.',
      validation_error: { title: [MSG.titleRequired] },
    });
  });

  it('strips what the response schema does not declare: a user answer never carries the password hash', async () => {
    const res = await app.inject({ method: 'GET', url: '/user' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(user);
    expect(res.body).not.toContain('secret');
  });

  it('refuses an answer that breaks its schema with a plain 500, never the details', async () => {
    const res = await app.inject({ method: 'GET', url: '/broken' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Something went wrong on the server. Please try again.' });
  });
});

describeEachDb('route schemas on the documented calls', (kind) => {
  let f: CaseFirm;
  beforeAll(async () => {
    f = await caseFirm(kind);
  });
  afterAll(() => f.t.close());

  it('tells a caller without access 401 or 403 before anything about their input', async () => {
    const nobody = await f.call('POST', '/api/petitions', undefined, { title: '' });
    expect(nobody.statusCode).toBe(401);
    expect(nobody.json()).toEqual({ message: MSG.unauthenticated });
    const student = await f.call('POST', '/api/petitions', f.student, { title: '' });
    expect(student.statusCode).toBe(403);
    expect(student.json()).toEqual({ message: MSG.forbidden });
    const admin = await f.call('POST', '/api/petitions', f.admin, { title: '' });
    expect(admin.statusCode).toBe(422);
  });

  it('keeps a field the form left out of an update as it is', async () => {
    const court = await f.court();
    const id = await f.petition({ court_id: court.id, institution_date: '05/03/2024' });
    const res = await f.call('POST', '/api/petitions', f.admin, { id, case_no: '9', title: 'Renamed' });
    expect(res.statusCode, res.body).toBe(200);
    const { petition } = (await f.call('GET', `/api/get_petition?petition_id=${id}`, f.admin)).json<{
      petition: { case_no: string; court_id: string | null; institution_date: string | null };
    }>();
    expect(petition).toMatchObject({ case_no: '9', court_id: court.id, institution_date: '05/03/2024' });
    const cleared = await f.call('POST', '/api/petitions', f.admin, {
      id,
      case_no: '9',
      title: 'x',
      court_id: '',
    });
    expect(cleared.statusCode).toBe(200);
    const after = (await f.call('GET', `/api/get_petition?petition_id=${id}`, f.admin)).json<{
      petition: { court_id: string | null; institution_date: string | null };
    }>().petition;
    expect(after).toMatchObject({ court_id: null, institution_date: '05/03/2024' });
  });
});
