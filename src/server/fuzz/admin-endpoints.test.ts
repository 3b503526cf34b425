import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { signIn, type SignedIn } from '../../../tests/support/admin-session.js';
import type { TestApp } from '../../../tests/support/build-test-app.js';
import {
  anyBody,
  anyString,
  fcParams,
  forgetCounts,
  FUZZ_TIMEOUT,
  fuzzSuite,
  FuzzViolation,
  garbageSegment,
  headerValue,
  messagesSeen,
  nearValidJson,
  queryString,
  randomJson,
  runs,
  sendAndCheck,
  tally,
  type FuzzRequest,
  type SampleFiles,
} from '../../../tests/support/fuzz-kit.js';
import { ADMIN_CREATE_BODY, createMerchantAsAdmin } from '../../../tests/support/merchant-fixtures.js';
import { GENEROUS_LIMITS, registerMerchant } from '../../../tests/support/registration-fixtures.js';
import { DOCUMENT_SLOTS } from '../../domain/document-slots.js';
import { MERCHANT_STATUSES } from '../../domain/vocabularies.js';

/**
 * Property-based fuzzing of every /api/admin endpoint, signed in as an admin: generated JSON and
 * multipart bodies (random and near-valid), querystrings, and path parameters that are real merchant
 * ids and slots as well as garbage. Same property as the public suite: below 500, the Indonesian error
 * shape, and nothing stored (rows or files) by a refused request.
 */

