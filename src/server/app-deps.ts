import type { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { Database, Db } from './db/database.js';
import type { EventBus } from './events/event-bus.js';
import type { LoginLimiter } from './limits/login-limiter.js';
import type { Storage } from './storage/storage.js';

// What every route and service receives, apart from app.ts: features import this type, and app.ts imports
// the features' routes, so keeping it there made each feature a cycle through the app.

export type AppDeps = {
  config: Config;
  database: Database;
  db: Db;
  /** Document bytes: local disk under DATA_DIR/files by default. */
  storage: Storage;
  /** Merchant change announcements for the admin screens' live updates. */
  events: EventBus;
  /** Built client to serve, or null (API only, as in the API tests). */
  clientDir: string | null;
  /** Injected so tests can move time (session timeouts, purges). */
  now: () => Date;
  /** Failed sign-ins: in Redis with REDIS_URL, else in the database (limits/shared-limits.ts). */
  loginLimiter: LoginLimiter;
  /** The shared limits' Redis, or null without REDIS_URL. */
  redis: Redis | null;
};

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
