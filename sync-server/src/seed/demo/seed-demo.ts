import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { sql } from 'kysely';
import { ROLE_IDS, todayInPakistan, type TEntityName } from '@lawfirm/shared-types';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/connect.ts';
import { forFirm } from '../../sync/firm.ts';
import { hashPassword, randomPassword } from '../../auth/passwords.ts';
import { actorOf, isProviderCompany } from '../../auth/users.repository.ts';
import { lastSeq } from '../../sync/change-log.ts';
import { storeBlob } from '../../uploads/blob-store.ts';
import type { TFileStore } from '../../files/file-store.ts';
import { openFileStore } from '../../files/open-store.ts';
// bootstrap.ts calls this module; its constant is read only when the demo is seeded, never at import.
import { DEMO_ADMIN_EMAIL } from '../bootstrap.ts';
import { sniffDocument } from '../../uploads/sniff-document.ts';
import { DEMO_CASES } from './demo-cases.ts';
import { DEMO_OFFICE, DEMO_PEOPLE, DEMO_SETTINGS } from './demo-office.ts';
import { caseFile } from './declare.ts';
import { fillEmptyFields, loadSeedNodes, type TSeedNode, type TStoredFile } from './loader.ts';

/**
 * The demo firm's data (issue 30 item 2): about forty case files with their hearings, documents and photographed
 * pages, clients with invoices in every status, opinions and a library, generated from the declarations in
 * demo-cases.ts and demo-office.ts with dates relative to the day it runs. Only ever for the demo firm: the
 * caller (bootstrap) decides that; this module decides only whether the firm already has it.
 */

/** Every demo row, in the order written: people first (the case files name them), then the case files, then the office. */
const DEMO_ROWS: readonly TSeedNode[] = [...DEMO_PEOPLE, ...DEMO_CASES.map(caseFile), ...DEMO_OFFICE];

/**
 * The demo's lawyers' and clients' password, when the firm's admin signs in with the printed demo login (no
 * ADMIN_PASSWORD, the demo's admin address): anyone may then try each role. Otherwise the operator chose the
 * admin's login, and the members get an unguessable password (an admin sets theirs in Users).
 */
export const DEMO_MEMBER_PASSWORD = 'demo-member-2026';

/** The demo's lawyer and client logins, for the console. */
export const DEMO_MEMBER_LOGINS = DEMO_PEOPLE.map((p) => ({
  name: String(p.values.name),
  email: String(p.values.email),
  role: p.values.role_id === ROLE_IDS.LAWYER ? 'Lawyer' : 'Client',
}));

/**
 * Whether the firm already has the demo (its people, live or deleted) or has been used (any case file or
 * invoice, live or deleted): either way nothing is added, so a restart never doubles the demo and never mixes
 * it into a firm's own work.
 */
async function alreadyFilled(db: Db, companyId: string): Promise<boolean> {
  const firm = forFirm(db, companyId);
  const emails = DEMO_MEMBER_LOGINS.map((m) => m.email);
  const found = await Promise.all([
    firm.selectFrom('users').select('id').where('email', 'in', emails).limit(1).executeTakeFirst(),
    firm.selectFrom('petitions').select('id').limit(1).executeTakeFirst(),
    firm.selectFrom('invoices').select('id').limit(1).executeTakeFirst(),
  ]);
  return found.some(Boolean);
}

/** The file names the declarations photograph. */
function photosOf(nodes: readonly TSeedNode[], into = new Set<string>()): Set<string> {
  for (const n of nodes) {
    if (n.file) into.add(n.file);
    photosOf(n.children ?? [], into);
  }
  return into;
}

/**
 * The demo's photos, put into the firm's store as an upload puts a file: checked by their bytes, addressed by
 * their SHA-256 (so a second run stores nothing new). Outside the transaction: file work never holds the
 * database, and an unused stored file is harmless.
 */
