// npm run bench:orders [-- --orders 100000 --requests 100 --seconds 10 --connections 10 --only list,create]
// DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:orders   (a fresh database, dropped after)
// The shop's two measured paths, on the real app in this process (embedded PGlite by default):
//  (a) GET /api/admin/orders at 100,000 orders (bulk-inserted with generate_series): p50/p95/p99 of
//      sequential requests after 20 warm-up ones, for the first page, status filters and searches;
//      target p95 < 50 ms.
//  (b) POST /api/orders (transfer, one unit, stock raised first) under `--connections` in flight, against
//      a bare baseline: a minimal Fastify route in this process that inserts one similar orders row with a
//      plain INSERT through the same driver. Loaded in alternating turns, printed side by side with the
//      ratio. The load generator shares this process with both servers: read the ratio, not the absolutes.
// Printed only, never a gate.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { buildApp } from '../src/server/app.js';
import { upsertUser } from '../src/server/auth/user-store.js';
import { parseConfig } from '../src/server/config.js';
import { installKeyring } from '../src/server/crypto/identity-fields.js';
import { Keyring } from '../src/server/crypto/keyring.js';
import type { Database } from '../src/server/db/database.js';
import { queryRows } from '../src/server/db/query-rows.js';
import { merchants } from '../src/server/db/schema.js';
import { createRandom, fakeMerchant } from '../src/server/seed/fake-merchants.js';
import { LocalDiskStorage } from '../src/server/storage/local-disk-storage.js';
import { SHIPPING } from '../tests/support/order-fixtures.js';
import {
  benchArgs,
  mergeLoads,
  openBenchDatabase,
  percentile,
  runLoad,
  timeSequentialGets,
  type LoadResult,
  type TaggedRequest,
} from './bench-kit.js';

const {
  orders: ORDERS,
  merchants: MERCHANTS,
  buyers: BUYERS,
  requests: REQUESTS,
  seconds: SECONDS,
  slice: SLICE,
  warmup: WARMUP,
  connections: CONNECTIONS,
  only,
} = benchArgs({
  orders: 100_000,
  // Merchants the bulk orders belong to; the buyers of (b) are others, with no open order yet.
  merchants: 5000,
  buyers: 4000,
  requests: 100,
  seconds: 10,
  slice: 2,
  warmup: 2,
  connections: 10,
  only: 'list,create',
});
const ONLY = new Set(only.split(','));
const ADMIN = { email: 'bench@aipos.test', password: 'bench-password-panjang-sekali' };
const UNLIMITED = '100000000';

installKeyring(new Keyring(randomBytes(32)));
const dir = mkdtempSync(path.join(tmpdir(), 'aipos-bench-orders-'));

type Buyer = { id: string; kode: string; noHp: string };

/** Fake merchants in batches: the first MERCHANTS own the bulk orders, the next BUYERS place orders in (b). */
async function seedMerchants(database: Database): Promise<{ ownerIds: string[]; buyers: Buyer[] }> {
  const random = createRandom(42);
  const now = new Date();
  const ownerIds: string[] = [];
  const buyers: Buyer[] = [];
  const total = MERCHANTS + BUYERS;
  for (let start = 0; start < total; start += 1000) {
    const rows = [];
    for (let i = start; i < Math.min(total, start + 1000); i += 1) {
      rows.push(fakeMerchant({ index: i, random, now, ...(i >= MERCHANTS ? { status: 'verified' as const } : {}) }));
    }
    const inserted = await database.db
      .insert(merchants)
      .values(rows)
      .returning({ id: merchants.id, kode: merchants.kodePendaftaran, noHp: merchants.noHp });
    inserted.forEach((row, offset) => {
      if (start + offset < MERCHANTS) ownerIds.push(row.id);
      else buyers.push({ id: row.id, kode: row.kode, noHp: `0${row.noHp.slice(3)}` });
    });
  }
  return { ownerIds, buyers };
}

