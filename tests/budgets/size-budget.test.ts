import { describe, expect, it } from 'vitest';
import { kilobytes, measureFirstLoad, PUBLIC_ROUTES, serverAndBrowserPerFile } from './support/first-load.js';

/** First-load JavaScript of each public route, gzip, at most 120 KB (decision 0043). */
const BUDGET_BYTES = 120 * 1024;
// The fix page (decision 0018) opens from an e-mail: with any token its page and chunks are the same.
// Checkout and the order page are public pages too; the order page's chunks are the same for any code.
const ROUTES = [...PUBLIC_ROUTES, '/perbaikan/tautan-contoh', '/checkout', '/pesanan/ORD-CONTOH01'];

const env = serverAndBrowserPerFile();

describe('first-load JavaScript budget', () => {
  for (const route of ROUTES) {
    it(`${route} stays within ${kilobytes(BUDGET_BYTES)} gzip`, async () => {
      const load = await measureFirstLoad(env.browser, env.server.baseUrl, route);
      const lines = load.scripts.map((script) => `  ${kilobytes(script.gzipBytes).padStart(9)}  ${script.url}`);
      console.log(`first load ${route}: ${kilobytes(load.gzipBytes)} gzip\n${lines.join('\n')}`);
      expect(load.gzipBytes).toBeLessThanOrEqual(BUDGET_BYTES);
    });
  }
});
