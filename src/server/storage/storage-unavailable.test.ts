import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../tests/support/admin-session.js';
import { buildTestApp, type TestApp } from '../../../tests/support/build-test-app.js';
import {
  GENEROUS_LIMITS,
  makeJpeg,
  merchantIdOf,
  postRegistration,
  registrationBody,
  stageRequiredDocuments,
  uploadFile,
} from '../../../tests/support/registration-fixtures.js';
import { s3StorageOn, startS3TestServer, unreachableS3Storage, type S3TestServer } from '../../../tests/support/s3-test-server.js';
import { merchants, uploads } from '../db/schema.js';
import type { S3Storage } from './s3-storage.js';

/**
 * The app on the real S3 driver (s3rver), then on an S3 driver whose endpoint refuses connections: the
 * public registration answers 503 STORAGE_UNAVAILABLE and writes no row.
 */
describe('registration with the S3 driver, and with the storage down', () => {
  let t: TestApp;
  let s3server: S3TestServer;
  let live: S3Storage;
  let dead: S3Storage;

  beforeAll(async () => {
    s3server = await startS3TestServer();
    live = s3StorageOn(s3server);
    dead = await unreachableS3Storage();
    t = await buildTestApp({ env: GENEROUS_LIMITS });
    // Routes read app.deps.storage per request, so the driver can be swapped between requests.
    t.app.deps.storage = live;
  });
  afterAll(async () => {
    await t.close();
    live.close();
    dead.close();
    await s3server.close();
  });

  const count = async (table: typeof merchants | typeof uploads) => (await t.database.db.select({ id: table.id }).from(table)).length;

  it('registers through S3 and serves nothing from local disk', async () => {
    t.app.deps.storage = live;
    const documents = await stageRequiredDocuments(t.app);
    const response = await postRegistration(t.app, registrationBody(documents), randomUUID());
    expect(response.statusCode).toBe(201);
    const keys = [];
    for await (const key of live.list('documents/')) keys.push(key);
    expect(keys.length).toBeGreaterThanOrEqual(5);
  });

  it('POST /api/uploads answers 503 STORAGE_UNAVAILABLE and writes no upload row', async () => {
    const before = await count(uploads);
    t.app.deps.storage = dead;
    const response = await uploadFile(t.app, 'foto_ktp', await makeJpeg());
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ error: { code: 'STORAGE_UNAVAILABLE', message: expect.stringMatching(/^Penyimpanan dokumen/) } });
    expect(response.body).not.toContain('127.0.0.1');
    expect(await count(uploads)).toBe(before);
  });

  it('POST /api/registrations answers 503 STORAGE_UNAVAILABLE and writes no merchant row', async () => {
    t.app.deps.storage = live;
    const documents = await stageRequiredDocuments(t.app);
    const merchantsBefore = await count(merchants);
    t.app.deps.storage = dead;
    const response = await postRegistration(t.app, registrationBody(documents), randomUUID());
    expect(response.statusCode).toBe(503);
    expect(response.json().error.code).toBe('STORAGE_UNAVAILABLE');
    expect(await count(merchants)).toBe(merchantsBefore);
    const staged = await t.database.db.select().from(uploads);
    expect(staged.filter((row) => Object.values(documents).includes(row.id)).every((row) => row.claimedBy === null)).toBe(true);

    // Storage back: the same documents and key register normally.
    t.app.deps.storage = live;
    const created = await postRegistration(t.app, registrationBody(documents), randomUUID());
    expect(created.statusCode).toBe(201);

    // An admin viewing its documents gets the same 503 while the storage is down, and the bytes after.
    const { cookie } = await signIn(t.app);
    const url = `/api/admin/merchants/${await merchantIdOf(t.app, created.json().kode_pendaftaran)}/documents/foto_ktp`;
    t.app.deps.storage = dead;
    const down = await t.app.inject({ method: 'GET', url, headers: { cookie } });
    expect(down.statusCode).toBe(503);
    expect(down.json().error.code).toBe('STORAGE_UNAVAILABLE');
    t.app.deps.storage = live;
    const up = await t.app.inject({ method: 'GET', url, headers: { cookie } });
    expect(up.statusCode).toBe(200);
    expect(up.headers['content-type']).toBe('image/jpeg');
  });

  it('refuses a staged upload whose bytes are gone instead of pointing a merchant at nothing', async () => {
    t.app.deps.storage = live;
    const documents = await stageRequiredDocuments(t.app);
    const [ktp] = await t.database.db.select().from(uploads).where(eq(uploads.id, documents.foto_ktp!));
    await live.delete(ktp!.storageKey);
    const merchantsBefore = await count(merchants);
    const response = await postRegistration(t.app, registrationBody(documents), randomUUID());
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'UPLOAD_NOT_FOUND', field: 'documents.foto_ktp' });
    expect(await count(merchants)).toBe(merchantsBefore);
  });
});
