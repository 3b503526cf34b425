import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { ConfigError, parseConfig, type Config } from './config.js';
import { installKeyringFromConfig } from './crypto/key-source.js';
import { KeyringError } from './crypto/keyring.js';
import { DataDirLockedError, lockDataDir } from './db/data-dir-lock.js';
import { openDatabase, type Database } from './db/database.js';
import { startStatisticsMaintenance } from './db/statistics-maintenance.js';
import { PostgresEventBus } from './events/event-bus.js';
import { startMetricsListener } from './metrics/metrics-routes.js';
import { startRetention } from './privacy/retention.js';
import { createStorage } from './storage/create-storage.js';
import { PHOTO_TEE_STATE } from './uploads/document-processing.js';
import { startUploadPurge } from './uploads/upload-purge.js';

// Built, the client sits beside the server (BUILD_DIR/client); run from src (npm run dev), in dist/client.
const SERVER_DIR = path.dirname(fileURLToPath(import.meta.url));
const CLIENT_DIR =
  path.basename(path.dirname(SERVER_DIR)) === 'src' ? path.resolve(SERVER_DIR, '../../dist/client') : path.resolve(SERVER_DIR, '../client');

// Requests in flight (an upload on a slow line) get this long after SIGTERM; systemd's and most
// orchestrators' stop timeouts are longer.
const SHUTDOWN_GRACE_MS = 10_000;

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

  let metricsServer: Server | null = null;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining requests in flight');
    // /api/ready answers 503 from now on; the balancer sends new work to the other instances.
    app.lifecycle.draining = true;
    stopUploadPurge();
    stopStatistics();
    stopRetention();
    let exitCode = 0;
    try {
      // Stops accepting, ends live-update streams with a retry hint, lets requests in flight (uploads
      // among them) finish, closes Redis; past the grace period the rest are cut off.
      const drained = await drainWithin(app, SHUTDOWN_GRACE_MS);
      if (!drained) app.log.warn(`requests still running after ${SHUTDOWN_GRACE_MS / 1000} s were cut off`);
      if (metricsServer) await new Promise((resolve) => metricsServer!.close(resolve));
      await database.close();
      app.log.info('stopped');
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      exitCode = 1;
    } finally {
      unlock();
      process.exit(exitCode);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  // Prometheus without a token, on loopback only: for a scraper (or an agent) on the same machine.
  if (config.METRICS_PORT) {
    metricsServer = await startMetricsListener(app.metrics, config.METRICS_PORT);
    app.log.info(`metrics on http://127.0.0.1:${config.METRICS_PORT}/metrics`);
  }
  app.log.info(`database: ${await database.describe()}`);
  app.log.info(`photo tee: ${PHOTO_TEE_STATE}`);
}

/** app.close(), or after `ms` every connection still open is cut and the close completes. */
async function drainWithin(app: FastifyInstance, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const closed = app.close().then(() => true);
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const drained = await Promise.race([closed, late]);
  clearTimeout(timer);
  if (!drained) {
    app.server.closeAllConnections();
    await closed;
  }
  return drained;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