/**
 * ORDERS orders in one statement, one line each, a minute apart, spread over the first MERCHANTS
 * merchants: 60% paid and received, 20% expired, 10% cancelled, 10% waiting for payment (their deadline tomorrow, so
 * the expiry job leaves them alone during the run). Codes are ORD- and the hex
 * of g times an odd constant mod 2^32 (a bijection, so unique).
 */
async function seedOrders(database: Database, ownerIds: string[]): Promise<void> {
  await database.db.execute(sql`
    with m as (select string_to_array(${ownerIds.join(',')}, ',')::uuid[] as ids)
    insert into orders (kode_pesanan, merchant_id, status, metode_pembayaran, subtotal, total, kode_unik, batas_waktu,
      akses_token_hashes, idempotency_key, nama_penerima, no_hp_penerima, alamat_pengiriman, kota_kab, provinsi, kode_pos,
      paid_at, paid_amount, invoice_number, cancelled_at, cancel_reason, expired_at, created_at, updated_at)
    select 'ORD-' || lpad(upper(to_hex((g * 2654435761::bigint) % 4294967296)), 8, '0'),
      m.ids[1 + g % ${MERCHANTS}],
      case when g % 10 < 6 then 'diterima' when g % 10 < 8 then 'kedaluwarsa' when g % 10 = 8 then 'dibatalkan' else 'menunggu_pembayaran' end,
      case when g % 7 = 0 then 'midtrans' else 'transfer' end,
      350000 * (1 + g % 3), 350000 * (1 + g % 3),
      case when g % 7 = 0 then null else 1 + g % 999 end,
      case when g % 10 = 9 then now() + interval '1 day' else now() - (${ORDERS} - g) * interval '1 minute' + interval '1 day' end,
      array[md5(g::text)], 'bench-' || g,
      'Penerima ' || g, '+6281234567890', 'Jl. Melati No. 12, RT 03/RW 05, Tebet', 'Jakarta Selatan', 'DKI Jakarta', '12810',
      case when g % 10 < 6 then now() - (${ORDERS} - g) * interval '1 minute' end,
      case when g % 10 < 6 then 350000 * (1 + g % 3) end,
      case when g % 10 < 6 then 'INV/BENCH/' || g end,
      case when g % 10 = 8 then now() - (${ORDERS} - g) * interval '1 minute' end,
      case when g % 10 = 8 then 'Dibatalkan pembeli' end,
      case when g % 10 in (6, 7) then now() - (${ORDERS} - g) * interval '1 minute' + interval '1 day' end,
      now() - (${ORDERS} - g) * interval '1 minute', now() - (${ORDERS} - g) * interval '1 minute'
    from generate_series(1, ${ORDERS}) g, m`);
  await database.db.execute(sql`
    insert into order_items (order_id, product_id, sku, name, price, quantity)
    select o.id, 1, 'SBX-STD', 'Soundbox', 350000, (o.total / 350000)::int from orders o`);
  // Units are what (b) buys: enough for every order it can make, none held by the bulk rows.
  await database.db.execute(sql`update products set stock = 1000000`);
  for (const table of ['merchants', 'orders', 'order_items']) await database.db.execute(sql.raw(`vacuum analyze ${table}`));
}

const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '-');
const f0 = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en') : '-');