async function storePhotos(db: Db, files: TFileStore, companyId: string): Promise<Map<string, TStoredFile>> {
  const out = new Map<string, TStoredFile>();
  for (const name of photosOf(DEMO_ROWS)) {
    const bytes = new Uint8Array(await readFile(new URL(`./photos/${name}`, import.meta.url)));
    const kind = sniffDocument(bytes);
    if (!kind) throw new Error(`Demo data: photos/${name} is not an image the server accepts.`);
    const file = {
      sha256: createHash('sha256').update(bytes).digest('hex'),
      size: bytes.length,
      mime: kind.mime,
    };
    await storeBlob(db, files, companyId, file, { bytes });
    out.set(name, file);
  }
  return out;
}

/** The firm's first approved admin, whose write the demo's rows are (the server's checks need an actor). */
const findAdmin = (db: Db, companyId: string) =>
  forFirm(db, companyId)
    .live('users')
    .select(['id', 'company_id', 'role_id', 'is_moot_student'])
    .where('role_id', '=', ROLE_IDS.ADMIN)
    .where('is_approved', '=', 1)
    .orderBy('created_at')
    .orderBy('id')
    .executeTakeFirst();

/**
 * The demo members' rows with their password's hash. One hash for all of them: the password is either the
 * published demo one or an unguessable one nobody holds, so a salt per account would protect nothing, and
 * each scrypt hash costs the first start about a second.
 */
async function withPasswords(nodes: readonly TSeedNode[], config: Config, known: boolean) {
  const hash = await hashPassword(known ? DEMO_MEMBER_PASSWORD : randomPassword(24), config.scrypt);
  return nodes.map((n) => (n.entity === 'users' ? { ...n, stored: { password_hash: hash } } : n));
}

export type DemoSeedResult = {
  seeded: boolean;
  /** Rows written, by entity (empty when nothing was seeded). */
  rows: Partial<Record<TEntityName, number>>;
};

/**
 * Fills the demo firm with the demo data, once. `today` (YYYY-MM-DD, default today in Pakistan) is the day the
 * declarations' days count from. Answers whether it seeded; a firm that has the demo or has been used gets
 * nothing. All rows are written in one transaction: a failed run leaves no half demo behind.
 */
export async function seedDemoData(
  db: Db,
  config: Config,
  companyId: string,
  today: string = todayInPakistan(),
): Promise<DemoSeedResult> {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today))
    throw new Error(`Demo data: "${today}" is not a date like 2026-03-01.`);
  if (await alreadyFilled(db, companyId)) return { seeded: false, rows: {} };
  const admin = await findAdmin(db, companyId);
  if (!admin) throw new Error('Demo data: the firm has no approved admin to write it as.');
  const files = await storePhotos(db, await openFileStore(config.fileStore, config.dataDir), companyId);
  const printedLogin = config.adminPassword === null && config.adminEmail === DEMO_ADMIN_EMAIL;
  const people = await withPasswords(DEMO_PEOPLE, config, printedLogin);
  const actor = actorOf(admin, await isProviderCompany(db, companyId));
  return db.transaction().execute(async (trx) => {
    // The firm's change counter row, locked: a second server starting at the same moment (PostgreSQL) waits
    // here, then finds the demo there and adds nothing.
    await trx
      .updateTable('sync_state')
      .set({ last_seq: sql`last_seq` })
      .where('company_id', '=', companyId)
      .execute();
    if (await alreadyFilled(trx, companyId)) return { seeded: false, rows: {} };
    const ctx = {
      trx,
      companyId,
      today,
      actor,
      logged: (await lastSeq(trx, companyId)) > 0,
      files,
      ids: new Map([['admin', admin.id]]),
      counts: new Map<string, number>(),
    };
    await loadSeedNodes(ctx, [...people, ...DEMO_ROWS.slice(DEMO_PEOPLE.length)]);
    await fillEmptyFields(ctx, 'settings', DEMO_SETTINGS);
    return { seeded: true, rows: Object.fromEntries(ctx.counts) };
  });
}
