import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Config } from '../config.js';
import { Sealed, unseal } from '../crypto/sealed.js';
import { claimDue } from '../db/claim-due.js';
import type { Db } from '../db/database.js';
import { queryRows } from '../db/query-rows.js';
import { PollingWorker, retryDelayMs } from '../shared/polling-loop.js';
import { hideStoredBearerLinks } from './outbox.js';

/** How long a claimed message is kept from other workers while it is being sent (a crash: resent after). */
const LEASE_MS = 5 * 60 * 1000;
const BATCH = 5;

type Claimed = {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  attempts: number;
  created_at: Date;
};

export type MailWorkerDeps = {
  db: Db;
  config: Pick<Config, 'MAIL_FROM' | 'MAIL_POLL_INTERVAL_MS' | 'MAIL_RETRY_BASE_MS' | 'MAIL_RETRY_MAX_MS' | 'MAIL_GIVE_UP_HOURS'>;
  transport: Transporter;
  now: () => Date;
  log: FastifyBaseLogger;
};

/** An SMTP 5xx answer will not change by retrying (unknown mailbox, refused sender). */
function permanent(error: unknown): boolean {
  // A refused STARTTLS is our configuration (SMTP_INSECURE, the relay), not the message: retried until fixed.
  if ((error as { code?: string }).code === 'ETLS') return false;
  const code = (error as { responseCode?: number }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

function describe(error: unknown): string {
  const e = error as { response?: string; message?: string; code?: string };
  if (e.code === 'ETLS') return `ETLS: ${e.message ?? ''}`.slice(0, 500);
  return (e.response ?? [e.code, e.message].filter(Boolean).join(': ') ?? String(error)).slice(0, 500);
}

/**
 * Sends the outbox's due messages. Each claim is one UPDATE over rows picked `FOR UPDATE SKIP LOCKED`
 * that moves them a lease into the future: with several instances on one PostgreSQL each message goes to
 * one worker, and none waits for another's SMTP conversation. The send happens outside any transaction
 * (PGlite has one connection; a transaction held through an SMTP conversation would stall every request).
 */
export class MailWorker extends PollingWorker {
  constructor(private readonly deps: MailWorkerDeps) {
    super(deps.config.MAIL_POLL_INTERVAL_MS, (error) => deps.log.error({ err: error }, 'mail worker: claiming messages failed'));
  }

  /** Claims and sends one batch; returns how many messages it handled. */
  async runOnce(): Promise<number> {
    const claimed = await claimDue<Claimed>(
      this.deps.db,
      'outbox_messages',
      'id, to_address, subject, text_body, html_body, attempts, created_at',
      {
        batch: BATCH,
        leaseMs: LEASE_MS,
        now: this.deps.now(),
      },
    );
    for (const message of claimed) await this.send(message);
    return claimed.length;
  }

  private async send(message: Claimed): Promise<void> {
    const { config, transport, db } = this.deps;
    // Read with plain SQL, the bodies are still the ciphertext the column stores.
    const text = unseal(new Sealed(message.text_body), 'outbox_messages', 'text_body', message.id);
    const html = unseal(new Sealed(message.html_body), 'outbox_messages', 'html_body', message.id);
    // Sent, or given up: the message leaves the queue for good, and its fix link with it.
    let settled: boolean;
    try {
      const info = (await transport.sendMail({
        from: config.MAIL_FROM,
        to: message.to_address,
        subject: message.subject,
        text,
        html,
      })) as { response?: string };
      await queryRows(db, `update outbox_messages set state = 'sent', sent_at = $2, smtp_response = $3, last_error = null where id = $1`, [
        message.id,
        this.deps.now(),
        (info.response ?? 'OK').slice(0, 500),
      ]);
      settled = true;
    } catch (error) {
      const now = this.deps.now();
      const giveUpAt = new Date(message.created_at).getTime() + config.MAIL_GIVE_UP_HOURS * 3_600_000;
      const failed = permanent(error) || now.getTime() >= giveUpAt;
      const next = new Date(now.getTime() + retryDelayMs(message.attempts, config.MAIL_RETRY_BASE_MS, config.MAIL_RETRY_MAX_MS));
      // Only the message id and the SMTP answer are logged: the address and text are personal data.
      this.deps.log.warn(
        { messageId: message.id, attempts: message.attempts, error: describe(error) },
        failed ? 'mail failed' : 'mail send failed, will retry',
      );
      await queryRows(db, `update outbox_messages set state = $2, next_attempt_at = $3, last_error = $4 where id = $1`, [
        message.id,
        failed ? 'failed' : 'pending',
        next,
        describe(error),
      ]);
      settled = failed;
    }
    // The applicant's mail holds its fix or order link now (or it never will: a new fix request makes a new
    // link, the order page takes the phone), so the stored copy stops holding the token. Apart from the
    // send: a failure here never resends a mail.
    if (settled) {
      await hideStoredBearerLinks(db, message.id, text, html).catch((error: unknown) =>
        this.deps.log.error({ err: error, messageId: message.id }, 'mail worker: hiding a sent bearer link failed'),
      );
    }
  }
}
