import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInOverHttp } from '../support/admin-http.js';
import { registerOverHttp } from '../support/registration-fixtures.js';
import { startS3TestServer, type S3TestServer } from '../support/s3-test-server.js';
import { launchBrowser } from './support/browser.js';
import { startTwoInstances, type TwoInstances } from './support/server-process.js';

const ADMIN = { email: 'skala@aipos.test', password: 'dua-server-satu-data' };

/** Signs in through one instance and returns its session cookie. */
const signIn = (baseUrl: string) => signInOverHttp(baseUrl, ADMIN);

/**
 * Two server processes on ONE PostgreSQL database and ONE S3 bucket (s3rver) serve the same data: what
 * one accepts, the other shows, documents included; a session made on one works on the other.
 */
describe('two instances, one PostgreSQL, one bucket', () => {
  let s3: S3TestServer;
  let instances: TwoInstances;

  beforeAll(async () => {
    s3 = await startS3TestServer('aipos-scale');
    const env = {
      ...s3.env,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      COOKIE_SECURE: 'false',
      RATE_LIMIT_UPLOADS_PER_HOUR: '1000',
    };
    instances = await startTwoInstances(env, 't_scale');
  });

  afterAll(async () => {
    await instances?.stop();
    await s3?.close();
  });

  it('a registration sent to one instance is listed, with its documents, by the other', async () => {
    const [a, b] = instances.servers;
    const registration = await registerOverHttp(a.baseUrl);

    const cookie = await signIn(b.baseUrl);
    const list = await fetch(`${b.baseUrl}/api/admin/merchants?q=${encodeURIComponent(registration.kode_pendaftaran)}`, {
      headers: { cookie },
    });
    expect(list.status).toBe(200);
    const body = (await list.json()) as { items: { id: string; kode_pendaftaran: string }[]; total: number };
    expect(body.items.map((item) => item.kode_pendaftaran)).toEqual([registration.kode_pendaftaran]);
    const id = body.items[0]!.id;

    for (const server of [b, a]) {
      const document = await fetch(`${server.baseUrl}/api/admin/merchants/${id}/documents/foto_ktp`, { headers: { cookie } });
      expect(document.status).toBe(200);
      expect(document.headers.get('content-type')).toBe('image/jpeg');
      const bytes = Buffer.from(await document.arrayBuffer());
      expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    }

    // The session made on B is a row in the shared database: A accepts it too (no sticky sessions needed).
    const system = await fetch(`${a.baseUrl}/api/admin/system`, { headers: { cookie } });
    expect(system.status).toBe(200);
    expect(((await system.json()) as { storage: string }).storage).toBe('Object storage S3 (bucket aipos-scale)');
    // Nothing went to either node's local disk.
    for (const server of instances.servers) expect(existsSync(path.join(server.dataDir, 'files'))).toBe(false);
  });

  it('an admin signed in through one instance in the browser sees what the other accepted', async () => {
    const [a, b] = instances.servers;
    const registration = await registerOverHttp(b.baseUrl);
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage({ baseURL: a.baseUrl, locale: 'id-ID', timezoneId: 'Asia/Jakarta' });
      await page.goto('/admin/login');
      await page.getByLabel('Email').fill(ADMIN.email);
      await page.getByLabel(/^Password/).fill(ADMIN.password);
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      // Sign-in lands on the queue (decision 0022); a fresh registration is in it.
      await page.getByRole('heading', { name: 'Antrean', level: 1 }).waitFor();
      await page.getByPlaceholder('Cari nama, email, no HP, atau kode...').fill(registration.kode_pendaftaran);
      const row = page.getByRole('row').filter({ hasText: registration.kode_pendaftaran });
      await row.waitFor();
      // The row's documents, stored through B, are served by A from the shared bucket.
      await row.getByRole('link', { name: /^Lihat/ }).click();
      await page.waitForURL(/\/admin\/merchants\/[0-9a-f-]{36}$/);
      await page.getByRole('tab', { name: 'Dokumen' }).click();
      await page.getByText('KTP', { exact: true }).first().waitFor();
      expect(await page.getByText('Belum diunggah').count()).toBe(2);
    } finally {
      await browser.close();
    }
  });

  it('uploads staged on one instance can be submitted through the other', async () => {
    const [a, b] = instances.servers;
    // registerOverHttp stages and submits on one base URL (it throws unless the POST answers 201); a
    // proxy in front of both sends the five uploads to A and the registration to B.
    expect(await registerThroughSplit(a.baseUrl, b.baseUrl)).toBe(6);
  });
});

/** Uploads go to the first instance, the registration to the second; returns how many requests passed. */
async function registerThroughSplit(uploadTo: string, submitTo: string): Promise<number> {
  const { createServer } = await import('node:http');
  let turn = 0;
  // A tiny splitting proxy, the worst case of a balancer without sticky sessions.
  const proxy = createServer((request, response) => {
    const target = request.url === '/api/registrations' ? submitTo : uploadTo;
    turn += 1;
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const headers = Object.fromEntries(
        Object.entries(request.headers).filter(([name]) => name !== 'host' && name !== 'connection'),
      ) as Record<string, string>;
      fetch(`${target}${request.url}`, { method: request.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined })
        .then(async (answer) => {
          response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
          response.end(Buffer.from(await answer.arrayBuffer()));
        })
        .catch(() => {
          response.writeHead(502);
          response.end();
        });
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as { port: number };
  try {
    await registerOverHttp(`http://127.0.0.1:${port}`);
    return turn;
  } finally {
    await new Promise((resolve) => proxy.close(resolve));
  }
}
