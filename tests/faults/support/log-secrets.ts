import { readFileSync } from 'node:fs';
import { FAULTS_ADMIN } from './fault-settings.js';

/** What these suites send that must never be written to a log: the NIK, the account number, the password. */
const SECRETS = ['3174015503900001', '1234567890', FAULTS_ADMIN.password];

/** Lines of a server log that hold one of the suites' secrets or a session cookie value. */
export function secretsInLog(logFile: string): string[] {
  return readFileSync(logFile, 'utf8')
    .split('\n')
    .filter((line) => SECRETS.some((secret) => line.includes(secret)) || /aipos_session=[A-Za-z0-9_-]{16,}/.test(line))
    .map((line) => line.slice(0, 300));
}
