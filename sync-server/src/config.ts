import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import type { Kysely } from 'kysely';
import { fileStoreSettings, type TFileStoreSettings } from './files/open-store.ts';

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string;
  jwtSecret: Uint8Array;
  /**
   * Where the token secret came from: JWT_SECRET, the data folder (generated there once, one machine), or the
   * PostgreSQL database (generated there once and shared by every server on it: sharedJwtSecret below).
   */
  jwtSecretFrom: 'env' | 'data-folder' | 'database';
  /** Where stored files live: the data folder, or an S3-compatible store (S3_BUCKET…: files/open-store.ts). */
  fileStore: TFileStoreSettings;
  accessTokenTtlSec: number;
  refreshTokenTtlSec: number;
  legacyTokenTtlSec: number;
  /** A refresh token reused within this window after rotation is treated as a lost response, not theft. */
  refreshGraceSec: number;
  scrypt: { N: number; r: number; p: number };
  corsOrigins: string[];
  /**
   * loginPerMinute: failed password checks per account; loginFailuresPerAddressPerMinute: per address, across
   * every email (3 × loginPerMinute when not set); loginWindowSec: the "minute" of both (60 when not set).
   */
  rateLimit: {
    loginPerMinute: number;
    loginFailuresPerAddressPerMinute?: number;
    loginWindowSec?: number;
    signupPerMinute: number;
    resetPerMinute: number;
  };
  captcha: {
    recaptchaSecret: string | null;
    recaptchaSiteKey: string | null;
    maxNumber: number;
    ttlSec: number;
  };
  smtpUrl: string | null;
  mailFrom: string;
  publicUrl: string | null;
  legacyPublicStorage: boolean;
  pwaDistDir: string | null;
  /**
   * FIRM_NAME: the firm this installation is for. Set, the first start creates that firm and its admin
   * (ADMIN_EMAIL, ADMIN_PASSWORD, ADMIN_NAME) and no demo data; unset, it creates the demo firm.
   */
  firmName: string | null;
  adminName: string | null;
  adminEmail: string;
  adminPassword: string | null;
  secureCookies: boolean;
  /** false, true, or the proxy addresses to trust for X-Forwarded-* (TRUST_PROXY). */
  trustProxy: boolean | string;
  /**
   * How long a request's body may take to arrive (REQUEST_TIMEOUT_SEC): a body the server reads itself (multipart
   * forms, upload chunks) that is not through by then is answered 400 and dropped (http/request-body.ts).
   */
  requestTimeoutMs: number;
  /** PDF worker threads, and what one PDF may cost: its time and its worker's heap (pdf/pdf-workers.ts). */
  pdfBuild: { workers: number; timeoutMs: number; memoryMb: number };
};

