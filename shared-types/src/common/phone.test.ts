import { describe, expect, it } from 'vitest';
import { formatPkPhone, MSG_PHONE_NOT_PK, parsePkPhone, pkPhoneError } from './phone.ts';

describe('Pakistani phone numbers', () => {
  it('formats a mobile as 0300-1234567, however it was typed', () => {
    for (const typed of ['03001234567', '0300 1234567', '0300-123-4567', '+92 300 1234567', '00923001234567'])
      expect(parsePkPhone(typed), typed).toBe('0300-1234567');
    expect(parsePkPhone('923451234567')).toBe('0345-1234567');
    expect(parsePkPhone('3211234567')).toBe('0321-1234567');
  });

  it('formats a landline with a two-digit area code (Lahore, Islamabad, Karachi)', () => {
    expect(parsePkPhone('04237654321')).toBe('042-37654321');
    expect(parsePkPhone('042 3765 4321')).toBe('042-37654321');
    expect(parsePkPhone('+92 42 37654321')).toBe('042-37654321');
    expect(parsePkPhone('0512345678')).toBe('051-2345678');
    expect(parsePkPhone('(021) 35678901')).toBe('021-35678901');
  });

  it('formats a landline with a three- or four-digit area code', () => {
    expect(parsePkPhone('0544614123')).toBe('0544-614123'); // Jhelum
    expect(parsePkPhone('09924512345')).toBe('0992-4512345'); // Abbottabad
    expect(parsePkPhone('05822444123')).toBe('05822-444123'); // Muzaffarabad
  });

  it('formats a UAN and a toll-free number', () => {
    expect(parsePkPhone('042111222333')).toBe('042-111-222-333');
    expect(parsePkPhone('080012345')).toBe('0800-12345');
  });

  it('refuses what is not a Pakistani number, with a clear message', () => {
    for (const bad of [
      '12345',
      '0300123456', // a digit short
      '030012345678', // a digit long
      '042376', // a landline without enough digits
      '+1 212 555 0100',
      '0300-1234567, 042-37654321',
      'call me',
    ]) {
      expect(parsePkPhone(bad), bad).toBeNull();
      expect(pkPhoneError(bad), bad).toBe(MSG_PHONE_NOT_PK);
    }
    expect(pkPhoneError('')).toBeNull();
    expect(pkPhoneError(null)).toBeNull();
    expect(pkPhoneError('04237654321')).toBeNull();
  });

  it('shows a stored number formatted, and anything else as it was stored', () => {
    expect(formatPkPhone('04237654321')).toBe('042-37654321');
    expect(formatPkPhone(' Ext. 12 ')).toBe('Ext. 12');
    expect(formatPkPhone(null)).toBe('');
  });
});
