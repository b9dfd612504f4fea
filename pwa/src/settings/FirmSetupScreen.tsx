import { useState } from 'react';
import { useNavigate } from 'react-router';
import { formatPkPhone } from '@lawfirm/shared-types/common/phone.ts';
import { useAuth } from '../auth/AuthContext.tsx';
import { putLocal } from '../sync/actions.ts';
import { useEntityRows, useSync } from '../sync/hooks.ts';
import { TextAreaField, TextField, useForm, type FieldErrors } from '../ui/form.tsx';
import { ScreenGuard } from '../shell/ScreenGuard.tsx';
import { useToast } from '../feedback/toast.tsx';
import { useDiscardGuard } from '../ui/useDiscardGuard.tsx';
import { useSaveReport } from '../feedback/useSaveReport.ts';
import {
  firmSetupErrors,
  firmSetupPatch,
  firmSetupValuesOf,
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

const validate = (v: TFirmSetupValues): FieldErrors => firmSetupErrors(v);

function FirmSetupForm({ row }: { row: TSettingsRow }) {
  const ctx = useSync();
  const { user } = useAuth();
  const navigate = useNavigate();
  const toast = useToast();
  const saved = useSaveReport();
  const [opened] = useState(() => ({
    values: firmSetupValuesOf(row),
    seen: { ...(row.field_versions ?? {}) },
  }));
  const form = useForm<TFirmSetupValues>(opened.values, validate);
  const dirty = (Object.keys(opened.values) as (keyof TFirmSetupValues)[]).some(
    (k) => form.values[k].trim() !== opened.values[k].trim(),
  );
  const guard = useDiscardGuard(dirty);

  const send = async (values: TFirmSetupValues) => {
    if (!ctx) return;
    const patch = firmSetupPatch(values, row);
    try {
      await saved(async () => {
        // Only the fields this screen changed, based on the versions it showed: another admin's edit of the
        // same field meanwhile becomes a conflict, not an overwrite.
        if (Object.keys(patch).length)
          await putLocal(ctx.db, 'settings', row.id, patch, { seen: opened.seen });
      }, FIRM_SETUP_SAVED);
      void navigate('/', { replace: true });
    } catch (e) {
      toast.failed(e);
    }
  };

  const later = () =>
    guard.leave(() => {
      if (user) postponeSetup(user.id);
      void navigate('/', { replace: true });
    });

  return (
    <section className="page" aria-labelledby="firm-setup-title" style={{ maxWidth: 640 }}>
      <h1 id="firm-setup-title">Set up your firm</h1>
      <p>Your firm&rsquo;s name, address and phone go on its invoices and on the pages your clients see.</p>
      <form noValidate onSubmit={form.handleSubmit(send)}>
        <TextField label="Firm name" required autoComplete="organization" {...form.bind('name')} />
        <TextAreaField
          label="Address"
          required
          rows={2}
          autoComplete="street-address"
          {...form.bind('address')}
        />
        <TextField
          label="Phone"
          required
          type="tel"
          autoComplete="tel"
          placeholder="042-37654321"
          {...form.bind('phone')}
          // Shown as invoices print it once typed (04237654321 becomes 042-37654321).
          onBlur={() => {
            form.setValue('phone', formatPkPhone(form.values.phone));
            form.touch('phone');
          }}
        />
        <TextField label="Email" type="email" autoComplete="email" {...form.bind('email')} />
        <div className="head-actions">
          <button type="submit" className="btn primary" disabled={form.submitting}>
            Save
          </button>
          <button type="button" className="btn" onClick={later}>
            Later
          </button>
        </div>
      </form>
      {guard.dialog}
    </section>
  );
}
