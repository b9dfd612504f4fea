import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { DEFAULT_SITE_URL, MSG, ZSettingsInput } from '@lawfirm/shared-types';
import { formatPkPhone, pkPhoneError } from '@lawfirm/shared-types/common/phone.ts';
import {
  DEFAULT_TELL_CLIENT_TEMPLATES,
  TELL_CLIENT_PLACEHOLDERS,
} from '@lawfirm/shared-types/court-day/tell-client.ts';
import { putLocal } from '../sync/actions.ts';
import { useEntityRows, useSync, useSyncStatus } from '../sync/hooks.ts';
import { api, ApiError } from '../http/client.ts';
import {
  PhoneField,
  TextAreaField,
  TextField,
  useForm,
  zodFieldErrors,
  type FieldErrors,
} from '../ui/form.tsx';
import { ScreenGuard } from '../shell/ScreenGuard.tsx';
import { useToast } from '../feedback/toast.tsx';
import { useDiscardGuard } from '../ui/useDiscardGuard.tsx';
import { useSaveReport } from '../feedback/useSaveReport.ts';
import { AdditionalEmailsField, emailRow, type TEmailRow } from './AdditionalEmailsField.tsx';
import { FirmExport } from './FirmExport.tsx';
import {
  baseOf,
  changedSettings,
  followRow,
  formValuesOf,
  settingsOf,
  TEXT_SETTINGS,
  type TFormBase,
  type TFormValues,
  type TSettingsRow,
  type TTextSetting,
} from './settings-form.logic.ts';
import { TabPanel, Tabs, type TTab } from './SettingsTabs.tsx';

type TTabId = 'general' | 'invoice' | 'site' | 'messages';
const TABS: readonly TTab<TTabId>[] = [
  { id: 'general', label: 'General Settings' },
  { id: 'invoice', label: 'Invoice Settings' },
  { id: 'site', label: 'Site Setting' },
  { id: 'messages', label: 'Tell Client' },
];
const PLACEHOLDERS_HINT = `Empty: the default text. Placeholders: ${TELL_CLIENT_PLACEHOLDERS.map((p) => `{${p}}`).join(' ')}`;

/** Which tab shows each field, so a save error opens the tab where the field is. */
const TAB_OF: Record<TTextSetting, TTabId> = {
  site_name: 'general',
  site_email: 'general',
  site_phone: 'general',
  site_url: 'general',
  invoice_heading: 'invoice',
  invoice_heading_left: 'invoice',
  invoice_heading_right: 'invoice',
  invoice_address: 'invoice',
  invoice_phone: 'invoice',
  login_page_content: 'site',
  host_whereby_iframe: 'site',
  public_whereby_iframe: 'site',
  site_file_name: 'site',
  tell_client_en: 'messages',
  tell_client_ur: 'messages',
};

/** The row's rules, and the invoice phone a Pakistani number (what invoices print: shared-types phone.ts). */
const validate = (v: TFormValues): FieldErrors => {
  const errors: FieldErrors = zodFieldErrors(ZSettingsInput.omit({ additionalemails: true }), v);
  const phone = pkPhoneError(v.invoice_phone);
  return phone ? { ...errors, invoice_phone: phone } : errors;
};

const emailValues = (rows: TEmailRow[]) => rows.map((r) => r.value.trim()).filter(Boolean);

export function SettingsScreen() {
  return (
    <ScreenGuard permission="settings.manage">
      <LoadSettings />
    </ScreenGuard>
  );
}

/**
 * The firm's one settings row comes from this device's database, so the screen opens and saves offline. A
 * firm made before settings existed has no row until its first save, which only the server can create.
 */
function LoadSettings() {
  const rows = useEntityRows<TSettingsRow>('settings');
  const { lastSyncAt } = useSyncStatus();
  const row = rows?.[0];
  if (row) return <SettingsForm key={row.id} row={row} />;
  if (rows === undefined || lastSyncAt === null)
    return (
      <section className="page">
        <h1>Settings</h1>
        <p role="status">Loading....</p>
      </section>
    );
  return <SettingsForm row={null} />;
}

