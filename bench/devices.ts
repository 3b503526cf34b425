// npm run bench:devices [-- --devices 1000000 --requests 100]
// DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:devices   (a fresh database, dropped after)
// The admin device search at a million devices, on the real app in this process (embedded
// PGlite by default): GET /api/admin/devices, p50/p95/p99 of sequential requests after 20 warm-up ones,
// for the newest page, an exact serial, prefixes narrow and broad, and the filters; target p95 < 50 ms.
// Devices are bulk-inserted with generate_series, twenty per order. Printed only, never a gate.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app.js';
import { upsertUser } from '../src/server/auth/user-store.js';
import { parseConfig } from '../src/server/config.js';
import { installKeyring } from '../src/server/crypto/identity-fields.js';
import { Keyring } from '../src/server/crypto/keyring.js';
import type { Database } from '../src/server/db/database.js';
import { merchants } from '../src/server/db/schema.js';
import { createRandom, fakeMerchant } from '../src/server/seed/fake-merchants.js';
import { LocalDiskStorage } from '../src/server/storage/local-disk-storage.js';
import { benchArgs, openBenchDatabase, percentile, timeSequentialGets } from './bench-kit.js';

const {
  devices: DEVICES,
  merchants: MERCHANTS,
  requests: REQUESTS,
} = benchArgs({
  devices: 1_000_000,
  merchants: 2000,
  requests: 100,
});
const PER_ORDER = 20;
const ORDERS = Math.ceil(DEVICES / PER_ORDER);
const ADMIN = { email: 'bench@aipos.test', password: 'bench-password-panjang-sekali' };

installKeyring(new Keyring(randomBytes(32)));
const dir = mkdtempSync(path.join(tmpdir(), 'aipos-bench-devices-'));

async function seedMerchants(database: Database): Promise<string[]> {
  const random = createRandom(29);
  const now = new Date();
  const ids: string[] = [];
  for (let start = 0; start < MERCHANTS; start += 1000) {
    const rows = [];
    for (let i = start; i < Math.min(MERCHANTS, start + 1000); i += 1)
      rows.push(fakeMerchant({ index: i, random, now, status: 'verified' }));
    ids.push(...(await database.db.insert(merchants).values(rows).returning({ id: merchants.id })).map((row) => row.id));
  }
  return ids;
}

/**
 * ORDERS received orders and DEVICES devices, twenty per order, a second apart. A serial is its product's
 * prefix (SBX, D210, A920) and eight hex digits of g times an odd constant mod 2^32 (a bijection, so
 * unique, and not in time order, as serials from several production batches are not): a prefix search
 * must find its rows through the serial index, never by walking the newest ones. 90% active, 5% shipped,
 * 5% allocated.
 */
async function seedDevices(database: Database, merchantIds: string[]): Promise<void> {
  await database.db.execute(sql`
    with m as (select string_to_array(${merchantIds.join(',')}, ',')::uuid[] as ids)
    insert into orders (kode_pesanan, merchant_id, status, metode_pembayaran, subtotal, total, kode_unik, batas_waktu,
      akses_token_hashes, idempotency_key, nama_penerima, no_hp_penerima, alamat_pengiriman, kota_kab, provinsi, kode_pos,
      paid_at, paid_amount, invoice_number, packed_at, shipped_at, delivered_at, kurir, no_resi, created_at, updated_at)
    select 'ORD-' || lpad(upper(to_hex((g * 2654435761::bigint) % 4294967296)), 8, '0'), m.ids[1 + g % ${MERCHANTS}],
      'diterima', 'transfer', 7000000, 7000000, 1 + g % 999, now() - (${ORDERS} - g) * interval '20 seconds',
      array[md5(g::text)], 'bench-devices-' || g, 'Penerima ' || g, '+6281234567890', 'Jl. Melati No. 12', 'Jakarta Selatan', 'DKI Jakarta', '12810',
      now() - (${ORDERS} - g) * interval '20 seconds', 7000000, 'INV/BENCH/' || g,
      now() - (${ORDERS} - g) * interval '20 seconds', now() - (${ORDERS} - g) * interval '20 seconds', now() - (${ORDERS} - g) * interval '20 seconds',
      'jne', 'JNE' || lpad(g::text, 10, '0'),
      now() - (${ORDERS} - g) * interval '20 seconds', now() - (${ORDERS} - g) * interval '20 seconds'
    from generate_series(1, ${ORDERS}) g, m`);
  await database.db.execute(sql`
    with o as (select id, merchant_id, row_number() over (order by created_at, id) as n from orders)
    insert into devices (nomor_seri, product_id, merchant_id, order_id, status, created_at, updated_at)
    select (array['SBX', 'D210', 'A920'])[1 + g % 3] || '-' || lpad(upper(to_hex((g * 2654435761::bigint) % 4294967296)), 8, '0'),
      1 + g % 3, o.merchant_id, o.id,
      case when g % 20 = 0 then 'dikirim' when g % 20 = 1 then 'dialokasikan' else 'aktif' end,
      now() - (${DEVICES} - g) * interval '1 second', now() - (${DEVICES} - g) * interval '1 second'
    from generate_series(1, ${DEVICES}) g join o on o.n = 1 + (g - 1) / ${PER_ORDER}`);
  for (const table of ['merchants', 'orders', 'devices']) await database.db.execute(sql.raw(`vacuum analyze ${table}`));
}

