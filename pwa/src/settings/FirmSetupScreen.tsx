import { useState } from 'react';
import { useNavigate } from 'react-router';
import { MSG_PHONE_NOT_PK } from '@lawfirm/shared-types/common/phone.ts';
import { useAuth } from '../auth/AuthContext.tsx';
import { putLocal } from '../sync/actions.ts';
import { useEntityRows, useSync } from '../sync/hooks.ts';
import type { TDraft, TField } from '../ui/fields.ts';
import { Field } from '../ui/forms/Field.tsx';
import { useFieldForm } from '../ui/forms/useFieldForm.tsx';
import { ScreenGuard } from '../shell/ScreenGuard.tsx';
import { useToast } from '../feedback/toast.tsx';
import { useSaveReport } from '../feedback/useSaveReport.ts';
import {
  firmSetupErrors,
  firmSetupPatch,
  firmSetupValuesOf,
  MSG_FIRM_ADDRESS_REQUIRED,
  MSG_FIRM_NAME_REQUIRED,
  MSG_FIRM_PHONE_REQUIRED,
  postponeSetup,
  type TFirmSetupValues,
} from './firm-setup.logic.ts';
import type { TSettingsRow } from './settings-form.logic.ts';

export const FIRM_SETUP_SAVED = 'The firm is set up.';

export function FirmSetupScreen() {
  return (
    <ScreenGuard permission="settings.manage">
      <LoadFirmSetup />
    </ScreenGuard>
  );
}

/** The settings row comes from this device's database: the screen opens and saves with no network. */
function LoadFirmSetup() {
  const row = useEntityRows<TSettingsRow>('settings')?.[0];
  if (!row)
    return (
      <section className="page">
        <h1>Set up your firm</h1>
        <p role="status">Loading....</p>
      </section>
    );
  return <FirmSetupForm row={row} />;
}

const FIELDS: TField[] = [
  { key: 'name', label: 'Firm name', required: MSG_FIRM_NAME_REQUIRED },
  { key: 'address', label: 'Address', kind: 'textarea', required: MSG_FIRM_ADDRESS_REQUIRED },
  // Shown as invoices print it once typed (04237654321 becomes 042-37654321).
  {
    key: 'phone',
    label: 'Phone',
    kind: 'phone',
    required: MSG_FIRM_PHONE_REQUIRED,
    invalid: MSG_PHONE_NOT_PK,
  },
  { key: 'email', label: 'Email' },
];
const check = (d: TDraft) => firmSetupErrors(d as TFirmSetupValues);

function FirmSetupForm({ row }: { row: TSettingsRow }) {
  const ctx = useSync();
  const { user } = useAuth();
  const navigate = useNavigate();
  const toast = useToast();
  const saved = useSaveReport();
  // The versions the form showed: a save is based on them (see below).
  const [seen] = useState(() => ({ ...(row.field_versions ?? {}) }));
  const form = useFieldForm(FIELDS, () => firmSetupValuesOf(row), { check });

  const send = async () => {
    if (!ctx) throw new Error('The local database is not open yet.');
    const patch = firmSetupPatch(form.draft as TFirmSetupValues, row);
    try {
      await saved(async () => {
        // Only the fields this screen changed, based on the versions it showed: another admin's edit of the
        // same field meanwhile becomes a conflict, not an overwrite.
        if (Object.keys(patch).length) await putLocal(ctx.db, 'settings', row.id, patch, { seen });
      }, FIRM_SETUP_SAVED);
      void navigate('/', { replace: true });
    } catch (e) {
      toast.failed(e);
      throw e;
    }
  };

  const later = () =>
    form.leave(() => {
      if (user) postponeSetup(user.id);
      void navigate('/', { replace: true });
    });

  return (
    <section className="page" aria-labelledby="firm-setup-title" style={{ maxWidth: 640 }}>
      <h1 id="firm-setup-title">Set up your firm</h1>
      <p>Your firm&rsquo;s name, address and phone go on its invoices and on the pages your clients see.</p>
      <form noValidate onSubmit={form.submit(send)}>
        <Field autoComplete="organization" {...form.bind('name')} />
        <Field rows={2} autoComplete="street-address" {...form.bind('address')} />
        <Field autoComplete="tel" placeholder="042-37654321" {...form.bind('phone')} />
        <Field type="email" autoComplete="email" {...form.bind('email')} />
        <div className="head-actions">
          <button type="submit" className="btn primary" disabled={form.submitting}>
            Save
          </button>
          <button type="button" className="btn" onClick={later}>
            Later
          </button>
        </div>
      </form>
      {form.dialog}
    </section>
  );
}
