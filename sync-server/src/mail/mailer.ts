import { sql } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { newId, nowIso } from '../db/ids.ts';
import type { TFileStore } from '../files/file-store.ts';
import {
  addMailAttachments,
  mailFiles,
  makePendingAttachments,
  type MailAttachment,
  type MailAttachmentSources,
} from './mail-attachments.ts';

export type { MailAttachment, MailAttachmentSources, MailFile } from './mail-attachments.ts';
export type Mail = {
  companyId: string;
  to: string;
  subject: string;
  text: string;
  /** Files the mail carries, in order (mail-attachments.ts). */
  attachments?: readonly MailAttachment[];
};
export type Mailer = {
  /** Stores the mail in the outbox (in the caller's transaction when given) and wakes the sender. */
  enqueue: (mail: Mail, trx?: Db) => Promise<string>;
  /**
   * Runs `job` (work that ends in mails) after the current request has been answered, so the answer takes the
   * same time whether or not there was anything to mail. Jobs run one after another, in order; a failed job
   * is dropped.
   */
  defer: (job: () => Promise<void>) => void;
  /** Finishes deferred jobs, then sends what is queued now; resolves when done (tests and shutdown call it). */
  flush: () => Promise<void>;
  /** Starts sending in the background: call it after the transaction that enqueued mails has committed. */
  wake: () => void;
  stop: () => void;
};

/**
 * A mail's links with their one-time tokens hidden (`?token=…` and `&token=…`): what the outbox keeps of a
 * mail once it was sent or can never be, and what an admin is shown of it. A live reset link in an admin's
 * view would let the admin take over the account.
 */
export const redactLinks = (text: string): string => text.replace(/([?&]token=)[^&\s]+/g, '$1[hidden]');

/**
 * Every mail lands in mail_outbox first, so nothing is lost when SMTP is down and an admin can read what was
 * sent. With SMTP_URL configured a sender drains the queue through nodemailer; without it mails stay "stored".
 * Attachments named by a source are made by `sources` after their mail is committed, with or without SMTP (an
 * admin reads a stored mail's files too); a mail is sent only once all its files are made.
 */
/**
 * The PostgreSQL advisory lock the sender holds while it sends: with several server processes on one database,
 * one sends the queue at a time, so a mail (the daily digest's too) goes out once, not once per server.
 */
const SENDER_LOCK = 0x6c66_6d61; // 'lfma'

export function createMailer(
  db: Db,
  config: Config,
  sources: MailAttachmentSources,
  files: TFileStore,
): Mailer {
  const onPostgres = /^postgres(ql)?:/.test(config.databaseUrl);
  const transport: Transporter | null = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  async function drain(): Promise<void> {
    await makePendingAttachments(db, files, sources);
    if (!transport) return;
    if (!onPostgres) return sendQueued(transport);
    // A lock of the session on one pinned connection: a crashed process's lock goes with its connection.
    await db.connection().execute(async (conn) => {
      const got = await sql<{
        locked: boolean;
      }>`select pg_try_advisory_lock(${SENDER_LOCK}) as locked`.execute(conn);
      if (!got.rows[0]?.locked) {
        // Another process is sending; it may have read the queue before this process's mail was committed.
        retryLater();
        return;
      }
      try {
        await sendQueued(transport);
      } finally {
        await sql`select pg_advisory_unlock(${SENDER_LOCK})`.execute(conn);
      }
    });
  }

  async function sendQueued(transport: Transporter): Promise<void> {
    const queued = await db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('status', '=', 'queued')
      // Not before every file it carries is made.
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('mail_attachments')
              .select('mail_attachments.id')
              .whereRef('mail_attachments.mail_id', '=', 'mail_outbox.id')
              .where('mail_attachments.sha256', 'is', null),
          ),
        ),
      )
      .orderBy('created_at')
      .limit(20)
      .execute();
    for (const m of queued) {
      try {
        await transport.sendMail({
          from: config.mailFrom,
          to: m.to_address,
          subject: m.subject,
          text: m.body_text,
          attachments: await mailFiles(db, files, m.id, m.company_id),
        });
        await db
          .updateTable('mail_outbox')
          .set({
            status: 'sent',
            sent_at: nowIso(),
            attempts: m.attempts + 1,
            last_error: null,
            body_text: redactLinks(m.body_text),
          })
          .where('id', '=', m.id)
          .execute();
      } catch (e) {
        const attempts = m.attempts + 1;
        const failed = attempts >= 5;
        await db
          .updateTable('mail_outbox')
          .set({
            attempts,
            last_error: String(e instanceof Error ? e.message : e).slice(0, 500),
            status: failed ? 'failed' : 'queued',
            ...(failed ? { body_text: redactLinks(m.body_text) } : {}),
          })
          .where('id', '=', m.id)
          .execute();
      }
    }
  }
  // A flush asked for while a drain runs gets a fresh drain after it: the running one may have read the queue
  // before the caller's mail was committed.
  let next: Promise<void> | null = null;
  let deferred: Promise<void> = Promise.resolve();
  const flush = async (): Promise<void> => {
    for (let last; last !== deferred;) await (last = deferred);
    return send();
  };
  const send = (): Promise<void> => {
    if (!running) {
      running = drain().finally(() => (running = null));
      return running;
    }
    next ??= running
      .catch(() => undefined)
      .then(() => {
        next = null;
        return send();
      });
    return next;
  };
  // A mail enqueued in a transaction is invisible to the sender until commit, so callers wake it afterwards.
  // Without SMTP a wake still makes the stored mails' attachments.
  const wake = () => {
    if (!stopped) setImmediate(() => void send().catch(() => undefined));
  };
  let retryTimer: NodeJS.Timeout | null = null;
  /** Sends again in a few seconds (once, however often asked), when another process held the queue. */
  const retryLater = () => {
    if (stopped || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      wake();
    }, 2_000);
    retryTimer.unref();
  };
  if (transport) {
    timer = setInterval(() => void send().catch(() => undefined), 30_000);
    timer.unref();
  }
  return {
    async enqueue(mail, trx) {
      const id = newId();
      await (trx ?? db)
        .insertInto('mail_outbox')
        .values({
          id,
          company_id: mail.companyId,
          to_address: mail.to,
          subject: mail.subject,
          // Without SMTP the mail is never sent: its links' tokens are of no use to anyone but an intruder.
          body_text: transport ? mail.text : redactLinks(mail.text),
          status: transport ? 'queued' : 'stored',
          attempts: 0,
          last_error: null,
          created_at: nowIso(),
          sent_at: null,
        })
        .execute();
      if (mail.attachments?.length)
        await addMailAttachments(trx ?? db, files, { id, companyId: mail.companyId }, mail.attachments);
      if (!trx) wake();
      return id;
    },
    defer(job) {
      // After a turn of the event loop, so the request's answer goes out first.
      deferred = deferred
        .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
        .then(job)
        .catch(() => undefined);
    },
    flush,
    wake,
    stop: () => {
      stopped = true;
      if (timer) clearInterval(timer);
      if (retryTimer) clearTimeout(retryTimer);
    },
  };
}
