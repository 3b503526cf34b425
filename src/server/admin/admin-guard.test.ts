import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createUser, signIn, STAFF } from '../../../tests/support/auth-test-kit.js';
import { buildTestApp, type TestApp } from '../../../tests/support/build-test-app.js';
import { createSession } from '../auth/session-store.js';

type RouteEntry = { method: string; url: string };

/**
 * Every route Fastify knows, read from its own route tree (printRoutes), so a route added anywhere
 * later (inside the admin plugin or beside it) is part of this test without anyone listing it.
 */
function routeTable(app: FastifyInstance): RouteEntry[] {
  const entries: RouteEntry[] = [];
  const stack: { depth: number; path: string }[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (.+?)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    while (stack.length && stack[stack.length - 1]!.depth >= depth) stack.pop();
    const path = (stack[stack.length - 1]?.path ?? '') + match[2]!;
    stack.push({ depth, path });
    for (const method of match[3]?.split(',').map((m) => m.trim()) ?? []) entries.push({ method, url: path });
  }
  return entries;
}

// Concrete values for parameters, so the request reaches the route and not a 404.
const concrete = (url: string) => url.replace(/:[^/]+/g, '00000000-0000-4000-8000-000000000000').replace(/\*/g, 'x');

describe('the /api/admin guard', () => {
  let t: TestApp;
  let adminRoutes: RouteEntry[];
  let staffId: string;
  beforeAll(async () => {
    t = await buildTestApp();
    await createUser(t.app, ADMIN.email, ADMIN.password, 'admin');
    staffId = (await createUser(t.app, STAFF.email, STAFF.password, 'user')).id;
    adminRoutes = routeTable(t.app).filter((r) => r.url.startsWith('/api/admin'));
  });
  afterAll(async () => {
    await t.close();
  });

  it('reads the route table (sanity check of the walker)', () => {
    const all = routeTable(t.app);
    expect(all).toContainEqual({ method: 'GET', url: '/api/health' });
    expect(adminRoutes).toContainEqual({ method: 'POST', url: '/api/admin/totp/setup' });
    expect(adminRoutes).toContainEqual({ method: 'POST', url: '/api/admin/password' });
  });

  it('answers 401 on every /api/admin route without a session', async () => {
    for (const route of adminRoutes) {
      for (const cookie of [undefined, 'aipos_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA']) {
        const response = await t.app.inject({
          method: route.method as 'GET',
          url: concrete(route.url),
          ...(cookie ? { headers: { cookie } } : {}),
        });
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
        expect(response.headers['cache-control'], `${route.method} ${route.url}`).toBe('no-store');
        if (route.method !== 'HEAD') expect(response.json().error.code).toBe('UNAUTHENTICATED');
      }
    }
  });

  it('answers 403 on every /api/admin route for a non-admin, and signs them out', async () => {
    for (const route of adminRoutes) {
      // Non-admins cannot sign in; a session made directly stands for one whose role changed since.
      const { token } = await createSession(
        t.app.deps.db,
        t.config,
        { userId: staffId, secondFactorPending: false, ip: null, userAgent: null },
        new Date(),
      );
      const cookie = `aipos_session=${token}`;
      const response = await t.app.inject({ method: route.method as 'GET', url: concrete(route.url), headers: { cookie } });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
      if (route.method !== 'HEAD')
        expect(response.json().error).toEqual({ code: 'NOT_ADMIN', message: 'Akses ditolak. Anda bukan admin.' });
      const after = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });
      expect(after.statusCode).toBe(401);
    }
  });

  it('refuses cross-origin writes with a valid admin cookie, multipart included', async () => {
    const cookie = await signIn(t.app, ADMIN.email, ADMIN.password);
    const writes = adminRoutes.filter((r) => !['GET', 'HEAD', 'OPTIONS'].includes(r.method));
    expect(writes.length).toBeGreaterThan(0);
    for (const route of writes) {
      const url = concrete(route.url);
      const method = route.method as 'POST';
      const foreign = await t.app.inject({
        method,
        url,
        headers: { cookie, origin: 'https://evil.example', 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(foreign.statusCode, `${route.method} ${route.url} foreign Origin`).toBe(403);
      expect(foreign.json().error.code).toBe('FORBIDDEN_ORIGIN');
      const crossSite = await t.app.inject({ method, url, headers: { cookie, 'sec-fetch-site': 'cross-site' }, payload: {} });
      expect(crossSite.statusCode, `${route.method} ${route.url} cross-site`).toBe(403);
      const boundary = 'x-boundary';
      const multipart = await t.app.inject({
        method,
        url,
        headers: { cookie, origin: 'null', 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nx\r\n--${boundary}--\r\n`,
      });
      expect(multipart.statusCode, `${route.method} ${route.url} multipart`).toBe(403);
    }
    // The same write from this origin goes through to the route.
    const same = await t.app.inject({
      method: 'POST',
      url: '/api/admin/totp/setup',
      headers: { cookie, origin: 'http://localhost:80', host: 'localhost', 'sec-fetch-site': 'same-origin' },
    });
    expect(same.statusCode).toBe(200);
    // Reads are not writes: a cross-site GET is left to SameSite and the CORS default.
    const read = await t.app.inject({ method: 'GET', url: '/api/admin/totp', headers: { cookie, 'sec-fetch-site': 'cross-site' } });
    expect(read.statusCode).toBe(200);
  });

  it('tells no cache to keep any /api/admin or /api/auth answer', async () => {
    const cookie = await signIn(t.app, ADMIN.email, ADMIN.password);
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/admin/merchants', headers: { cookie } }),
      await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: { cookie } }),
      await t.app.inject({ method: 'GET', url: '/api/admin/merchants/not-a-uuid', headers: { cookie } }),
      await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } }),
      await t.app.inject({ method: 'GET', url: '/api/auth/session' }),
      await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: ADMIN.email, password: 'salah-sekali-ini' } }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 404, 200, 401, 401]);
    for (const answer of answers) expect(answer.headers['cache-control']).toBe('no-store');
  });
});