async function benchList(address: string, cookie: string): Promise<void> {
  const get = async <T>(url: string) => (await fetch(`${address}${url}`, { headers: { cookie } })).json() as Promise<T>;
  type Page = { items: { kode_pesanan: string; kode_pendaftaran: string; nama_toko: string }[]; total: number };
  // An order from the middle of the list (page 2500 of 100,000), whatever --orders is.
  const sample = (await get<Page>(`/api/admin/orders?page=${Math.max(1, Math.floor(ORDERS / 40))}`)).items[7]!;
  const scenarios = [
    { name: 'first page', url: '/api/admin/orders' },
    { name: 'page 2', url: '/api/admin/orders?page=2' },
    { name: 'status menunggu_pembayaran (10%)', url: '/api/admin/orders?status=menunggu_pembayaran' },
    { name: 'status diterima (60%)', url: '/api/admin/orders?status=diterima' },
    { name: `kode_pesanan exact ${sample.kode_pesanan}`, url: `/api/admin/orders?q=${sample.kode_pesanan.toLowerCase()}` },
    { name: `kode_pesanan prefix ${sample.kode_pesanan.slice(0, 7)}`, url: `/api/admin/orders?q=${sample.kode_pesanan.slice(0, 7)}` },
    { name: `kode_pendaftaran ${sample.kode_pendaftaran}`, url: `/api/admin/orders?q=${sample.kode_pendaftaran}` },
    { name: `store name "${sample.nama_toko}"`, url: `/api/admin/orders?q=${encodeURIComponent(sample.nama_toko)}` },
    { name: 'store word "sejahtera" (broad)', url: '/api/admin/orders?q=sejahtera' },
    { name: '"sejahtera" + menunggu_pembayaran', url: '/api/admin/orders?q=sejahtera&status=menunggu_pembayaran' },
  ];
  console.log(
    `\n(a) GET /api/admin/orders · ${f0(ORDERS)} orders of ${f0(MERCHANTS)} merchants · ${REQUESTS} sequential requests each after 20 warm-up`,
  );
  console.log(`${'scenario'.padEnd(44)}   p50 ms   p95 ms   p99 ms   rows   p95 < 50 ms`);
  for (const scenario of scenarios) {
    const { times, body } = await timeSequentialGets<Page>(`${address}${scenario.url}`, cookie, REQUESTS);
    const p95 = percentile(times, 95);
    const cells = [percentile(times, 50), p95, percentile(times, 99)].map((n) => f1(n).padStart(8)).join(' ');
    console.log(`${scenario.name.padEnd(44)} ${cells} ${String(body.total).padStart(6)}   ${p95 < 50 ? 'met' : 'MISSED'}`);
  }
}

/** The bare side of (b): one INSERT of an order row like the real one, through the driver's own client. */
async function startBare(database: Database, merchantIds: string[]): Promise<{ url: string; close: () => Promise<void> }> {
  const bare = Fastify({ logger: false });
  let next = 0;
  bare.post('/order', async (request, reply) => {
    const merchantId = merchantIds[(next += 1) % merchantIds.length];
    const rows = await queryRows<{ kode_pesanan: string }>(
      database.db,
      `insert into orders (kode_pesanan, merchant_id, metode_pembayaran, subtotal, total, kode_unik, batas_waktu, akses_token_hashes,
        idempotency_key, nama_penerima, no_hp_penerima, alamat_pengiriman, kota_kab, provinsi, kode_pos)
       values ($1, $2, 'transfer', 350000, 350000, $3, now() + interval '1 day', array[$4], $5, $6, $7, $8, $9, $10, $11)
       returning kode_pesanan`,
      [
        `ORD-${randomBytes(6)
          .toString('base64url')
          .toUpperCase()
          .replace(/[^A-Z0-9]/g, 'X')
          .slice(0, 8)}`,
        merchantId,
        1 + Math.floor(Math.random() * 999),
        randomBytes(32).toString('hex'),
        String(request.headers['idempotency-key']),
        SHIPPING.nama_penerima,
        '+6281234567890',
        SHIPPING.alamat_pengiriman,
        SHIPPING.kota_kab,
        SHIPPING.provinsi,
        SHIPPING.kode_pos,
      ],
    );
    return reply.status(201).send({ kode_pesanan: rows[0]?.kode_pesanan });
  });
  const url = await bare.listen({ port: 0, host: '127.0.0.1' });
  return { url, close: () => bare.close() };
}

function orderRequests(pathName: string, buyers: Buyer[]): TaggedRequest[] {
  let next = 0;
  return [
    {
      method: 'POST',
      path: pathName,
      headers: { 'content-type': 'application/json' },
      setupRequest: (request) => {
        // Round robin over buyers: each holds at most a few open orders (the limit is 5 a registration).
        const buyer = buyers[(next += 1) % buyers.length]!;
        const body = {
          kode_pendaftaran: buyer.kode,
          no_hp: buyer.noHp,
          items: [{ product_id: 1, quantity: 1 }],
          pengiriman: SHIPPING,
          metode_pembayaran: 'transfer',
        };
        return { ...request, headers: { ...request.headers, 'idempotency-key': randomUUID() }, body: JSON.stringify(body) };
      },
    },
  ];
}

