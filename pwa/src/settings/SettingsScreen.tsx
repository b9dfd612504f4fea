import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { DEFAULT_SITE_URL, MSG, ZSettingsInput } from '@lawfirm/shared-types';
import {
  DEFAULT_TELL_CLIENT_TEMPLATES,
  TELL_CLIENT_PLACEHOLDERS,
} from '@lawfirm/shared-types/court-day/tell-client.ts';
import { putLocal } from '../sync/actions.ts';
import { useEntityRows, useSync, useSyncStatus } from '../sync/hooks.ts';
import { api, ApiError } from '../http/client.ts';
import { draftErrors, PHONE_MASK, type TDraftErrors, type TField } from '../ui/fields.ts';
import { Field } from '../ui/forms/Field.tsx';
import { checkWith } from '../ui/forms/schemaRules.ts';
import { useFieldForm } from '../ui/forms/useFieldForm.tsx';
import { useFieldRows } from '../ui/forms/useFieldRows.tsx';
import { ScreenGuard } from '../shell/ScreenGuard.tsx';
import { useToast } from '../feedback/toast.tsx';
import { useSaveReport } from '../feedback/useSaveReport.ts';
import {
  AdditionalEmailsField,
  EMAIL_ROW_FIELDS,
  emailRow,
  type TEmailRow,
} from './AdditionalEmailsField.tsx';
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

/** The settings' fields, each on its tab (part 3 §3). */
const FIELDS: (TField & { key: TTextSetting })[] = [
  { key: 'site_name', label: 'Site Name' },
  { key: 'site_email', label: 'Site Email' },
  { key: 'site_phone', label: 'Site Phone', mask: PHONE_MASK },
  { key: 'site_url', label: 'Site URL' },
  { key: 'invoice_heading', label: 'Invoice Heading' },
  { key: 'invoice_heading_left', label: 'Invoice Heading Left', kind: 'textarea' },
  { key: 'invoice_heading_right', label: 'Invoice Heading Right', kind: 'textarea' },
  { key: 'invoice_address', label: 'Invoice Address', kind: 'textarea' },
  // A Pakistani number, shown as invoices print it once typed (04237654321 becomes 042-37654321).
  { key: 'invoice_phone', label: 'Invoice Phone', kind: 'phone' },
  { key: 'login_page_content', label: 'Login Page Content', kind: 'textarea' },
  { key: 'host_whereby_iframe', label: 'Host Whereby Iframe' },
  { key: 'public_whereby_iframe', label: 'Public Whereby Iframe' },
  { key: 'site_file_name', label: 'Site File Name' },
  { key: 'tell_client_en', label: 'Tell Client Message (English)', kind: 'textarea' },
  { key: 'tell_client_ur', label: 'Tell Client Message (Urdu)', kind: 'textarea' },
];
/** The row's rules with their messages, on the text as typed (the schema trims and empties it itself). */
const check = checkWith(ZSettingsInput.omit({ additionalemails: true }));

