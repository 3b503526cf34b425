import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../tests/support/build-test-app.js';
import {
  anyBody,
  anyString,
  fcParams,
  FUZZ_TIMEOUT,
  fuzzSuite,
  garbageSegment,
  headerValue,
  idempotencyHeaders,
  idempotencyKey,
  nearValidJson,
  queryString,
  randomJson,
  remoteAddress,
  runs,
  sendAndCheck,
  type SampleFiles,
} from '../../../tests/support/fuzz-kit.js';
import {
  GENEROUS_LIMITS,
  registerMerchant,
  registrationBody,
  stageRequiredDocuments,
} from '../../../tests/support/registration-fixtures.js';

/**
 * Property-based fuzzing of every public endpoint (no session): generated JSON and multipart bodies,
 * random and near-valid. Each request must answer below 500 with the Indonesian error shape, and a
 * refused one must leave merchants, uploads, audit_logs, users, sessions and the storage folder as they were.
 */

describe('fuzz: public endpoints', () => {
  let t: TestApp;
  let files: SampleFiles;
  let code: string;
  let registered: Record<string, unknown>;
  let documents: Record<string, string | null | undefined>;
  // Per-IP limits would turn most generated requests into 429s before they reach validation.
  const crashes = fuzzSuite(
    'public endpoints',
    { ...GENEROUS_LIMITS, RATE_LIMIT_LOOKUPS_PER_MINUTE: '10000000', RATE_LIMIT_ORDERS_PER_HOUR: '10000000' },
    async (app, samples) => {
      t = app;
      files = samples;
      const merchant = await registerMerchant(t.app);
      code = merchant.kode_pendaftaran;
      registered = merchant.body;
      documents = await stageRequiredDocuments(t.app);
    },
  );

  it(
    'POST /api/uploads',
    async () => {
      const body = anyBody(randomJson, files, 8);
      await fc.assert(
        fc.asyncProperty(body, async (b) => {
          const response = await sendAndCheck(t, 'POST /api/uploads', { method: 'POST', url: '/api/uploads', body: b });
          if (response.statusCode === 201) expect(response.json().content_type).toMatch(/^(image\/jpeg|image\/png|application\/pdf)$/);
        }),
        fcParams(runs(1400)),
      );
      crashes.check();
    },
    FUZZ_TIMEOUT,
  );

  it(
    'POST /api/registrations',
    async () => {
      const valid = registrationBody(documents, { email: 'fuzz@example.com', no_hp: '081299990000', nik: '3174015503900002' });
      const documentIds = fc.dictionary(
        fc.oneof(fc.constantFrom('foto_ktp', 'foto_usaha', 'npwp_file', '__proto__'), fc.string({ maxLength: 6 })),
        fc.oneof(fc.uuid(), anyString, fc.constant(null)),
        {
          maxKeys: 6,
        },
      );
      const json = fc.oneof(
        {
          weight: 4,
          arbitrary: nearValidJson(valid, {
            documents: documentIds,
            omset_per_bulan: fc.double(),
            consent: fc.constantFrom(false, 'true', 1),
          }),
        },
        { weight: 1, arbitrary: randomJson },
      );
      await fc.assert(
        fc.asyncProperty(anyBody(json, files), idempotencyKey, async (b, key) => {
          await sendAndCheck(t, 'POST /api/registrations', {
            method: 'POST',
            url: '/api/registrations',
            body: b,
            headers: idempotencyHeaders(key),
          });
        }),
        fcParams(runs(1500)),
      );
      crashes.check();
    },
    FUZZ_TIMEOUT,
  );

  it(
    'POST /api/status/lookup',
    async () => {
      const byCode = nearValidJson({ kode_pendaftaran: code, receipt_token: randomUUID() });
      const byContact = nearValidJson({ email: String(registered.email), no_hp: String(registered.no_hp) });
      await fc.assert(
        fc.asyncProperty(anyBody(fc.oneof(byCode, byContact, randomJson), files), async (b) => {
          await sendAndCheck(t, 'POST /api/status/lookup', { method: 'POST', url: '/api/status/lookup', body: b });
        }),
        fcParams(runs(900)),
      );
      crashes.check();
    },
    FUZZ_TIMEOUT,
  );

  it(
    'POST /api/orders, POST /api/orders/merchant-check, POST /api/orders/lookup',
    async () => {
      const shipping = {
        nama_penerima: 'Siti Rahayu',
        no_hp_penerima: '0812-3456-7890',
        alamat_pengiriman: 'Jl. Melati No. 12, RT 03/RW 05',
        kota_kab: 'Jakarta Selatan',
        provinsi: 'DKI Jakarta',
        kode_pos: '12810',
      };
      // Near-valid orders ask for more units than exist: a refused one must hold nothing, and none may pass.
      const order = nearValidJson(
        {
          kode_pendaftaran: code,
          no_hp: String(registered.no_hp),
          items: [{ product_id: 3, quantity: 100 }],
          pengiriman: shipping,
          metode_pembayaran: 'transfer',
        },
        {
          items: fc.array(
            fc.record({
              product_id: fc.oneof(fc.integer({ min: -2, max: 5 }), anyString),
              quantity: fc.oneof(fc.integer({ min: 16, max: 200 }), fc.double(), anyString),
            }),
            { maxLength: 3 },
          ),
        },
      );
      const check = nearValidJson({ kode_pendaftaran: code, no_hp: String(registered.no_hp) });
      const lookup = nearValidJson({ kode_pesanan: 'ORD-ABCD1234', no_hp: String(registered.no_hp) });
      const route = fc.constantFrom('/api/orders', '/api/orders/merchant-check', '/api/orders/lookup');
      await fc.assert(
        fc.asyncProperty(route, anyBody(fc.oneof(order, check, lookup, randomJson), files), idempotencyKey, async (url, b, key) => {
          await sendAndCheck(t, `POST ${url}`, {
            method: 'POST',
            url,
            body: b,
            headers: idempotencyHeaders(key),
          });
        }),
        fcParams(runs(600)),
      );
      crashes.check();
    },
    FUZZ_TIMEOUT,
  );

  it(
    'POST /api/auth/login',
    async () => {
      // A user that does not exist: the real admin must not be locked out by the generated failures.
      const json = fc.oneof(nearValidJson({ email: 'nobody@aipos.test', password: 'kata-sandi-salah-sekali' }), randomJson);
      await fc.assert(
        fc.asyncProperty(anyBody(json, files), remoteAddress, async (b, ip) => {
          // A fresh address per request keeps the per-IP cap (30 a minute) from answering everything.
          await sendAndCheck(t, 'POST /api/auth/login', { method: 'POST', url: '/api/auth/login', body: b, remoteAddress: ip });
        }),
        fcParams(runs(400)),
      );
      crashes.check();
    },
    FUZZ_TIMEOUT,
  );

  it(
    'POST /api/auth/second-factor, POST /api/auth/logout, GET /api/auth/session (no or forged session)',
    async () => {
      const cookie = fc.option(
        fc.oneof(
          headerValue.map((v) => `aipos_session=${v}`),
          headerValue,
          fc.constant('aipos_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'),
        ),
        { nil: undefined },
      );
      const origin = fc.option(
        fc.oneof(fc.constantFrom('null', 'http://evil.test', 'http://localhost:80', 'https://localhost'), headerValue),
        { nil: undefined },
      );
      const route = fc.constantFrom(
        { method: 'POST' as const, url: '/api/auth/second-factor' },
        { method: 'POST' as const, url: '/api/auth/logout' },
        { method: 'GET' as const, url: '/api/auth/session' },
      );
      const json = fc.oneof(nearValidJson({ code: '123456' }), randomJson);
      await fc.assert(
        fc.asyncProperty(route, anyBody(json, files), cookie, origin, queryString, async (r, b, c, o, q) => {
          const headers: Record<string, string> = {};
          if (c !== undefined) headers.cookie = c;
          if (o !== undefined) headers.origin = o;
          await sendAndCheck(t, `${r.method} ${r.url}`, { method: r.method, url: r.url + q, body: b, headers });
        }),
        fcParams(runs(900)),
      );
      crashes.check();
    },
    FUZZ_TIMEOUT,
  );

  it(
    'GET /api/health, GET /api/openapi.json and unknown /api paths',
    async () => {
      const route = fc.oneof(
        fc
          .constantFrom('/api/health', '/api/openapi.json')
          .map((url) => ({ method: fc.constantFrom('GET' as const, 'HEAD' as const), url })),
        garbageSegment.map((segment) => ({
          method: fc.constantFrom('GET' as const, 'POST' as const, 'PUT' as const, 'DELETE' as const, 'PATCH' as const),
          url: `/api/${segment}`,
        })),
      );
      await fc.assert(
        fc.asyncProperty(
          route.chain((r) => r.method.map((method) => ({ method, url: r.url }))),
          anyBody(randomJson, files),
          queryString,
          async (r, b, q) => {
            const known = r.url === '/api/health' || r.url === '/api/openapi.json';
            await sendAndCheck(t, known ? `GET ${r.url}` : 'unknown /api/*', { method: r.method, url: r.url + q, body: b });
          },
        ),
        fcParams(runs(500)),
      );
      crashes.check();
      // Still serving after everything above.
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    },
    FUZZ_TIMEOUT,
  );
});
