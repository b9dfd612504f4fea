import { useCallback, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { can, MSG, ROLE_IDS, type TUser } from '@lawfirm/shared-types';
import { useAuth } from '../auth/AuthContext.tsx';
import { useSync } from '../sync/hooks.ts';
import { api, ApiError } from '../http/client.ts';
import {
  CheckboxField,
  CNIC_MASK,
  FormError,
  MaskedField,
  PasswordField,
  PhoneField,
  SelectField,
  TextField,
  useForm,
} from '../ui/form.tsx';
import { useToast } from '../feedback/toast.tsx';
import { useApiList } from '../tables/useApiList.tsx';
import { useConfirmedDelete } from '../feedback/useConfirmedDelete.tsx';
import { useDiscardGuard } from '../ui/useDiscardGuard.tsx';
import { useOnline } from '../browser/useOnline.ts';
import { ContactPersonsField } from './ContactPersonsField.tsx';
import { ProfileImageField } from './ProfileImageField.tsx';
import { deleteUser, saveUser } from './users.api.ts';
import { ALL_ROLES } from './users.local.ts';
import {
  contactsOf,
  generatePassword,
  initialValues,
  placeServerErrors,
  toPayload,
  validateContacts,
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

  const validate = useCallback(
    (v: TUserFormValues) => validateUser(v, { creating, needsCompany }),
    [creating, needsCompany],
  );
  const form = useForm(
    initialValues(user, {
      generatedPassword: generated,
      companyId: companyParam,
      // "Add Admin" on the companies list registers the firm's admin.
      roleId: companyParam ? ROLE_IDS.ADMIN : undefined,
    }),
    validate,
  );
  const v = form.values;

  const [contacts, setContacts] = useState<TContactDraft[]>(() => contactsOf(user));
  const [firstContacts] = useState(contacts);
  const [contactErrors, setContactErrors] = useState<Record<string, TContactErrors>>({});
  const [contactsError, setContactsError] = useState<string | undefined>();
  const [image, setImage] = useState<File | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // Back (or any other way out of the page) with something typed and not saved asks first.
  const guard = useDiscardGuard(form.dirty || contacts !== firstContacts || image !== null);

  const dropContact = (c: TContactDraft) => setContacts((cs) => cs.filter((x) => x.key !== c.key));
  // A saved contact person is a user row on the server (rest-contract #105): removing it is a real delete.
  const contactRemover = useConfirmedDelete<TContactDraft>(
    (c) => deleteUser(c.id ?? ''),
    MSG.deletedOk,
    dropContact,
  );

  const showServerErrors = (e: unknown, contactKeys: string[]) => {
    if (!(e instanceof ApiError) || e.status !== 422) {
      toast.failed(e);
      return;
    }
    const placed = placeServerErrors(e, Object.keys(v), contactKeys);
    form.setServerErrors(placed.fields);
    setContactErrors(placed.contacts);
    setContactsError(placed.contactsError);
    setFormError(placed.other ?? null);
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

  const send = async (values: TUserFormValues) => {
    setFormError(null);
    setContactsError(undefined);
    const rowErrors = validateContacts(contacts);
    setContactErrors(rowErrors);
    if (Object.keys(rowErrors).length) return;

    const { body, contactKeys } = toPayload(values, { user, contacts, canApprove: mayEditAccess });
    let saved: Awaited<ReturnType<typeof saveUser>>;
    try {
      saved = await saveUser(body);
    } catch (e) {
      showServerErrors(e, contactKeys);
      return;
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
      <form ref={formRef} noValidate onSubmit={form.handleSubmit(send)}>
        <div style={grid}>
          <TextField label="Name" required autoComplete="off" {...form.bind('name')} />
          <MaskedField label="CNIC" mask={CNIC_MASK} {...form.bind('cnic')} />
          <TextField label="Email" type="email" required autoComplete="off" {...form.bind('email')} />
          <PhoneField label="Phone" {...form.bind('phone')} />
          <PasswordField
            label="Password"
            required={creating}
            autoComplete="new-password"
            hint={passwordHint}
            {...form.bind('password')}
          />
          <PasswordField
            label="Confirm Password"
            required={creating}
            autoComplete="new-password"
            {...form.bind('confirm_password')}
          />
          {editingSelf && (
            <PasswordField
              label="Current Password"
              autoComplete="current-password"
              hint="Needed only to change your password."
              {...form.bind('current_password')}
            />
          )}
          <SelectField
            label="Role"
            required
            placeholder="--Select--"
            options={roleOptions}
            disabled={!canChangeRole || editingSelf}
            {...form.bind('role_id')}
          />
          {needsCompany && (
            <SelectField
              label="Company"
              required
              placeholder="--Select--"
              options={companyOptions}
              {...form.bind('company_id')}
            />
          )}
          <TextField label="Address" autoComplete="street-address" {...form.bind('address')} />
          <TextField label="City" autoComplete="address-level2" {...form.bind('city')} />
          <TextField label="Province" autoComplete="address-level1" {...form.bind('province')} />
          <TextField label="Zip" autoComplete="postal-code" inputMode="numeric" {...form.bind('zip')} />
          <ProfileImageField
            file={image}
            currentName={user?.attachment?.file_name ?? null}
            onChange={setImage}
          />
        </div>

        <ContactPersonsField
          contacts={contacts}
          errors={contactErrors}
          sectionError={contactsError}
          onChange={setContacts}
          onRemove={(c) => (c.id ? contactRemover.ask(c) : dropContact(c))}
        />

        <CheckboxField label="Send Email" {...form.bindCheck('send_email')} />
        <CheckboxField label="Is Moot Student" {...form.bindCheck('is_moot_student')} />
        {v.is_moot_student && (
          <div style={grid}>
            <TextField label="Moot Team No" required {...form.bind('moot_team_no')} />
            <TextField label="Moot Institute" {...form.bind('moot_institute')} />
          </div>
        )}
        {mayEditAccess && (
          <CheckboxField
            label={user?.is_approved ? 'Block this User' : 'Approve this User'}
            {...form.bindCheck('approval_toggle')}
          />
        )}

        <FormError message={formError} />
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
      {guard.dialog}
    </section>
  );
}
