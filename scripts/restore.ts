// npm run restore -- FILE [--identity KEYFILE]: restores an archive from `npm run backup` into an EMPTY DATA_DIR (or an empty
// database in DATABASE_URL) and the configured document storage, then verifies row counts and checksums.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { restoreBackup, RestoreError } from '../src/server/backup/restore.js';
import { ConfigError, parseConfig } from '../src/server/config.js';
import { DataDirLockedError } from '../src/server/db/data-dir-lock.js';

const { positionals, values } = parseArgs({ allowPositionals: true, options: { identity: { type: 'string' } } });
if (positionals.length !== 1) {
  console.error('usage: npm run restore -- FILE [--identity AGE_IDENTITY_FILE]');
  process.exit(1);
}
try {
  const identity = values.identity ? readFileSync(values.identity, 'utf8') : undefined;
  const result = await restoreBackup({
    config: parseConfig(process.env),
    file: positionals[0]!,
    ...(identity ? { identity } : {}),
    log: (line) => console.log(line),
  });
  const rows = Object.entries(result.tables)
    .map(([table, count]) => `${table}=${count}`)
    .join(', ');
  console.log(`restored and verified: ${rows}; ${result.documents} documents`);
} catch (error) {
  if (error instanceof RestoreError || error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
