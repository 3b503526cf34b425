import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../tests/support/admin-session.js';
import { buildTestApp, type TestApp } from '../../../tests/support/build-test-app.js';
import { fixLinkFromOutbox, requestFix } from '../../../tests/support/fix-link.js';
import {
  GENEROUS_LIMITS,
  makeJpeg,
  makePng,
  multipartBody,
  registrationBody,
  REQUIRED_SLOTS,
} from '../../../tests/support/registration-fixtures.js';
import { s3StorageOn, startS3TestServer, type S3TestServer } from '../../../tests/support/s3-test-server.js';
import type { Db } from '../db/database.js';
import { queryRows } from '../db/query-rows.js';
import { auditLogs, fixRequests, merchants, pendingDeletions, rateLimitCounters, uploads } from '../db/schema.js';
import { LocalDiskStorage } from '../storage/local-disk-storage.js';
import { StorageUnavailableError, type Storage } from '../storage/storage.js';
import { purgeDueMerchants } from './retention.js';
import { eraseSubject, exportSubject } from './subject-request.js';

// Values no other row of the test database holds: any of them in a dump after erasure is a leak.
const IP = '198.51.100.203';
const USER_AGENT = 'UjiHapusBrowser/9.7 (jejak-ua-5521)';
const OLD_EMAIL = 'zarkasih.lama@jejakunik.co.id';
const NEW_EMAIL = 'zarkasih.baru@jejakunik.co.id';
const PHONE = '0812-7731-5158';
const STORED_PHONE = '+6281277315158';
const ALAMAT_JALAN = 'Jl. Teratai Ungu No. 919';
const ALAMAT_PEMILIK = 'Gg. Kamboja Biru 717, Cilandak';
const TRACES = [
  IP,
  USER_AGENT,
  'jejak-ua-5521',
  OLD_EMAIL,
  NEW_EMAIL,
  'zarkasih.lama',
  'zarkasih.baru',
  STORED_PHONE,
  '77315158',
  ALAMAT_JALAN,
  'Teratai Ungu',
  ALAMAT_PEMILIK,
  'Kamboja Biru',
];

/** Every column of every table as text, the way pg_dump would write the data: what is on disk. */
async function dumpDatabase(db: Db): Promise<string> {
  const tables = await queryRows<{ name: string }>(
    db,
    "select quote_ident(table_name) as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'",
    [],
  );
  const parts: string[] = [];
  for (const { name } of tables) {
    const rows = await queryRows<{ line: string }>(db, `select row_to_json(t)::text as line from ${name} t`, []);
    parts.push(`-- ${name}`, ...rows.map((row) => row.line));
  }
  return parts.join('\n');
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

async function storedKeys(storage: Storage): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of storage.list()) keys.push(key);
  return keys;
}

const fromApplicant = { 'user-agent': USER_AGENT, 'x-forwarded-for': IP };

/**
 * The whole life of one applicant: registration from a known IP and browser, an admin re-upload, a fix
 * link that changes the e-mail and replaces the re-uploaded photo, a limiter window keyed by the IP.
 */
