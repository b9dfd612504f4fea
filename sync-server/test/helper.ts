import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  ROLE_IDS,
  solveChallenge,
  type TActor,
  type TCaptchaChallenge,
  type TRoleName,
} from '@lawfirm/shared-types';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, type DbKind } from '../src/db/connect.ts';
import { newId, nowIso } from '../src/db/ids.ts';
import { hashPassword } from '../src/auth/passwords.ts';
import { bootstrap, createCompany } from '../src/seed/bootstrap.ts';

/** PostgreSQL runs when DATABASE_URL_TEST points at a server (.ci/run sets it); SQLite always runs. */
export const DB_KINDS: DbKind[] = process.env.DATABASE_URL_TEST ? ['sqlite', 'postgres'] : ['sqlite'];

/** Runs the same suite on every available database. */
export function describeEachDb(name: string, fn: (kind: DbKind) => void): void {
  for (const kind of DB_KINDS) describe(`${name} [${kind}]`, () => fn(kind));
}

export const ADMIN_EMAIL = 'admin@test.firm';
export const ADMIN_PASSWORD = 'admin-password-1';
// Tests keep scrypt's shape but not its OWASP cost, so a suite of logins stays fast; the cost travels in the hash.
const TEST_SCRYPT = { N: 1024, r: 8, p: 1 };

export type TestApp = {
  app: FastifyInstance;
  config: Config;
  providerId: string;
  kind: DbKind;
  close: () => Promise<void>;
};

/**
 * A migrated and bootstrapped database made once per test process and copied for every test app (a file copy
 * on SQLite, CREATE DATABASE … TEMPLATE on PostgreSQL): each app still gets a database of its own, without
 * running every migration and loading the reference data again (about a second per app).
 */
let sqliteTemplate: Promise<string> | null = null;
let pgTemplate: Promise<string> | null = null;

async function migratedAndBootstrapped(databaseUrl: string, dataDir: string): Promise<void> {
  const config = loadConfig(
    { DATA_DIR: dataDir, ADMIN_EMAIL, ADMIN_PASSWORD },
    { scrypt: TEST_SCRYPT, databaseUrl },
  );
  const database = await openDatabase(databaseUrl);
  try {
    await bootstrap(database.db, config);
  } finally {
    await database.close();
  }
}

function sqliteTemplateFile(): Promise<string> {
  return (sqliteTemplate ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lf-test-template-'));
    const file = join(dir, 'template.sqlite');
    await migratedAndBootstrapped(file, dir);
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    return file;
  })());
}

