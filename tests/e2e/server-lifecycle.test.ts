import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer } from './support/server-process.js';

describe('server lifecycle', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`stops on ${signal}: exit 0, database closed, DATA_DIR unlocked`, async () => {
      const server = await startServer();
      const lock = path.join(server.dataDir, 'server.lock');
      expect(existsSync(lock)).toBe(true);
      const exited = new Promise<number | null>((resolve) => server.process.once('exit', (code) => resolve(code)));
      expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
      const started = Date.now();
      server.process.kill(signal);
      expect(await exited).toBe(0);
      expect(existsSync(lock)).toBe(false);
      // Open keep-alive connections must not hold the shutdown.
      expect(Date.now() - started).toBeLessThan(5000);
    });
  }

  it('refuses to start on bad configuration with one line naming the variable', async () => {
    await expect(startServer({ PORT: 'bukan-angka' })).rejects.toThrow(/exited with code 1/);
  });
});
