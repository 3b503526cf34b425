import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { ConfigError, parseConfig, type Config } from './config.js';
import { installKeyringFromConfig } from './crypto/key-source.js';
import { KeyringError } from './crypto/keyring.js';
import { DataDirLockedError, lockDataDir } from './db/data-dir-lock.js';
import { openDatabase, type Database } from './db/database.js';
import { startStatisticsMaintenance } from './db/statistics-maintenance.js';
import { PostgresEventBus } from './events/event-bus.js';
import { startUploadPurge } from './registration/upload-purge.js';
import { startRetention } from './privacy/retention.js';
import { startMetricsListener } from './metrics/metrics-routes.js';
import { createStorage } from './storage/create-storage.js';

// Built, the client sits beside the server (BUILD_DIR/client); run from src (npm run dev), in dist/client.
const SERVER_DIR = path.dirname(fileURLToPath(import.meta.url));
const CLIENT_DIR =
  path.basename(path.dirname(SERVER_DIR)) === 'src'
    ? path.resolve(SERVER_DIR, '../../dist/client')
    : path.resolve(SERVER_DIR, '../client');

function readConfig(): Config {
  // A local .env is a convenience; real environment variables win over it.
  if (existsSync('.env')) process.loadEnvFile('.env');
  try {
    return parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** The data encryption key, or one clear line and exit 1 (a PostgreSQL deployment without a key). */
function installKeyring(config: Config): void {
  try {
    // Before the database opens: rows written in clear before encryption are encrypted at open.
    installKeyringFromConfig(config, { info: (message) => console.log(JSON.stringify({ level: 30, time: Date.now(), msg: message })) });
  } catch (error) {
    if (error instanceof KeyringError) {
      console.error(`Invalid configuration: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  installKeyring(config);
  let unlock = () => {};
  let database: Database;
  try {
    if (config.DATABASE_URL) {
      database = await openDatabase({ kind: 'postgres', url: config.DATABASE_URL });
    } else {
      unlock = lockDataDir(config.DATA_DIR);
      database = await openDatabase({ kind: 'pglite', dataDir: config.DATA_DIR });
    }
  } catch (error) {
    unlock();
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // Local disk by default; with STORAGE_DRIVER=s3 every instance shares one bucket.
  const storage = createStorage(config);
  const events = config.DATABASE_URL
    ? await PostgresEventBus.connect(config.DATABASE_URL, (error) => console.error('event bus:', error.message))
    : undefined;
  const app = await buildApp({ config, database, storage, clientDir: CLIENT_DIR, ...(events ? { events } : {}) });
  if (database.kind === 'pglite' && config.NODE_ENV === 'production') {
    app.log.warn('The embedded database (PGlite) is single-process and not safe against power loss; set DATABASE_URL for production.');
  }

  // Staged documents no registration claimed are removed after 24 hours (docs/decisions/0003).
  const stopUploadPurge = startUploadPurge(app);
  // PGlite never autovacuums: the server keeps the planner's statistics fresh itself (hourly).
  const stopStatistics = startStatisticsMaintenance(database, app.log);
  // Personal data of rejected or deleted registrations past RETENTION_*_DAYS: at start, then daily.
  const stopRetention = startRetention(app);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    stopUploadPurge();
    stopStatistics();
    stopRetention();
    try {
      // Stops accepting, lets in-flight requests finish, then the database goes.
      await app.close();
      await database.close();
    } finally {
      unlock();
      process.exit(0);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  // Prometheus without a token, on loopback only: for a scraper (or an agent) on the same machine.
  if (config.METRICS_PORT) {
    const metricsServer = await startMetricsListener(app.metrics, config.METRICS_PORT);
    app.addHook('onClose', (_instance, done) => void metricsServer.close(() => done()));
    app.log.info(`metrics on http://127.0.0.1:${config.METRICS_PORT}/metrics`);
  }
  app.log.info(`database: ${await database.describe()}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