const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '-');
const f0 = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en') : '-');

type Page = { items: { id: string; nomor_seri: string; merchant_id: string }[]; has_more: boolean };

async function benchSearch(address: string, cookie: string): Promise<{ name: string; p95: number }[]> {
  const get = async <T>(url: string) => (await fetch(`${address}${url}`, { headers: { cookie } })).json() as Promise<T>;
  // A device from deep in the list, whatever --devices is.
  const sample = (await get<Page>(`/api/admin/devices?page=${Math.max(1, Math.floor(DEVICES / 40 / 20))}`)).items[7]!;
  const serial = sample.nomor_seri;
  const scenarios = [
    { name: 'newest page', url: '/api/admin/devices' },
    { name: 'page 50', url: '/api/admin/devices?page=50' },
    { name: `serial exact ${serial}`, url: `/api/admin/devices?q=${serial}` },
    { name: `serial exact, lower case`, url: `/api/admin/devices?q=${serial.toLowerCase()}` },
    { name: `serial prefix ${serial.slice(0, -2)} (narrow)`, url: `/api/admin/devices?q=${serial.slice(0, -2)}` },
    { name: `serial prefix ${serial.slice(0, -5)}`, url: `/api/admin/devices?q=${serial.slice(0, -5)}` },
    { name: 'serial prefix SBX (a third of all)', url: '/api/admin/devices?q=SBX' },
    { name: 'serial prefix with no match', url: '/api/admin/devices?q=ZZZ-0000' },
    { name: 'status dikirim (5%)', url: '/api/admin/devices?status=dikirim' },
    { name: 'one merchant', url: `/api/admin/devices?merchant_id=${sample.merchant_id}` },
    { name: 'prefix SBX + status dialokasikan', url: '/api/admin/devices?q=SBX&status=dialokasikan' },
    { name: 'device detail', url: `/api/admin/devices/${sample.id}` },
  ];
  console.log(
    `\nGET /api/admin/devices · ${f0(DEVICES)} devices in ${f0(ORDERS)} orders of ${f0(MERCHANTS)} merchants · ${REQUESTS} sequential requests each after 20 warm-up`,
  );
  console.log(`${'scenario'.padEnd(44)}   p50 ms   p95 ms   p99 ms   rows   p95 < 50 ms`);
  const results: { name: string; p95: number }[] = [];
  for (const scenario of scenarios) {
    const { times, body } = await timeSequentialGets<Page | { nomor_seri: string }>(`${address}${scenario.url}`, cookie, REQUESTS);
    const p95 = percentile(times, 95);
    const rows = 'items' in body ? String(body.items.length) + (body.has_more ? '+' : '') : '1';
    const cells = [percentile(times, 50), p95, percentile(times, 99)].map((n) => f1(n).padStart(8)).join(' ');
    console.log(`${scenario.name.padEnd(44)} ${cells} ${rows.padStart(6)}   ${p95 < 50 ? 'met' : 'MISSED'}`);
    results.push({ name: scenario.name, p95 });
  }
  return results;
}

const { database, cleanup } = await openBenchDatabase(dir);
try {
  const seedStarted = Date.now();
  const merchantIds = await seedMerchants(database);
  await seedDevices(database, merchantIds);
  const seedSeconds = (Date.now() - seedStarted) / 1000;

  const config = parseConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', COOKIE_SECURE: 'false', REQUIRE_ADMIN_MFA: 'false' });
  const app = await buildApp({ config, database, storage: new LocalDiskStorage(path.join(dir, 'files')), clientDir: null, logger: false });
  await upsertUser(database.db, { ...ADMIN, role: 'admin' }, new Date());
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(
    `\n${await database.describe()} · ${cpus().length} cores · Node ${process.version} · seeded ${f0(MERCHANTS)} merchants, ${f0(ORDERS)} orders and ${f0(DEVICES)} devices in ${seedSeconds.toFixed(1)} s`,
  );
  try {
    const login = await fetch(`${address}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
    const results = await benchSearch(address, login.headers.getSetCookie()[0]!.split(';')[0]!);
    const worst = results.reduce((a, b) => (b.p95 > a.p95 ? b : a));
    console.log(`\nworst p95: ${f1(worst.p95)} ms (${worst.name}) · target < 50 ms: ${worst.p95 < 50 ? 'met' : 'MISSED'}`);
  } finally {
    await app.close();
  }
} finally {
  await database.close();
  await cleanup();
}
