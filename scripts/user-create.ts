// npm run user:create -- --email E --password P [--role admin|user] [--reset-totp]
// Creates the user, or resets the password (and, with --role, the role) of the existing one; every
// session of that user ends. Without --password the password is read from stdin (keeps it out of ps
// and the shell history): `printf '%s' "$PW" | npm run user:create -- --email E`.
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { USER_ROLES, type UserRole } from '../src/domain/vocabularies.js';
import { passwordPolicyViolation } from '../src/server/auth/password-policy.js';
import { upsertUser } from '../src/server/auth/user-store.js';
import { parseConfig } from '../src/server/config.js';
import { installKeyringFromConfig } from '../src/server/crypto/key-source.js';
import { DataDirLockedError, lockDataDir } from '../src/server/db/data-dir-lock.js';
import { openDatabase, type Database } from '../src/server/db/database.js';

const USAGE = 'usage: npm run user:create -- --email <email> --password <password> [--role admin|user] [--reset-totp]';

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) fail(`${USAGE}\n--password is required when stdin is a terminal`, 2);
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        role: { type: 'string' },
        'reset-totp': { type: 'boolean', default: false },
      },
      strict: true,
    }));
  } catch (error) {
    fail(`${(error as Error).message}\n${USAGE}`, 2);
  }
  const email = values.email?.trim();
  if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) fail(`${USAGE}\n--email must be an e-mail address`, 2);
  if (values.role !== undefined && !(USER_ROLES as readonly string[]).includes(values.role))
    fail(`${USAGE}\n--role must be admin or user`, 2);
  const role = values.role as UserRole | undefined;
  const password = values.password ?? (await readStdin());
  const violation = passwordPolicyViolation(password, email);
  if (violation) fail(`Password refused: ${violation}`, 2);

  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = parseConfig(process.env);
  installKeyringFromConfig(config, console);
  let unlock = () => {};
  let database: Database;
  try {
    if (config.DATABASE_URL) {
      database = await openDatabase({ kind: 'postgres', url: config.DATABASE_URL, poolSize: 1 });
    } else {
      // The embedded database is one process only: refuse while a server holds DATA_DIR.
      unlock = lockDataDir(config.DATA_DIR);
      database = await openDatabase({ kind: 'pglite', dataDir: config.DATA_DIR });
    }
  } catch (error) {
    unlock();
    if (error instanceof DataDirLockedError) fail(`${error.message}\nStop the server first, or run this against DATABASE_URL.`);
    throw error;
  }
  try {
    const { user, created } = await upsertUser(
      database.db,
      { email, password, ...(role ? { role } : {}), resetTotp: values['reset-totp'] },
      new Date(),
    );
    const what = created
      ? 'created'
      : `updated (password reset${values['reset-totp'] ? ', second factor removed' : ''}; all sessions ended)`;
    console.log(`User ${user.email} (${user.role}) ${what}.`);
  } finally {
    await database.close();
    unlock();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
