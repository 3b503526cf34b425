import { existsSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeJpeg, multipartBody } from '../support/registration-fixtures.js';
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

  it('SIGTERM mid-upload: no new connections, the upload still finishes with 201, then exit 0', async () => {
    const server = await startServer();
    const exited = new Promise<number | null>((resolve) => server.process.once('exit', (code) => resolve(code)));
    const { payload, headers } = await multipartBody([
      { name: 'foto_usaha', data: await makeJpeg({ width: 900, height: 700 }), filename: 'usaha.jpg', contentType: 'image/jpeg' },
    ]);
    const half = Math.floor(payload.length / 2);
    // Expect: 100-continue: Node's server answers it once it has read the headers and handed the request on,
    // which tells this side that the request is in the server's hands before the signal comes.
    const upload = request(`${server.baseUrl}/api/uploads`, {
      method: 'POST',
      headers: { ...headers, 'content-length': String(payload.length), expect: '100-continue' },
    });
    const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
      upload.on('error', reject);
      upload.on('response', (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
    });
    const routed = new Promise<void>((resolve) => upload.once('continue', resolve));
    upload.flushHeaders();
    await routed;
    // Half the body is out when the signal comes.
    await new Promise<void>((resolve, reject) => upload.write(payload.subarray(0, half), (error) => (error ? reject(error) : resolve())));
    server.process.kill('SIGTERM');
    // Draining: the server stops taking connections, and stays up for the upload in flight.
    await expect
      .poll(
        () =>
          fetch(`${server.baseUrl}/api/ready`).then(
            () => 'answered',
            () => 'refused',
          ),
        { timeout: 10_000 },
      )
      .toBe('refused');
    expect(server.process.exitCode).toBeNull();
    upload.end(payload.subarray(half));
    const response = await answered;
    expect(response.status, response.body).toBe(201);
    expect(JSON.parse(response.body)).toMatchObject({ slot: 'foto_usaha', content_type: 'image/jpeg' });
    expect(await exited).toBe(0);
    const log = readFileSync(server.logFile, 'utf8');
    expect(log).toContain('shutting down: draining requests in flight');
    expect(log).toContain('"msg":"stopped"');
    expect(log).not.toContain('were cut off');
  });

  it('refuses to start on bad configuration with one line naming the variable', async () => {
    await expect(startServer({ PORT: 'bukan-angka' })).rejects.toThrow(/exited with code 1/);
  });
});
