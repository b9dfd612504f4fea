import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { todayInPakistan } from '@lawfirm/shared-types';
import { buildApp } from '../src/app.ts';
import { sendHearingDigest } from '../src/calendar/digest.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type DbHandle } from '../src/db/connect.ts';
import { bootstrap } from '../src/seed/bootstrap.ts';
import { emptyPostgres } from './helper.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';

/**
 * Two app servers on one PostgreSQL database, each with its own data folder and connection pool (as two
 * machines), both sending through SMTP: the day's digest is claimed by one, and every queued mail goes out
 * once, however the two senders' runs overlap.
 */
describe.skipIf(!process.env.DATABASE_URL_TEST)(
  'two servers, one mail queue [postgres] (skipped without DATABASE_URL_TEST)',
  () => {
    let sink: SmtpSink;
    let database: { url: string; drop: () => Promise<void> };
    const dirs: string[] = [];
    const handles: DbHandle[] = [];
    const apps: FastifyInstance[] = [];

    beforeAll(async () => {
      sink = await startSmtpSink();
      database = await emptyPostgres('lf_mail2_');
      for (let i = 0; i < 2; i++) {
        const dir = mkdtempSync(join(tmpdir(), 'lf-mail2-'));
        dirs.push(dir);
        const config = loadConfig(
          { DATA_DIR: dir, DATABASE_URL: database.url, PWA_DIST_DIR: join(dir, 'no-pwa') },
          { smtpUrl: sink.url, scrypt: { N: 1024, r: 8, p: 1 } },
        );
        const handle = await openDatabase(config.databaseUrl);
        handles.push(handle);
        // One after the other, as servers start: the first migrates and creates the firm.
        await bootstrap(handle.db, config, { demoData: false });
        apps.push(await buildApp({ config, database: handle }));
      }
    }, 60_000);
    afterAll(async () => {
      for (const a of apps) await a.close();
      for (const h of handles) await h.close();
      await database?.drop();
      await sink?.close();
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    });

    it('sends each queued mail once when both servers drain the queue at the same moment', async () => {
      const [a, b] = apps as [FastifyInstance, FastifyInstance];
      const company = await a.db.selectFrom('companies').select('id').executeTakeFirstOrThrow();
      const before = sink.messages.length;
      for (let i = 0; i < 12; i++)
        await a.mailer.enqueue({
          companyId: company.id,
          to: `lawyer${i}@test.firm`,
          subject: `Hearings tomorrow ${i}`,
          text: 'Your hearings',
        });
      // Both senders run now and again, overlapping: only one holds the queue at a time.
      await Promise.all([a.mailer.flush(), b.mailer.flush(), b.mailer.flush(), a.mailer.flush()]);
      await expect
        .poll(
          async () =>
            (await a.db.selectFrom('mail_outbox').select('id').where('status', '=', 'queued').execute())
              .length,
        )
        .toBe(0);
      const sent = sink.messages.slice(before);
      const recipients = sent.flatMap((m) => m.to).sort();
      expect(recipients).toEqual(Array.from({ length: 12 }, (_, i) => `lawyer${i}@test.firm`).sort());
    });

    it("claims the day's hearing digest on one server only", async () => {
      const at = new Date(`${todayInPakistan()}T18:30:00+05:00`);
      const runs = await Promise.all(
        apps.map((app) => sendHearingDigest({ db: app.db, mailer: app.mailer, config: app.config }, at)),
      );
      // One claims the day (0 or more mails queued); the other finds it claimed (null).
      expect(runs.filter((r) => r === null)).toHaveLength(1);
      const claims = await apps[0]!.db.selectFrom('daily_runs').selectAll().execute();
      expect(claims).toHaveLength(1);
    });
  },
);
