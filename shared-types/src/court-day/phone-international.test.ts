import { describe, expect, it } from 'vitest';
import { MSG_PHONE_NOT_PK_INTL, phoneKey, toInternationalPhone } from './phone-international.ts';

describe('phone numbers in international form', () => {
  it('turns every way of typing a mobile into 923214567890 and +923214567890', () => {
    for (const typed of [
      '0321-4567890',
      '03214567890',
      '+92 321 4567890',
      '+92-321-4567890',
      '923214567890',
      '0092 321 4567890',
      '00923214567890',
      '321 4567890',
    ]) {
      expect(toInternationalPhone(typed), typed).toEqual({
        ok: true,
        phone: { digits: '923214567890', e164: '+923214567890', mobile: true },
      });
    }
  });

  it('takes a landline and says it is no mobile', () => {
    expect(toInternationalPhone('042-37654321')).toEqual({
      ok: true,
      phone: { digits: '924237654321', e164: '+924237654321', mobile: false },
    });
    expect(toInternationalPhone('0544-614123')).toMatchObject({ ok: true, phone: { digits: '92544614123' } });
  });

  it('refuses what is not a Pakistani mobile or landline, with a clear message', () => {
    for (const bad of [
      '',
      null,
      '12345',
      '0321-456789',
      '+1 212 555 0100',
      '+44 20 7946 0958',
      '0800-12345',
      'call the munshi',
      '0321-4567890 / 0300-1234567',
    ]) {
      expect(toInternationalPhone(bad), String(bad)).toEqual({ ok: false, message: MSG_PHONE_NOT_PK_INTL });
    }
  });

  it('gives one key for one number however it was written', () => {
    expect(phoneKey('0321-4567890')).toBe(phoneKey('+92 321 4567890'));
    expect(phoneKey('nope')).toBeNull();
  });
});
