import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.js';
import { createBusyGate } from './busy-gate.js';
import { createCheckProcess } from './check-process.js';
import { MERCHANT_CHECKS_JOB, runMerchantChecks } from './check-runner.js';
import { enqueueJob, JobQueue } from './job-queue.js';

/** What routes need of the checks: a nudge after a commit that queued a job, and the queue for tests. */
export type Checks = { wake(): void; queue: JobQueue };

declare module 'fastify' {
  interface FastifyInstance {
    checks: Checks;
  }
}

/** Call inside the transaction that submitted or changed the registration: the checks run after its commit. */
export async function enqueueMerchantChecks(tx: Db, merchantId: string, now: Date): Promise<void> {
  await enqueueJob(tx, MERCHANT_CHECKS_JOB, { merchantId }, now);
}

/**
 * The job queue's worker runs in every instance from ready to close (CHECKS_WORKER=on): one job at a time,
 * its CPU work (hashes, comparisons, OCR) in a process of its own (check-process.ts) at a lower priority,
 * started by the first job and kept until close; this thread only reads and writes rows meanwhile. While
 * this server's event loop is busy (CHECKS_YIELD_ABOVE), the next task waits (busy-gate.ts).
 */
export function registerCheckWorker(app: FastifyInstance): void {
  const { config } = app.deps;
  const gate = createBusyGate({ busyAbove: config.CHECKS_YIELD_ABOVE });
  const cpu = createCheckProcess({ nice: config.CHECKS_NICE, beforeTask: gate.wait });
  const queue = new JobQueue({
    db: app.deps.db,
    handlers: { [MERCHANT_CHECKS_JOB]: (payload) => runMerchantChecks({ ...app.deps, cpu }, payload) },
    now: () => app.deps.now(),
    log: app.log,
    pollIntervalMs: config.CHECKS_POLL_INTERVAL_MS,
    leaseMs: config.CHECKS_LEASE_MS,
    retryBaseMs: config.CHECKS_RETRY_BASE_MS,
    retryMaxMs: config.CHECKS_RETRY_MAX_MS,
    maxAttempts: config.CHECKS_MAX_ATTEMPTS,
  });
  const running = config.CHECKS_WORKER === 'on';
  app.decorate('checks', { wake: () => (running ? queue.wake() : undefined), queue });
  if (running) app.addHook('onReady', async () => queue.start());
  app.addHook('onClose', async () => {
    gate.close();
    await queue.stop();
    await cpu.close();
  });
}
