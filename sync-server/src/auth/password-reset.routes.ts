import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MSG, ZMessageResponse, ZPasswordEmailInput, ZPasswordResetInput } from '@lawfirm/shared-types';
import { HttpError, validationError } from '../http/errors.ts';
import { newId, nowIso, toBool } from '../db/ids.ts';
import { findUserByEmail } from '../users/users.repository.ts';
import { linkOrigin, siteNameOf } from './links.ts';
import { hashPassword } from './passwords.ts';
import { revokeUserSessions } from './sessions.repository.ts';
import { hashToken, newOpaqueToken } from './tokens.ts';

export const RESET_TTL_MIN = 60;
/** One reset mail per account per minute (as Laravel's throttle): the form cannot be used to flood an inbox. */
const RESET_THROTTLE_SEC = 60;
export const PASSWORD_RESET_OK = 'Your password has been reset.';

const resetRateLimit = (app: FastifyInstance) => ({
  max: app.config.rateLimit.resetPerMinute,
  timeWindow: '1 minute',
  errorResponseBuilder: () => new HttpError(429, MSG.tooManyRequests),
});

const tokenInvalid = () => validationError({ token: [MSG.resetTokenInvalid] });
const minutesFromNow = (min: number) => new Date(Date.now() + min * 60_000).toISOString();

/** Forgot password (part 2 §2.8, rest-contract #6) and the reset the mailed link leads to. */
export async function passwordResetRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  /**
   * A Laravel route name used as a URL by the original client, so it lives outside /api. The answer is the
   * same whether or not the email has an account: the form must not tell a stranger who is a client of the firm.
   */
  app.post(
    '/password.email',
    {
      config: { rateLimit: resetRateLimit(app) },
      schema: { body: ZPasswordEmailInput, response: { 200: ZMessageResponse } },
    },
    async (req) => {
      const { email } = req.body;
      const user = await findUserByEmail(app.db, email);
      if (user && toBool(user.is_approved)) {
        const recent = await app.db
          .selectFrom('password_resets')
          .select('id')
          .where('user_id', '=', user.id)
          .where('used_at', 'is', null)
          .where('created_at', '>', new Date(Date.now() - RESET_THROTTLE_SEC * 1000).toISOString())
          .executeTakeFirst();
        if (!recent) {
          const company = await app.db
            .selectFrom('companies')
            .select(['name', 'domain'])
            .where('id', '=', user.company_id)
            .executeTakeFirstOrThrow();
          const siteName = await siteNameOf(app.db, user.company_id, company.name);
          const token = newOpaqueToken();
          const link =
            `${linkOrigin(app.config, req, company.domain)}/reset-password` +
            `?token=${encodeURIComponent(token)}&email=${encodeURIComponent(user.email)}`;
          await app.db.transaction().execute(async (trx) => {
            // Only the newest link works, so an older mail lying in an inbox is worth nothing.
            await trx
              .deleteFrom('password_resets')
              .where('user_id', '=', user.id)
              .where('used_at', 'is', null)
              .execute();
            await trx
              .insertInto('password_resets')
              .values({
                id: newId(),
                company_id: user.company_id,
                user_id: user.id,
                // Only the hash is stored: a leaked database copy must not reset anyone's password.
                token_hash: hashToken(token),
                created_at: nowIso(),
                expires_at: minutesFromNow(RESET_TTL_MIN),
                used_at: null,
              })
              .execute();
            await app.mailer.enqueue(
              {
                companyId: user.company_id,
                to: user.email,
                subject: 'Reset your password',
                text: [
                  `Dear ${user.name},`,
                  '',
                  `Someone (hopefully you) asked to reset the password of your ${siteName} account.`,
                  `Open this link to choose a new password. It works once, within ${RESET_TTL_MIN} minutes:`,
                  '',
                  link,
                  '',
                  'If you did not ask for this, ignore this mail: your password stays as it is.',
                  '',
                  siteName,
                ].join('\n'),
              },
              trx,
            );
          });
          app.mailer.wake();
        }
      }
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
      // A blocked or unapproved account cannot sign in, so it gets no new password either.
      if (!user || !toBool(user.is_approved)) throw tokenInvalid();
      const reset = await app.db
        .selectFrom('password_resets')
        .select('id')
        .where('user_id', '=', user.id)
        .where('token_hash', '=', hashToken(input.token))
        .where('used_at', 'is', null)
        .where('expires_at', '>', nowIso())
        .executeTakeFirst();
      if (!reset) throw tokenInvalid();
      const passwordHash = await hashPassword(input.password, app.config.scrypt);
      await app.db.transaction().execute(async (trx) => {
        const used = await trx
          .updateTable('password_resets')
          .set({ used_at: nowIso() })
          .where('id', '=', reset.id)
          .where('used_at', 'is', null)
          .executeTakeFirst();
        // Two tabs submitting the same link at once: only the first one sets a password.
        if (Number(used.numUpdatedRows) !== 1) throw tokenInvalid();
        await trx
          .updateTable('users')
          .set({ password_hash: passwordHash, updated_at: nowIso() })
          .where('id', '=', user.id)
          .execute();
        // Whoever knew the old password (a lost phone, a shared computer) is signed out everywhere.
        await revokeUserSessions(trx, user.id);
        await app.mailer.enqueue(
          {
            companyId: user.company_id,
            to: user.email,
            subject: 'Your password has been changed',
            text: [
              `Dear ${user.name},`,
              '',
              'The password of your account was just changed and every device was signed out.',
              'If this was not you, contact your firm admin at once.',
            ].join('\n'),
          },
          trx,
        );
      });
      app.mailer.wake();
      return { message: PASSWORD_RESET_OK };
    },
  );
}