async function applicantWithHistory(t: TestApp): Promise<{ id: string; code: string; keys: string[] }> {
  const { app } = t;
  const admin = await signIn(app);
  const stage = async (slot: string, data: Buffer) => {
    const body = await multipartBody([{ name: slot, data, filename: 'foto-saya.jpg', contentType: 'image/jpeg' }]);
    const response = await app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...body.headers, ...fromApplicant },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(201);
    return (response.json() as { upload_id: string }).upload_id;
  };
  const documents = Object.fromEntries(await Promise.all(REQUIRED_SLOTS.map(async (slot) => [slot, await stage(slot, await makeJpeg())])));
  const body = registrationBody(documents, { email: OLD_EMAIL, no_hp: PHONE, alamat_jalan: ALAMAT_JALAN, alamat_pemilik: ALAMAT_PEMILIK });
  const registered = await app.inject({
    method: 'POST',
    url: '/api/registrations',
    payload: body,
    headers: { ...fromApplicant, 'idempotency-key': crypto.randomUUID() },
  });
  expect(registered.statusCode).toBe(201);
  const code = (registered.json() as { kode_pendaftaran: string }).kode_pendaftaran;
  const [row] = await app.deps.db.select().from(merchants).where(eq(merchants.kodePendaftaran, code));
  const id = row!.id;
  const keys = REQUIRED_SLOTS.map(
    (slot) =>
      row![
        (
          {
            foto_usaha: 'fotoUsaha',
            foto_produk: 'fotoProduk',
            foto_ktp: 'fotoKtp',
            foto_selfie_ktp: 'fotoSelfieKtp',
            foto_kk: 'fotoKk',
          } as const
        )[slot]
      ]!,
  );

  // The admin replaces the shop photo: the new key lives only on the merchant row and in the audit row.
  const reuploadBody = await multipartBody([
    { name: 'foto_usaha', data: await makePng({ color: '#16a085' }), filename: 'ganti.png', contentType: 'image/png' },
  ]);
  const reupload = await app.inject({
    method: 'POST',
    url: `/api/admin/merchants/${id}/documents/foto_usaha`,
    headers: { ...reuploadBody.headers, cookie: admin.cookie },
    payload: reuploadBody.payload,
  });
  expect(reupload.statusCode).toBe(200);
  const [afterReupload] = await app.deps.db.select({ fotoUsaha: merchants.fotoUsaha }).from(merchants).where(eq(merchants.id, id));
  keys.push(afterReupload!.fotoUsaha!);

  // A fix link changes the e-mail and replaces that re-uploaded photo.
  const perbaikan = [
    { field: 'email', alasan: 'Email salah' },
    { field: 'foto_usaha', alasan: 'Foto buram' },
  ];
  const status = await requestFix(app, admin.cookie, id, perbaikan, 'Mohon perbaiki');
  expect(status.statusCode).toBe(200);
  const { token } = await fixLinkFromOutbox(app.deps.db, id);
  const newPhoto = await stage('foto_usaha', await makeJpeg({ color: '#8e44ad' }));
  const fixed = await app.inject({
    method: 'POST',
    url: `/api/perbaikan/${token}`,
    headers: fromApplicant,
    payload: { fields: { email: NEW_EMAIL }, documents: { foto_usaha: newPhoto } },
  });
  expect(fixed.statusCode).toBe(200);
  const [afterFix] = await app.deps.db
    .select({ fotoUsaha: merchants.fotoUsaha, email: merchants.email })
    .from(merchants)
    .where(eq(merchants.id, id));
  expect(afterFix!.email).toBe(NEW_EMAIL);
  keys.push(afterFix!.fotoUsaha!);
  const [fix] = await app.deps.db.select().from(fixRequests).where(eq(fixRequests.merchantId, id));
  expect(fix!.replacedDocuments).toEqual({ foto_usaha: afterReupload!.fotoUsaha });

  // A limiter window of the shared store keyed by the applicant's address.
  await app.deps.db
    .insert(rateLimitCounters)
    .values({ key: `POST/api/uploads:${IP}`, hits: 7, resetAt: new Date(Date.now() + 3_600_000) })
    .onConflictDoNothing();
  return { id, code, keys };
}

async function expectNoTraceLeft(t: TestApp, id: string): Promise<void> {
  const dump = (await dumpDatabase(t.database.db)).toLowerCase();
  for (const trace of TRACES) expect(dump, `the dump still holds ${trace}`).not.toContain(trace.toLowerCase());
  // The trail stays (append-only) and still reads: its rows are there, masked and without IP or browser.
  const trail = await t.database.db.select().from(auditLogs).where(eq(auditLogs.targetId, id));
  expect(trail.map((row) => row.action)).toEqual(
    expect.arrayContaining(['create', 'document_reupload', 'status_change', 'resubmission', 'retention_purge']),
  );
  const resubmission = trail.find((row) => row.action === 'resubmission')!;
  expect(resubmission).toMatchObject({ ip: null, userAgent: null });
  expect(resubmission.diff).toMatchObject({ old: { email: 'z***@jejakunik.co.id' }, new: { email: 'z***@jejakunik.co.id' } });
  expect(trail.find((row) => row.action === 'create')).toMatchObject({ ip: null, userAgent: null });
  expect(trail.find((row) => row.action === 'retention_purge')!.diff).toMatchObject({
    reason: 'subject_request',
    documents: 7,
    audit_rows_redacted: 2,
  });
  expect(await t.database.db.select().from(pendingDeletions)).toEqual([]);
}

