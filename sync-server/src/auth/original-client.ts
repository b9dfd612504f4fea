import { z } from 'zod';
import type { FastifyRequest, onRequestHookHandler, preSerializationAsyncHookHandler } from 'fastify';
import type { TUser } from '@lawfirm/shared-types';
import type { AuthContext } from './auth.plugin.ts';
import { verifyToken } from './tokens.ts';
import type { TFieldErrors } from '../http/errors.ts';

/**
 * Whether a request comes from the original web client a migrating firm keeps for a while: it runs on an origin
 * listed in CORS_ORIGINS (the browser names it), and once signed in it carries the working-day token of
 * POST /api/login, which our PWA never uses. Only what an answer shows is chosen by this, never who may do what.
 */
export async function fromOriginalClient(req: FastifyRequest): Promise<boolean> {
  const origin = req.headers.origin;
  if (origin && req.server.config.corsOrigins.includes(origin)) return true;
  const h = req.headers.authorization;
  if (!h?.startsWith('Bearer ')) return false;
  const claims = await verifyToken(req.server.config, h.slice(7).trim());
  return claims?.typ === 'legacy';
}

/** The field errors with every other field's messages also under `key` (after its own), each once. */
export function alsoUnder(fields: TFieldErrors, key: string): TFieldErrors {
  const shown = [...(fields[key] ?? [])];
  for (const [field, messages] of Object.entries(fields))
    if (field !== key) for (const m of messages) if (!shown.includes(m)) shown.push(m);
  return shown.length ? { ...fields, [key]: shown } : fields;
}

/**
 * A route's preSerialization hook for forms of the original client that show a server error under one field
 * only (the user form and sign-up read `validation_error.email[0]`): a 422 to that client also lists every
 * other field's messages under it, so a password too short or a missing bot check is seen. Each message stays
 * under its own field too; our PWA, which places every field, gets the answer as it is.
 */
export const showErrorsUnder =
  (key: string): preSerializationAsyncHookHandler =>
  async (req, reply, payload) => {
    if (reply.statusCode !== 422 || !payload || typeof payload !== 'object') return payload;
    const fields = (payload as { validation_error?: TFieldErrors }).validation_error;
    if (!fields || !(await fromOriginalClient(req))) return payload;
    return { ...payload, validation_error: alsoUnder(fields, key) };
  };

/** The fields of a list row the original client's selects (PrimeVue) show and send: `label` and `value`. */
export const ZSelectOption = z.object({ label: z.string(), value: z.string() });

/** Rows of a list a select of the original client offers, with `label` and `value` beside their own fields. */
export const asSelectOptions = <T extends { id: string }>(rows: T[], label: (row: T) => string) =>
  rows.map((r) => ({ ...r, label: label(r), value: r.id }));

/**
 * The onRequest hook of the original client's /storage URLs. Every answer carries a same-origin resource policy,
 * which keeps a page on another origin from showing these images. With legacy public storage on and origins
 * listed in CORS_ORIGINS (the original client runs there), the files are served to anyone who knows the path
 * anyway, so the policy lets any origin embed them; otherwise the answer keeps same-origin.
 */
export const legacyStorageHeaders: onRequestHookHandler = (req, reply, done) => {
  const { legacyPublicStorage, corsOrigins } = req.server.config;
  if (legacyPublicStorage && corsOrigins.length)
    reply.raw.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
  done();
};

/**
 * The provider firm as the original client knows it: its pages show the provider's dashboard tiles and menus
 * when the signed-in user's `company_id == 1`, which our UUIDs never are.
 */
export const LEGACY_PROVIDER_COMPANY_ID = '1';

/**
 * A company id sent by a client: the original client's "1" (what it was told of the provider firm, below)
 * names no firm, so it is read as none, which means the caller's own firm (the provider's for a provider-firm
 * user, the only one anyone else may name). No permission ever follows from this id.
 */
export const sentCompanyId = <T>(id: T): T | undefined =>
  String(id) === LEGACY_PROVIDER_COMPANY_ID ? undefined : id;

/**
 * GET /api/user's answer as its caller sees it: to the original client, a user of the provider firm has
 * company_id "1" (a string, which `== 1` in its pages), so that client shows the provider's tiles. The answer
 * cache keeps answers per session and Origin, which is what this depends on; what the user may do is still
 * decided from the server's own rows (is_provider), never from this field.
 */
export async function userAnswerFor(req: FastifyRequest, ctx: AuthContext, user: TUser): Promise<TUser> {
  if (!ctx.actor.is_provider || !(await fromOriginalClient(req))) return user;
  return { ...user, company_id: LEGACY_PROVIDER_COMPANY_ID };
}
