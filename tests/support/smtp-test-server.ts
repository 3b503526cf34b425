import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';

export type ReceivedMail = { to: string; from: string; subject: string; text: string; html: string };

export type SmtpTestServerOptions = {
  /** Recipients refused for good: RCPT TO answers 550, as for an unknown mailbox. */
  refuse?: (address: string) => boolean;
};

/**
 * A real SMTP server (smtp-server from npm) on a free port, collecting what it receives. `stop()` and
 * `start()` take it down and bring it back on the same port (the SMTP-down tests).
 */
export class SmtpTestServer {
  readonly received: ReceivedMail[] = [];
  private server: SMTPServer | null = null;
  port = 0;

  private constructor(private readonly options: SmtpTestServerOptions) {}

  static async start(options: SmtpTestServerOptions = {}): Promise<SmtpTestServer> {
    const smtp = new SmtpTestServer(options);
    await smtp.start();
    return smtp;
  }

  /** A server for the enclosing suite: listening before its tests (its `url` known from then on), stopped after them. */
  static perSuite(options: SmtpTestServerOptions = {}): SmtpTestServer {
    const smtp = new SmtpTestServer(options);
    beforeAll(() => smtp.start());
    afterAll(() => smtp.stop());
    return smtp;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      // Stopping must not wait the default 30 s for idle client connections.
      closeTimeout: 100,
      onRcptTo: (address, _session, callback) =>
        callback(
          this.options.refuse?.(address.address) ? Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }) : undefined,
        ),
      onData: (stream, _session, callback) => {
        simpleParser(stream)
          .then((mail: ParsedMail) => {
            this.received.push({
              to: Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(', ') : (mail.to?.text ?? ''),
              from: mail.from?.text ?? '',
              subject: mail.subject ?? '',
              text: mail.text ?? '',
              html: typeof mail.html === 'string' ? mail.html : '',
            });
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Waits until `count` messages arrived (or fails after `timeoutMs`). */
  async waitFor(count: number, timeoutMs = 10_000): Promise<ReceivedMail[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.received.length < count) {
      if (Date.now() > deadline) throw new Error(`expected ${count} mails, received ${this.received.length}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return this.received;
  }
}

/** Fast, deterministic worker timings for tests; the test server speaks no TLS, so SMTP_INSECURE. */
export const FAST_MAIL = {
  MAIL_POLL_INTERVAL_MS: '50',
  MAIL_RETRY_BASE_MS: '50',
  MAIL_RETRY_MAX_MS: '200',
  SMTP_INSECURE: 'true',
} as const;
