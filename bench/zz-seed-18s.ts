import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { installKeyring } from '../src/server/crypto/identity-fields.js';
import { Keyring } from '../src/server/crypto/keyring.js';
import { openDatabase } from '../src/server/db/database.js';
import { merchants } from '../src/server/db/schema.js';
import { createRandom, fakeMerchant } from '../src/server/seed/fake-merchants.js';
installKeyring(new Keyring(randomBytes(32)));
const database = await openDatabase({ kind: 'postgres', url: 'postgres://postgres@127.0.0.1:5432/bench_18s' });
const random = createRandom(42);
const now = new Date();
for (let start = 0; start < 100000; start += 1000) {
  const rows = [];
  for (let i = start; i < start + 1000; i += 1) rows.push(fakeMerchant({ index: i, random, now }));
  await database.db.insert(merchants).values(rows);
}
await database.db.execute(sql`insert into audit_logs (action, target_table, target_id, diff, created_at)
    select 'status_change', 'merchants', id::text, jsonb_build_object('from', 'processing', 'to', status), first_decided_at
    from merchants where first_decided_at >= now() - interval '30 days'`);
await database.db.execute(sql`vacuum analyze`);
await database.close();
console.log('seeded');
