import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../tests/support/build-test-app.js';

const PREFIX = `aipos-ready-${Date.now().toString(36)}:`;

describe('GET /api/ready', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:6379', REDIS_KEY_PREFIX: PREFIX } });
  });
  afterAll(async () => t.close());

  it('is ready when the database, the storage and Redis answer', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ status: 'ready', checks: { database: 'ok', storage: 'ok', redis: 'ok' } });
  });

  it('answers 503 while the server drains, while /api/health (liveness) stays 200', async () => {
    t.app.lifecycle.draining = true;
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        error: { code: 'DRAINING', message: 'Server sedang berhenti; permintaan baru dilayani server lain.' },
      });
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      t.app.lifecycle.draining = false;
    }
  });
});

describe('GET /api/ready when a dependency is down', () => {
  it('names Redis when it does not answer', async () => {
    const down = await buildTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:9', REDIS_KEY_PREFIX: PREFIX } });
    try {
      const response = await down.app.inject({ method: 'GET', url: '/api/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        error: { code: 'NOT_READY', message: 'Server belum siap menerima permintaan.' },
        checks: { database: 'ok', storage: 'ok', redis: 'failed' },
      });
    } finally {
      await down.close();
    }
  });

  it('names the database when it is gone; Redis not configured without REDIS_URL', async () => {
    const broken = await buildTestApp();
    try {
      await broken.database.close();
      const response = await broken.app.inject({ method: 'GET', url: '/api/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json().checks).toEqual({ database: 'failed', storage: 'ok', redis: 'not_configured' });
    } finally {
      await broken.close();
    }
  });
});
