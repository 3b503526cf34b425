import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';

/**
 * Runs last (the e2e config orders zz-* after every other file): the logs of every server the browser
 * suite started must hold no password, session token, NIK or full account number.
 */

const E2E_DIR = path.dirname(new URL(import.meta.url).pathname);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return name.endsWith('.ts') && !name.startsWith('zz-') ? [full] : [];
  });
}

/** The secrets the suites type or send, read from their sources so a new suite's secrets are covered too. */
function secretsFromTests(): { passwords: string[]; accounts: string[] } {
  const sources = sourceFiles(E2E_DIR).map((file) => readFileSync(file, 'utf8')).join('\n');
  const passwords = [...sources.matchAll(/(?:password|sandi)\w*['"]?\s*[:=,]\s*'([^'\s]{10,})'/gi)].map((m) => m[1]!);
  const accounts = [...sources.matchAll(/no_rekening['"]?\s*[:,]\s*'(\d[\d\s.-]{4,}\d)'/gi)].map((m) => m[1]!.replace(/\D/g, ''));
  // Rows the status suites insert straight into PostgreSQL carry this account number in their SQL.
  return { passwords: [...new Set(passwords)], accounts: [...new Set([...accounts, '9876501234', '1234567890'])] };
}

describe('server logs after the browser suite', () => {
  it('hold no password, session token, NIK or full account number', () => {
    const listed = readFileSync(inject('logList'), 'utf8').split('\n').filter(Boolean);
    const logFiles = [...new Set([inject('logFile'), ...listed])].filter((file) => existsSync(file));
    const { passwords, accounts } = secretsFromTests();
    expect(passwords.length, 'the test passwords were found in the sources').toBeGreaterThan(3);

    const findings: string[] = [];
    let lines = 0;
    for (const file of logFiles) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, index) => {
          lines += 1;
          const where = `${file}:${index + 1}`;
          for (const password of passwords) if (line.includes(password)) findings.push(`${where}: password ${password}`);
          const token = /aipos_session=([A-Za-z0-9_-]{16,})/.exec(line);
          if (token) findings.push(`${where}: session token ${token[1]!.slice(0, 6)}…`);
          const receipt = /"receipt_token"\s*:\s*"(?!\[redacted\])[^"]+"/.exec(line);
          if (receipt) findings.push(`${where}: receipt token`);
          const nik = /(?<![\d.])\d{16}(?![\d.])/.exec(line);
          if (nik) findings.push(`${where}: 16-digit number (NIK?) ${nik[0]}`);
          for (const account of accounts) {
            if (new RegExp(`(?<!\\d)${account}(?!\\d)`).test(line)) findings.push(`${where}: account number ${account}`);
          }
        });
    }
    console.log(`[logs] ${logFiles.length} server logs (${listed.length} listed), ${lines} lines, ${passwords.length} passwords and ${accounts.length} account numbers searched`);
    expect(findings).toEqual([]);
  });
});
