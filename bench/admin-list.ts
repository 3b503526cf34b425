// npm run bench:list [-- --merchants 100000 --requests 200]
// npm run bench:list -- --merchants 1000000 --database-url postgres://postgres@127.0.0.1:5432/bench_1m --reuse
// Seeds a fresh database (embedded PGlite, or a fresh database on DATABASE_URL's server), starts the
// real app on loopback, signs in, and times GET /api/admin/merchants for each shape of docs/performance.md.
// Prints p50/p95/p99 in milliseconds. With --database-url and --reuse the named database is kept and
// seeded only while its merchants table is empty, so a million rows are seeded once (about 15 minutes),
// not per run; the rows' NIK and account numbers are read with DATA_ENCRYPTION_KEY when it is set.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { count, sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app.js';
import { upsertUser } from '../src/server/auth/user-store.js';
import { parseConfig } from '../src/server/config.js';
import { installKeyring } from '../src/server/crypto/identity-fields.js';
import { Keyring } from '../src/server/crypto/keyring.js';
import { openDatabase, type Database } from '../src/server/db/database.js';
import { merchants } from '../src/server/db/schema.js';
import { createRandom, fakeMerchant } from '../src/server/seed/fake-merchants.js';
import { LocalDiskStorage } from '../src/server/storage/local-disk-storage.js';
import { openBenchDatabase, percentile } from './bench-kit.js';
import { benchWorkbenchShapes } from './workbench-shapes.js';

const { values } = parseArgs({
  options: {
    merchants: { type: 'string', default: '100000' },
    requests: { type: 'string', default: '200' },
    'database-url': { type: 'string' },
    reuse: { type: 'boolean', default: false },
  },
});
const total = Number(values.merchants);
const requests = Number(values.requests);
const keyFromEnv = process.env.DATA_ENCRYPTION_KEY;
installKeyring(new Keyring(keyFromEnv ? Buffer.from(keyFromEnv, 'base64') : randomBytes(32)));
const dir = mkdtempSync(path.join(tmpdir(), 'aipos-bench-'));

async function openFresh(): Promise<{ database: Database; cleanup: () => Promise<void> }> {
  if (values['database-url']) {
    if (!values.reuse) throw new Error('--database-url names a database to keep: add --reuse');
    const database = await openDatabase({ kind: 'postgres', url: values['database-url'] });
    return { database, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  return openBenchDatabase(dir);
}

const { database, cleanup } = await openFresh();
const seedStart = Date.now();
const existing = await database.db.select({ n: count() }).from(merchants);
const present = Number(existing[0]?.n ?? 0);
if (present === 0) {
  const random = createRandom(42);
  const now = new Date();
  for (let start = 0; start < total; start += 1000) {
    const rows = [];
    for (let i = start; i < Math.min(total, start + 1000); i += 1) rows.push(fakeMerchant({ index: i, random, now }));
    await database.db.insert(merchants).values(rows);
  }
  await database.db.execute(sql`vacuum analyze merchants`);
}
const seedNote = present === 0 ? `seeded in ${((Date.now() - seedStart) / 1000).toFixed(1)} s` : 'reused';
const rowCount = present === 0 ? total : present;

const config = parseConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', COOKIE_SECURE: 'false', REQUIRE_ADMIN_MFA: 'false' });
const app = await buildApp({ config, database, storage: new LocalDiskStorage(path.join(dir, 'files')), clientDir: null, logger: false });
await upsertUser(database.db, { email: 'bench@aipos.test', password: 'bench-password-panjang-sekali', role: 'admin' }, new Date());
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const login = await fetch(`${address}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'bench@aipos.test', password: 'bench-password-panjang-sekali' }),
});
const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;

const get = async (url: string) =>
  (await fetch(`${address}${url}`, { headers: { cookie } })).json() as Promise<{ items: { id: string }[] }>;
const deep = await get('/api/admin/merchants?page=2000');
const lastOfDeep = deep.items.at(-1)?.id;
const sumber = await get('/api/admin/merchants?q=Sumber');

const scenarios = [
  { name: 'first page', url: '/api/admin/merchants' },
  { name: 'search "berkah"', url: '/api/admin/merchants?q=berkah' },
  { name: 'search phone "0812-34"', url: '/api/admin/merchants?q=0812-34' },
  { name: 'filter verified', url: '/api/admin/merchants?status=verified' },
  { name: 'filter + sort by name', url: '/api/admin/merchants?status=rejected&sort=nama_toko' },
  // The million-row shapes (decision 0023).
  { name: 'search "Sumber"', url: '/api/admin/merchants?q=Sumber' },
  { name: 'search "Sumber" page 2', url: `/api/admin/merchants?q=Sumber&page=2&after=${sumber.items.at(-1)?.id}` },
  { name: 'code prefix "AIP-"', url: '/api/admin/merchants?q=AIP-' },
  { name: 'code prefix "AIP-SBK"', url: '/api/admin/merchants?q=AIP-SBK' },
  { name: '"Toko" + rejected', url: '/api/admin/merchants?q=Toko&status=rejected' },
  { name: 'page 2000 (offset)', url: '/api/admin/merchants?page=2000' },
  ...(lastOfDeep ? [{ name: 'page 2001 (cursor)', url: `/api/admin/merchants?page=2001&after=${lastOfDeep}` }] : []),
  { name: 'search "0812"', url: '/api/admin/merchants?q=0812' },
];

console.log(
  `\n${await database.describe()} · ${rowCount.toLocaleString('en')} merchants (${seedNote}) · ${requests} sequential requests each`,
);
console.log('scenario                     p50 ms   p95 ms   p99 ms   rows');
for (const scenario of scenarios) {
  const times: number[] = [];
  let rows = '';
  for (let i = 0; i < requests + 20; i += 1) {
    const started = performance.now();
    const response = await fetch(`${address}${scenario.url}`, { headers: { cookie } });
    const body = (await response.json()) as { total: number; total_capped: boolean };
    if (response.status !== 200) throw new Error(`${scenario.url}: ${response.status}`);
    // The first 20 warm caches and the JIT.
    if (i >= 20) times.push(performance.now() - started);
    rows = body.total_capped ? `${body.total}+` : String(body.total);
  }
  times.sort((a, b) => a - b);
  const f = (n: number) => n.toFixed(1).padStart(8);
  console.log(`${scenario.name.padEnd(26)} ${f(percentile(times, 50))} ${f(percentile(times, 95))} ${f(percentile(times, 99))}   ${rows}`);
}
await benchWorkbenchShapes({ db: database.db, address, cookie, requests });
await app.close();
await database.close();
await cleanup();
