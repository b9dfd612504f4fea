import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MSG,
  ROLE_IDS,
  ROLE_LABELS,
  ZCaptchaChallenge,
  ZSignupInput,
  ZSignupResponse,
  type TRoleName,
} from '@lawfirm/shared-types';
import { HttpError, validationError } from '../http/errors.ts';
import { forFirm } from '../db/firm.ts';
import { newId, nowIso } from '../db/ids.ts';
import { companyForHost } from '../companies/company-for-host.ts';
import { insertSyncedRow, SIGNUP_WRITER } from '../sync/system-write.ts';
import { usersEntity } from '../users/users.entity.ts';
import { findUserByEmail } from '../users/users.repository.ts';
import { challengeFor, verifyCaptcha } from './captcha.ts';
import { linkOrigin, siteNameOf } from './links.ts';
import { hashPassword } from './passwords.ts';

export const SIGNUP_THANKS = 'Thank you for signing up!';

/** Per address; runs in preHandler, so a flood is refused before any captcha check or password hashing. */
const signupRateLimit = (app: FastifyInstance) => ({
  max: app.config.rateLimit.signupPerMinute,
  timeWindow: '1 minute',
  errorResponseBuilder: () => new HttpError(429, MSG.tooManyRequests),
});

const emailTaken = () => validationError({ email: [MSG.emailTaken] });

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

      await app.db.transaction().execute(async (trx) => {
        // Checked again inside the transaction: another sign-up may have taken the email while we hashed.
        if (await findUserByEmail(trx, input.email)) throw emailTaken();
        // A server insert logged like any change, so the firm's admins see the pending account on every device.
        await insertSyncedRow(
          trx,
          usersEntity,
          company.id,
          {
            id: userId,
            name: input.name,
            email: input.email,
            password_hash: passwordHash,
            role_id: ROLE_IDS[role],
            phone: input.phone,
            cnic: null,
            company_name: null,
            address: null,
            city: null,
            province: null,
            zip: null,
            avatar_file_name: null,
            is_moot_student: input.mootStudent,
            moot_team_no: input.mootStudent ? input.moot_team_no : null,
            moot_institute: input.mootStudent ? input.moot_institute : null,
            is_approved: false,
            approved_at: null,
            approved_by: null,
            blocked_at: null,
            send_email: false,
            created_at: t,
          },
          { writer: SIGNUP_WRITER },
        );

        await app.mailer.enqueue(
          {
            companyId: company.id,
            to: input.email,
            subject: SIGNUP_THANKS,
            text: [
              `Dear ${input.name},`,
              '',
              `Thank you for signing up with ${siteName}.`,
              '',
              'Your login details:',
              `Email: ${input.email}`,
              'Password: the one you chose when signing up',
              `Login page: ${origin}/login`,
              '',
              'You can log in as soon as an admin approves your account.',
              '',
              siteName,
            ].join('\n'),
          },
          trx,
        );

        const admins = await forFirm(trx, company.id)
          .live('users')
          .select('email')
          .where('role_id', '=', ROLE_IDS.ADMIN)
          .where('is_approved', '=', 1)
          .execute();
        const moot = input.mootStudent
          ? [`Moot team no: ${input.moot_team_no ?? ''}`, `Institute: ${input.moot_institute ?? ''}`]
          : [];
        for (const admin of admins)
          await app.mailer.enqueue(
            {
              companyId: company.id,
              to: admin.email,
              subject: 'New sign-up waiting for approval',
              text: [
                'A new account is waiting for your approval:',
                '',
                `Name: ${input.name}`,
                `Email: ${input.email}`,
                `Phone: ${input.phone ?? ''}`,
                `Status: ${input.mootStudent ? 'Moot student' : ROLE_LABELS[role]}`,
                ...moot,
                '',
                `Approve or block it under Users: ${origin}/users`,
              ].join('\n'),
            },
            trx,
          );
      });
      app.mailer.wake();
      return { message: SIGNUP_THANKS, user_id: userId };
    },
  );
}
