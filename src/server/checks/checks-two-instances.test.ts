import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { distinctPhoto } from '../../../tests/support/check-photos.js';
import {
  GENEROUS_LIMITS,
  postRegistration,
  registerMerchant,
  registrationBody,
  REQUIRED_SLOTS,
  stageDocument,
} from '../../../tests/support/registration-fixtures.js';
import { twoInstancesPerSuite } from '../../../tests/support/two-instances.js';
import { jobs, merchantChecks } from '../db/schema.js';

/**
 * Two instances (two buildApp, two pools, two job workers) on one PostgreSQL database: every job of the
 * machine checks runs once, on one of them, and every result is stored once.
 */
describe('machine checks with two instances on one PostgreSQL database', () => {
  const instances = twoInstancesPerSuite(() => ({
    LOG_LEVEL: 'silent',
    ...GENEROUS_LIMITS,
    CHECKS_WORKER: 'on',
    CHECKS_POLL_INTERVAL_MS: '50',
  }));

  /** A registration with photos of its own through `app`. */
  async function register(app: FastifyInstance, seed: number): Promise<void> {
    const ids: Record<string, string> = {};
    for (const [i, slot] of REQUIRED_SLOTS.entries()) ids[slot] = await stageDocument(app, slot, await distinctPhoto(seed * 10 + i));
    expect((await postRegistration(app, registrationBody(ids))).statusCode).toBe(201);
  }

  it('runs each job once while both workers poll the same queue', async () => {
    const [a, b] = instances.apps as [FastifyInstance, FastifyInstance];
    for (let i = 0; i < 6; i += 1) await register(i % 2 === 0 ? a : b, 700 + i);
    // And one with the shared fixtures' photos, the same in every registration of the suite.
    await registerMerchant(a);
    const db = instances.databases[0]!.db;
    await expect
      .poll(async () => (await db.select({ state: jobs.state }).from(jobs)).map((row) => row.state), { timeout: 90_000, interval: 250 })
      .toEqual(Array.from({ length: 7 }, () => 'done'));
    // Claimed once each: a second claim would have counted a second attempt.
    expect((await db.select({ attempts: jobs.attempts }).from(jobs)).map((row) => row.attempts)).toEqual(
      Array.from({ length: 7 }, () => 1),
    );
    const rows = await db.select().from(merchantChecks);
    // Per registration: five photos' quality and duplicate checks, the KTP reading, three field checks.
    expect(rows).toHaveLength(7 * (5 + 5 + 1 + 3));
    expect(new Set(rows.map((row) => `${row.merchantId}|${row.kind}|${row.slot}`)).size).toBe(rows.length);
  }, 150_000);
});
