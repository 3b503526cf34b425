// The bare baseline of `npm run bench`: a minimal Fastify process running the same SQL as the real server
// through the same driver (PGlite or pg), with nothing else: no validation, rate limit, logging, sessions,
// security headers, Drizzle or image re-encoding. The real server's throughput is reported against it.
//   BARE_DRIVER=pglite DATA_DIR=... | BARE_DRIVER=pg DATABASE_URL=...; PORT; BARE_LIST_QUERIES (JSON)
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import fastifyMultipart from '@fastify/multipart';
import Fastify from 'fastify';
import pg from 'pg';

type Query = { sql: string; params: unknown[] };
type Run = (sql: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

const dataDir = process.env.DATA_DIR ?? '.';
let run: Run;
if (process.env.BARE_DRIVER === 'pg') {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  run = async (sql, params) => (await pool.query(sql, params)).rows as Record<string, unknown>[];
} else {
  const client = await PGlite.create(path.resolve(dataDir, 'pgdata'), { extensions: { pg_trgm } });
  run = async (sql, params) => (await client.query<Record<string, unknown>>(sql, params)).rows;
}
const listQueries = JSON.parse(process.env.BARE_LIST_QUERIES ?? '{}') as Record<string, { page: Query; count: Query }>;
const filesDir = path.resolve(dataDir, 'bare-files');
mkdirSync(filesDir, { recursive: true });

// The columns the real status lookup reads (status-repository.ts).
const LOOKUP_SQL = `select status, nama_toko, kategori_usaha, kota_kab, nama_pemilik, email, no_hp, kode_pendaftaran,
  submitted_at, catatan_admin, alamat_jalan, kecamatan, provinsi, kode_pos, receipt_token_hash
  from merchants where kode_pendaftaran = $1 and is_deleted = false limit 1`;

// One statement: the merchant row, then its five uploads claimed.
const REGISTER_SQL = `with m as (
  insert into merchants (kode_pendaftaran, nama_toko, kategori_usaha, alamat_jalan, kecamatan, kota_kab, provinsi, kode_pos,
    tempat_usaha, omset_per_bulan, nama_pemilik, nik, no_hp, email, alamat_pemilik, nama_bank, no_rekening, nama_rekening,
    foto_usaha, foto_produk, foto_ktp, foto_selfie_ktp, foto_kk, consent_at, idempotency_key)
  values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, now(), $24)
  returning id, kode_pendaftaran, submitted_at)
update uploads set claimed_by = (select id from m), claimed_at = now() where id = any($25::uuid[])
returning (select kode_pendaftaran from m) as kode_pendaftaran`;

const app = Fastify({ logger: false });
await app.register(fastifyMultipart, { limits: { fileSize: 3 * 1024 * 1024, files: 1 } });

app.get('/api/health', async () => ({ status: 'ok' }));

app.post('/lookup', async (request, reply) => {
  const { kode_pendaftaran } = request.body as { kode_pendaftaran: string };
  const rows = await run(LOOKUP_SQL, [kode_pendaftaran]);
  return rows[0] ?? reply.status(404).send({ error: 'not found' });
});

app.get('/list/:name', async (request) => {
  const query = listQueries[(request.params as { name: string }).name]!;
  const [items, count] = await Promise.all([run(query.page.sql, query.page.params), run(query.count.sql, query.count.params)]);
  return { items, total: Number(count[0]?.total ?? 0) };
});

app.post('/upload', async (request, reply) => {
  const file = await request.file();
  if (!file) return reply.status(400).send({ error: 'no file' });
  const bytes = await file.toBuffer();
  const key = `${randomUUID()}.jpg`;
  await writeFile(path.join(filesDir, key), bytes);
  const rows = await run(
    `insert into uploads (slot, storage_key, content_type, size, sha256, original_name) values ($1, $2, 'image/jpeg', $3, '', $4) returning id`,
    [file.fieldname, key, bytes.length, file.filename],
  );
  return reply.status(201).send({ upload_id: rows[0]!.id });
});

app.post('/register', async (request, reply) => {
  const b = request.body as Record<string, unknown> & { documents: Record<string, string> };
  const d = b.documents;
  const code = `AIP-B${randomBytes(3).toString('hex').toUpperCase()}`;
  const rows = await run(REGISTER_SQL, [
    code,
    b.nama_toko,
    b.kategori_usaha,
    b.alamat_jalan,
    b.kecamatan,
    b.kota_kab,
    b.provinsi,
    b.kode_pos,
    b.tempat_usaha,
    b.omset_per_bulan,
    b.nama_pemilik,
    b.nik,
    b.no_hp,
    b.email,
    b.alamat_pemilik,
    b.nama_bank,
    b.no_rekening,
    b.nama_rekening,
    d.foto_usaha,
    d.foto_produk,
    d.foto_ktp,
    d.foto_selfie_ktp,
    d.foto_kk,
    request.headers['idempotency-key'],
    Object.values(d),
  ]);
  return reply.status(201).send({ kode_pendaftaran: rows[0]?.kode_pendaftaran ?? code });
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
