// A data-subject request of an applicant (UU PDP Art. 5-13), by registration code:
//   npm run subject:export -- --code AIP-XXXXX [--out FILE]   one JSON file with all we hold, documents included
//   npm run subject:erase -- --code AIP-XXXXX                 documents and personal data removed now
// On the embedded database the server must be stopped (one process only).
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parseConfig } from '../src/server/config.js';
import { openForCli } from '../src/server/db/open-for-cli.js';
import { eraseSubject, exportSubject, SubjectNotFoundError } from '../src/server/privacy/subject-request.js';
import { createStorage } from '../src/server/storage/create-storage.js';

const USAGE = 'usage: npm run subject:export -- --code AIP-XXXXX [--out FILE] | npm run subject:erase -- --code AIP-XXXXX';
const { values, positionals } = parseArgs({ allowPositionals: true, options: { code: { type: 'string' }, out: { type: 'string' } } });
const mode = positionals[0];
if ((mode !== 'export' && mode !== 'erase') || !values.code) {
  console.error(USAGE);
  process.exit(2);
}
if (existsSync('.env')) process.loadEnvFile('.env');
const config = parseConfig(process.env);
const { database, close } = await openForCli(config, 'Stop the server first (the embedded database is one process only).');
const deps = { db: database.db, storage: createStorage(config), now: () => new Date() };
try {
  if (mode === 'export') {
    const out = path.resolve(values.out ?? `subject-${values.code.toUpperCase()}.json`);
    if (existsSync(out)) throw new Error(`${out} already exists; choose a new file name`);
    const data = await exportSubject(deps, values.code);
    // It holds the NIK, the account number and the identity documents: readable by this user only.
    writeFileSync(out, `${JSON.stringify(data, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
    console.log(`wrote ${out} (${data.documents.length} documents)`);
  } else {
    const { documents, pending } = await eraseSubject(deps, values.code);
    console.log(`${values.code.toUpperCase()}: personal data erased, ${documents} documents removed`);
    if (pending > 0) console.log(`${pending} files could not be deleted now: kept in pending_deletions, retried by the retention job`);
  }
} catch (error) {
  if (!(error instanceof SubjectNotFoundError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await close();
}