/** A secret generated once and kept in the data folder, so tokens survive restarts with nothing configured. */
function persistedSecret(dataDir: string): Uint8Array {
  const file = join(dataDir, 'jwt-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(48).toString('base64'), { mode: 0o600 });
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const dataDir = resolve(env.DATA_DIR ?? 'data');
  mkdirSync(dataDir, { recursive: true });
  const onPostgres = /^postgres(ql)?:/.test(env.DATABASE_URL ?? '');
  const base: Config = {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL ?? join(dataDir, 'lawfirm.sqlite'),
    // On PostgreSQL several servers may share the database: a secret in one data folder would make each
    // refuse the others' tokens, so it is read from the database once it is open (sharedJwtSecret).
    jwtSecret: env.JWT_SECRET
      ? new TextEncoder().encode(env.JWT_SECRET)
      : onPostgres
        ? new Uint8Array(0)
        : persistedSecret(dataDir),
    jwtSecretFrom: env.JWT_SECRET ? 'env' : onPostgres ? 'database' : 'data-folder',
    fileStore: fileStoreSettings(env),
    accessTokenTtlSec: Number(env.ACCESS_TOKEN_TTL_SEC ?? 600),
    refreshTokenTtlSec: Number(env.REFRESH_TOKEN_TTL_SEC ?? 60 * 60 * 24 * 30),
    legacyTokenTtlSec: Number(env.LEGACY_TOKEN_TTL_SEC ?? 60 * 60 * 10),
    refreshGraceSec: 30,
    // OWASP: N=2^17, r=8, p=1.
    scrypt: { N: Number(env.SCRYPT_N ?? 131072), r: 8, p: 1 },
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    rateLimit: {
      loginPerMinute: Number(env.LOGIN_RATE_PER_MIN ?? 10),
      ...(env.LOGIN_ADDRESS_RATE_PER_MIN
        ? { loginFailuresPerAddressPerMinute: Number(env.LOGIN_ADDRESS_RATE_PER_MIN) }
        : {}),
      signupPerMinute: Number(env.SIGNUP_RATE_PER_MIN ?? 5),
      resetPerMinute: Number(env.RESET_RATE_PER_MIN ?? 5),
    },
    captcha: {
      recaptchaSecret: env.RECAPTCHA_SECRET ?? null,
      recaptchaSiteKey: env.RECAPTCHA_SITE_KEY ?? null,
      maxNumber: Number(env.CAPTCHA_MAX_NUMBER ?? 100000),
      ttlSec: 600,
    },
    smtpUrl: env.SMTP_URL ?? null,
    mailFrom: env.MAIL_FROM ?? 'eLawFirm <no-reply@localhost>',
    publicUrl: env.PUBLIC_URL ?? null,
    legacyPublicStorage: env.LEGACY_PUBLIC_STORAGE === '1' || env.LEGACY_PUBLIC_STORAGE === 'true',
    pwaDistDir: resolve(env.PWA_DIST_DIR ?? 'pwa/dist'),
    firmName: env.FIRM_NAME?.trim() || null,
    adminName: env.ADMIN_NAME?.trim() || null,
    adminEmail: (env.ADMIN_EMAIL?.trim() || 'admin@demo.elawfirm.pk').toLowerCase(),
    adminPassword: env.ADMIN_PASSWORD ?? null,
    secureCookies: env.SECURE_COOKIES === '1',
    // 'true' trusts any proxy (only behind one you control); or a comma-separated list of proxy addresses.
    trustProxy:
      !env.TRUST_PROXY || env.TRUST_PROXY === 'false'
        ? false
        : env.TRUST_PROXY === 'true'
          ? true
          : env.TRUST_PROXY,
    requestTimeoutMs: Number(env.REQUEST_TIMEOUT_SEC ?? 60) * 1000,
    pdfBuild: {
      workers: Number(env.PDF_WORKERS ?? Math.max(1, Math.min(4, availableParallelism() - 1))),
      timeoutMs: Number(env.PDF_BUILD_TIMEOUT_SEC ?? 60) * 1000,
      memoryMb: Number(env.PDF_WORKER_MEMORY_MB ?? 512),
    },
  };
  return { ...base, ...overrides };
}

const SECRET_KEY = 'jwt-secret';

/**
 * The token secret of servers on PostgreSQL without JWT_SECRET: kept in `server_meta`, so every server on the
 * database signs and checks tokens with the same one (a token signed by one is honoured by the others). The
 * first server makes it: from the data folder's secret when an existing install has one (its sessions carry
 * on), else a new random one; the others read it. Returns the secret and whether this server made it.
 */
export async function sharedJwtSecret(
  // Kysely<any>: config.ts is below the database layer; server_meta is (key, value) text.
  db: Kysely<any>,
  dataDir: string,
): Promise<{ secret: Uint8Array; made: boolean }> {
  const read = async (): Promise<{ value: string } | undefined> =>
    db.selectFrom('server_meta').select('value').where('key', '=', SECRET_KEY).executeTakeFirst();
  const found = await read();
  if (found) return { secret: new TextEncoder().encode(found.value), made: false };
  const file = join(dataDir, 'jwt-secret');
  const value = existsSync(file) ? readFileSync(file, 'utf8').trim() : randomBytes(48).toString('base64');
  // Two servers starting at once: one insert wins, both then read the winner's.
  await db
    .insertInto('server_meta')
    .values({ key: SECRET_KEY, value })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const kept = (await read())!;
  return { secret: new TextEncoder().encode(kept.value), made: kept.value === value };
}
