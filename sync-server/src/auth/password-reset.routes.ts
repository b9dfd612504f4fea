import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MSG, ZMessageResponse, ZPasswordEmailInput, ZPasswordResetInput } from '@lawfirm/shared-types';
import { HttpError } from '../http/errors.ts';
import { toBool } from '../db/ids.ts';
import { findUserByEmail } from './users.repository.ts';
import { linkOrigin, siteNameOf } from './links.ts';
import { issuePasswordReset, resetPassword, tokenInvalid } from './password-reset.mutators.ts';
import { companyOfUser, findOpenReset, hasRecentReset } from './password-reset.repository.ts';
import { hashPassword } from './passwords.ts';

/** One reset mail per account per minute (as Laravel's throttle): the form cannot be used to flood an inbox. */
const RESET_THROTTLE_SEC = 60;
export const PASSWORD_RESET_OK = 'Your password has been reset.';

const resetRateLimit = (app: FastifyInstance) => ({
  max: app.config.rateLimit.resetPerMinute,
  timeWindow: '1 minute',
  errorResponseBuilder: () => new HttpError(429, MSG.tooManyRequests),
});

/** Forgot password (part 2 §2.8, rest-contract #6) and the reset the mailed link leads to. */
export async function passwordResetRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  /**
   * A Laravel route name used as a URL by the original client, so it lives outside /api. The answer is the
   * same whether or not the email has an account, and so is its timing: the account is looked up and mailed
   * after the answer has gone (mailer.defer). The form must not tell a stranger who is a client of the firm.
   */
  app.post(
    '/password.email',
    {
      config: { rateLimit: resetRateLimit(app) },
      schema: { body: ZPasswordEmailInput, response: { 200: ZMessageResponse } },
    },
    async (req) => {
      const { email } = req.body;
      app.mailer.defer(async () => {
        const user = await findUserByEmail(app.db, email);
        if (!user || !toBool(user.is_approved)) return;
        const since = new Date(Date.now() - RESET_THROTTLE_SEC * 1000).toISOString();
        if (await hasRecentReset(app.db, user.id, since)) return;
        const company = await companyOfUser(app.db, user.company_id);
        const siteName = await siteNameOf(app.db, user.company_id, company.name);
        const origin = linkOrigin(app.config, req, company.domain);
        await issuePasswordReset(app.db, app.mailer, user, origin, siteName);
      });
      return { message: MSG.resetLinkSent };
    },
  );

  app.post(
    '/api/password/reset',
    {
      config: { rateLimit: resetRateLimit(app) },
      schema: { body: ZPasswordResetInput, response: { 200: ZMessageResponse } },
    },
    async (req) => {
      const input = req.body;
      const user = await findUserByEmail(app.db, input.email);
      // A blocked account cannot sign in, so it gets no new password either. One not yet approved has a token
      // only from an admin (a new account's set-password link), never from the form above.
      if (!user || (user.blocked_at && !toBool(user.is_approved))) throw tokenInvalid();
      const reset = await findOpenReset(app.db, user.id, input.token);
      if (!reset) throw tokenInvalid();
      const passwordHash = await hashPassword(input.password, app.config.scrypt);
      await resetPassword(app.db, app.mailer, user, reset.id, passwordHash);
      return { message: PASSWORD_RESET_OK };
    },
  );
}
