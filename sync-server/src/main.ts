import { configuredOrigin } from './http/origin.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/connect.ts';
import { buildApp } from './app.ts';
import { drainOnSignals } from './http/drain.ts';
import { bootstrap, DEMO_ADMIN_EMAIL, FirstStartError } from './seed/bootstrap.ts';
import { DEMO_MEMBER_LOGINS, DEMO_MEMBER_PASSWORD } from './seed/demo/seed-demo.ts';

// Files the server makes (database, uploads, secret) are readable by its own user only.
process.umask(0o077);
const config = loadConfig();
const database = await openDatabase(config.databaseUrl);
// DEMO_DATA=0 keeps the demo firm empty (a trial on one's own cases).
const boot = await bootstrap(database.db, config, { demoData: process.env.DEMO_DATA !== '0' }).catch(
  async (e: unknown) => {
    if (!(e instanceof FirstStartError)) throw e;
    console.error(`\nCannot start: ${e.message}\n`);
    await database.close();
    process.exit(1);
  },
);
const app = await buildApp({ config, database, logger: process.env.LOG_REQUESTS === '1' });
await app.listen({ port: config.port, host: config.host });

const url = configuredOrigin(config);
console.log(`\neLawFirm is running at ${url}`);
if (!config.publicUrl)
  console.warn(
    `PUBLIC_URL is not set: links in mails (password reset, new accounts, approvals) will point at ${url}, ` +
      `except for a firm's own registered domain. Set PUBLIC_URL to the address people open the app at.`,
  );
console.log(
  `Database: ${database.kind === 'sqlite' ? config.databaseUrl : 'PostgreSQL'}; data folder: ${config.dataDir}`,
);
console.log(`Stored files: ${app.files.where}`);
if (config.jwtSecretFrom === 'database')
  console.warn(
    'JWT_SECRET is not set: sessions are signed with a secret kept in the PostgreSQL database, shared by every ' +
      'server on it. Set JWT_SECRET to the same long random value on every server to keep it out of the ' +
      'database and its dumps (docs/deploy.md).',
  );
if (boot.created) console.log(`First start: created ${boot.firmName}, its reference data and its admin.`);
else console.log(`Firm: ${boot.firmName}`);
if (boot.demo)
  console.log('This is the demo firm. To start a real firm, see "Your firm" in README.md (FIRM_NAME).');
if (boot.demoSeeded) {
  console.log('Added the demo data: case files, hearings, clients, invoices and library entries.');
  if (boot.adminEmail === DEMO_ADMIN_EMAIL && !config.adminPassword)
    console.log(
      `Demo members (password ${DEMO_MEMBER_PASSWORD}): ` +
        DEMO_MEMBER_LOGINS.map((m) => `${m.email} (${m.role})`).join(', '),
    );
}
console.log(
  `Admin login: ${boot.adminEmail}${boot.adminPassword ? ` / ${boot.adminPassword}` : ' (password from ADMIN_PASSWORD, or as set earlier)'}\n`,
);

// A rolling restart loses no request this server accepted (http/drain.ts).
drainOnSignals(app, database);