function SettingsForm({ row }: { row: TSettingsRow | null }) {
  const ctx = useSync();
  const toast = useToast();
  const saved = useSaveReport();
  const [tab, setTab] = useState<TTabId>('general');
  const [base, setBase] = useState<TFormBase>(() =>
    row ? baseOf(row) : { values: settingsOf(null), seen: {} },
  );
  const form = useForm<TFormValues>(formValuesOf(base.values), validate);
  const [emails, setEmails] = useState<TEmailRow[]>(() =>
    base.values.additionalemails.map((e) => emailRow(e)),
  );

  // A newer copy of the row (pulled, or this device's own save) updates the fields the user has not edited.
  const latest = useRef({ base, values: form.values, emails, setValue: form.setValue });
  useEffect(() => {
    latest.current = { base, values: form.values, emails, setValue: form.setValue };
  });
  const version = row ? JSON.stringify([row.version, row.field_versions, settingsOf(row)]) : '';
  useEffect(() => {
    if (!row) return;
    const cur = latest.current;
    const next = followRow(cur.base, cur.values, emailValues(cur.emails), row);
    setBase(next.base);
    for (const [k, v] of Object.entries(next.form)) cur.setValue(k as TTextSetting, v);
    if (next.emails) setEmails(next.emails.map((e) => emailRow(e)));
    // `version` stands for the row's content: the row object itself is new on every live-query answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [version]);

  // The tabs keep what was typed on each; leaving the page (FIR Sections, the menu) with it unsaved asks first.
  // Unsaved is what differs from the settings as this device holds them (its own saves included), compared as
  // a save stores them (trimmed) and without the save's checks, which a value being typed may not pass yet.
  const kept = settingsOf(row);
  const stored = formValuesOf(kept);
  const guard = useDiscardGuard(
    TEXT_SETTINGS.some((k) => form.values[k].trim() !== stored[k].trim()) ||
      emailValues(emails).join('\n') !== kept.additionalemails.join('\n'),
  );

  const openTabOf = (errors: FieldErrors) => {
    const first = TEXT_SETTINGS.find((k) => errors[k]);
    if (first) setTab(TAB_OF[first]);
  };

  /** A firm without a settings row: only the server can create it (POST /api/settings), then it syncs. */
  const createOnServer = async (values: TFormValues) => {
    try {
      await api('/api/settings', {
        method: 'POST',
        json: { ...values, additionalemails: emailValues(emails) },
      });
      toast.success(MSG.savedOk);
      void ctx?.engine.syncNow();
    } catch (e) {
      const fieldErrors: FieldErrors = {};
      if (e instanceof ApiError) for (const k of TEXT_SETTINGS) fieldErrors[k] = e.field(k);
      if (Object.values(fieldErrors).some(Boolean)) {
        form.setServerErrors(fieldErrors);
        openTabOf(fieldErrors);
      } else toast.failed(e);
    }
  };

  const send = async (values: TFormValues) => {
    const checked = emails.map((r) =>
      r.value.trim() && !z.email().safeParse(r.value.trim()).success ? { ...r, error: MSG.emailInvalid } : r,
    );
    if (checked.some((r) => r.error)) {
      setEmails(checked);
      setTab('general');
      return;
    }
    if (!row || !ctx) return createOnServer(values);
    const changed = changedSettings(values, emailValues(emails), base.values);
    try {
      // Only the changed fields, based on the versions the form showed: see followRow.
      await saved(async () => {
        if (Object.keys(changed).length)
          await putLocal(ctx.db, 'settings', row.id, changed, { seen: base.seen });
      }, MSG.savedOk);
      setBase((b) => ({ ...b, values: { ...b.values, ...changed } }));
      // An empty site URL is saved as the default one (as the server's own save does): show it.
      if (!values.site_url.trim()) form.setValue('site_url', DEFAULT_SITE_URL);
    } catch (e) {
      toast.failed(e);
    }
  };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    // A field in error on a hidden tab could not be seen or focused: show its tab first.
    openTabOf(validate(form.values));
    form.handleSubmit(send)(e);
  };

  return (
    <section className="page">
      <h1>Settings</h1>
      <Tabs
        label="Settings"
        tabs={TABS}
        active={tab}
        onSelect={setTab}
        after={
          <Link className="btn" to="/fir-sections">
            FIR Sections
          </Link>
        }
      />
      <form noValidate onSubmit={submit} style={{ maxWidth: 760 }}>
        <TabPanel id="general" active={tab}>
          <TextField label="Site Name" {...form.bind('site_name')} />
          <TextField label="Site Email" type="email" {...form.bind('site_email')} />
          <PhoneField label="Site Phone" {...form.bind('site_phone')} />
          <TextField
            label="Site URL"
            type="url"
            inputMode="url"
            placeholder={DEFAULT_SITE_URL}
            {...form.bind('site_url')}
          />
          <AdditionalEmailsField rows={emails} onChange={setEmails} />
        </TabPanel>
        <TabPanel id="invoice" active={tab}>
          <TextField label="Invoice Heading" {...form.bind('invoice_heading')} />
          <TextAreaField label="Invoice Heading Left" rows={3} {...form.bind('invoice_heading_left')} />
          <TextAreaField label="Invoice Heading Right" rows={3} {...form.bind('invoice_heading_right')} />
          <TextAreaField label="Invoice Address" rows={2} {...form.bind('invoice_address')} />
          <TextField
            label="Invoice Phone"
            type="tel"
            autoComplete="tel"
            placeholder="042-37654321"
            {...form.bind('invoice_phone')}
            // Shown as invoices print it once typed (04237654321 becomes 042-37654321).
            onBlur={() => {
              form.setValue('invoice_phone', formatPkPhone(form.values.invoice_phone));
              form.touch('invoice_phone');
            }}
          />
        </TabPanel>
        <TabPanel id="site" active={tab}>
          <TextAreaField
            label="Login Page Content"
            rows={10}
            hint="HTML shown on the login page."
            style={{ fontFamily: 'monospace' }}
            {...form.bind('login_page_content')}
          />
          <TextField label="Host Whereby Iframe" inputMode="url" {...form.bind('host_whereby_iframe')} />
          <TextField label="Public Whereby Iframe" inputMode="url" {...form.bind('public_whereby_iframe')} />
          <TextField
            label="Site File Name"
            hint="File name of the site logo under storage/attachments/settings."
            {...form.bind('site_file_name')}
          />
        </TabPanel>
        <TabPanel id="messages" active={tab}>
          <TextAreaField
            label="Tell Client Message (English)"
            rows={4}
            hint={PLACEHOLDERS_HINT}
            placeholder={DEFAULT_TELL_CLIENT_TEMPLATES.en}
            {...form.bind('tell_client_en')}
          />
          <TextAreaField
            label="Tell Client Message (Urdu)"
            rows={4}
            dir="rtl"
            lang="ur"
            hint={PLACEHOLDERS_HINT}
            placeholder={DEFAULT_TELL_CLIENT_TEMPLATES.ur}
            {...form.bind('tell_client_ur')}
          />
        </TabPanel>
        <button type="submit" className="btn primary" disabled={form.submitting}>
          Save
        </button>
      </form>
      <FirmExport />
      {guard.dialog}
    </section>
  );
}
