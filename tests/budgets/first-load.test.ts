import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminChunkNames } from './support/chunks.js';
import { measureFirstLoad, PUBLIC_ROUTES, serverAndBrowserPerFile } from './support/first-load.js';

const env = serverAndBrowserPerFile();

/** Decision 0043: the public routes never download the admin area's chunks. */
describe('public routes and the admin chunks', () => {
  const adminChunks = adminChunkNames();

  it('finds the admin chunks in the build (else the next check proves nothing)', () => {
    expect(adminChunks.size).toBeGreaterThan(0);
  });

  // The fix page as well; it is not a landing page with its own HTML (decision 0018).
  for (const route of [...PUBLIC_ROUTES, '/perbaikan/tautan-contoh', '/checkout', '/pesanan/ORD-CONTOH01']) {
    it(`${route} downloads no admin chunk`, async () => {
      const load = await measureFirstLoad(env.browser, env.server.baseUrl, route);
      const admin = load.scripts.filter((script) => adminChunks.has(path.basename(script.url)));
      expect(admin.map((script) => script.url)).toEqual([]);
    });
  }
});

/** The script and module preloads a page's HTML names: the browser fetches these before any script runs. */
async function announcedScripts(baseUrl: string, route: string): Promise<Set<string>> {
  const html = await (await fetch(`${baseUrl}${route}`)).text();
  const tags = html.match(/<(?:script|link)\b[^>]*>/g) ?? [];
  const urls = tags
    .filter((tag) => tag.startsWith('<script') || /rel="modulepreload"/.test(tag))
    .map((tag) => /(?:src|href)="([^"]+)"/.exec(tag)?.[1]);
  return new Set(urls.filter((url): url is string => url !== undefined));
}

describe('landing pages announce their scripts in the HTML', () => {
  for (const route of PUBLIC_ROUTES) {
    it(`${route}: every script of the first load is named in the HTML the server sends`, async () => {
      const announced = await announcedScripts(env.server.baseUrl, route);
      const load = await measureFirstLoad(env.browser, env.server.baseUrl, route);
      expect(load.scripts.length).toBeGreaterThan(1);
      expect(load.scripts.map((script) => script.url).filter((url) => !announced.has(url))).toEqual([]);
    });
  }
});
