import { readFile as readTempFile } from 'node:fs/promises';
import { peekInvoiceNo } from '../invoices/invoices.entities.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  can,
  formatDate,
  MSG,
  ROLE_IDS,
  ROLE_LABELS,
  ROLE_NAMES,
  todayInPakistan,
  toPaginator,
  ZApproveOrBlockInput,
  ZMessageResponse,
  ZUserListQuery,
  ZUserListResponse,
  type TActor,
  type TRole,
} from '@lawfirm/shared-types';
import { forbidden, HttpError, invalidInput, notFound } from '../http/errors.ts';
import { peopleWithSameCnic, ZSameCnicRequest, ZSameCnicResponse } from './same-cnic.ts';
import { receivedFiles } from '../http/request-body.ts';
import { firmLinkOrigin } from '../auth/links.ts';
import { loginLimits } from '../auth/login-throttle.ts';
import { ZIdParams } from '../http/schemas.ts';
import { mayReadRow } from '../sync/read-access.ts';
import { findCompany } from '../companies/companies.repository.ts';
import { imageMimeOf } from '../files/sniff.ts';
import { isStorageName, readFile } from '../files/storage.ts';
import type { TFileStore } from '../files/file-store.ts';
import { legacyStorageHeaders, sentCompanyId, showErrorsUnder } from '../auth/original-client.ts';
import { findUserById, listUsers, toApiListedUsers, USERS_PER_PAGE } from '../auth/users.repository.ts';
import {
  approveOrBlock,
  deleteUserOrContactPerson,
  MAX_AVATAR_BYTES,
  MSG_AVATAR_TOO_LARGE,
  MSG_AVATAR_UNCHANGED,
  MSG_USER_APPROVED,
  MSG_USER_BLOCKED,
  MSG_USER_DELETED,
  readUser,
  saveUser,
  setUserAvatar,
  userValidationError,
  type UserServices,
} from './users.mutators.ts';
import {
  ZAvatarParams,
  ZRolesResponse,
  ZSaveUserInput,
  ZSaveUserResponse,
  ZUploadUserImageRequest,
  ZUploadUserImageResponse,
  ZUserResponse,
} from './users.types.ts';

/** A new invoice is due this many days after it is made (the old server's default due date). */
const INVOICE_DUE_DAYS = 7;

const ALL_ROLES: TRole[] = ROLE_NAMES.map((n) => ({ id: ROLE_IDS[n], name: ROLE_LABELS[n] }));

/** A photo's file parts (files[0], files[], files…): read to disk by the request-body plugin, then here. */
const AVATAR_FILES = { maxFiles: 10, maxFileBytes: MAX_AVATAR_BYTES, tooLarge: MSG_AVATAR_TOO_LARGE };

/** The bytes of the first uploaded file (at most MAX_AVATAR_BYTES). */
async function firstFile(req: FastifyRequest): Promise<Buffer | null> {
  const f = receivedFiles(req).find((p) => p.fieldname.startsWith('files'));
  return f ? readTempFile(f.path) : null;
}

/** Sends a stored avatar. Images only (their type was sniffed on upload), never sniffed again by the browser. */
async function sendAvatar(
  reply: FastifyReply,
  files: TFileStore,
  user: { id: string; company_id: string; avatar_file_name: string | null },
) {
  const name = user.avatar_file_name;
  const mime = name ? imageMimeOf(name) : null;
  const bytes = name && mime ? await readFile(files, [user.company_id, 'user', user.id, name]) : null;
  if (!bytes || !mime || !name) throw notFound('File not found.');
  return (
    reply
      .header('Content-Type', mime)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Disposition', `inline; filename="${name}"`)
      // Server-made names change with every upload, so a cached copy is never stale; private: it is a person.
      .header('Cache-Control', 'private, max-age=86400')
      .send(bytes)
  );
}

/** Users (rest-contract 102–107, 37) and their profile photos. */
/** How many CNIC checks one caller may make a minute: a person typing, not a script walking CNICs. */
const SAME_CNIC_PER_MINUTE = 30;

