import { describe, expect, it } from 'vitest';
import { testAppPerSuite } from '../../../tests/support/build-test-app.js';
import { freePortForTest } from '../../../tests/support/free-port.js';
import { GENEROUS_LIMITS, registerMerchant } from '../../../tests/support/registration-fixtures.js';
import { startMetricsListener } from './metrics-routes.js';

const TOKEN = 'metrik-rahasia-untuk-uji-0123456789';

/** The value of one sample line, e.g. `aipos_uploads_total 5`, or null when the line is absent. */
function sample(text: string, series: string): number | null {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : null;
}

describe('GET /metrics without METRICS_TOKEN', () => {
  const t = testAppPerSuite();

  it('is not there at all: 404, with or without a token', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const response = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Alamat API tidak ditemukan' } });
    }
  });

  it('METRICS_PORT serves the same registry on 127.0.0.1 only, nothing else there', async () => {
    const port = await freePortForTest();
    const server = await startMetricsListener(t.app.metrics, port);
    try {
      expect(server.address()).toMatchObject({ address: '127.0.0.1', port });
      const response = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(await response.text()).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  const t = testAppPerSuite({ env: { METRICS_TOKEN: TOKEN, ...GENEROUS_LIMITS } });

  const scrape = (authorization?: string) =>
    t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

  it('answers 401 without the bearer token or with a wrong one', async () => {
    for (const authorization of [undefined, TOKEN, `Bearer ${TOKEN}x`, `Basic ${TOKEN}`]) {
      const response = await scrape(authorization);
      expect(response.statusCode, String(authorization)).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer');
      expect(response.json().error.code).toBe('UNAUTHENTICATED');
    }
  });

  it('counts requests per route, registrations, uploads and their bytes, lookups, the outbox by state, the pool and event-loop lag', async () => {
    const merchant = await registerMerchant(t.app);
    await t.app.inject({ method: 'POST', url: '/api/status/lookup', payload: { kode_pendaftaran: merchant.kode_pendaftaran } });
    await t.app.inject({ method: 'POST', url: '/api/status/lookup', payload: { kode_pendaftaran: 'AIP-ZZZZZ' } });
    await t.app.inject({ method: 'GET', url: '/tidak/ada/di/mana-mana' });

    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    const text = response.body;
    // The bytes as stored (re-encoded photos), summed.
    const stored = await t.database.db.query.uploads.findMany();
    const expected: Record<string, number> = {
      aipos_registrations_total: 1,
      aipos_uploads_total: 5,
      aipos_upload_bytes_total: stored.reduce((sum, row) => sum + row.size, 0),
      'aipos_status_lookups_total{result="found"}': 1,
      'aipos_status_lookups_total{result="not_found"}': 1,
      'http_requests_total{method="POST",route="/api/uploads",status="201"}': 5,
      'http_requests_total{method="POST",route="/api/status/lookup",status="404"}': 1,
      'http_request_duration_seconds_count{method="POST",route="/api/registrations",status="201"}': 1,
      // Unknown paths share one label instead of one series each.
      'http_requests_total{method="GET",route="unmatched",status="404"}': 1,
      aipos_sse_clients: 0,
      // The registration's receipt waits in the outbox (no SMTP_URL here); every state has its line.
      'aipos_outbox_messages{state="pending"}': 1,
      'aipos_outbox_messages{state="sent"}': 0,
      'aipos_outbox_messages{state="failed"}': 0,
      'aipos_outbox_messages{state="skipped"}': 0,
    };
    for (const [series, value] of Object.entries(expected)) expect(sample(text, series), series).toBe(value);
    expect(text).not.toContain('mana-mana');
    expect(sample(text, 'aipos_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
  });
});
