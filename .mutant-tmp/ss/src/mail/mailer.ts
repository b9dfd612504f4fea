import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { newId, nowIso } from '../db/ids.ts';

export type Mail = { companyId: string; to: string; subject: string; text: string };
export type Mailer = {
  /** Stores the mail in the outbox (in the caller's transaction when given) and wakes the sender. */
  enqueue: (mail: Mail, trx?: Db) => Promise<string>;
  /** Sends what is queued now; resolves when done (tests and shutdown call it). */
  flush: () => Promise<void>;
  /** Starts sending in the background: call it after the transaction that enqueued mails has committed. */
  wake: () => void;
  stop: () => void;
};

/**
 * Every mail lands in mail_outbox first, so nothing is lost when SMTP is down and an admin can read what was
 * sent. With SMTP_URL configured a sender drains the queue through nodemailer; without it mails stay "stored".
 */
export function createMailer(db: Db, config: Config): Mailer {
  const transport: Transporter | null = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  async function drain(): Promise<void> {
    if (!transport) return;
    const queued = await db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('status', '=', 'queued')
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
        });
        await db
          .updateTable('mail_outbox')
          .set({ status: 'sent', sent_at: nowIso(), attempts: m.attempts + 1, last_error: null })
          .where('id', '=', m.id)
          .execute();
      } catch (e) {
        const attempts = m.attempts + 1;
        await db
          .updateTable('mail_outbox')
          .set({
            attempts,
            last_error: String(e instanceof Error ? e.message : e).slice(0, 500),
            status: attempts >= 5 ? 'failed' : 'queued',
          })
          .where('id', '=', m.id)
          .execute();
      }
    }
  }
  // A flush asked for while a drain runs gets a fresh drain after it: the running one may have read the queue
  // before the caller's mail was committed.
  let next: Promise<void> | null = null;
  const flush = (): Promise<void> => {
    if (!running) {
      running = drain().finally(() => (running = null));
      return running;
    }
    next ??= running
      .catch(() => undefined)
      .then(() => {
        next = null;
        return flush();
      });
    return next;
  };
  // A mail enqueued in a transaction is invisible to the sender until commit, so callers wake it afterwards.
  const wake = () => {
    if (transport && !stopped) setImmediate(() => void flush().catch(() => undefined));
  };
  if (transport) {
    timer = setInterval(() => void flush().catch(() => undefined), 30_000);
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
          body_text: mail.text,
          status: transport ? 'queued' : 'stored',
          attempts: 0,
          last_error: null,
          created_at: nowIso(),
          sent_at: null,
        })
        .execute();
      if (!trx) wake();
      return id;
    },
    flush,
    wake,
    stop: () => {
      stopped = true;
      if (timer) clearInterval(timer);
    },
  };
}
