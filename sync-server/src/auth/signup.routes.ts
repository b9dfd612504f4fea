import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MSG, ZCaptchaChallenge, ZSignupInput, ZSignupResponse, type TRoleName } from '@lawfirm/shared-types';
import { HttpError, validationError } from '../http/errors.ts';
import { newId, nowIso } from '../db/ids.ts';
import { companyForHost } from '../db/company-for-host.ts';
import { showErrorsUnder } from './original-client.ts';
import { findUserByEmail } from './users.repository.ts';
import { challengeFor, verifyCaptcha } from './captcha.ts';
import { linkOrigin, siteNameOf } from './links.ts';
import { hashPassword } from './passwords.ts';
import { emailTaken, registerSignup, SIGNUP_THANKS } from './signup.mutators.ts';

/** Per address; runs in preHandler, so a flood is refused before any captcha check or password hashing. */
const signupRateLimit = (app: FastifyInstance) => ({
  max: app.config.rateLimit.signupPerMinute,
  timeWindow: '1 minute',
  errorResponseBuilder: () => new HttpError(429, MSG.tooManyRequests),
});

/** Sign-up (part 1 §2, rest-contract #5): the account waits for an admin of the firm to approve it. */
export async function signupRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/captcha/challenge',
    { schema: { response: { 200: ZCaptchaChallenge } } },
    async (_req, reply) => {
      // Every puzzle is single-use: a cached one would be refused as a replay.
      void reply.header('cache-control', 'no-store');
      return challengeFor(app.config);
    },
  );

  app.post(
    '/api/signup',
    {
      config: { rateLimit: signupRateLimit(app) },
      // The original sign-up page shows the server's errors under the email field only.
      preSerialization: showErrorsUnder('email'),
      schema: { body: ZSignupInput, response: { 200: ZSignupResponse } },
    },
    async (req) => {
      const input = req.body;
      const token = input.recaptcha_token?.trim();
      if (!token) throw validationError({ recaptcha_token: [MSG.recaptchaRequired] });
      // The bot check comes before the email check, so learning whether an email has an account costs a solve.
      if (!(await verifyCaptcha(app.db, app.config, token, req.ip, req.log)))
        throw validationError({ recaptcha_token: [MSG.recaptchaInvalid] });
      if (await findUserByEmail(app.db, input.email)) throw emailTaken();

      const company = await companyForHost(app.db, req.hostname);
      const role: TRoleName = input.mootStudent ? 'ASSOCIATE' : (input.role_name as TRoleName);
      // Hashing is slow on purpose; it happens before the transaction so no write lock is held meanwhile.
      const passwordHash = await hashPassword(input.password, app.config.scrypt);
      const siteName = await siteNameOf(app.db, company.id, company.name);
      const origin = linkOrigin(app.config, req, company.domain);
      const userId = newId();
      const t = nowIso();

      await registerSignup(app.db, app.mailer, {
        input,
        company,
        role,
        userId,
        passwordHash,
        siteName,
        origin,
        createdAt: t,
      });
      return { message: SIGNUP_THANKS, user_id: userId };
    },
  );
}