const emailValues = (rows: readonly TEmailRow[]) => rows.map((r) => r.value.trim()).filter(Boolean);

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
  const emails = useFieldRows<TEmailRow>(EMAIL_ROW_FIELDS, () =>
    base.values.additionalemails.map((e) => emailRow(e)),
  );
  // The tabs keep what was typed on each; leaving the page (FIR Sections, the menu) with it unsaved asks first.
  const form = useFieldForm(FIELDS, () => formValuesOf(base.values), { check, dirty: emails.dirty });
  const typed = () => form.draft as TFormValues;

  // A newer copy of the row (pulled, or this device's own save) updates the fields the user has not edited.
  const latest = useRef({ base, draft: form.draft, rows: emails.rows, form, emails });
  useEffect(() => {
    latest.current = { base, draft: form.draft, rows: emails.rows, form, emails };
  });
  const version = row ? JSON.stringify([row.version, row.field_versions, settingsOf(row)]) : '';
  useEffect(() => {
    if (!row) return;
    const cur = latest.current;
    const next = followRow(cur.base, cur.draft as TFormValues, emailValues(cur.rows), row);
    setBase(next.base);
    if (Object.keys(next.form).length) cur.form.follow(next.form);
    if (next.emails) cur.emails.reset(next.emails.map((e) => emailRow(e)));
    // `version` stands for the row's content: the row object itself is new on every live-query answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [version]);

  const openTabOf = (errors: TDraftErrors) => {
    const first = TEXT_SETTINGS.find((k) => errors[k]);
    if (first) setTab(TAB_OF[first]);
  };

  /** A firm without a settings row: only the server can create it (POST /api/settings), then it syncs. */
  const createOnServer = async (values: TFormValues, extra: string[]) => {
    try {
      await api('/api/settings', { method: 'POST', json: { ...values, additionalemails: extra } });
      toast.success(MSG.savedOk);
      void ctx?.engine.syncNow();
    } catch (e) {
      const fieldErrors: TDraftErrors = {};
      if (e instanceof ApiError) for (const k of TEXT_SETTINGS) fieldErrors[k] = e.field(k);
      if (Object.values(fieldErrors).some(Boolean)) {
        form.setServerErrors(fieldErrors);
        openTabOf(fieldErrors);
      } else toast.failed(e);
      throw e;
    }
  };

  const send = async () => {
    const rows = emails.read();
    if (!rows) {
      setTab('general');
      throw new Error('An additional email is not valid');
    }
    const values = typed();
    const extra = emailValues(emails.rows);
    if (!row || !ctx) {
      await createOnServer(values, extra);
      emails.reset(emails.rows);
      return;
    }
    const changed = changedSettings(values, extra, base.values);
    try {
      // Only the changed fields, based on the versions the form showed: see followRow.
      await saved(async () => {
        if (Object.keys(changed).length)
          await putLocal(ctx.db, 'settings', row.id, changed, { seen: base.seen });
      }, MSG.savedOk);
    } catch (e) {
      toast.failed(e);
      throw e;
    }
    setBase((b) => ({ ...b, values: { ...b.values, ...changed } }));
    emails.reset(emails.rows);
    // An empty site URL is saved as the default one (as the server's own save does): show it.
    form.reset({ ...values, site_url: values.site_url.trim() ? values.site_url : DEFAULT_SITE_URL });
  };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    // A field in error on a hidden tab could not be seen or focused: show its tab first.
    openTabOf(draftErrors(FIELDS, form.draft, { check }));
    form.submit(send)(e);
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
          <Field {...form.bind('site_name')} />
          <Field type="email" {...form.bind('site_email')} />
          <Field type="tel" autoComplete="tel" placeholder="0300-1234567" {...form.bind('site_phone')} />
          <Field type="url" inputMode="url" placeholder={DEFAULT_SITE_URL} {...form.bind('site_url')} />
          <AdditionalEmailsField
            rows={emails.rows}
            errors={emails.errors}
            onAdd={emails.add}
            onEdit={emails.edit}
            onRemove={emails.remove}
          />
        </TabPanel>
        <TabPanel id="invoice" active={tab}>
          <Field {...form.bind('invoice_heading')} />
          <Field rows={3} {...form.bind('invoice_heading_left')} />
          <Field rows={3} {...form.bind('invoice_heading_right')} />
          <Field rows={2} {...form.bind('invoice_address')} />
          <Field autoComplete="tel" placeholder="042-37654321" {...form.bind('invoice_phone')} />
        </TabPanel>
        <TabPanel id="site" active={tab}>
          <Field
            rows={10}
            hint="HTML shown on the login page."
            style={{ fontFamily: 'monospace' }}
            {...form.bind('login_page_content')}
          />
          <Field inputMode="url" {...form.bind('host_whereby_iframe')} />
          <Field inputMode="url" {...form.bind('public_whereby_iframe')} />
          <Field
            hint="File name of the site logo under storage/attachments/settings."
            {...form.bind('site_file_name')}
          />
        </TabPanel>
        <TabPanel id="messages" active={tab}>
          <Field
            rows={4}
            hint={PLACEHOLDERS_HINT}
            placeholder={DEFAULT_TELL_CLIENT_TEMPLATES.en}
            {...form.bind('tell_client_en')}
          />
          <Field
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
      {emails.dialog}
      {form.dialog}
    </section>
  );
}
