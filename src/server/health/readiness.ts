import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set when a shutdown begins: /api/ready answers 503 so balancers stop sending new work. */
    lifecycle: { draining: boolean };
  }
}

export type Check = 'ok' | 'failed' | 'not_configured';
export type Readiness = { database: Check; storage: Check; redis: Check };

// A key no document can have (document keys are random ids): `exists` on it is a real round trip.
const PROBE_KEY = 'health/ready-probe';
const CHECK_TIMEOUT_MS = 2000;

function withTimeout(work: Promise<unknown>): Promise<Check> {
  return new Promise<Check>((resolve) => {
    const timer = setTimeout(() => resolve('failed'), CHECK_TIMEOUT_MS);
    work
      .then(
        () => resolve('ok'),
        () => resolve('failed'),
      )
      .finally(() => clearTimeout(timer));
  });
}

export function registerLifecycle(app: FastifyInstance): void {
  app.decorate('lifecycle', { draining: false });
  app.addHook('preClose', async () => {
    app.lifecycle.draining = true;
  });
}

/** What the server depends on, each checked for real and in parallel. */
export async function checkReadiness(app: FastifyInstance, ping: () => Promise<void>): Promise<Readiness> {
  const { storage, redis } = app.deps;
  const [database, stored, cache] = await Promise.all([
    withTimeout(ping()),
    withTimeout(storage.exists(PROBE_KEY)),
    redis ? withTimeout(redis.ping()) : Promise.resolve<Check>('not_configured'),
  ]);
  return { database, storage: stored, redis: cache };
}
