import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTwoInstances, type RunningServer, type TwoInstances } from './support/server-process.js';
import { registerOverHttp } from '../support/registration-fixtures.js';
import { signInOverHttp } from '../support/admin-http.js';

const ADMIN = { email: 'live@aipos.test', password: 'kata-sandi-live-events-panjang' };

const signIn = (baseUrl: string) => signInOverHttp(baseUrl, ADMIN);

/** The first `merchant` event on an SSE stream, or null after the timeout. */
async function firstEvent(body: ReadableStream<Uint8Array>, timeoutMs: number): Promise<unknown> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const deadline = Date.now() + timeoutMs;
  try {
    while (Date.now() < deadline) {
      const chunk = await Promise.race([reader.read(), new Promise<null>((resolve) => setTimeout(() => resolve(null), deadline - Date.now()))]);
      if (!chunk || chunk.done) return null;
      buffer += decoder.decode(chunk.value, { stream: true });
      const match = /event: merchant\ndata: (.*)\n\n/.exec(buffer);
      if (match) return JSON.parse(match[1]!);
    }
    return null;
  } finally {
    await reader.cancel();
  }
}

describe('live updates across server processes (PostgreSQL LISTEN/NOTIFY)', () => {
  let instances: TwoInstances;
  let one: RunningServer;
  let two: RunningServer;

  beforeAll(async () => {
    instances = await startTwoInstances({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, COOKIE_SECURE: 'false' }, 'e2e');
    [one, two] = instances.servers;
  });
  afterAll(async () => {
    await instances?.stop();
  });

  it('delivers a registration made through one process to an admin stream on the other', async () => {
    const cookie = await signIn(two.baseUrl);
    const stream = await fetch(`${two.baseUrl}/api/admin/events`, { headers: { cookie } });
    expect(stream.status).toBe(200);
    const arriving = firstEvent(stream.body!, 10_000);
    // Give the stream a moment to subscribe before the change happens.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const registration = await registerOverHttp(one.baseUrl);
    const event = (await arriving) as { kind: string; merchant_id: string } | null;
    expect(event).not.toBeNull();
    expect(event!.kind).toBe('created');
    const listed = await fetch(`${two.baseUrl}/api/admin/merchants?q=${registration.kode_pendaftaran}`, { headers: { cookie } });
    const body = (await listed.json()) as { items: { id: string }[] };
    expect(body.items.map((item) => item.id)).toEqual([event!.merchant_id]);
  });

  it('ignores a NOTIFY that is not JSON and goes on delivering events', async () => {
    const cookie = await signIn(two.baseUrl);
    const stream = await fetch(`${two.baseUrl}/api/admin/events`, { headers: { cookie } });
    const arriving = firstEvent(stream.body!, 10_000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const client = new pg.Client({ connectionString: instances.databaseUrl });
    await client.connect();
    await client.query(`notify merchant_events, 'not json {'`);
    await client.end();
    await registerOverHttp(one.baseUrl);
    const event = (await arriving) as { kind: string } | null;
    expect(event?.kind).toBe('created');
    expect((await fetch(`${two.baseUrl}/api/health`)).status).toBe(200);
  });
});
