import { createHmac } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { unseal } from '../crypto/sealed.js';
import type { Db } from '../db/database.js';
import { queryRows } from '../db/query-rows.js';
import { webhookEndpoints } from '../db/schema.js';
import { PollingWorker, retryDelayMs } from '../shared/polling-loop.js';

/**
 * How long a claimed delivery is kept from other workers while it is being sent: far beyond one attempt's
 * timeout, so only a crash (never a slow receiver) lets another worker send it again.
 */
const LEASE_MS = 5 * 60 * 1000;
const BATCH = 10;

export const WEBHOOK_USER_AGENT = 'AIPOS-Webhooks/1';

type Claimed = { id: string; endpoint_id: string; event_id: string; body: string; attempts: number; created_at: Date; claim_token: string };
type Outcome = { ok: true; status: number } | { ok: false; status: number | null; error: string };

export type WebhookWorkerDeps = {
  db: Db;
  config: Pick<Config, 'WEBHOOK_POLL_INTERVAL_MS' | 'WEBHOOK_RETRY_BASE_MS' | 'WEBHOOK_GIVE_UP_HOURS' | 'WEBHOOK_TIMEOUT_MS'>;
  now: () => Date;
  log: FastifyBaseLogger;
};

/** `AIPOS-Signature`: the unix seconds and the hex HMAC-SHA256 of "<t>.<body>" with the endpoint's secret. */
export function signWebhook(secret: string, body: string, unixSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}

/**
 * What the delivery log shows of a failed attempt: short, Indonesian, and never the URL (its query may
 * hold the receiver's own token) nor anything of the body.
 */
function describeFailure(error: unknown, timeoutMs: number): string {
  const e = error as { name?: string; cause?: { code?: string; name?: string } };
  if (e.name === 'TimeoutError' || e.cause?.name === 'TimeoutError') return `Tidak ada jawaban dalam ${timeoutMs / 1000} detik`;
  // Cut off by the server's own shutdown: retried like any failure (by this or another instance).
  if (e.name === 'AbortError') return 'Dihentikan karena server berhenti';
  const code = e.cause?.code;
  return code && /^[A-Z_0-9]{2,40}$/.test(code) ? `Koneksi gagal (${code})` : 'Koneksi gagal';
}

/**
 * Sends the webhook outbox's due deliveries. Each claim is one UPDATE over rows picked `FOR UPDATE SKIP
 * LOCKED` that moves them a lease into the future, counts the attempt and stamps a fresh claim token:
 * with several instances on one PostgreSQL each delivery goes to one worker at a time, and only the
 * holder of the token records the result (a resend is refused while the lease runs, see resendDelivery). The POST happens outside any transaction (PGlite
 * has one connection; a transaction held through a slow receiver would stall every request).
 *
 * Deliveries of an inactive endpoint are not claimed: they wait, pending, until it is switched on again
 * (their give-up window keeps running). Those of a deleted endpoint were deleted with it (cascade).
 */
export class WebhookWorker extends PollingWorker {
  // Ends the requests in flight when the server stops: shutdown never waits out a slow receiver.
  private halt = new AbortController();

  constructor(private readonly deps: WebhookWorkerDeps) {
    super(deps.config.WEBHOOK_POLL_INTERVAL_MS, (error) => deps.log.error({ err: error }, 'webhook worker: claiming deliveries failed'));
  }

  override start(): void {
    if (this.halt.signal.aborted) this.halt = new AbortController();
    super.start();
  }

  override async stop(): Promise<void> {
    // Polling stops before the requests in flight are aborted, so the run ends instead of claiming more.
    const stopped = this.polling.stop();
    this.halt.abort();
    await stopped;
  }

  /** Claims and sends one batch; returns how many deliveries it handled. */
  async runOnce(): Promise<number> {
    const now = this.deps.now();
    const claimed = await queryRows<Claimed>(
      this.deps.db,
      `update webhook_deliveries set next_attempt_at = $1, attempts = attempts + 1, last_attempt_at = $2, claim_token = gen_random_uuid()
       where id in (
         select d.id from webhook_deliveries d
         join webhook_endpoints e on e.id = d.endpoint_id
         where d.state = 'pending' and d.next_attempt_at <= $2 and e.active
         order by d.next_attempt_at
         limit ${BATCH}
         for update of d skip locked
       )
       returning id, endpoint_id, event_id, body, attempts, created_at, claim_token`,
      [new Date(now.getTime() + LEASE_MS), now],
    );
    if (claimed.length === 0) return 0;
    const endpointIds = [...new Set(claimed.map((delivery) => delivery.endpoint_id))];
    const endpoints = await this.deps.db
      .select({ id: webhookEndpoints.id, url: webhookEndpoints.url, secret: webhookEndpoints.secret })
      .from(webhookEndpoints)
      .where(inArray(webhookEndpoints.id, endpointIds));
    const byId = new Map(
      endpoints.map((endpoint) => [
        endpoint.id,
        { url: endpoint.url, secret: unseal(endpoint.secret, 'webhook_endpoints', 'secret', endpoint.id) },
      ]),
    );
    // One slow receiver must not hold up the others of the batch.
    await Promise.all(
      claimed.map(async (delivery) => {
        const endpoint = byId.get(delivery.endpoint_id);
        // Deleted since the claim: its deliveries went with it.
        if (!endpoint) return;
        await this.record(delivery, await this.post(endpoint, delivery));
      }),
    );
    return claimed.length;
  }

