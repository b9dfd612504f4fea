import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { can, MSG, ROLE_IDS, type TUser } from '@lawfirm/shared-types';
import { useAuth } from '../auth/AuthContext.tsx';
import { useSync } from '../sync/hooks.ts';
import { api, ApiError } from '../http/client.ts';
import { FormError } from '../ui/form.tsx';
import { CHECKED, CNIC_MASK, PHONE_MASK, type TDraft, type TField } from '../ui/fields.ts';
import { Field } from '../ui/forms/Field.tsx';
import { SecretField } from '../ui/forms/SecretField.tsx';
import { useFieldForm } from '../ui/forms/useFieldForm.tsx';
import { useFieldRows } from '../ui/forms/useFieldRows.tsx';
import { useToast } from '../feedback/toast.tsx';
import { useApiList } from '../tables/useApiList.tsx';
import { useConfirmedDelete } from '../feedback/useConfirmedDelete.tsx';
import { useOnline } from '../browser/useOnline.ts';
import { CONTACT_FIELDS, ContactPersonsField } from './ContactPersonsField.tsx';
import { ProfileImageField } from './ProfileImageField.tsx';
import { deleteUser, saveUser } from './users.api.ts';
import { ALL_ROLES } from './users.local.ts';
import { CLIENT_LANGUAGES } from '@lawfirm/shared-types/court-day/tell-client.ts';
import {
  contactsOf,
  generatePassword,
  initialValues,
  placeServerErrors,
  toPayload,
  validateUser,
  type TContactDraft,
  type TContactErrors,
  type TUserFormValues,
} from './userForm.logic.ts';

const grid = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))',
  gap: '0 1rem',
} as const;

/** How the Language field names each language (its own script beside it, for an Urdu reader). */
const LANGUAGE_LABELS: Record<(typeof CLIENT_LANGUAGES)[number], string> = {
  en: 'English',
  ur: 'Urdu (اردو)',
};

const CHECKS = ['send_email', 'is_moot_student', 'approval_toggle'] as const;
/** The form's values as the payload takes them: text as typed (passwords never trimmed), boxes as booleans. */
const valuesOfDraft = (d: TDraft): TUserFormValues => {
  const v: Record<string, string | boolean> = { ...d };
  for (const k of CHECKS) v[k] = d[k] === CHECKED;
  return v as TUserFormValues;
};
const asDraft = (v: TUserFormValues): TDraft => {
  const d: Record<string, unknown> = { ...v };
  for (const k of CHECKS) d[k] = v[k] ? CHECKED : '';
  return d as TDraft;
};
/** The messages of part 2 §5 for an empty field (the required marks and their messages). */
const EMPTY = validateUser(
  valuesOfDraft({ name: '', email: '', role_id: '', company_id: '', password: '', confirm_password: '' }),
  { creating: true, needsCompany: true },
);

/** A field's required mark and message, when it has one. */
const req = (message: string | undefined) => (message ? { required: message } : {});

/** The user's fields (part 2 §2.6); the password is required only for a new account. */
function userFields(creating: boolean, approved: boolean): TField[] {
  return [
    { key: 'name', label: 'Name', ...req(EMPTY.name) },
    { key: 'cnic', label: 'CNIC', mask: CNIC_MASK },
    { key: 'email', label: 'Email', ...req(EMPTY.email) },
    { key: 'phone', label: 'Phone', mask: PHONE_MASK },
    { key: 'password', label: 'Password', ...req(creating ? EMPTY.password : undefined) },
    {
      key: 'confirm_password',
      label: 'Confirm Password',
      ...req(creating ? MSG.passwordMismatch : undefined),
    },
    { key: 'current_password', label: 'Current Password' },
    { key: 'role_id', label: 'Role', kind: 'select', placeholder: '--Select--', ...req(EMPTY.role_id) },
    {
      key: 'company_id',
      label: 'Company',
      kind: 'select',
      placeholder: '--Select--',
      ...req(EMPTY.company_id),
    },
    { key: 'address', label: 'Address' },
    { key: 'city', label: 'City' },
    { key: 'province', label: 'Province' },
    { key: 'zip', label: 'Zip' },
    // Issue 34: the language the "Tell client" message to this user is written in.
    {
      key: 'language',
      label: 'Language',
      kind: 'select',
      placeholder: 'Not set (English)',
      options: CLIENT_LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_LABELS[l] })),
    },
    { key: 'send_email', label: 'Send Email', kind: 'checkbox' },
    { key: 'is_moot_student', label: 'Is Moot Student', kind: 'checkbox' },
    {
      key: 'moot_team_no',
      label: 'Moot Team No',
      ...req(MSG.teamRequired),
      when: (d) => d.is_moot_student === CHECKED,
    },
    { key: 'moot_institute', label: 'Moot Institute' },
    { key: 'approval_toggle', label: approved ? 'Block this User' : 'Approve this User', kind: 'checkbox' },
  ];
}

