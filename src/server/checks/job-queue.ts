import type { FastifyBaseLogger } from 'fastify';
import { claimDue } from '../db/claim-due.js';
import type { Db } from '../db/database.js';
import { queryRows } from '../db/query-rows.js';
import { jobs } from '../db/schema.js';
import { PollingWorker, retryDelayMs } from '../shared/polling-loop.js';

/**
 * The database job queue (docs/decisions/0036): the outbox's claim pattern made general. A job is a row
 * written in the transaction of the change that needs it; any instance's worker claims it with one UPDATE
 * over rows picked `FOR UPDATE SKIP LOCKED`, moving `next_attempt_at` a lease ahead. A worker that dies
 * mid-job (kill -9) leaves the row to come due when the lease ends, so a job is never lost; a handler must
 * therefore be idempotent (the checks store each result once per document version).
 */
type JobHandler = (payload: unknown) => Promise<void>;

type JobQueueOptions = {
  db: Db;
  handlers: Record<string, JobHandler>;
  now: () => Date;
  log: FastifyBaseLogger;
  pollIntervalMs: number;
  /** How long a claimed job is kept from other workers (a crash: run again after it). */
  leaseMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
  /** After this many failed attempts the job is marked failed and left alone. */
  maxAttempts: number;
};

type Claimed = { id: string; kind: string; payload: unknown; attempts: number };

/** Call inside the transaction of the change that needs the job: both are committed, or neither. */
export async function enqueueJob(tx: Db, kind: string, payload: Record<string, unknown>, now: Date): Promise<void> {
  await tx.insert(jobs).values({ kind, payload, nextAttemptAt: now, createdAt: now });
}

/**
 * Runs due jobs one at a time per instance: the checks decode photos and run OCR, and one at a time keeps
 * a 2-core machine answering registrations and lookups meanwhile (bench/checks-load.ts measures it).
 */
export class JobQueue extends PollingWorker {
  constructor(private readonly options: JobQueueOptions) {
    super(options.pollIntervalMs, (error) => options.log.error({ err: error }, 'job queue: claiming jobs failed'));
  }

  /** Runs due jobs until none is left; returns how many ran. For tests and scripts. */
  async runUntilIdle(): Promise<number> {
    let total = 0;
    for (let n = await this.runOnce(); n > 0; n = await this.runOnce()) total += n;
    return total;
  }

  /** Claims and runs one job; returns 1, or 0 when nothing is due. */
  async runOnce(): Promise<number> {
    const { db, now, leaseMs } = this.options;
    const [job] = await claimDue<Claimed>(db, 'jobs', 'id, kind, payload, attempts', { batch: 1, leaseMs, now: now() });
    if (!job) return 0;
    await this.run(job);
    return 1;
  }

  private async run(job: Claimed): Promise<void> {
    const { db, handlers, log, retryBaseMs, retryMaxMs, maxAttempts } = this.options;
    try {
      const handler = handlers[job.kind];
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(job.payload);
      await queryRows(db, `update jobs set state = 'done', finished_at = $2, last_error = null where id = $1`, [
        job.id,
        this.options.now(),
      ]);
    } catch (error) {
      const failed = job.attempts >= maxAttempts;
      const message = error instanceof Error ? error.message : String(error);
      // The job's id and kind only: payloads name merchants, errors never carry their data.
      log.warn(
        { jobId: job.id, kind: job.kind, attempts: job.attempts, error: message.slice(0, 300) },
        failed ? 'job failed' : 'job failed, will retry',
      );
      const next = new Date(this.options.now().getTime() + retryDelayMs(job.attempts, retryBaseMs, retryMaxMs));
      await queryRows(db, `update jobs set state = $2, next_attempt_at = $3, last_error = $4, finished_at = $5 where id = $1`, [
        job.id,
        failed ? 'failed' : 'pending',
        next,
        message.slice(0, 500),
        failed ? this.options.now() : null,
      ]);
    }
  }
}
