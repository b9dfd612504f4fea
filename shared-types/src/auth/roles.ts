/** Role names as stored in the roles table and sent by sign-up (`role_name`). */
export const ROLE_NAMES = [
  'ADMIN',
  'LAWYER',
  'PARTNER',
  'ASSOCIATE',
  'PARALEGAL',
  'STUDENT',
  'CLIENT',
] as const;
export type TRoleName = (typeof ROLE_NAMES)[number];

/** Roles a visitor may pick on the sign-up form (part 1 §2). */
export const SIGNUP_ROLE_NAMES = ['PARTNER', 'ASSOCIATE', 'PARALEGAL', 'STUDENT', 'CLIENT'] as const;

/** Fixed role ids so every database (SQLite or PostgreSQL, any firm) agrees on them. */
export const ROLE_IDS: Record<TRoleName, string> = {
  ADMIN: '00000000-0000-7000-8000-000000000001',
  LAWYER: '00000000-0000-7000-8000-000000000002',
  PARTNER: '00000000-0000-7000-8000-000000000003',
  ASSOCIATE: '00000000-0000-7000-8000-000000000004',
  PARALEGAL: '00000000-0000-7000-8000-000000000005',
  STUDENT: '00000000-0000-7000-8000-000000000006',
  CLIENT: '00000000-0000-7000-8000-000000000007',
};

export const ROLE_LABELS: Record<TRoleName, string> = {
  ADMIN: 'Admin',
  LAWYER: 'Lawyer',
  PARTNER: 'Partner',
  ASSOCIATE: 'Associate',
  PARALEGAL: 'Paralegal',
  STUDENT: 'Student',
  CLIENT: 'Client',
};

export function roleNameById(id: string | null | undefined): TRoleName | undefined {
  return ROLE_NAMES.find((n) => ROLE_IDS[n] === id);
}

/** The flags every screen and every server check reads (part 1 §6). */
export type TRoleFlags = {
  is_admin: boolean;
  is_lawyer: boolean;
  is_student: boolean;
  is_client: boolean;
};

/**
 * Why the mapping is what it is: partners and associates practise law, so they act as lawyers; a moot-court
 * student signs up as ASSOCIATE (part 1 §2) but is a student for every gate, never a lawyer of the firm.
 * Paralegals are staff who read and print only.
 */
export function roleFlags(role: TRoleName | undefined, isMootStudent: boolean): TRoleFlags {
  const student = role === 'STUDENT' || isMootStudent;
  return {
    is_admin: role === 'ADMIN',
    is_lawyer: !student && (role === 'LAWYER' || role === 'PARTNER' || role === 'ASSOCIATE'),
    is_student: student,
    is_client: role === 'CLIENT',
  };
}
