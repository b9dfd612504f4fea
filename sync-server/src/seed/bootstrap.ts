import { ROLE_IDS, ROLE_LABELS, ROLE_NAMES, type TSettings } from '@lawfirm/shared-types';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { newId, nowIso } from '../db/ids.ts';
import { hashPassword, randomPassword } from '../auth/passwords.ts';
import { insertSeedRows } from '../sync/system-write.ts';
import { settingsEntity } from '../settings/settings.entities.ts';
import { usersEntity } from '../auth/users.entities.ts';
import { seedReferenceData } from './reference-data.ts';
import { seedPublicTools, seedPublicToolsForAll } from '../limitation/public-tools.seed.ts';
import { REGISTRY } from '../entities.ts';
import { seedDemoData } from './demo/seed-demo.ts';

export const DEMO_FIRM_NAME = 'Demo Law Associates';
export const DEMO_ADMIN_EMAIL = 'admin@demo.elawfirm.pk';
export const DEMO_ADMIN_PASSWORD = 'demo-admin-2026';

export async function ensureRoles(db: Db): Promise<void> {
  for (const name of ROLE_NAMES) {
    const exists = await db
      .selectFrom('roles')
      .select('id')
      .where('id', '=', ROLE_IDS[name])
      .executeTakeFirst();
    if (!exists)
      await db.insertInto('roles').values({ id: ROLE_IDS[name], name, label: ROLE_LABELS[name] }).execute();
  }
}

/**
 * A firm with its change counter, its settings row and its reference data. `settings` fills in settings
 * fields beyond the defaults (the provider firm's contact details).
 */
export async function createCompany(
  db: Db,
  args: {
    name: string;
    domain: string | null;
    isProvider?: boolean;
    siteName?: string;
    settings?: Partial<TSettings>;
  },
): Promise<string> {
  const id = newId();
  const t = nowIso();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('companies')
      .values({
        id,
        name: args.name,
        domain: args.domain,
        is_provider: args.isProvider ? 1 : 0,
        created_at: t,
        updated_at: t,
        version: 0,
        deleted_at: null,
      })
      .execute();
    // The firm's change counter exists from the start: its seeded rows are change 0, its first write is 1.
    await trx.insertInto('sync_state').values({ company_id: id, last_seq: 0 }).execute();
    await insertSeedRows(trx, settingsEntity, id, [
      {
        id: newId(),
        site_name: args.siteName ?? args.name,
        site_email: null,
        site_phone: null,
        site_url: null,
        host_whereby_iframe: null,
        public_whereby_iframe: null,
        additionalemails: [],
        invoice_heading: args.name,
        invoice_heading_left: null,
        invoice_heading_right: null,
        invoice_address: null,
        invoice_phone: null,
        login_page_content: null,
        site_file_name: null,
        ...args.settings,
      },
    ]);
  });
  await seedReferenceData(db, id);
  await seedPublicTools(db, REGISTRY, id);
  return id;
}

export type BootstrapResult = {
  companyId: string;
  firmName: string;
  adminEmail: string;
  adminPassword: string | null;
  created: boolean;
  /** The firm is the demo firm (started without FIRM_NAME), not a real one. */
  demo: boolean;
  /** This start added the demo data (the demo firm, asked for it, had none yet). */
  demoSeeded: boolean;
};

export type BootstrapOptions = {
  /**
   * Fill the demo firm with demo data when it has none (`npm start`; tests keep the firm empty). Never
   * applies to a firm made with FIRM_NAME.
   */
  demoData?: boolean;
};