export async function usersRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const services = (req: FastifyRequest, sessionId: string | null = null): UserServices => ({
    scrypt: app.config.scrypt,
    mailer: app.mailer,
    linkOrigin: (companyId) => firmLinkOrigin(app.db, app.config, req, companyId),
    files: app.files,
    sessionId,
    ip: req.ip,
    loginLimits: loginLimits(app.config),
  });

  /** Admins list their own firm; a provider-firm admin may name another firm with company_id. */
  app.get(
    '/api/users',
    {
      config: { auth: 'users.manage', answerCache: true },
      schema: { querystring: ZUserListQuery, response: { 200: ZUserListResponse } },
    },
    async (req) => {
      const { actor } = await req.authorize('users.manage');
      const q = { ...req.query, company_id: sentCompanyId(req.query.company_id) };
      let companyId = actor.company_id;
      if (q.company_id && q.company_id !== actor.company_id) {
        if (!can(actor, 'companies.manage')) throw forbidden();
        const company = await findCompany(app.db, q.company_id);
        if (!company) throw notFound();
        companyId = company.id;
      }
      const { rows, total } = await listUsers(app.db, companyId, q);
      return {
        users: toPaginator(await toApiListedUsers(app.db, rows), q.page, USERS_PER_PAGE, total),
        roles: ALL_ROLES,
      };
    },
  );

  /**
   * invoice_date: the due date a new invoice for this client starts with, a week from today in Pakistan, as
   * dd/mm/yyyy (CreateInvoice puts it in its 99/99/9999 mask as it is, as the old server sent it);
   * next_invoice_num: the number the invoice form shows. The number is only a preview: the server gives the real one.
   */
  app.get(
    '/api/users/:id',
    { config: { auth: true }, schema: { params: ZIdParams, response: { 200: ZUserResponse } } },
    async (req) => {
      const { actor } = await req.auth();
      const user = await readUser(app.db, actor, req.params.id);
      const next = actor.is_client ? null : await peekInvoiceNo(app.db, actor.company_id);
      const weekAhead = todayInPakistan(new Date(Date.now() + INVOICE_DUE_DAYS * 86_400_000));
      return { user: { ...user, next_invoice_num: next }, invoice_date: formatDate(weekAhead) };
    },
  );

  // The conflict check's CNIC match, online, for devices that hold no CNICs (same-cnic.ts). Bounded per
  // minute: each answer says whether a CNIC belongs to someone of the firm, so it must not be asked in bulk.
  app.post(
    '/api/conflict_check/same_cnic',
    {
      config: {
        auth: 'petitions.edit',
        rateLimit: {
          max: SAME_CNIC_PER_MINUTE,
          timeWindow: '1 minute',
          errorResponseBuilder: () => new HttpError(429, MSG.tooManyRequests),
        },
      },
      schema: { body: ZSameCnicRequest, response: { 200: ZSameCnicResponse } },
    },
    async (req) => {
      const { actor } = await req.authorize('petitions.edit');
      return { people: await peopleWithSameCnic(app.db, actor, req.body) };
    },
  );

  app.post(
    '/api/users',
    {
      config: { auth: true },
      // The user form reads a contact person's errors under contact_person_validation_error, and the original
      // one the others only under email.
      schemaErrorFormatter: invalidInput(userValidationError),
      preSerialization: showErrorsUnder('email'),
      schema: { body: ZSaveUserInput, response: { 200: ZSaveUserResponse } },
    },
    async (req) => {
      const { actor, sessionId } = await req.auth();
      const r = await saveUser(app.db, actor, req.body, services(req, sessionId));
      return { user: r.user, is_admin_user: r.isAdminUser, message: MSG.savedOk };
    },
  );

  app.delete(
    '/api/users/:id',
    { config: { auth: true }, schema: { params: ZIdParams, response: { 200: ZMessageResponse } } },
    async (req) => {
      const { actor } = await req.auth();
      const what = await deleteUserOrContactPerson(app.db, actor, req.params.id);
      return { message: what === 'user' ? MSG_USER_DELETED : MSG.deletedOk };
    },
  );

  app.post(
    '/api/approve_or_block',
    {
      config: { auth: 'users.manage' },
      schema: { body: ZApproveOrBlockInput, response: { 200: ZMessageResponse } },
    },
    async (req) => {
      const { actor } = await req.auth();
      const r = await approveOrBlock(app.db, actor, req.body, services(req));
      return { message: r === 'approved' ? MSG_USER_APPROVED : MSG_USER_BLOCKED };
    },
  );

  /**
   * A read done with POST. The original client sends it without a token (its headers go in the body), and
   * role names are no secret, so no sign-in is needed: without one the whole list (who may give which role is
   * checked when a user is saved). A signed-in member who is not an admin is not offered the admin role.
   */
  app.post('/api/roles', { schema: { response: { 200: ZRolesResponse } } }, async (req) => {
    const ctx = await req.optionalAuth();
    return {
      roles:
        !ctx || can(ctx.actor, 'users.changeRole')
          ? ALL_ROLES
          : ALL_ROLES.filter((r) => r.id !== ROLE_IDS.ADMIN),
    };
  });

  app.post(
    '/api/upload_user_image',
    {
      config: { auth: true, files: AVATAR_FILES },
      schema: { body: ZUploadUserImageRequest, response: { 200: ZUploadUserImageResponse } },
    },
    async (req) => {
      const { actor } = await req.auth();
      const bytes = await firstFile(req);
      const attachment = await setUserAvatar(app.db, actor, req.body.attachmentable_id, bytes, services(req));
      return { attachment, message: bytes?.length ? 'Files Uploaded Successfully!' : MSG_AVATAR_UNCHANGED };
    },
  );

  /**
   * Who may see a member's photo: whoever may read the member's row (admins, lawyers and staff of the firm;
   * students and clients only their own, as their devices hold), or a provider admin.
   */
  const maySeePhoto = async (actor: TActor, user: Record<string, unknown>) =>
    can(actor, 'companies.manage') ||
    mayReadRow(app.db, app.registry, actor, app.registry.byName.get('users')!, user);

  /**
   * The original client's <img src> URL. Photos are personal data: only a signed-in user who may read the
   * member (maySeePhoto) gets them, unless the firm turned on legacy public storage for the original client.
   * Answers the image bytes (Content-Type from the stored name), not JSON.
   */
  app.get(
    '/storage/attachments/user/:id/:file',
    { onRequest: legacyStorageHeaders, schema: { params: ZAvatarParams } },
    async (req, reply) => {
      const ctx = app.config.legacyPublicStorage ? null : await req.auth();
      const user = isStorageName(req.params.file) ? await findUserById(app.db, req.params.id) : undefined;
      if (!user || user.avatar_file_name !== req.params.file) throw notFound('File not found.');
      if (ctx && !(await maySeePhoto(ctx.actor, user))) throw notFound('File not found.');
      return sendAvatar(reply, app.files, user);
    },
  );

  /** The PWA's avatar URL, read with the bearer token. Answers the image bytes, not JSON. */
  app.get(
    '/api/files/user/:id/avatar',
    { config: { auth: true }, schema: { params: ZIdParams } },
    async (req, reply) => {
      const { actor } = await req.auth();
      const user = await findUserById(app.db, req.params.id);
      if (!user || !(await maySeePhoto(actor, user))) throw notFound('File not found.');
      return sendAvatar(reply, app.files, user);
    },
  );
}
