import type { LightMyRequestResponse as InjectResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from './helper.ts';
import { multipart } from './case-files-helpers.ts';

/**
 * The original Vue client as a browser sends its calls (rest-contract.md "Conventions"): from the origin a firm
 * lists in CORS_ORIGINS, with `Authorization: Bearer <token>` ("Bearer null" when signed out), JSON bodies as
 * axios encodes them and FormData as multipart.
 */
export const LEGACY_ORIGIN = 'http://old-client.firm.example.pk';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type LegacyClient = {
  token: string;
  call: (method: Method, url: string, payload?: object, token?: string | null) => Promise<InjectResponse>;
  /** A FormData POST (multipart, the browser's boundary), with the token. */
  form: (
    url: string,
    fields: Record<string, string>,
    files?: { filename: string; type: string; data: Buffer }[],
  ) => Promise<InjectResponse>;
};

/** Login.vue: a FormData of email and password (multipart, no auth header); the token goes to localStorage. */
export async function legacyLogin(t: TestApp, email: string, password: string): Promise<LegacyClient> {
  const login = multipart({ email, password }, []);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { ...login.headers, origin: LEGACY_ORIGIN },
    payload: login.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  const token = res.json<{ token: string }>().token;
  const call: LegacyClient['call'] = (method, url, payload, as = token) =>
    t.app.inject({
      method,
      url,
      headers: { origin: LEGACY_ORIGIN, authorization: `Bearer ${as}` },
      ...(payload ? { payload } : {}),
    });
  const form: LegacyClient['form'] = (url, fields, files = []) => {
    const body = multipart(fields, files);
    return t.app.inject({
      method: 'POST',
      url,
      headers: { ...body.headers, origin: LEGACY_ORIGIN, authorization: `Bearer ${token}` },
      payload: body.payload,
    });
  };
  return { token, call, form };
}

/**
 * A query string as axios 0.25 builds it from `params` (its buildURL): keys in order, null and undefined left
 * out, a list as `key[]=` once per item (a null item as "null"), a Date as its ISO instant; `[`, `]`, `:` and
 * `,` are left unescaped, a space is `+`.
 */
export function axiosQuery(params: Record<string, unknown>): string {
  const encode = (v: string) =>
    encodeURIComponent(v)
      .replace(/%3A/gi, ':')
      .replace(/%24/g, '$')
      .replace(/%2C/gi, ',')
      .replace(/%20/g, '+')
      .replace(/%5B/gi, '[')
      .replace(/%5D/gi, ']');
  const parts: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined) continue;
    const list = Array.isArray(value) ? value : [value];
    const name = Array.isArray(value) ? `${key}[]` : key;
    for (const v of list) {
      const text =
        v instanceof Date ? v.toISOString() : typeof v === 'object' && v ? JSON.stringify(v) : String(v);
      parts.push(`${encode(name)}=${encode(text)}`);
    }
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/**
 * What `moment(value).format("DD/MM/YYYY")` shows in a browser in Pakistan (the calendar modal's dateTime()):
 * an ISO date is the day it names, an ISO instant the day it is in Asia/Karachi; any other text goes to the
 * browser's Date parser, which reads "11/03/2026" as month/day (3 November) and "25/11/2026" as no date.
 */
export function momentDayInKarachi(value: string): string {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (iso) return `${iso[3]}/${iso[2]}/${iso[1]}`;
  if (/^\d{4}-\d{2}-\d{2}T/.test(value)) {
    const ms = Date.parse(value);
    if (Number.isNaN(ms)) return 'Invalid date';
    const parts = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Karachi',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    }).formatToParts(new Date(ms));
    const part = (type: string) => parts.find((p) => p.type === type)!.value;
    return `${part('day')}/${part('month')}/${part('year')}`;
  }
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  if (!us || Number(us[1]) > 12 || Number(us[2]) > 31) return 'Invalid date';
  return `${us[2]!.padStart(2, '0')}/${us[1]!.padStart(2, '0')}/${us[3]}`;
}
