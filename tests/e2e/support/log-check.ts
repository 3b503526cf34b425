import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The check that ends every browser-suite run (global-setup.ts's teardown, after every server has stopped
 * and flushed its log): the logs of every server the suites started hold no password, session token, NIK
 * or full account number.
 */

const THIS_FILE = fileURLToPath(import.meta.url);
const E2E_DIR = path.dirname(path.dirname(THIS_FILE));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return name.endsWith('.ts') && full !== THIS_FILE ? [full] : [];
  });
}

/** The secrets the suites type or send, read from their sources so a new suite's secrets are covered too. */
function secretsFromTests(): { passwords: string[]; accounts: string[] } {
  const sources = sourceFiles(E2E_DIR)
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
  const passwords = [...sources.matchAll(/(?:password|sandi)\w*['"]?\s*[:=,]\s*'([^'\s]{10,})'/gi)].map((m) => m[1]!);
  const accounts = [...sources.matchAll(/no_rekening['"]?\s*[:,]\s*'(\d[\d\s.-]{4,}\d)'/gi)].map((m) => m[1]!.replace(/\D/g, ''));
  // Rows the status suites insert straight into PostgreSQL carry this account number in their SQL.
  return { passwords: [...new Set(passwords)], accounts: [...new Set([...accounts, '9876501234', '1234567890'])] };
}

/** Every line of the given logs that holds a secret, as `file:line: what`; and what was searched. */
export function findSecretsInLogs(logFiles: string[]): { findings: string[]; summary: string } {
  const files = [...new Set(logFiles)].filter((file) => existsSync(file));
  const { passwords, accounts } = secretsFromTests();
  // Reading the sources found nothing to look for: a changed fixture format, not a clean log.
  const findings = passwords.length > 3 ? [] : [`only ${passwords.length} test passwords found in the e2e sources: the search is broken`];
  let lines = 0;
  for (const file of files) {
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
  const summary = `${files.length} server logs, ${lines} lines, ${passwords.length} passwords and ${accounts.length} account numbers searched`;
  return { findings, summary };
}

/**
 * Runs the check over the listed logs. A finding fails the run: Vitest only logs an error thrown by a
 * global teardown (its report is written by then), so the exit code is set here, and CI's closing count
 * reads the one-check report written to E2E_LOG_CHECK_REPORT.
 */
export function checkServerLogs(logList: string): void {
  const listed = existsSync(logList) ? readFileSync(logList, 'utf8').split('\n').filter(Boolean) : [];
  const { findings, summary } = findSecretsInLogs(listed);
  const report = process.env.E2E_LOG_CHECK_REPORT;
  if (report) writeFileSync(report, JSON.stringify({ numPassedTests: findings.length ? 0 : 1, numFailedTests: findings.length ? 1 : 0 }));
  if (findings.length === 0) {
    console.log(`[logs] no secret in the servers' logs: ${summary}`);
    return;
  }
  process.exitCode = 1;
  throw new Error(`[logs] secrets in the servers' logs (${summary}):\n${findings.join('\n')}`);
}