/** Test databases and their template are named with this prefix (dropped by the global teardown). */
export const PG_TEMPLATE_PREFIX = 'lf_tpl_';

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL_TEST! });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function pgTemplateName(): Promise<string> {
  return (pgTemplate ??= (async () => {
    const name = `${PG_TEMPLATE_PREFIX}${process.env.LF_TEST_RUN ?? ''}${newId().replace(/-/g, '').slice(-16)}`;
    await adminQuery(`create database ${name}`);
    const url = new URL(process.env.DATABASE_URL_TEST!);
    url.pathname = `/${name}`;
    const dir = mkdtempSync(join(tmpdir(), 'lf-test-template-'));
    try {
      await migratedAndBootstrapped(url.toString(), dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    return name;
  })());
}

async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = process.env.DATABASE_URL_TEST!;
  const name = `lf_test_${newId().replace(/-/g, '').slice(-16)}`;
  await adminQuery(`create database ${name} template ${await pgTemplateName()}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(`drop database if exists ${name} with (force)`),
  };
}

/**
 * An empty PostgreSQL database on the test server (no migrations, no firm: a server process started on it sets
 * it up as `npm start` does), named with `prefix`; dropped by `drop`.
 */
export async function emptyPostgres(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}${newId().replace(/-/g, '').slice(-16)}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(process.env.DATABASE_URL_TEST!);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(`drop database if exists ${name} with (force)`) };
}

/** A real server on a real database file (or a fresh PostgreSQL database), bootstrapped like `npm start`. */
export async function createTestApp(
  kind: DbKind = 'sqlite',
  overrides: Partial<Config> = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lf-test-'));
  const pgDb = kind === 'postgres' ? await freshPostgres() : null;
  if (!pgDb) {
    const template = await sqliteTemplateFile();
    copyFileSync(template, join(dataDir, 'test.sqlite'));
    if (existsSync(`${template}-wal`)) copyFileSync(`${template}-wal`, join(dataDir, 'test.sqlite-wal'));
  }
  const config = loadConfig(
    { DATA_DIR: dataDir, ADMIN_EMAIL, ADMIN_PASSWORD, PWA_DIST_DIR: join(dataDir, 'no-pwa') },
    {
      scrypt: TEST_SCRYPT,
      databaseUrl: pgDb?.url ?? join(dataDir, 'test.sqlite'),
      rateLimit: { loginPerMinute: 1000, signupPerMinute: 1000, resetPerMinute: 1000 },
      captcha: { recaptchaSecret: null, recaptchaSiteKey: null, maxNumber: 2000, ttlSec: 600 },
      ...overrides,
    },
  );
  const database = await openDatabase(config.databaseUrl);
  const boot = await bootstrap(database.db, config);
  const app = await buildApp({ config, database });
  await app.ready();
  return {
    app,
    config,
    providerId: boot.companyId,
    kind,
    close: async () => {
      await app.close();
      await database.close();
      await pgDb?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** An admin of the provider firm inserted directly, as the actor a push writer applies changes for. */
export async function insertAdminActor(t: TestApp): Promise<TActor> {
  const u = await insertUser(t, { role: 'ADMIN' });
  return {
    id: u.id,
    company_id: u.companyId,
    is_admin: true,
    is_lawyer: false,
    is_student: false,
    is_client: false,
    is_provider: true,
  };
}

/** Inserts an account directly (tests of other features need users without going through sign-up). */
export async function insertUser(
  t: TestApp,
  args: {
    role: TRoleName;
    companyId?: string;
    email?: string;
    password?: string;
    approved?: boolean;
    moot?: boolean;
    name?: string;
  },
): Promise<{ id: string; email: string; password: string; companyId: string }> {
  const id = newId();
  const email = (args.email ?? `${args.role.toLowerCase()}-${id.slice(-8)}@test.firm`).toLowerCase();
  const password = args.password ?? 'password-123';
  const companyId = args.companyId ?? t.providerId;
  const now = nowIso();
  await t.app.db
    .insertInto('users')
    .values({
      id,
      company_id: companyId,
      name: args.name ?? `${args.role} ${id.slice(-4)}`,
      email,
      password_hash: await hashPassword(password, TEST_SCRYPT),
      role_id: ROLE_IDS[args.role],
      phone: null,
      cnic: null,
      company_name: null,
      address: null,
      city: null,
      province: null,
      zip: null,
      avatar_file_name: null,
      is_moot_student: args.moot ? 1 : 0,
      moot_team_no: args.moot ? 'T-1' : null,
      moot_institute: null,
      is_approved: args.approved === false ? 0 : 1,
      approved_at: args.approved === false ? null : now,
      approved_by: null,
      blocked_at: null,
      send_email: 0,
      reminders_enabled: 1,
      created_at: now,
      updated_at: now,
      version: 0,
      deleted_at: null,
    })
    .execute();
  return { id, email, password, companyId };
}

export const createFirm = (t: TestApp, name: string, domain: string | null = null) =>
  createCompany(t.app.db, { name, domain });

/** Signs in through the PWA login and answers the Authorization header to send. */
export async function bearerFor(
  t: TestApp,
  email: string,
  password: string,
): Promise<{ authorization: string }> {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed for ${email}: ${res.statusCode} ${res.body}`);
  return { authorization: `Bearer ${res.json<{ access_token: string }>().access_token}` };
}

export const adminBearer = (t: TestApp) => bearerFor(t, ADMIN_EMAIL, ADMIN_PASSWORD);

/** Fetches a bot-check puzzle from the server and solves it as the sign-up page does: the `recaptcha_token`. */
export async function solvedCaptcha(t: TestApp, headers: Record<string, string> = {}): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/api/captcha/challenge', headers });
  const ch = res.json<TCaptchaChallenge>();
  if (ch.provider !== 'pow') throw new Error(`expected a proof-of-work challenge, got ${res.body}`);
  return solveChallenge(ch);
}
