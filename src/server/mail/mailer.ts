import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import type nodemailerModule from 'nodemailer';
import { MailWorker } from './mail-worker.js';

/** What routes need of the mail machinery: a nudge after a commit that queued a message. */
export type Mailer = {
  /** Sends due messages now instead of at the next poll; does nothing without SMTP_URL. */
  wake(): void;
  /** The running worker, or null without SMTP_URL (tests drive it). */
  worker: MailWorker | null;
};

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/**
 * The mail worker runs inside every server instance that has SMTP_URL, from ready to close. Without it the
 * outbox still records every message (pending), and one line at start says that nothing is sent.
 */
export function registerMailer(app: FastifyInstance): void {
  const { config } = app.deps;
  if (!config.SMTP_URL) {
    app.decorate('mailer', { wake: () => {}, worker: null });
    app.addHook('onReady', async () => {
      app.log.info('SMTP_URL is not set: e-mails to applicants are recorded in the outbox (pending), not sent');
    });
    return;
  }
  // Required here, not imported: without SMTP_URL nodemailer (1.9 MB of heap) is never loaded.
  const nodemailer = createRequire(import.meta.url)('nodemailer') as typeof nodemailerModule;
  // The options go in one object with the URL: a second argument to createTransport is the messages'
  // defaults, where these timeouts (and requireTLS) were silently ignored.
  const transport = nodemailer.createTransport({
    url: config.SMTP_URL,
    // A dead or silent server must fail an attempt quickly; the outbox retries it later.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
    // Plain smtp:// must upgrade with STARTTLS or send nothing; smtps:// is TLS from the first byte.
    requireTLS: config.SMTP_URL.startsWith('smtp://') && !config.SMTP_INSECURE,
  } as object);
  const worker = new MailWorker({ db: app.deps.db, config, transport, now: app.deps.now, log: app.log });
  app.decorate('mailer', { wake: () => worker.wake(), worker });
  app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', async () => {
    await worker.stop();
    transport.close();
  });
}
