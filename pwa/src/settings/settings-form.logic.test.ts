import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_URL } from '@lawfirm/shared-types';
import {
  baseOf,
  changedSettings,
  followRow,
  formValuesOf,
  settingsOf,
  type TSettingsRow,
} from './settings-form.logic.ts';

const row = (over: Partial<TSettingsRow> = {}): TSettingsRow => ({
  ...settingsOf({ site_name: 'Khan & Co', site_url: DEFAULT_SITE_URL, additionalemails: ['a@x.pk'] }),
  id: 's1',
  field_versions: { site_name: 3, site_phone: 3, site_url: 3, additionalemails: 3 },
  ...over,
});

describe('changedSettings', () => {
  it('sends only the fields the user changed, normalised as the server stores them', () => {
    const base = settingsOf(row());
    const form = { ...formValuesOf(base), site_name: '  Khan Law  ', invoice_heading: '' };
    expect(changedSettings(form, ['a@x.pk'], base)).toEqual({ site_name: 'Khan Law' });
  });

  it('an emptied site URL is saved as the default one, as the REST save does', () => {
    const base = settingsOf(row({ site_url: 'https://khan.pk' }));
    const form = { ...formValuesOf(base), site_url: '' };
    expect(changedSettings(form, ['a@x.pk'], base)).toEqual({ site_url: DEFAULT_SITE_URL });
  });

  it('sees a changed list of additional emails', () => {
    const base = settingsOf(row());
    expect(changedSettings(formValuesOf(base), ['a@x.pk', 'b@x.pk'], base)).toEqual({
      additionalemails: ['a@x.pk', 'b@x.pk'],
    });
  });
});

describe('followRow', () => {
  it('takes newer values and versions for untouched fields and keeps what the user typed', () => {
    const base = baseOf(row());
    const form = { ...formValuesOf(base.values), site_name: 'Typed here' };
    const pulled = row({
      site_name: 'Changed elsewhere',
      site_phone: '0300-1234567',
      field_versions: { site_name: 9, site_phone: 9, site_url: 3, additionalemails: 3 },
    });
    const next = followRow(base, form, ['a@x.pk'], pulled);
    expect(next.form).toEqual({ site_phone: '0300-1234567' });
    expect(next.emails).toBeNull();
    // The edited field stays based on the version the user saw: saving it will show a conflict.
    expect(next.base.seen.site_name).toBe(3);
    expect(next.base.values.site_name).toBe('Khan & Co');
    expect(next.base.seen.site_phone).toBe(9);
    expect(next.base.values.site_phone).toBe('0300-1234567');
  });
});
