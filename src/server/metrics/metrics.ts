import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/database.js';
import { queryRows } from '../db/query-rows.js';

export type Metrics = {
  registry: Registry;
  registrations: Counter;
  uploads: Counter;
  uploadBytes: Counter;
  lookups: Counter<'result'>;
  sseClients: Gauge;
};

const OUTBOX_STATES = ['pending', 'sent', 'failed', 'skipped'] as const;

// Latency buckets in seconds: status lookups and lists sit around a few ms, uploads (sharp) near a second.
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * One registry per app (tests build many apps in one process): the HTTP figures per route template,
 * the business counters, live-update clients, the database pool and Node's own figures, event-loop lag
 * among them, and the applicant e-mail outbox by state (decision 0018).
 */
export function createMetrics(database: Database): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  new Gauge({
    name: 'aipos_db_pool_connections',
    help: 'Database pool connections by state (PostgreSQL; the embedded database has one in-process connection)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const pool = database.poolStats();
      this.set({ state: 'total' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });
  new Gauge({
    name: 'aipos_outbox_messages',
    help: 'Applicant e-mails in the outbox by state (pending, sent, failed, skipped)',
    labelNames: ['state'],
    registers: [registry],
    // Read at scrape time from the table the workers of every instance share: the figure is the cluster's.
    async collect() {
      const rows = await queryRows<{ state: string; count: number }>(
        database.db,
        'select state, count(*)::int as count from outbox_messages group by state',
        [],
      );
      for (const state of OUTBOX_STATES) this.set({ state }, rows.find((row) => row.state === state)?.count ?? 0);
    },
  });
  return {
    registry,
    registrations: new Counter({
      name: 'aipos_registrations_total',
      help: 'Registrations created (a replayed Idempotency-Key not counted)',
      registers: [registry],
    }),
    uploads: new Counter({ name: 'aipos_uploads_total', help: 'Documents staged', registers: [registry] }),
    uploadBytes: new Counter({ name: 'aipos_upload_bytes_total', help: 'Bytes of documents staged, as stored', registers: [registry] }),
    lookups: new Counter({
      name: 'aipos_status_lookups_total',
      help: 'Status lookups answered, by result',
      labelNames: ['result'],
      registers: [registry],
    }),
    sseClients: new Gauge({ name: 'aipos_sse_clients', help: 'Open live-update (SSE) streams', registers: [registry] }),
  };
}

export function httpMetrics(registry: Registry) {
  const labelNames = ['method', 'route', 'status'] as const;
  return {
    requests: new Counter({ name: 'http_requests_total', help: 'HTTP requests by route template', labelNames, registers: [registry] }),
    duration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request latency by route template',
      labelNames,
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    }),
  };
}
