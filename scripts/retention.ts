// npm run retention [-- --dry-run]: removes (or with --dry-run lists) the documents and personal data of
// rejected and deleted merchants past RETENTION_REJECTED_DAYS / RETENTION_DELETED_DAYS. The server does the
// same at start and daily; this is for an operator who wants to see or do it now.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parseConfig } from '../src/server/config.js';
import { openForCli } from '../src/server/db/open-for-cli.js';
import { listRetentionDue, purgeDueMerchants } from '../src/server/privacy/retention.js';
import { createStorage } from '../src/server/storage/create-storage.js';

const { values } = parseArgs({ options: { 'dry-run': { type: 'boolean', default: false } } });
if (existsSync('.env')) process.loadEnvFile('.env');
const config = parseConfig(process.env);
const { database, close } = await openForCli(config, 'The running server purges at start and daily; stop it to run this by hand.');
try {
  const deps = { db: database.db, storage: createStorage(config), config, now: () => new Date() };
  const due = await listRetentionDue(deps);
  for (const item of due) console.log(`${item.kode_pendaftaran}\t${item.reason}\tsince ${item.since}\t${item.nama_toko}`);
  if (values['dry-run']) {
    console.log(`${due.length} merchants would lose their documents and personal data (dry run, nothing changed)`);
  } else {
    console.log(`${await purgeDueMerchants(deps)} merchants purged (${path.resolve(config.DATA_DIR)})`);
  }
} finally {
  await close();
}
