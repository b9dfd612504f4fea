import { MSG, ROLE_IDS, ROLE_LABELS, type TRoleName, type TSignupInput } from '@lawfirm/shared-types';
import type { CompanyRow } from '../companies/companies.repository.ts';
import type { Db } from '../db/connect.ts';
import { forFirm } from '../sync/firm.ts';
import { validationError } from '../http/errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { insertSyncedRow, SIGNUP_WRITER } from '../sync/system-write.ts';
import { usersEntity } from './users.entities.ts';
import { findUserByEmail } from './users.repository.ts';

export const SIGNUP_THANKS = 'Thank you for signing up!';

export const emailTaken = () => validationError({ email: [MSG.emailTaken] });

/** What a sign-up stores: the checked form, the firm of the host, and what was worked out before writing. */
export type Signup = {
  input: TSignupInput;
  company: CompanyRow;
  role: TRoleName;
  userId: string;
  passwordHash: string;
  siteName: string;
  /** Where the firm's people sign in, for the mails. */
  origin: string;
  createdAt: string;
};

/** Stores the new account, unapproved, and mails the person and the firm's admins. */
export async function registerSignup(db: Db, mailer: Mailer, signup: Signup): Promise<void> {
  const { input, company, role, userId, passwordHash, siteName, origin, createdAt } = signup;
  await db.transaction().execute(async (trx) => {
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
        created_at: createdAt,
      },
      { writer: SIGNUP_WRITER },
    );

    await mailer.enqueue(
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
      await mailer.enqueue(
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
  mailer.wake();
}