export const MSG_FORM_OFFLINE = 'You are offline. Creating or editing an account needs a connection.';

/**
 * Add or edit one user. `user` null means create; `companyParam` is the /register-company-admin firm. The form
 * saves online only (POST /api/users: a password, contact persons, a photo, mail); a quick edit from the list
 * works offline instead.
 */
export function UserForm({
  user,
  companyParam,
  onStay,
}: {
  user: TUser | null;
  companyParam?: string | undefined;
  onStay?: () => void;
}) {
  const navigate = useNavigate();
  const toast = useToast();
  const auth = useAuth();
  const sync = useSync();
  const online = useOnline();
  const canChangeRole = can(auth.actor, 'users.changeRole');
  const canApprove = can(auth.actor, 'users.manage');
  const creating = !user;
  const needsCompany = !!companyParam;
  // The server never lets anyone change their own role or approval (no locking oneself out).
  const editingSelf = !!user && user.id === auth.user?.id;
  const mayEditAccess = canApprove && !editingSelf;

  const [generated] = useState(() => (creating ? generatePassword() : ''));
  // Only admins may pick a role (part 2 §5); others see their own role in a disabled dropdown. The roles are a
  // fixed list (the same as POST /api/roles answers an admin), so the form lists them with no network too.
  // Firms are not kept on the device: the list loads once online (a list already loaded stays when the network
  // goes), and offline the form says it needs a connection instead of failing a request.
  const companies = useApiList<{ companies: { id: string; name: string }[] }>(
    needsCompany && online ? '/api/companies' : null,
  );
  const roleOptions = (canChangeRole ? ALL_ROLES : (user?.roles ?? [])).map((r) => ({
    value: r.id,
    label: r.name,
  }));
  const companyOptions = (companies.data?.companies ?? []).map((c) => ({ value: c.id, label: c.name }));

  const [fields] = useState(() => userFields(creating, !!user?.is_approved));
  const contacts = useFieldRows<TContactDraft>(CONTACT_FIELDS, () => contactsOf(user));
  // The profile picture is a file, not a field: picking one is unsaved work too.
  const [image, setImage] = useState<File | null>(null);
  const form = useFieldForm(
    fields,
    () =>
      asDraft(
        initialValues(user, {
          generatedPassword: generated,
          companyId: companyParam,
          // "Add Admin" on the companies list registers the firm's admin.
          roleId: companyParam ? ROLE_IDS.ADMIN : undefined,
        }),
      ),
    {
      check: (d) => validateUser(valuesOfDraft(d), { creating, needsCompany }),
      dirty: contacts.dirty || image !== null,
    },
  );
  const v = valuesOfDraft(form.draft);

  // What the server said that has no field of the form: per contact row, the whole list, the whole form.
  const [server, setServer] = useState<{
    contacts: Record<string, TContactErrors>;
    contactsError?: string | undefined;
    formError?: string | undefined;
  }>({ contacts: {} });
  const formRef = useRef<HTMLFormElement>(null);

  // A saved contact person is a user row on the server (rest-contract #105): removing it is a real delete.
  const contactRemover = useConfirmedDelete<TContactDraft>(
    (c) => deleteUser(c.id ?? ''),
    MSG.deletedOk,
    // Deleted on the server already: the row goes without asking again.
    (c) => contacts.remove({ ...c, id: null }),
  );

  const showServerErrors = (e: unknown, contactKeys: string[]) => {
    if (!(e instanceof ApiError) || e.status !== 422) {
      toast.failed(e);
      return;
    }
    const placed = placeServerErrors(e, Object.keys(v), contactKeys);
    form.setServerErrors(placed.fields);
    setServer({ contacts: placed.contacts, contactsError: placed.contactsError, formError: placed.other });
    const placedAny =
      Object.keys(placed.fields).length ||
      Object.keys(placed.contacts).length ||
      placed.contactsError ||
      placed.other;
    if (!placedAny) toast.failed(e);
    // On a phone the field in error may be far above the button.
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
    );
  };

  const send = async () => {
    setServer({ contacts: {} });
    if (!contacts.read()) throw new Error('A contact person is not valid');
    const values = valuesOfDraft(form.draft);
    // A new user is sent whole; an edit sends what it changed (and the fields the old API requires).
    const { body, contactKeys } = toPayload(values, {
      user,
      contacts: contacts.rows,
      canApprove: mayEditAccess,
      contactsChanged: contacts.dirty,
    });
    let saved: Awaited<ReturnType<typeof saveUser>>;
    try {
      saved = await saveUser(body);
    } catch (e) {
      showServerErrors(e, contactKeys);
      throw e;
    }
    if (image) {
      try {
        await api('/api/upload_user_image', {
          form: { 'files[0]': image, attachmentable_id: saved.user.id },
        });
      } catch (e) {
        // The user is saved; only the picture failed, and the notice says why.
        toast.failed(e);
      }
    }
    toast.success(creating ? MSG.savedOk : MSG.updatedOk);
    contacts.reset(contacts.rows);
    setImage(null);
    // The device's copy of the firm's users (the list) learns of the change now rather than at the next poke.
    void sync?.engine.syncNow();
    if (editingSelf) void auth.reload();
    if (companyParam) void navigate('/companies');
    else if (saved.is_admin_user ?? canApprove) void navigate('/users');
    else onStay?.();
  };

  const passwordHint =
    creating && v.password === generated
      ? `Generated password: ${generated}. Pass it on to the user${v.send_email ? ' (they are also emailed a link to choose their own).' : '.'}`
      : undefined;

  return (
    <section className="page">
      <h1>{creating ? 'Add New User' : 'Edit User'}</h1>
      <form ref={formRef} noValidate onSubmit={form.submit(send)}>
        <div style={grid}>
          <Field autoComplete="off" {...form.bind('name')} />
          <Field {...form.bind('cnic')} />
          <Field type="email" autoComplete="off" {...form.bind('email')} />
          <Field type="tel" autoComplete="tel" placeholder="0300-1234567" {...form.bind('phone')} />
          <SecretField autoComplete="new-password" hint={passwordHint} {...form.bind('password')} />
          <SecretField autoComplete="new-password" {...form.bind('confirm_password')} />
          {editingSelf && (
            <SecretField
              autoComplete="current-password"
              hint="Needed only to change your password."
              {...form.bind('current_password')}
            />
          )}
          <Field
            {...form.bind('role_id')}
            field={{ ...form.bind('role_id').field, options: roleOptions }}
            disabled={!canChangeRole || editingSelf}
          />
          {needsCompany && (
            <Field
              {...form.bind('company_id')}
              field={{ ...form.bind('company_id').field, options: companyOptions }}
            />
          )}
          <Field autoComplete="street-address" {...form.bind('address')} />
          <Field autoComplete="address-level2" {...form.bind('city')} />
          <Field autoComplete="address-level1" {...form.bind('province')} />
          <Field autoComplete="postal-code" inputMode="numeric" {...form.bind('zip')} />
          <Field {...form.bind('language')} />
          <ProfileImageField
            file={image}
            currentName={user?.attachment?.file_name ?? null}
            onChange={setImage}
          />
        </div>

        <ContactPersonsField
          contacts={contacts.rows}
          errors={contacts.errors}
          serverErrors={server.contacts}
          sectionError={server.contactsError}
          onAdd={contacts.add}
          onEdit={contacts.edit}
          onRemove={(c) => (c.id ? contactRemover.ask(c) : contacts.remove(c))}
        />

        <Field {...form.bind('send_email')} />
        <Field {...form.bind('is_moot_student')} />
        {v.is_moot_student && (
          <div style={grid}>
            <Field {...form.bind('moot_team_no')} />
            <Field {...form.bind('moot_institute')} />
          </div>
        )}
        {mayEditAccess && <Field {...form.bind('approval_toggle')} />}

        <FormError message={server.formError} />
        {!online && (
          <p role="alert" className="field-error">
            {MSG_FORM_OFFLINE}
          </p>
        )}
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem', marginTop: '1rem' }}>
          <button type="submit" className="btn primary" disabled={form.submitting || !online}>
            {creating ? 'Save' : 'Update'}
          </button>
          {canApprove && (
            <Link className="btn" to={companyParam ? '/companies' : '/users'}>
              Back
            </Link>
          )}
        </div>
      </form>
      {contactRemover.dialog}
      {contacts.dialog}
      {form.dialog}
    </section>
  );
}
