// npm run db:seed -- --merchants N [--seed S]: fills the database with N realistic merchants.
// Uses DATABASE_URL when set; otherwise the embedded database in DATA_DIR, which must not be in use.
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { parseConfig } from '../src/server/config.js';
import { installKeyringFromConfig } from '../src/server/crypto/key-source.js';
import { lockDataDir } from '../src/server/db/data-dir-lock.js';
import { openDatabase } from '../src/server/db/database.js';
import { merchants } from '../src/server/db/schema.js';
import { createRandom, fakeMerchant } from '../src/server/seed/fake-merchants.js';

const { values } = parseArgs({ options: { merchants: { type: 'string', default: '100' }, seed: { type: 'string', default: '1' } } });
const total = Number(values.merchants);
if (!Number.isInteger(total) || total < 1 || total > 2_000_000) {
  console.error('--merchants must be a whole number from 1 to 2000000');
  process.exit(1);
}

const config = parseConfig(process.env);
installKeyringFromConfig(config, console);
let unlock = () => {};
try {
  if (!config.DATABASE_URL) unlock = lockDataDir(config.DATA_DIR);
} catch (error) {
  console.error((error as Error).message, '\nStop the server first.');
  process.exit(1);
}
const database = config.DATABASE_URL
  ? await openDatabase({ kind: 'postgres', url: config.DATABASE_URL })
  : await openDatabase({ kind: 'pglite', dataDir: config.DATA_DIR });

const started = Date.now();
const random = createRandom(Number(values.seed));
const now = new Date();
const existing = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from merchants`);
const offset = (existing as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
const BATCH = 1000;
let inserted = 0;
for (let start = 0; start < total; start += BATCH) {
  const rows = [];
  for (let i = start; i < Math.min(total, start + BATCH); i += 1) rows.push(fakeMerchant({ index: offset + i, random, now }));
  const result = await database.db.insert(merchants).values(rows).onConflictDoNothing().returning({ id: merchants.id });
  inserted += result.length;
}
// PGlite never autovacuums: fresh statistics keep the planner on the trigram index.
await database.db.execute(sql`vacuum analyze merchants`);
console.log(`seeded ${inserted} merchants in ${((Date.now() - started) / 1000).toFixed(1)} s (${await database.describe()})`);
await database.close();
unlock();
