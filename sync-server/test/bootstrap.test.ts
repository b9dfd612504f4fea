import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/connect.ts';
import { bootstrap, DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from '../src/seed/bootstrap.ts';
import { verifyPassword } from '../src/auth/passwords.ts';
import { readFieldMap } from '../src/sync/field-meta.ts';

it('first start on an empty data folder creates the SQLite file, the demo firm, its admin and the reference data; a second start changes nothing', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'lf-boot-'));
  try {
    const config = loadConfig({ DATA_DIR: dir }, { scrypt: { N: 1024, r: 8, p: 1 } });
    expect(config.databaseUrl).toBe(join(dir, 'lawfirm.sqlite'));
    const h = await openDatabase(config.databaseUrl);
    const first = await bootstrap(h.db, config);
    expect(first).toMatchObject({
      created: true,
      adminEmail: DEMO_ADMIN_EMAIL,
      adminPassword: DEMO_ADMIN_PASSWORD,
    });
    const second = await bootstrap(h.db, config);
    expect(second.created).toBe(false);
    expect(second.companyId).toBe(first.companyId);

    const count = async (
      table:
        | 'courts'
        | 'case_categories'
        | 'statutes'
        | 'limitation_articles'
        | 'module_types'
        | 'companies'
        | 'users',
    ) =>
      Number(
        (
          await h.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count('companies')).toBe(1);
    expect(await count('users')).toBe(1);
    // The shared data's 6 superior courts and 61 categories, and our 21 courts and 21 categories.
    expect(await count('courts')).toBe(27);
    expect(await count('case_categories')).toBe(82);
    expect(await count('statutes')).toBe(6);
    expect(await count('limitation_articles')).toBe(191);
    // 26 order sheet types (shared data) and our 4 hearing outcomes (Adjourned, Arguments heard, Reserved,
    // Decided), and our 11 naqal form, 11 talbana and 9 synopsis types.
    expect(await count('module_types')).toBe(61);
    const wp = await h.db
      .selectFrom('case_categories')
      .selectAll()
      .where('title', '=', 'Writ Petition')
      .executeTakeFirstOrThrow();
    expect(wp.abbreviation).toBe('W.P.');
    const noPeriod = await h.db
      .selectFrom('limitation_articles')
      .select('id')
      .where('period_days', 'is', null)
      .execute();
    expect(noPeriod.length).toBe(7);
    const admin = await h.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(admin.is_approved).toBe(1);
    expect(await verifyPassword(DEMO_ADMIN_PASSWORD, admin.password_hash)).toBe(true);
    // The firm's change counter exists from the start, and its seeded rows are its state before change 1:
    // a device's first sync is a snapshot of them, so nothing is logged yet.
    const state = await h.db.selectFrom('sync_state').selectAll().execute();
    expect(state.map((s) => [s.company_id, Number(s.last_seq)])).toEqual([[first.companyId, 0]]);
    expect(await h.db.selectFrom('change_log').select('seq').execute()).toEqual([]);
    expect(readFieldMap(['email', 'is_approved'], admin.field_versions)).toEqual({
      email: 0,
      is_approved: 0,
    });
    const settings = await h.db.selectFrom('settings').selectAll().executeTakeFirstOrThrow();
    expect(settings).toMatchObject({
      site_name: 'eLawFirm',
      site_email: 'info@demo.elawfirm.pk',
      version: 0,
    });
    expect(JSON.parse(settings.additionalemails)).toEqual([]);
    const pragma = await import('better-sqlite3');
    const raw = new pragma.default(config.databaseUrl, { readonly: true });
    expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
    raw.close();
    await h.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

it('ADMIN_EMAIL and ADMIN_PASSWORD choose the first admin of a real deployment', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'lf-boot-'));
  try {
    const config = loadConfig(
      { DATA_DIR: dir, ADMIN_EMAIL: 'Owner@Firm.PK', ADMIN_PASSWORD: 'a-long-secret-1' },
      { scrypt: { N: 1024, r: 8, p: 1 } },
    );
    const h = await openDatabase(config.databaseUrl);
    const r = await bootstrap(h.db, config);
    expect(r.adminPassword).toBeNull();
    const admin = await h.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(admin.email).toBe('owner@firm.pk');
    expect(await verifyPassword('a-long-secret-1', admin.password_hash)).toBe(true);
    await h.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
