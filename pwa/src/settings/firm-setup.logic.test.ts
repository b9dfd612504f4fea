import { describe, expect, it } from 'vitest';
import { MSG_PHONE_NOT_PK } from '@lawfirm/shared-types/common/phone.ts';
import { firmSetupErrors, firmSetupPatch, needsFirmSetup } from './firm-setup.logic.ts';

describe('firm setup', () => {
  it('a firm needs setting up while none of its contact details is set', () => {
    expect(needsFirmSetup({ site_name: 'Khan Law', invoice_heading: 'Khan Law' })).toBe(true);
    expect(needsFirmSetup({ site_name: 'Khan Law', site_phone: '0300-1234567' })).toBe(false);
    expect(needsFirmSetup({ invoice_address: '12 Fane Road' })).toBe(false);
    expect(needsFirmSetup(null)).toBe(false);
  });

  it('the name, address and phone are required and the phone must be Pakistani', () => {
    expect(firmSetupErrors({ name: ' ', address: '', phone: '', email: '' })).toEqual({
      name: "The firm's name is required.",
      address: "The firm's address is required.",
      phone: "The firm's phone is required.",
    });
    expect(firmSetupErrors({ name: 'A', address: 'B', phone: '12345', email: 'x@' })).toEqual({
      phone: MSG_PHONE_NOT_PK,
      email: 'The site email must be a valid email address.',
    });
  });

  it('writes only what changed; the heading follows the name unless the firm set its own', () => {
    const base = { site_name: 'Khan Law', invoice_heading: 'Khan Law', site_email: null };
    expect(
      firmSetupPatch({ name: 'Khan Law', address: ' 12 Fane Road ', phone: '03001234567', email: '' }, base),
    ).toEqual({ invoice_address: '12 Fane Road', invoice_phone: '0300-1234567', site_phone: '0300-1234567' });
    expect(
      firmSetupPatch(
        { name: 'Khan & Co', address: 'A', phone: '04237654321', email: '' },
        { ...base, invoice_heading: 'KHAN & CO. ADVOCATES' },
      ),
    ).toEqual({ site_name: 'Khan & Co', invoice_address: 'A', invoice_phone: '042-37654321' });
  });
});
