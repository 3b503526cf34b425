import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { MERCHANTS_ADMIN, signedInContext, startMerchantsServer } from './admin-merchants-setup.js';
import { userCreate } from './admin-server.js';
import { closeSuite, launchBrowser } from './browser.js';
import { createRegistrationDatabase, type RegistrationDatabase } from './registration-database.js';
import { E2E_DATA_ENCRYPTION_KEY, type RunningServer } from './server-process.js';

type Account = { email: string; password: string };

export type TeamSuite = {
  server: RunningServer;
  database: RegistrationDatabase;
  browser: Browser;
  /** Every context the suite opens, closed after it. */
  contexts: BrowserContext[];
  /** A page of a new context signed in as the account (the boot admin unless named). */
  adminPage: (account?: Account) => Promise<Page>;
};

/**
 * Two admins on a server of the suite's own over its own PostgreSQL database, which a test may change
 * under the server (date a merchant back, read what was stored). The hooks fill the returned object and
 * close everything after the file.
 */
export function teamSuite(secondAdmin: Account): TeamSuite {
  const suite = { contexts: [] as BrowserContext[] } as TeamSuite;
  suite.adminPage = async (account = MERCHANTS_ADMIN) => {
    const context = await signedInContext(suite.browser, suite.server.baseUrl, account);
    suite.contexts.push(context);
    const page = await context.newPage();
    // Wide enough for the review screen's two columns side by side.
    await page.setViewportSize({ width: 1440, height: 1000 });
    return page;
  };
  beforeAll(async () => {
    suite.database = await createRegistrationDatabase();
    [suite.server, suite.browser] = await Promise.all([startMerchantsServer({ DATABASE_URL: suite.database.url }), launchBrowser()]);
    userCreate(
      { DATABASE_URL: suite.database.url, DATA_ENCRYPTION_KEY: E2E_DATA_ENCRYPTION_KEY },
      secondAdmin.email,
      secondAdmin.password,
      'admin',
    );
  });
  afterAll(() => closeSuite({ contexts: suite.contexts, browser: suite.browser, servers: [suite.server], databases: [suite.database] }));
  return suite;
}