  private async post(endpoint: { url: string; secret: string }, delivery: Claimed): Promise<Outcome> {
    const { config } = this.deps;
    const t = Math.floor(this.deps.now().getTime() / 1000);
    try {
      const response = await fetch(endpoint.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'AIPOS-Signature': signWebhook(endpoint.secret, delivery.body, t),
          'AIPOS-Event-Id': delivery.event_id,
          'User-Agent': WEBHOOK_USER_AGENT,
        },
        body: delivery.body,
        // A redirect is an answer other than 2xx: the signed body goes only to the URL the admin entered.
        redirect: 'manual',
        signal: AbortSignal.any([AbortSignal.timeout(config.WEBHOOK_TIMEOUT_MS), this.halt.signal]),
      });
      // The answer's body is not read: only the status counts, and the connection is freed.
      await response.body?.cancel().catch(() => {});
      if (response.status >= 200 && response.status < 300) return { ok: true, status: response.status };
      return { ok: false, status: response.status, error: `Jawaban HTTP ${response.status}` };
    } catch (error) {
      return { ok: false, status: null, error: describeFailure(error, config.WEBHOOK_TIMEOUT_MS) };
    }
  }

  /**
   * The attempt's result, written only while this worker still holds the claim: a lease that ran out (and
   * was claimed again) or a resend since has made the row another attempt's, which this one must not undo.
   */
  private async record(delivery: Claimed, outcome: Outcome): Promise<void> {
    const { config, db, log } = this.deps;
    const now = this.deps.now();
    if (outcome.ok) {
      const recorded = await queryRows<{ id: string }>(
        db,
        `update webhook_deliveries set state = 'sent', delivered_at = $2, last_status_code = $3, last_error = null, claim_token = null
         where id = $1 and claim_token = $4 returning id`,
        [delivery.id, now, outcome.status, delivery.claim_token],
      );
      if (recorded.length === 0) {
        log.warn(
          { deliveryId: delivery.id, eventId: delivery.event_id, statusCode: outcome.status },
          'webhook delivered after its claim was lost; result not recorded',
        );
        return;
      }
      log.info(
        { deliveryId: delivery.id, eventId: delivery.event_id, statusCode: outcome.status, attempts: delivery.attempts },
        'webhook delivered',
      );
      return;
    }
    const giveUpAt = new Date(delivery.created_at).getTime() + config.WEBHOOK_GIVE_UP_HOURS * 3_600_000;
    const failed = now.getTime() >= giveUpAt;
    // The last retry falls on the end of the window rather than past it.
    const next = new Date(Math.min(now.getTime() + retryDelayMs(delivery.attempts, config.WEBHOOK_RETRY_BASE_MS), giveUpAt));
    // Ids and the status code only: the body and the secret never reach the log.
    const recorded = await queryRows<{ id: string }>(
      db,
      `update webhook_deliveries set state = $2, next_attempt_at = $3, last_status_code = $4, last_error = $5, claim_token = null
       where id = $1 and claim_token = $6 returning id`,
      [delivery.id, failed ? 'failed' : 'pending', next, outcome.status, outcome.error, delivery.claim_token],
    );
    log.warn(
      {
        deliveryId: delivery.id,
        eventId: delivery.event_id,
        statusCode: outcome.status,
        attempts: delivery.attempts,
        error: outcome.error,
      },
      recorded.length === 0
        ? 'webhook attempt failed after its claim was lost; result not recorded'
        : failed
          ? 'webhook failed, giving up'
          : 'webhook delivery failed, will retry',
    );
  }
}

/** What routes need of the webhook machinery: a nudge after a commit that queued or requeued a delivery. */
export type Webhooks = {
  /** Sends due deliveries now instead of at the next poll. */
  wake(): void;
  worker: WebhookWorker;
};

declare module 'fastify' {
  interface FastifyInstance {
    webhooks: Webhooks;
  }
}

/**
 * The webhook worker runs inside every server instance from ready to close. With no endpoint there is
 * nothing to deliver, and each poll is one indexed query that finds no row.
 */
export function registerWebhookWorker(app: FastifyInstance): void {
  const worker = new WebhookWorker({ db: app.deps.db, config: app.deps.config, now: () => app.deps.now(), log: app.log });
  app.decorate('webhooks', { wake: () => worker.wake(), worker });
  app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', async () => worker.stop());
}
