import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { DEFAULT_SITE_URL, MSG, ZSettingsInput, type TSettings } from '@lawfirm/shared-types';
import { api, ApiError } from '../ui/api.ts';
import {
  PhoneField,
  TextAreaField,
  TextField,
  useForm,
  zodFieldErrors,
  type FieldErrors,
} from '../ui/form.tsx';
import { ScreenGuard } from '../ui/ScreenGuard.tsx';
import { useToast } from '../ui/toast.tsx';
import { useApiList } from '../ui/useApiList.tsx';
import { AdditionalEmailsField, emailRow, type TEmailRow } from './AdditionalEmailsField.tsx';
import { TabPanel, Tabs, type TTab } from './SettingsTabs.tsx';

type TTabId = 'general' | 'invoice' | 'site';
const TABS: readonly TTab<TTabId>[] = [
  { id: 'general', label: 'General Settings' },
  { id: 'invoice', label: 'Invoice Settings' },
  { id: 'site', label: 'Site Setting' },
];

type TTextSetting = Exclude<keyof TSettings, 'additionalemails'>;
type TValues = Record<TTextSetting, string>;

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
};
const TEXT_FIELDS = Object.keys(TAB_OF) as TTextSetting[];

const validate = (v: TValues): FieldErrors =>
  zodFieldErrors(ZSettingsInput.omit({ additionalemails: true }), v);

export function SettingsScreen() {
  return (
    <ScreenGuard permission="settings.manage">
      <LoadSettings />
    </ScreenGuard>
  );
}

function LoadSettings() {
  const one = useApiList<{ setting: TSettings }>('/api/settings');
  if (!one.data)
    return (
      <section className="page">
        <h1>Settings</h1>
        <p role="status">{one.loading ? 'Loading....' : 'No Records found.'}</p>
      </section>
    );
  return <SettingsForm setting={one.data.setting} />;
}

function SettingsForm({ setting }: { setting: TSettings }) {
  const toast = useToast();
  const [tab, setTab] = useState<TTabId>('general');
  const form = useForm<TValues>(
    Object.fromEntries(TEXT_FIELDS.map((k) => [k, setting[k] ?? ''])) as TValues,
    validate,
  );
  const [emails, setEmails] = useState<TEmailRow[]>(() =>
    (setting.additionalemails ?? []).map((e) => emailRow(e)),
  );

  const openTabOf = (errors: FieldErrors) => {
    const first = TEXT_FIELDS.find((k) => errors[k]);
    if (first) setTab(TAB_OF[first]);
  };

  const send = async (values: TValues) => {
    const checked = emails.map((r) =>
      r.value.trim() && !z.email().safeParse(r.value.trim()).success ? { ...r, error: MSG.emailInvalid } : r,
    );
    if (checked.some((r) => r.error)) {
      setEmails(checked);
      setTab('general');
      return;
    }
    try {
      await api('/api/settings', {
        method: 'POST',
        json: { ...values, additionalemails: emails.map((r) => r.value.trim()).filter(Boolean) },
      });
      toast.success(MSG.savedOk);
    } catch (e) {
      const fieldErrors: FieldErrors = {};
      if (e instanceof ApiError) for (const k of TEXT_FIELDS) fieldErrors[k] = e.field(k);
      if (Object.values(fieldErrors).some(Boolean)) {
        form.setServerErrors(fieldErrors);
        openTabOf(fieldErrors);
      } else toast.failed(e);
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
          <TextField label="Invoice Phone" type="tel" {...form.bind('invoice_phone')} />
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
        <button type="submit" className="btn primary" disabled={form.submitting}>
          Save
        </button>
      </form>
    </section>
  );
}
