import { describe, expect, it } from 'vitest';
import type { TUser } from '@lawfirm/shared-types';
import { contactsOf, initialValues, toPayload } from './userForm.logic.ts';

const USER = {
  id: 'u1',
  name: 'Ayesha Khan',
  email: 'ayesha@example.pk',
  phone: '0321-4567890',
  cnic: '35202-1234567-1',
  address: null,
  city: 'Lahore',
  province: null,
  zip: null,
  company_id: 'c1',
  company_name: null,
  role_id: 'client',
  roles: [{ id: 'client', name: 'Client' }],
  is_approved: true,
  is_moot_student: false,
  moot_team_no: null,
  moot_institute: null,
  language: null,
  reminder_hour: 7,
  contact_persons: [{ id: 'cp1', name: 'Brother', email: null, phone: '0300-1111111', cnic: null }],
} as unknown as TUser;

describe('the user form’s save body', () => {
  const opts = { user: USER, contacts: contactsOf(USER), canApprove: true };
  const start = () => initialValues(USER, { generatedPassword: '' });

  it('sends an edit’s changed fields only, with the identity and required fields the old API needs', () => {
    const { body } = toPayload({ ...start(), name: 'Ayesha Khan Niazi', language: 'ur' }, opts);
    expect(body).toEqual({
      id: 'u1',
      name: 'Ayesha Khan Niazi',
      email: 'ayesha@example.pk',
      role_id: 'client',
      language: 'ur',
    });
    // Nothing the admin did not touch: the user's own phone, reminder hour or contact persons.
    expect(body).not.toHaveProperty('phone');
    expect(body).not.toHaveProperty('reminder_hour');
    expect(body).not.toHaveProperty('contact_persons');
    expect(body).not.toHaveProperty('is_approved');
  });

  it('carries the contact persons when they changed, and blocking when the box was ticked', () => {
    const contacts = [
      ...contactsOf(USER),
      { key: 'n', id: null, name: 'Sister', email: '', phone: '', cnic: '' },
    ];
    const { body, contactKeys } = toPayload(
      { ...start(), approval_toggle: true },
      { ...opts, contacts, contactsChanged: true },
    );
    expect(body.is_approved).toBe(false);
    expect(body.contact_persons).toHaveLength(2);
    expect(contactKeys).toHaveLength(2);
  });

  it('sends a new user whole, its language empty as "not set"', () => {
    const v = initialValues(null, { generatedPassword: 'Abcdefgh' });
    const { body } = toPayload(
      { ...v, name: 'New', email: 'n@example.pk', role_id: 'client' },
      {
        user: null,
        contacts: [],
        canApprove: true,
      },
    );
    expect(body).toMatchObject({ name: 'New', phone: '', language: null, password: 'Abcdefgh' });
    expect(body).not.toHaveProperty('id');
  });
});
