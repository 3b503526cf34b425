import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInOverHttp } from '../support/admin-http.js';
import { registerOverHttp } from '../support/registration-fixtures.js';
import { startTwoInstances, type RunningServer, type TwoInstances } from './support/server-process.js';

const ADMIN = { email: 'live@aipos.test', password: 'kata-sandi-live-events-panjang' };

const signIn = (baseUrl: string) => signInOverHttp(baseUrl, ADMIN);

type EventStream = {
  /** The next `merchant` event, or null after the timeout. */
  nextMerchantEvent(timeoutMs: number): Promise<unknown>;
  close(): Promise<void>;
};

/**
 * An admin SSE stream, returned once the server's opening `retry:` line has arrived: the server subscribes
 * the stream to changes in the same turn as it writes that line, so a change made after this is delivered.
 */
async function openEventStream(baseUrl: string, cookie: string): Promise<EventStream> {
  const response = await fetch(`${baseUrl}/api/admin/events`, { headers: { cookie } });
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  /** Reads until `pattern` matches the unread text (which is consumed up to the match), or null at the deadline. */
  const readUntil = async (pattern: RegExp, timeoutMs: number): Promise<RegExpExecArray | null> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const match = pattern.exec(buffer);
      if (match) {
        buffer = buffer.slice(match.index + match[0].length);
        return match;
      }
      if (Date.now() >= deadline) return null;
      const chunk = await Promise.race([
        reader.read(),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), deadline - Date.now())),
      ]);
      if (!chunk || chunk.done) return null;
      buffer += decoder.decode(chunk.value, { stream: true });
    }
  };
  const stream: EventStream = {
    async nextMerchantEvent(timeoutMs) {
      const match = await readUntil(/event: merchant\ndata: (.*)\n\n/, timeoutMs);
      return match ? JSON.parse(match[1]!) : null;
    },
    close: () => reader.cancel(),
  };
  if (!(await readUntil(/^retry: \d+\n\n/, 10_000))) {
    await stream.close();
    throw new Error('the event stream sent no opening retry line within 10 s');
  }
  return stream;
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
    const stream = await openEventStream(two.baseUrl, cookie);
    const registration = await registerOverHttp(one.baseUrl);
    const event = (await stream.nextMerchantEvent(10_000).finally(() => stream.close())) as { kind: string; merchant_id: string } | null;
    expect(event).not.toBeNull();
    expect(event!.kind).toBe('created');
    const listed = await fetch(`${two.baseUrl}/api/admin/merchants?q=${registration.kode_pendaftaran}`, { headers: { cookie } });
    const body = (await listed.json()) as { items: { id: string }[] };
    expect(body.items.map((item) => item.id)).toEqual([event!.merchant_id]);
  });

  it('ignores a NOTIFY that is not JSON and goes on delivering events', async () => {
    const cookie = await signIn(two.baseUrl);
    const stream = await openEventStream(two.baseUrl, cookie);
    const client = new pg.Client({ connectionString: instances.databaseUrl });
    await client.connect();
    await client.query(`notify merchant_events, 'not json {'`);
    await client.end();
    await registerOverHttp(one.baseUrl);
    const event = (await stream.nextMerchantEvent(10_000).finally(() => stream.close())) as { kind: string } | null;
    expect(event?.kind).toBe('created');
    expect((await fetch(`${two.baseUrl}/api/health`)).status).toBe(200);
  });
});
