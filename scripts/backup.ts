// npm run backup -- --out FILE --recipient age1…: one archive (tar.gz, encrypted with age for that public
// key) of the database and every stored document. `--plain` instead of --recipient writes it unencrypted.
// PGlite: stop the server first (the DATA_DIR lock is taken). PostgreSQL: servers may keep running.
import { parseArgs } from 'node:util';
import { ArchiveKeyError } from '../src/server/backup/archive-encryption.js';
import { BackupError, createBackup } from '../src/server/backup/backup.js';
import { ConfigError, parseConfig } from '../src/server/config.js';
import { DataDirLockedError } from '../src/server/db/data-dir-lock.js';

const USAGE = 'usage: npm run backup -- --out FILE (--recipient <age public key> | --plain)';
const { values } = parseArgs({
  options: { out: { type: 'string' }, recipient: { type: 'string' }, plain: { type: 'boolean', default: false } },
});
if (!values.out || (!values.recipient && !values.plain) || (values.recipient && values.plain)) {
  // The archive holds identity documents: an unencrypted one must be asked for explicitly.
  console.error(`${USAGE}\nThe archive holds identity documents: encrypt it for an age public key, or say --plain.`);
  process.exit(1);
}
try {
  const started = Date.now();
  const manifest = await createBackup({
    config: parseConfig(process.env),
    out: values.out,
    ...(values.recipient ? { recipient: values.recipient } : {}),
    log: (line) => console.log(line),
  });
  console.log(
    `backup written to ${values.out} (${manifest.documents.length} documents) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
} catch (error) {
  if (error instanceof DataDirLockedError) {
    console.error(`${error.message}\nStop the server first: the embedded database is copied with the server stopped.`);
    process.exit(1);
  }
  if (error instanceof BackupError || error instanceof ConfigError || error instanceof ArchiveKeyError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