/** A first start that cannot make a usable firm: said in one sentence to the operator, not as a stack trace. */
export class FirstStartError extends Error {}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What FIRM_NAME and the ADMIN_* settings must hold before a real firm is made from them. */
function checkFirstStart(config: Config): void {
  if (!config.firmName) return;
  if (config.firmName.length > 255) throw new FirstStartError('FIRM_NAME may be at most 255 characters.');
  if (config.adminEmail === DEMO_ADMIN_EMAIL)
    throw new FirstStartError(
      'FIRM_NAME is set but ADMIN_EMAIL is not: set ADMIN_EMAIL to the email the firm admin signs in with.',
    );
  if (!EMAIL.test(config.adminEmail))
    throw new FirstStartError(`ADMIN_EMAIL "${config.adminEmail}" is not an email address.`);
  if (config.adminPassword !== null && [...config.adminPassword].length < 8)
    throw new FirstStartError('ADMIN_PASSWORD must be at least 8 characters.');
}

/**
 * First start: roles, the provider firm (the original system's company 1) with its reference data, and its
 * approved admin. With FIRM_NAME that firm is the real firm, named so in its settings and invoice heading,
 * its admin from ADMIN_EMAIL / ADMIN_PASSWORD (printed once when generated) / ADMIN_NAME. Without it, the
 * demo firm with a printed demo login. A later start changes nothing: the firm is renamed in Settings.
 */
export async function bootstrap(
  db: Db,
  config: Config,
  options: BootstrapOptions = {},
): Promise<BootstrapResult> {
  const result = await bootstrapFirm(db, config);
  if (!options.demoData || !result.demo) return result;
  const { seeded } = await seedDemoData(db, config, result.companyId);
  return { ...result, demoSeeded: seeded };
}

async function bootstrapFirm(db: Db, config: Config): Promise<BootstrapResult> {
  await ensureRoles(db);
  await seedPublicToolsForAll(db, REGISTRY);
  const provider = await db
    .selectFrom('companies')
    .select(['id', 'name'])
    .where('is_provider', '=', 1)
    .executeTakeFirst();
  const demoPassword = config.adminPassword
    ? null
    : config.adminEmail === DEMO_ADMIN_EMAIL
      ? DEMO_ADMIN_PASSWORD
      : null;
  if (provider)
    return {
      companyId: provider.id,
      firmName: provider.name,
      adminEmail: config.adminEmail,
      adminPassword: demoPassword,
      created: false,
      demo: isDemoFirm(provider),
      demoSeeded: false,
    };
  checkFirstStart(config);
  const real = config.firmName;
  const firmName = real ?? DEMO_FIRM_NAME;
  const companyId = real
    ? await createCompany(db, { name: real, domain: null, isProvider: true })
    : await createCompany(db, {
        name: DEMO_FIRM_NAME,
        domain: null,
        isProvider: true,
        siteName: 'eLawFirm',
        settings: {
          site_email: 'info@demo.elawfirm.pk',
          site_phone: '0300-1234567',
          site_url: 'https://elawfirmpk.com',
        },
      });
  const adminPassword = config.adminPassword ?? (real ? null : demoPassword) ?? randomPassword(12);
  const passwordHash = await hashPassword(adminPassword, config.scrypt);
  // The first admin is part of the firm's starting state, like its settings (no device exists yet).
  await insertSeedRows(db, usersEntity, companyId, [
    {
      id: newId(),
      name: config.adminName ?? 'Firm Admin',
      email: config.adminEmail,
      password_hash: passwordHash,
      role_id: ROLE_IDS.ADMIN,
      phone: null,
      cnic: null,
      company_name: firmName,
      address: null,
      city: null,
      province: null,
      zip: null,
      avatar_file_name: null,
      is_moot_student: false,
      moot_team_no: null,
      moot_institute: null,
      is_approved: true,
      approved_at: nowIso(),
      approved_by: null,
      blocked_at: null,
      send_email: false,
    },
  ]);
  return {
    companyId,
    firmName,
    adminEmail: config.adminEmail,
    adminPassword: config.adminPassword ? null : adminPassword,
    created: true,
    demo: !real,
    demoSeeded: false,
  };
}

/**
 * The demo firm is the one made without FIRM_NAME, and its name says so: demo data is only ever added to it,
 * so a real firm that happens to start once without FIRM_NAME never receives any.
 */
const isDemoFirm = (firm: { name: string }): boolean => firm.name === DEMO_FIRM_NAME;
