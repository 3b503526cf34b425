// npm run bench:queue [-- --merchants 100000 --requests 200 --claimed 2000]
// Seeds processing merchants (1,000 built by the seed's generator, the rest copied from them by SQL), has
// 20 admins hold --claimed of them, starts the real app on loopback, signs in as one of those admins and
// times the queue's list answer (holders and claim counts), its two claim filters, and 'Ambil Berikutnya'.
// Embedded PGlite by default; DATABASE_URL runs it on a fresh database of that PostgreSQL server.
// Prints p50/p95/p99 in milliseconds.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app.js';
import { upsertUser } from '../src/server/auth/user-store.js';
import { parseConfig } from '../src/server/config.js';
import { installKeyring } from '../src/server/crypto/identity-fields.js';
import { Keyring } from '../src/server/crypto/keyring.js';
import { executeRows } from '../src/server/db/query-rows.js';
import { merchants } from '../src/server/db/schema.js';
import { createRandom, fakeMerchant } from '../src/server/seed/fake-merchants.js';
import { LocalDiskStorage } from '../src/server/storage/local-disk-storage.js';
import { benchArgs, openBenchDatabase, percentile, timeSequentialGets } from './bench-kit.js';

const {
  merchants: total,
  requests,
  claimed,
} = benchArgs({
  merchants: 100_000,
  requests: 200,
  claimed: 2000,
});
const TEMPLATES = 1000;
const ADMINS = 20;
const PASSWORD = 'bench-password-panjang-sekali';

installKeyring(new Keyring(randomBytes(32)));
const { database, cleanup } = await openBenchDatabase(mkdtempSync(path.join(tmpdir(), 'aipos-bench-queue-')));
const db = database.db;

const seedStart = Date.now();
const random = createRandom(7);
const now = new Date();
const templates = Array.from({ length: Math.min(TEMPLATES, total) }, (_, index) => ({
  ...fakeMerchant({ index, random, now, status: 'processing' }),
  status: 'processing',
}));
await db.insert(merchants).values(templates);
// The other rows: copies of the templates with their own code and queue age, written by the database.
const copied = (
  await executeRows<{ column_name: string }>(
    db,
    sql`select column_name from information_schema.columns where table_name = 'merchants'
        and column_name not in ('id', 'kode_pendaftaran', 'queued_at', 'submitted_at', 'idempotency_key')`,
  )
).map((c) => `"${c.column_name}"`);
const columns = copied.join(', ');
for (let round = 1; round * TEMPLATES < total; round += 1) {
  const take = Math.min(TEMPLATES, total - round * TEMPLATES);
  await db.execute(
    sql.raw(`insert into merchants (kode_pendaftaran, queued_at, submitted_at, ${columns})
      select 'Q' || lpad((${round * TEMPLATES} + rn)::text, 9, '0'),
             now() - ((${round * TEMPLATES} + rn) * interval '7 seconds'), now() - ((${round * TEMPLATES} + rn) * interval '7 seconds'), ${columns}
      from (select *, row_number() over (order by id) as rn from merchants where kode_pendaftaran not like 'Q%' limit ${take}) t`),
  );
}
const admins: string[] = [];
for (let i = 0; i < ADMINS; i += 1) {
  const { user } = await upsertUser(db, { email: `peninjau${i}@aipos.test`, password: PASSWORD, role: 'admin' }, now);
  admins.push(user.id);
}
// Claims spread over the queue, a tenth of them lapsed long ago; admin 0 holds its share.
await db.execute(
  sql.raw(`update merchants set claimed_by = (array[${admins.map((id) => `'${id}'::uuid`).join(',')}])[1 + (hashtext(id::text) & 1023) % ${ADMINS}],
      claimed_at = now(), claim_seen_at = case when hashtext(id::text) % 10 = 0 then now() - interval '2 days' else now() end
    where id in (select id from merchants order by hashtext(id::text) limit ${claimed})`),
);
await db.execute(sql`vacuum analyze merchants`);
const seedNote = `seeded in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`;

const config = parseConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', COOKIE_SECURE: 'false', REQUIRE_ADMIN_MFA: 'false' });
const app = await buildApp({
  config,
  database,
  storage: new LocalDiskStorage(path.join(tmpdir(), 'aipos-bench-queue-files')),
  clientDir: null,
  logger: false,
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const login = await fetch(`${address}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'peninjau0@aipos.test', password: PASSWORD }),
});
const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
const f = (n: number) => n.toFixed(1).padStart(8);

console.log(
  `\n${await database.describe()} · ${total.toLocaleString('en')} processing merchants, ${claimed.toLocaleString('en')} claimed by ${ADMINS} admins (${seedNote}) · ${requests} sequential requests each`,
);
console.log('scenario                          p50 ms   p95 ms   p99 ms   total  milik_saya  belum_diambil');
type QueuePage = { total: number; claim_counts?: { milik_saya: number; belum_diambil: number } };
for (const [name, query] of [
  ['queue, holders and counts', ''],
  ["queue 'Milik saya'", '&klaim=saya'],
  ["queue 'Belum diambil'", '&klaim=belum'],
  ['queue page 40', '&page=40'],
] as const) {
  const { times, body } = await timeSequentialGets<QueuePage>(`${address}/api/admin/merchants?sort=queue${query}`, cookie, requests);
  const counts = body.claim_counts;
  console.log(
    `${name.padEnd(31)} ${f(percentile(times, 50))} ${f(percentile(times, 95))} ${f(percentile(times, 99))}   ${String(body.total).padStart(6)}  ${String(counts?.milik_saya).padStart(10)}  ${String(counts?.belum_diambil).padStart(13)}`,
  );
}
// 'Ambil Berikutnya': every press claims the next free case (the queue's head moves on each time).
const times: number[] = [];
for (let i = 0; i < requests + 20; i += 1) {
  const started = performance.now();
  const response = await fetch(`${address}/api/admin/queue/next`, { method: 'POST', headers: { cookie, origin: address } });
  await response.json();
  if (response.status !== 200) throw new Error(`queue/next: ${response.status}`);
  if (i >= 20) times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
console.log(`${"'Ambil Berikutnya'".padEnd(31)} ${f(percentile(times, 50))} ${f(percentile(times, 95))} ${f(percentile(times, 99))}`);
await app.close();
await database.close();
await cleanup();
