// npm run backup -- --out FILE: one archive (tar.gz) of the database and every stored document.
// PGlite: stop the server first (the DATA_DIR lock is taken). PostgreSQL: servers may keep running.
import { parseArgs } from 'node:util';
import { BackupError, createBackup } from '../src/server/backup/backup.js';
import { ConfigError, parseConfig } from '../src/server/config.js';
import { DataDirLockedError } from '../src/server/db/data-dir-lock.js';

const { values } = parseArgs({ options: { out: { type: 'string' } } });
if (!values.out) {
  console.error('usage: npm run backup -- --out FILE');
  process.exit(1);
}
try {
  const started = Date.now();
  const manifest = await createBackup({ config: parseConfig(process.env), out: values.out, log: (line) => console.log(line) });
  console.log(`backup written to ${values.out} (${manifest.documents.length} documents) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} catch (error) {
  if (error instanceof DataDirLockedError) {
    console.error(`${error.message}\nStop the server first: the embedded database is copied with the server stopped.`);
    process.exit(1);
  }
  if (error instanceof BackupError || error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
