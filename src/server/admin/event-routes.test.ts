import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type SignedIn } from '../../../tests/support/admin-session.js';
import { buildTestApp, testAppPerSuite, type TestApp } from '../../../tests/support/build-test-app.js';
import { adminSaveBody, createMerchantAsAdmin } from '../../../tests/support/merchant-fixtures.js';
import { GENEROUS_LIMITS, makePng, multipartBody, registerMerchant } from '../../../tests/support/registration-fixtures.js';

/** Reads an SSE stream until `count` events named `name` arrived (or the time runs out). */
async function readEvents(body: ReadableStream<Uint8Array>, count: number, timeoutMs = 5000, name = 'merchant'): Promise<unknown[]> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const events: unknown[] = [];
  let buffer = '';
  const deadline = Date.now() + timeoutMs;
  while (events.length < count && Date.now() < deadline) {
    const chunk = await Promise.race([
      reader.read(),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), deadline - Date.now())),
    ]);
    if (!chunk || chunk.done) break;
    buffer += decoder.decode(chunk.value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = new RegExp(`^event: ${name}\ndata: (.*)$`, 'm').exec(block);
      if (data) events.push(JSON.parse(data[1]!));
    }
  }
  await reader.cancel();
  return events;
}

/** The stream's text until it ends (or the time runs out). */
async function readUntilEnd(body: ReadableStream<Uint8Array>, timeoutMs: number): Promise<{ text: string; ended: boolean }> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const chunk = await Promise.race([
      reader.read(),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), deadline - Date.now())),
    ]);
    if (!chunk) break;
    if (chunk.done) return { text, ended: true };
    text += decoder.decode(chunk.value, { stream: true });
  }
  await reader.cancel();
  return { text, ended: false };
}