describe('erasure leaves nothing of the applicant: no personal value in a database dump, no file (local disk)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { ...GENEROUS_LIMITS, TRUST_PROXY: '1' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('registers, is re-uploaded and fixed, exports everything, is erased: dump and DATA_DIR/files hold none of it', async () => {
    const { id, code, keys } = await applicantWithHistory(t);
    // keys[0], the first shop photo, went when the admin replaced it; the others are stored.
    expect(await t.storage.exists(keys[0]!)).toBe(false);
    for (const key of keys.slice(1)) expect(await t.storage.exists(key)).toBe(true);
    // Before: the values are there, so the search below would find them.
    const before = (await dumpDatabase(t.database.db)).toLowerCase();
    for (const trace of [IP, USER_AGENT, NEW_EMAIL, STORED_PHONE]) expect(before).toContain(trace.toLowerCase());
    // The audit rows were masked when written: the old address is already gone from the trail.
    const trailBefore = JSON.stringify(await t.database.db.select().from(auditLogs).where(eq(auditLogs.targetId, id)));
    expect(trailBefore).not.toContain(OLD_EMAIL);
    expect(trailBefore).not.toContain(NEW_EMAIL);

    const exported = await exportSubject(t.app.deps, code);
    expect(exported.mails.map((mail) => [mail.kind, mail.to])).toEqual(expect.arrayContaining([['receipt', OLD_EMAIL]]));
    expect(exported.mails.every((mail) => typeof mail.text_body === 'string' && !mail.text_body.startsWith('enc:'))).toBe(true);
    expect(exported.fix_requests).toEqual([
      expect.objectContaining({
        items: [
          { field: 'email', kode: 'lainnya', alasan: 'Email salah' },
          { field: 'foto_usaha', kode: 'lainnya', alasan: 'Foto buram' },
        ],
      }),
    ]);
    expect(exported.replaced_documents.map((entry) => [entry.slot, entry.by])).toEqual([
      ['foto_usaha', 'pendaftar'],
      ['foto_usaha', 'admin'],
    ]);
    expect(exported.requests).toEqual([
      expect.objectContaining({ action: 'create', ip: IP, user_agent: USER_AGENT }),
      expect.objectContaining({ action: 'resubmission', ip: IP, user_agent: USER_AGENT }),
    ]);

    expect(await eraseSubject(t.app.deps, code)).toEqual({ documents: 7, pending: 0 });
    await expectNoTraceLeft(t, id);
    expect(filesUnder(t.filesDir)).toEqual([]);
    expect(await t.database.db.select().from(uploads)).toEqual([]);
  });
});

describe('erasure on S3: every object of the merchant is deleted from the bucket', () => {
  let s3: S3TestServer;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startS3TestServer();
    t = await buildTestApp({
      env: { ...GENEROUS_LIMITS, TRUST_PROXY: '1' },
      storage: () => s3StorageOn(s3),
    });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('leaves no object and no trace in the dump', async () => {
    const { id, code, keys } = await applicantWithHistory(t);
    expect((await storedKeys(t.storage)).sort()).toEqual(keys.slice(1).sort());
    expect(await eraseSubject(t.app.deps, code)).toEqual({ documents: 7, pending: 0 });
    expect(await storedKeys(t.storage)).toEqual([]);
    await expectNoTraceLeft(t, id);
  });
});

/** Local disk whose deletes fail while `down` is set, as a storage outage would make them. */
class FlakyDeletes extends LocalDiskStorage {
  down = true;
  override async delete(key: string): Promise<void> {
    if (this.down) throw new StorageUnavailableError('delete', key, new Error('connect ECONNREFUSED'));
    return super.delete(key);
  }
}

describe('a failed delete is recorded, shown to admins and retried by the retention job', () => {
  let storage: FlakyDeletes;
  let t: TestApp;
  let app: FastifyInstance;
  beforeAll(async () => {
    t = await buildTestApp({
      env: { ...GENEROUS_LIMITS, TRUST_PROXY: '1' },
      storage: (dir) => {
        storage = new FlakyDeletes(dir);
        storage.down = false;
        return storage;
      },
    });
    app = t.app;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps each undeleted key in pending_deletions, counts it in GET /api/admin/system, and a later pass clears it', async () => {
    const { code, keys } = await applicantWithHistory(t);
    storage.down = true;
    expect(await eraseSubject(app.deps, code)).toEqual({ documents: 7, pending: 7 });
    const pending = await t.database.db.select().from(pendingDeletions);
    expect(pending.map((row) => row.storageKey).sort()).toEqual([...new Set(keys)].sort());
    expect(pending.every((row) => row.attempts === 1 && row.lastError?.includes('ECONNREFUSED'))).toBe(true);
    const admin = await signIn(app);
    const system = async () =>
      (await app.inject({ method: 'GET', url: '/api/admin/system', headers: { cookie: admin.cookie } })).json() as {
        pending_deletions: number;
      };
    expect((await system()).pending_deletions).toBe(7);

    // Still down: the retention pass tries again and counts the attempt.
    expect(await purgeDueMerchants({ ...app.deps, config: t.config })).toBe(0);
    expect((await t.database.db.select().from(pendingDeletions)).map((row) => row.attempts)).toEqual(Array(7).fill(2));

    storage.down = false;
    expect(await purgeDueMerchants({ ...app.deps, config: t.config })).toBe(0);
    expect(await t.database.db.select().from(pendingDeletions)).toEqual([]);
    expect((await system()).pending_deletions).toBe(0);
    expect(filesUnder(t.filesDir)).toEqual([]);
  });
});
