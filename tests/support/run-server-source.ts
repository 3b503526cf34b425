import { spawnSync, type SpawnSyncReturns } from 'node:child_process';

/**
 * Runs the server from source (src/server/server.ts through tsx) with these variables over the test's own
 * environment, and waits for it to exit: for starts that must fail with one clear line.
 */
export function runServerSource(env: Record<string, string>): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
}
