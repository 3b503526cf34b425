import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.js';
import { users } from '../db/schema.js';
import { verifyPassword } from './password.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');

type Run = { code: number | null; stdout: string; stderr: string };

function run(dataDir: string, args: string[], stdin?: string): Promise<Run> {
  // Always the embedded database in a temp DATA_DIR, even when the suite itself runs on PostgreSQL.
  const { DATABASE_URL: _ignored, ...env } = process.env;
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, ['scripts/user-create.ts', ...args], {
      cwd: ROOT,
      env: { ...env, DATA_DIR: dataDir, ADMIN_EMAIL: '', ADMIN_PASSWORD: '' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    if (stdin !== undefined) child.stdin.end(stdin);
    else child.stdin.end();
  });
}

async function readUsers(dataDir: string) {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    return await database.db.select().from(users);
  } finally {
    await database.close();
  }
}

describe('npm run user:create', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'aipos-user-create-'));
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses short and common passwords before touching the database', async () => {
    const short = await run(dataDir, ['--email', 'a@aipos.test', '--password', 'short']);
    expect(short.code).toBe(2);
    expect(short.stderr).toContain('Password minimal 12 karakter');
    const common = await run(dataDir, ['--email', 'a@aipos.test', '--password', 'Password1234']);
    expect(common.code).toBe(2);
    expect(common.stderr).toContain('Password terlalu umum');
    const role = await run(dataDir, ['--email', 'a@aipos.test', '--password', 'long-enough-secret-1', '--role', 'root']);
    expect(role.code).toBe(2);
  });

  it('creates an admin, then resets the password and role of the same account', async () => {
    const created = await run(dataDir, ['--email', 'Boss@AIPOS.test', '--password', 'sate-padang-malam-ini']);
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    expect(created.stdout).toContain('boss@aipos.test (admin) created');

    const reset = await run(dataDir, ['--email', 'boss@aipos.test', '--role', 'user'], 'es-teh-manis-dingin-sekali\n');
    expect(reset.code).toBe(0);
    expect(reset.stdout).toContain('(user) updated');

    const rows = await readUsers(dataDir);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.role).toBe('user');
    expect(rows[0]!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(rows[0]!.passwordHash, 'es-teh-manis-dingin-sekali')).toBe(true);
  }, 60_000);

  it('refuses while a server holds the DATA_DIR lock', async () => {
    // This test process is alive, so its pid in the lock file stands for a running server.
    writeFileSync(path.join(dataDir, 'server.lock'), String(process.pid));
    try {
      const locked = await run(dataDir, ['--email', 'x@aipos.test', '--password', 'rendang-paling-enak-1']);
      expect(locked.code).toBe(1);
      expect(locked.stderr).toContain('is in use by another server process');
    } finally {
      rmSync(path.join(dataDir, 'server.lock'), { force: true });
    }
  });
});