describe('fuzz: admin endpoints (signed in)', () => {
  let t: TestApp;
  let files: SampleFiles;
  let admin: SignedIn;
  let realIds: string[];
  let deletableIds: string[];
  const crashes = fuzzSuite('admin endpoints', GENEROUS_LIMITS, async (app, samples) => {
    t = app;
    files = samples;
    admin = await signIn(t.app);
    const registered = [];
    for (let i = 0; i < 5; i += 1) {
      registered.push(
        await registerMerchant(t.app, { email: `pemilik${i}@example.com`, no_hp: `08129999000${i}`, nik: `317401550390000${i + 1}` }),
      );
    }
    const created = await createMerchantAsAdmin(t.app, admin.cookie);
    expect(created.statusCode).toBe(201);
    realIds = [registered[0]!.id, registered[1]!.id, (created.json() as { id: string }).id];
    deletableIds = registered.slice(2).map((m) => m.id);
  });

  const id = () => fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...realIds) }, { weight: 1, arbitrary: garbageSegment });
  const signedIn = (request: FuzzRequest): FuzzRequest => ({ ...request, headers: { cookie: admin.cookie, ...request.headers } });

  async function auditCount(): Promise<number> {
    const result = await t.app.deps.db.execute(sql`select count(*)::int as n from audit_logs`);
    return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
  }

  it(
    'GET routes: totp, system, merchants, export, audit, merchant detail, merchant audit, documents',
    async () => {
      const slot = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...DOCUMENT_SLOTS) }, { weight: 1, arbitrary: garbageSegment });
      const route = fc.oneof(
        // Weighted so that each of the five fixed routes gets about as many requests as each :id route.
        {
          weight: 5,
          arbitrary: fc
            .constantFrom('/api/admin/totp', '/api/admin/system', '/api/admin/merchants', '/api/admin/merchants/export', '/api/admin/audit')
            .map((url) => ({ label: url, url })),
        },
        id().map((value) => ({ label: '/api/admin/merchants/:id', url: `/api/admin/merchants/${value}` })),
        id().map((value) => ({ label: '/api/admin/merchants/:id/audit', url: `/api/admin/merchants/${value}/audit` })),
        fc.tuple(id(), slot).map(([value, s]) => ({
          label: '/api/admin/merchants/:id/documents/:slot',
          url: `/api/admin/merchants/${value}/documents/${s}`,
        })),
      );
      await fc.assert(
        fc.asyncProperty(
          route,
          fc.constantFrom('GET' as const, 'HEAD' as const),
          queryString,
          anyBody(randomJson, files),
          async (r, method, q, b) => {
            const exporting = r.label === '/api/admin/merchants/export';
            const auditsBefore = exporting ? await auditCount() : 0;
            const response = await sendAndCheck(
              t,
              `${method === 'HEAD' ? 'GET' : method} ${r.label}`,
              signedIn({ method, url: r.url + q, body: b }),
            );
            if (exporting && response.statusCode === 200) {
              // The export's audit row is written once the stream ended, after the answer: wait for it, or it
              // would land inside the next request's before/after window.
              const deadline = Date.now() + 5_000;
              while ((await auditCount()) === auditsBefore && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
              forgetCounts();
            }
          },
        ),
        fcParams(runs(2000)),
      );
      crashes.check();
    },
    FUZZ_TIMEOUT,
  );

  it(
    'POST /api/admin/merchants',
    async () => {
      const json = fc.oneof(
        {
          weight: 4,
          arbitrary: nearValidJson(
            { ...ADMIN_CREATE_BODY, email: 'baru@contoh.co.id', no_hp: '081377778888', nik: '3171011708900009' },
            { omset_per_bulan: fc.double(), tempat_usaha: anyString },
          ),
        },
        { weight: 1, arbitrary: randomJson },
      );
      await fc.assert(
        fc.asyncProperty(anyBody(json, files), async (b) => {
          await sendAndCheck(t, 'POST /api/admin/merchants', signedIn({ method: 'POST', url: '/api/admin/merchants', body: b }));
        }),
        fcParams(runs(800)),
      );
      crashes.check();
    },
    FUZZ_TIMEOUT,
  );

  it(
    'PUT /api/admin/merchants/:id',
    async () => {
      const current = await t.app.inject({ method: 'GET', url: `/api/admin/merchants/${realIds[2]}`, headers: { cookie: admin.cookie } });
      const base = {
        ...ADMIN_CREATE_BODY,
        tempat_usaha: 'Sewa',
        omset_per_bulan: 1_000_000,
        status: 'processing',
        catatan_admin: 'dicek',
        expected_updated_at: (current.json() as { updated_at: string }).updated_at,
      };
      const json = fc.oneof(
        {
          weight: 4,
          arbitrary: nearValidJson(base, {
            expected_updated_at: fc.oneof(
              fc.date().map((d) => (Number.isNaN(d.getTime()) ? 'x' : d.toISOString())),
              anyString,
            ),
            status: anyString,
          }),
        },
        { weight: 1, arbitrary: randomJson },
      );
      await fc.assert(
        fc.asyncProperty(id(), anyBody(json, files), async (value, b) => {
          await sendAndCheck(t, 'PUT /api/admin/merchants/:id', signedIn({ method: 'PUT', url: `/api/admin/merchants/${value}`, body: b }));
        }),
        fcParams(runs(700)),
      );
      crashes.check();
    },
    FUZZ_TIMEOUT,
  );

  it(
    'POST /api/admin/merchants/:id/status',
    async () => {
      const json = fc.oneof(
        {
          weight: 4,
          arbitrary: nearValidJson(
            { status: 'verified', catatan_admin: 'lengkap' },
            {
              status: fc.oneof(fc.constantFrom(...MERCHANT_STATUSES), anyString),
              catatan_admin: fc.oneof(anyString, fc.constant('x'.repeat(1001))),
            },
          ),
        },
        { weight: 1, arbitrary: randomJson },
      );
      await fc.assert(
        fc.asyncProperty(id(), anyBody(json, files), async (value, b) => {
          await sendAndCheck(
            t,
            'POST /api/admin/merchants/:id/status',
            signedIn({ method: 'POST', url: `/api/admin/merchants/${value}/status`, body: b }),
          );
        }),
        fcParams(runs(600)),
      );
      crashes.check();
    },
    FUZZ_TIMEOUT,
  );

  it(
    'POST /api/admin/merchants/:id/documents/:slot (multipart replacement)',
    async () => {
      const slot = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...DOCUMENT_SLOTS) }, { weight: 1, arbitrary: garbageSegment });
      await fc.assert(
        fc.asyncProperty(id(), slot, anyBody(randomJson, files, 12), async (value, s, b) => {
          const response = await sendAndCheck(
            t,
            'POST /api/admin/merchants/:id/documents/:slot',
            signedIn({ method: 'POST', url: `/api/admin/merchants/${value}/documents/${s}`, body: b }),
          );
          if (response.statusCode === 200) expect(realIds).toContain(value);
        }),
        fcParams(runs(900)),
      );
      crashes.check();
    },
    FUZZ_TIMEOUT,
  );

  it(
    'DELETE /api/admin/merchants/:id',
    async () => {
      const target = fc.oneof(fc.constantFrom(...deletableIds), garbageSegment);
      await fc.assert(
        fc.asyncProperty(target, anyBody(randomJson, files), async (value, b) => {
          await sendAndCheck(
            t,
            'DELETE /api/admin/merchants/:id',
            signedIn({ method: 'DELETE', url: `/api/admin/merchants/${value}`, body: b }),
          );
        }),
        fcParams(runs(250)),
      );
      crashes.check();
    },
    FUZZ_TIMEOUT,
  );

  it(
    'POST /api/admin/totp/setup and /api/admin/totp/confirm',
    async () => {
      const route = fc.constantFrom('/api/admin/totp/setup', '/api/admin/totp/confirm');
      const json = fc.oneof(nearValidJson({ code: '123456' }, { code: fc.oneof(fc.stringMatching(/^\d{6}$/), anyString) }), randomJson);
      await fc.assert(
        fc.asyncProperty(route, anyBody(json, files), async (url, b) => {
          await sendAndCheck(t, `POST ${url}`, signedIn({ method: 'POST', url, body: b }));
        }),
        fcParams(runs(500)),
      );
      crashes.check();
    },
    FUZZ_TIMEOUT,
  );

  it(
    'POST /api/admin/password',
    async () => {
      // Its own admin: the failures this records lock this account, not the one the other properties use.
      const owner = await signIn(t.app, { email: 'sandi@aipos.test', password: 'kata-sandi-pemilik-panjang' });
      forgetCounts();
      const json = fc.oneof(
        nearValidJson({ currentPassword: 'bukan-kata-sandinya', newPassword: 'kata-sandi-baru-yang-panjang-sekali' }),
        randomJson,
      );
      await fc.assert(
        fc.asyncProperty(anyBody(json, files), async (b) => {
          await sendAndCheck(t, 'POST /api/admin/password', {
            method: 'POST',
            url: '/api/admin/password',
            body: b,
            headers: { cookie: owner.cookie },
          });
        }),
        fcParams(runs(300)),
      );
      crashes.check();
    },
    FUZZ_TIMEOUT,
  );

  it(
    'GET /api/admin/events (a real socket: the stream never ends by itself)',
    async () => {
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const cookie = fc.oneof(
        { weight: 3, arbitrary: fc.constant(admin.cookie) },
        { weight: 1, arbitrary: headerValue.map((v) => `aipos_session=${v}`) },
      );
      await fc.assert(
        fc.asyncProperty(queryString, cookie, async (q, c) => {
          tally.set('GET /api/admin/events', (tally.get('GET /api/admin/events') ?? 0) + 1);
          const abort = new AbortController();
          const response = await fetch(`${address}/api/admin/events${q}`, { headers: { cookie: c }, signal: abort.signal });
          try {
            if (response.status >= 500) throw new FuzzViolation(`5xx from /api/admin/events${q}`);
            if (response.status === 200) {
              expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
            } else {
              const body = (await response.json()) as { error?: { code?: string; message?: string } };
              expect(body.error?.code).toBeTruthy();
              expect(body.error?.message).toBeTruthy();
              messagesSeen.set(`${response.status} ${body.error!.code}`, body.error!.message!);
            }
          } finally {
            abort.abort();
          }
        }),
        fcParams(runs(150)),
      );
      crashes.check();
    },
    FUZZ_TIMEOUT,
  );
});
