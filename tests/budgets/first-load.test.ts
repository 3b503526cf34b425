import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../e2e/support/browser.js';
import { startServer, type RunningServer } from '../e2e/support/server-process.js';
import { adminChunkNames } from './support/chunks.js';
import { measureFirstLoad } from './support/first-load.js';

/** Issue 8: the public routes never download the admin area's chunks. */
const PUBLIC_ROUTES = ['/', '/shop', '/register', '/status'];

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('public routes and the admin chunks', () => {
  const adminChunks = adminChunkNames();

  it('finds the admin chunks in the build (else the next check proves nothing)', () => {
    expect(adminChunks.size).toBeGreaterThan(0);
  });

  for (const route of PUBLIC_ROUTES) {
    it(`${route} downloads no admin chunk`, async () => {
      const load = await measureFirstLoad(browser, server.baseUrl, route);
      const admin = load.scripts.filter((script) => adminChunks.has(path.basename(script.url)));
      expect(admin.map((script) => script.url)).toEqual([]);
    });
  }
});
