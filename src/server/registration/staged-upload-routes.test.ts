import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../tests/support/build-test-app.js';
import {
  makePdf,
  postRegistration,
  registrationBody,
  stageDocument,
  stageRequiredDocuments,
} from '../../../tests/support/registration-fixtures.js';

const GONE = { error: { code: 'UPLOAD_NOT_FOUND', message: 'Dokumen tidak ditemukan atau sudah kedaluwarsa. Silakan upload ulang.' } };

describe('GET /api/uploads/:id (a draft restored in the browser, decision 0021)', () => {
  let t: TestApp;
  let clock = new Date('2026-11-25T03:00:00Z');
  beforeAll(async () => {
    t = await buildTestApp({ now: () => clock });
  });
  afterAll(async () => {
    await t.close();
  });

  const check = (id: string) => t.app.inject({ method: 'GET', url: `/api/uploads/${id}` });

  it('answers a staged upload with its slot, size and type, nothing more', async () => {
    const id = await stageDocument(t.app, 'npwp_file', makePdf());
    const response = await check(id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ upload_id: id, slot: 'npwp_file', size: makePdf().length, content_type: 'application/pdf' });
  });

  it('answers 404 with the Indonesian text for an unknown id, and 400 for one that is not a UUID', async () => {
    const unknown = await check(randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(GONE);
    const malformed = await check('abc');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toBe('Dokumen tidak ditemukan atau sudah kedaluwarsa. Silakan upload ulang.');
  });

  it('answers 404 once a registration has claimed the upload', async () => {
    const documents = await stageRequiredDocuments(t.app);
    expect((await postRegistration(t.app, registrationBody(documents))).statusCode).toBe(201);
    const response = await check(documents.foto_ktp!);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(GONE);
  });

  it('answers 404 for an upload staged 24 hours ago, even before the purge removed it', async () => {
    const id = await stageDocument(t.app, 'foto_ktp');
    clock = new Date(clock.getTime() + 24 * 60 * 60 * 1000 - 1000);
    expect((await check(id)).statusCode).toBe(200);
    clock = new Date(clock.getTime() + 1000);
    expect((await check(id)).statusCode).toBe(404);
  });
});
