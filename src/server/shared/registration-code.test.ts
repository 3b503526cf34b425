import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../tests/support/build-test-app.js';
import {
  GENEROUS_LIMITS,
  merchantIdOf,
  postRegistration,
  registrationBody,
  stageRequiredDocuments,
} from '../../../tests/support/registration-fixtures.js';
import { REGISTRATION_CODE_PATTERN } from '../../domain/registration.js';
import { merchants, uploads } from '../db/schema.js';
import { registrationRoutes } from '../registration/registration-routes.js';
import { REGISTRATION_CODE } from './registration-code.js';
import { codeGenerator, withUniqueCode } from './unique-code.js';

describe('the registration code generator', () => {
  it('gives AIP- and 5 characters of A-Z, 0-9, _ and -, drawing on the whole alphabet', () => {
    const generate = codeGenerator(REGISTRATION_CODE);
    const seen = new Set<string>();
    for (let i = 0; i < 4000; i += 1) {
      const code = generate();
      expect(code).toMatch(REGISTRATION_CODE_PATTERN);
      for (const char of code.slice(4)) seen.add(char);
    }
    expect(seen.size).toBe(38);
  });
});

describe('withUniqueCode', () => {
  const clash = Object.assign(new Error('duplicate key'), { code: '23505', constraint: REGISTRATION_CODE.constraint });

  it('retries only on a clash of the code index', async () => {
    const tried: string[] = [];
    const codes = ['AIP-AAAAA', 'AIP-BBBBB'];
    const result = await withUniqueCode(
      REGISTRATION_CODE,
      async (code) => {
        tried.push(code);
        if (code === 'AIP-AAAAA') throw new Error('wrapped', { cause: clash });
        return code;
      },
      () => codes.shift()!,
    );
    expect(result).toBe('AIP-BBBBB');
    expect(tried).toEqual(['AIP-AAAAA', 'AIP-BBBBB']);
  });

  it('passes any other error through at once', async () => {
    let calls = 0;
    const other = Object.assign(new Error('duplicate key'), { code: '23505', constraint: 'merchants_idempotency_key_key' });
    await expect(
      withUniqueCode(REGISTRATION_CODE, async () => {
        calls += 1;
        throw other;
      }),
    ).rejects.toBe(other);
    expect(calls).toBe(1);
  });
});

describe('a forced code collision through the API', () => {
  let t: TestApp;
  const queue: string[] = [];
  const generated: string[] = [];
  const generateCode = () => {
    const code = queue.shift() ?? 'AIP-TAKEN';
    generated.push(code);
    return code;
  };

  beforeAll(async () => {
    // The same routes with a generator the test controls, beside the real ones.
    t = await buildTestApp({
      env: GENEROUS_LIMITS,
      beforeReady: (app) => app.register(registrationRoutes, { prefix: '/forced', generateCode }),
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const post = async (key = randomUUID()) =>
    t.app.inject({
      method: 'POST',
      url: '/forced/registrations',
      headers: { 'idempotency-key': key },
      payload: registrationBody(await stageRequiredDocuments(t.app)),
    });

  it('retries with a new code when the first one is taken, in a fresh transaction', async () => {
    queue.push('AIP-TAKEN');
    const first = await post();
    expect(first.statusCode).toBe(201);
    expect(first.json().kode_pendaftaran).toBe('AIP-TAKEN');

    generated.length = 0;
    queue.push('AIP-TAKEN', 'AIP-FRESH');
    const second = await post();
    expect(second.statusCode).toBe(201);
    expect(second.json().kode_pendaftaran).toBe('AIP-FRESH');
    expect(generated).toEqual(['AIP-TAKEN', 'AIP-FRESH']);
    const claimed = await t.database.db
      .select()
      .from(uploads)
      .where(eq(uploads.claimedBy, await merchantIdOf(t.app, 'AIP-FRESH')));
    expect(claimed).toHaveLength(5);
    expect(await t.database.db.select().from(merchants)).toHaveLength(2);
  });

  it('gives up with 503 after eight clashes, writing nothing', async () => {
    generated.length = 0;
    const response = await post();
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ error: { code: 'UNAVAILABLE', message: 'Layanan sedang tidak tersedia. Silakan coba lagi.' } });
    expect(generated).toHaveLength(8);
    expect(await t.database.db.select().from(merchants)).toHaveLength(2);
  });
});

describe('POST /api/registrations rate limit', () => {
  it('answers 429 in Indonesian after RATE_LIMIT_REGISTRATIONS_PER_HOUR requests from one IP', async () => {
    const t = await buildTestApp({ env: { RATE_LIMIT_REGISTRATIONS_PER_HOUR: '3' } });
    try {
      for (let i = 0; i < 3; i += 1) expect((await postRegistration(t.app, {})).statusCode).toBe(400);
      const limited = await postRegistration(t.app, {});
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ error: { code: 'RATE_LIMITED', message: 'Terlalu banyak permintaan. Silakan coba lagi nanti.' } });
      // Another address still gets through.
      const other = await t.app.inject({ method: 'POST', url: '/api/registrations', remoteAddress: '10.1.2.3', payload: {} });
      expect(other.statusCode).toBe(400);
    } finally {
      await t.close();
    }
  });
});