async function benchCreate(address: string, database: Database, buyers: Buyer[], ownerIds: string[]): Promise<void> {
  // The bare rows go to the bulk orders' merchants: as unpaid orders of the buyers they would count
  // against the buyers' limit of five open orders and turn our requests into 429s.
  const bare = await startBare(database, ownerIds);
  const ours = { url: address, requests: orderRequests('/api/orders', buyers) };
  const baseline = { url: bare.url, requests: orderRequests('/order', buyers) };
  const go = (side: typeof ours, seconds: number) => runLoad({ url: side.url, connections: CONNECTIONS, seconds, requests: side.requests });
  if (WARMUP > 0) {
    await go(ours, WARMUP);
    await go(baseline, WARMUP);
  }
  // Alternating turns (ours, bare, bare, ours, ...): whatever else loads the machine weighs on both alike.
  const turns = Math.max(1, Math.round(SECONDS / SLICE));
  const results: [LoadResult[], LoadResult[]] = [[], []];
  for (let i = 0; i < turns; i += 1) {
    for (const which of i % 2 === 0 ? [0, 1] : [1, 0]) results[which]!.push(await go(which === 0 ? ours : baseline, SECONDS / turns));
  }
  await bare.close();
  const [o, b] = [mergeLoads(results[0]), mergeLoads(results[1])];
  const statuses = (load: LoadResult) =>
    [...(load.byKind.get('default')?.statuses ?? new Map<number, number>())].map(([s, n]) => `${s}: ${n}`).join(', ');
  console.log(
    `\n(b) order creation · ${CONNECTIONS} in flight · ${SECONDS} s each in alternating turns of ${SECONDS / turns} s after ${WARMUP} s warm-up`,
  );
  console.log('server                                      req/s   p50 ms   p95 ms   p99 ms   statuses');
  console.log(
    `${'ours: POST /api/orders'.padEnd(40)} ${f0(o.reqPerSec).padStart(8)} ${f1(o.p50).padStart(8)} ${f1(o.p95).padStart(8)} ${f1(o.p99).padStart(8)}   ${statuses(o)}`,
  );
  console.log(
    `${'bare: one plain INSERT'.padEnd(40)} ${f0(b.reqPerSec).padStart(8)} ${f1(b.p50).padStart(8)} ${f1(b.p95).padStart(8)} ${f1(b.p99).padStart(8)}   ${statuses(b)}`,
  );
  console.log(`ours / bare req/s: ${(o.reqPerSec / b.reqPerSec).toFixed(2)} · p95 ours / bare: ${(o.p95 / b.p95).toFixed(2)}`);
}

const { database, cleanup } = await openBenchDatabase(dir);
try {
  const seedStarted = Date.now();
  const { ownerIds, buyers } = await seedMerchants(database);
  await seedOrders(database, ownerIds);
  const seedSeconds = (Date.now() - seedStarted) / 1000;

  const config = parseConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    COOKIE_SECURE: 'false',
    REQUIRE_ADMIN_MFA: 'false',
    RATE_LIMIT_ORDERS_PER_HOUR: UNLIMITED,
  });
  const app = await buildApp({ config, database, storage: new LocalDiskStorage(path.join(dir, 'files')), clientDir: null, logger: false });
  await upsertUser(database.db, { ...ADMIN, role: 'admin' }, new Date());
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(
    `\n${await database.describe()} · ${cpus().length} cores · Node ${process.version} · seeded ${f0(MERCHANTS + BUYERS)} merchants and ${f0(ORDERS)} orders in ${seedSeconds.toFixed(1)} s`,
  );
  try {
    if (ONLY.has('list')) {
      const login = await fetch(`${address}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      });
      if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
      await benchList(address, login.headers.getSetCookie()[0]!.split(';')[0]!);
    }
    if (ONLY.has('create')) await benchCreate(address, database, buyers, ownerIds);
  } finally {
    await app.close();
  }
} finally {
  await database.close();
  await cleanup();
}
