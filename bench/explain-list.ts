// npx tsx bench/explain-list.ts ['{"q":"Sumber"}' ...]: EXPLAIN (ANALYZE, BUFFERS) of the admin list's queries (the page and its total) for
// the benchmark's scenarios, on DATABASE_URL or the embedded database in DATA_DIR (seed it first with
// `npm run db:seed -- --merchants 100000`; the server must not be running on it).
import type { SQL } from 'drizzle-orm';
import { parseConfig } from '../src/server/config.js';
import { installKeyringFromConfig } from '../src/server/crypto/key-source.js';
import { lockDataDir } from '../src/server/db/data-dir-lock.js';
import { openDatabase } from '../src/server/db/database.js';
import { listStatements } from './list-sql.js';

const config = parseConfig(process.env);
installKeyringFromConfig(config, console);
const unlock = config.DATABASE_URL ? () => {} : lockDataDir(config.DATA_DIR);
const database = config.DATABASE_URL
  ? await openDatabase({ kind: 'postgres', url: config.DATABASE_URL })
  : await openDatabase({ kind: 'pglite', dataDir: config.DATA_DIR });
const queries = process.argv.slice(2).length
  ? process.argv.slice(2).map((a) => JSON.parse(a) as Record<string, string>)
  : [{}, { q: 'berkah' }, { status: 'verified' }, { q: '0812-34' }];

for (const input of queries) {
  const { page, count } = listStatements(input);
  const statements = [
    ['page', page],
    ['total', count],
  ] as const;
  for (const [label, statement] of statements) {
    // EXPLAIN cannot take bind parameters here: inline them as literals (values are plain strings and numbers).
    const text = statement.sql.replace(/\$(\d+)/g, (_, n: string) => {
      const value = statement.params[Number(n) - 1];
      return typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
    });
    const result = (await database.db.execute(`explain (analyze, buffers) ${text}` as unknown as SQL)) as unknown as {
      rows: Record<string, string>[];
    };
    console.log(`\n== ${JSON.stringify(input)} ${label}`);
    for (const row of result.rows) console.log(Object.values(row)[0]);
  }
}
await database.close();
unlock();
