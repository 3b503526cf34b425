// npm run keys:rotate: re-encrypts every NIK, account number and TOTP secret under the current key.
// PostgreSQL (DATABASE_URL), while the servers run: give every instance the new DATA_ENCRYPTION_KEY and the
// old one in DATA_ENCRYPTION_KEYS_OLD, restart them, run this with the same two variables, then drop the old
// key from the instances. Embedded database (server stopped): a new key is added to DATA_DIR/encryption.key,
// the rows are re-encrypted, and the old key is removed from the file. Interrupted, it resumes when run again.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { parseConfig } from '../src/server/config.js';
import { keyring } from '../src/server/crypto/identity-fields.js';
import { keyFilePath, readKeyFile, writeKeyFile } from '../src/server/crypto/key-source.js';
import { encryptIdentityRows } from '../src/server/db/encrypt-identity-rows.js';
import { openForCli } from '../src/server/db/open-for-cli.js';

if (existsSync('.env')) process.loadEnvFile('.env');
const config = parseConfig(process.env);
const embeddedKeyFile = !config.DATABASE_URL && !config.DATA_ENCRYPTION_KEY;
if (config.DATABASE_URL && !config.DATA_ENCRYPTION_KEYS_OLD) {
  console.error('Set DATA_ENCRYPTION_KEY to the new key and DATA_ENCRYPTION_KEYS_OLD to the old one(s), on every instance first.');
  process.exit(1);
}
const { database, close } = await openForCli(config, 'Stop the server first (the embedded database is one process only).', () => {
  if (!embeddedKeyFile || !existsSync(keyFilePath(config.DATA_DIR))) return;
  const keys = readKeyFile(config.DATA_DIR);
  // One key: start a rotation. Several: a rotation was interrupted; go on with the key it added.
  if (keys.length === 1) writeKeyFile(config.DATA_DIR, [randomBytes(32), ...keys]);
});
try {
  const done = await encryptIdentityRows(database.db, 'rotate', (n) => console.log(`${n} merchants re-encrypted`));
  console.log(`done: ${done} values now under key ${keyring().currentKeyId}`);
  if (embeddedKeyFile) writeKeyFile(config.DATA_DIR, readKeyFile(config.DATA_DIR).slice(0, 1));
} finally {
  await close();
}