describe('GET /api/admin/events', () => {
  let admin: SignedIn;
  let base: string;
  const t = testAppPerSuite({ env: GENEROUS_LIMITS }, async ({ app }) => {
    admin = await signIn(app);
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('announces who opened and left a merchant in review (review_presence)', async () => {
    const created = await createMerchantAsAdmin(t.app, admin.cookie);
    const id = created.json().id as string;
    const response = await fetch(`${base}/api/admin/events`, { headers: { cookie: admin.cookie } });
    const reading = readEvents(response.body!, 2, 5000, 'review_presence');
    const url = `/api/admin/merchants/${id}/review-presence`;
    expect((await t.app.inject({ method: 'POST', url, headers: { cookie: admin.cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url, headers: { cookie: admin.cookie } })).statusCode).toBe(200);
    expect(await reading).toEqual([
      { merchant_id: id, admins: [{ id: admin.userId, name: admin.email }] },
      { merchant_id: id, admins: [] },
    ]);
  });

  it('refuses a visitor without a session', async () => {
    const response = await fetch(`${base}/api/admin/events`);
    expect(response.status).toBe(401);
  });

  it('streams the id and kind of each merchant change, and nothing personal', async () => {
    const response = await fetch(`${base}/api/admin/events`, { headers: { cookie: admin.cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const reading = readEvents(response.body!, 5);
    const registered = await registerMerchant(t.app);
    const status = await t.app.inject({
      method: 'POST',
      url: `/api/admin/merchants/${registered.id}/status`,
      headers: { cookie: admin.cookie },
      payload: { status: 'verified', catatan_admin: null },
    });
    expect(status.statusCode).toBe(200);
    const detail = status.json() as Record<string, unknown>;
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/merchants/${registered.id}`,
      headers: { cookie: admin.cookie },
      payload: adminSaveBody(detail, { nama_toko: 'Toko Diperbarui' }),
    });
    expect(saved.statusCode).toBe(200);
    const upload = await multipartBody([{ name: 'foto_kk', data: await makePng(), filename: 'kk.png', contentType: 'image/png' }]);
    const replaced = await t.app.inject({
      method: 'POST',
      url: `/api/admin/merchants/${registered.id}/documents/foto_kk`,
      headers: { ...upload.headers, cookie: admin.cookie },
      payload: upload.payload,
    });
    expect(replaced.statusCode).toBe(200);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/merchants/${registered.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(deleted.statusCode).toBeLessThan(300);
    const events = await reading;
    expect(events).toEqual([
      { kind: 'created', merchant_id: registered.id },
      { kind: 'status_changed', merchant_id: registered.id },
      { kind: 'updated', merchant_id: registered.id },
      { kind: 'document_changed', merchant_id: registered.id },
      { kind: 'deleted', merchant_id: registered.id },
    ]);
  });
});

describe('GET /api/admin/events and the session', () => {
  let base: string;
  const t = testAppPerSuite({ env: { SSE_HEARTBEAT_SECONDS: '1' } }, async ({ app }) => {
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('checks the session at each heartbeat and closes the stream after logout', async () => {
    const admin = await signIn(t.app);
    const response = await fetch(`${base}/api/admin/events`, { headers: { cookie: admin.cookie } });
    expect(response.status).toBe(200);
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: admin.cookie } });
    expect(logout.statusCode).toBe(204);
    const { text, ended } = await readUntilEnd(response.body!, 5000);
    expect(ended).toBe(true);
    expect(text).toContain('event: session_ended');
    expect((await fetch(`${base}/api/admin/events`, { headers: { cookie: admin.cookie } })).status).toBe(401);
  });

  it('closes the stream at the next heartbeat when the user is no longer an admin', async () => {
    const admin = await signIn(t.app, { email: 'demoted@aipos.test' });
    const response = await fetch(`${base}/api/admin/events`, { headers: { cookie: admin.cookie } });
    expect(response.status).toBe(200);
    const { users } = await import('../db/schema.js');
    const { eq } = await import('drizzle-orm');
    await t.database.db.update(users).set({ role: 'user' }).where(eq(users.id, admin.userId));
    const { text, ended } = await readUntilEnd(response.body!, 5000);
    expect(ended).toBe(true);
    expect(text).toContain('event: session_ended');
  });

  it('does not extend the idle timeout: the stream, its reconnects and background refetches are not activity', async () => {
    const admin = await signIn(t.app, { email: 'idle@aipos.test' });
    const { sessions } = await import('../db/schema.js');
    const { eq } = await import('drizzle-orm');
    const before = await t.database.db.select().from(sessions);
    const [mine] = before.filter((s) => s.userId === admin.userId);
    // Pretend the last real request was long ago (past the slide granularity), then only the stream talks.
    const past = new Date(Date.now() - 20 * 60_000);
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: past, expiresAt: new Date(past.getTime() + 30 * 60_000) })
      .where(eq(sessions.id, mine!.id));
    const response = await fetch(`${base}/api/admin/events`, { headers: { cookie: admin.cookie } });
    expect(response.status).toBe(200);
    const { text } = await readUntilEnd(response.body!, 2500);
    expect(text).toContain(': heartbeat');
    const [after] = await t.database.db.select().from(sessions).where(eq(sessions.id, mine!.id));
    expect(after!.lastSeenAt).toEqual(past);
    // A refetch the screen makes by itself after a live event does not slide it either...
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/merchants', headers: { cookie: admin.cookie, 'x-background-request': '1' } }))
        .statusCode,
    ).toBe(200);
    const [still] = await t.database.db.select().from(sessions).where(eq(sessions.id, mine!.id));
    expect(still!.lastSeenAt).toEqual(past);
    // ...an ordinary admin request does.
    await t.app.inject({ method: 'GET', url: '/api/admin/merchants', headers: { cookie: admin.cookie } });
    const [slid] = await t.database.db.select().from(sessions).where(eq(sessions.id, mine!.id));
    expect(slid!.lastSeenAt.getTime()).toBeGreaterThan(past.getTime());
  });
});

describe('GET /api/admin/events when the server shuts down', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close().catch(() => {});
  });

  it('ends each open stream with a 1-second retry hint and server_restart, so the browser reconnects to an instance that stays', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const admin = await signIn(t.app);
    const response = await fetch(`${base}/api/admin/events`, { headers: { cookie: admin.cookie } });
    expect(response.status).toBe(200);
    const closing = t.app.close();
    const { text, ended } = await readUntilEnd(response.body!, 5000);
    await closing;
    expect(ended).toBe(true);
    // The opening hint (3 s for ordinary drops), then the shutdown's: shorter, and the last thing sent.
    expect(text.startsWith('retry: 3000\n\n')).toBe(true);
    expect(text.endsWith('retry: 1000\nevent: server_restart\ndata: {}\n\n')).toBe(true);
  });
});
