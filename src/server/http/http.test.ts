import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../../../tests/support/build-test-app.js';
import { expectRefusal } from '../../../tests/support/refusals.js';
import { AppError } from './app-error.js';

// Routes that exist only in this test, to drive each branch of the one error handler.
const probeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/probe',
    { schema: { body: z.object({ nama_toko: z.string().min(3, 'Minimal 3 karakter'), jumlah: z.number() }).strict() } },
    async (request) => ({ ok: request.body.nama_toko }),
  );
  app.get('/api/probe/app-error', async () => {
    throw new AppError(409, 'CONFLICT', 'Data sudah berubah');
  });
  app.get('/api/probe/crash', async () => {
    throw new Error('secret internal detail: connection string postgres://user:pw@host');
  });
};

describe('HTTP foundation', () => {
  let t: TestApp;
  let clientDir: string;

  beforeAll(async () => {
    clientDir = mkdtempSync(path.join(tmpdir(), 'aipos-client-'));
    writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><html lang="id"><body>SPA</body></html>');
    writeFileSync(path.join(clientDir, 'humans.txt'), 'Tim AIPOS');
    mkdirSync(path.join(clientDir, 'pages'));
    writeFileSync(path.join(clientDir, 'pages', 'index.html'), '<!doctype html><html lang="id"><body>SPA beranda</body></html>');
    writeFileSync(path.join(clientDir, 'pages', 'register.html'), '<!doctype html><html lang="id"><body>SPA daftar</body></html>');
    t = await buildTestApp({ clientDir, beforeReady: (app) => app.register(probeRoutes) });
  });
  afterAll(async () => {
    await t.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it('answers an unknown API path with a JSON 404, never the SPA', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await t.app.inject({ method, url: '/api/tidak-ada?x=1' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Alamat API tidak ditemukan' } });
    }
  });

  it('serves index.html for client routes and real files as they are', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/admin/merchants/123' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('SPA');
    expect(page.headers['cache-control']).toBe('no-cache');
    // (robots.txt is the server's own route; any other file of the build is served as it is.)
    const file = await t.app.inject({ method: 'GET', url: '/humans.txt' });
    expect(file.body).toBe('Tim AIPOS');
  });

  it('serves a landing page its own copy of index.html, whatever the case or a trailing slash', async () => {
    const sent = async (url: string) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      return response.body;
    };
    expect(await sent('/')).toContain('SPA beranda');
    expect(await sent('/?ref=iklan')).toContain('SPA beranda');
    for (const url of ['/register', '/REGISTER/', '/Register?langkah=2']) expect(await sent(url)).toContain('SPA daftar');
    // Other paths under a landing page's name are other pages.
    expect(await sent('/register/success')).toBe('<!doctype html><html lang="id"><body>SPA</body></html>');
    expect(await sent('/status')).toBe('<!doctype html><html lang="id"><body>SPA</body></html>');
    const head = await t.app.inject({ method: 'HEAD', url: '/register' });
    expect(head.statusCode).toBe(200);
  });

  it('sends security headers with a CSP that allows no inline script', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('SPA');
    const csp = String(response.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'));
    expect(scriptSrc?.trim()).toBe("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    // pdf.js's worker is a file of this origin; no page frames anything (decision 0014).
    const directive = (name: string) =>
      csp
        .split(';')
        .find((d) => d.trim().startsWith(`${name} `))
        ?.trim();
    expect(directive('worker-src')).toBe("worker-src 'self'");
    expect(directive('frame-src')).toBe("frame-src 'none'");
    expect(directive('object-src')).toBe("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('sends API answers the REST set: nothing may load, frame or sniff them, without the page CSP', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(response.headers['x-dns-prefetch-control']).toBeUndefined();
  });

  it('turns a schema violation into a 400 naming the field, in Indonesian', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/probe', payload: { nama_toko: 'ab', jumlah: 1 } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'VALIDATION_ERROR', message: 'Minimal 3 karakter', field: 'nama_toko' } });
  });

  it('refuses unknown fields and wrong types without an English zod text', async () => {
    const extra = await t.app.inject({ method: 'POST', url: '/api/probe', payload: { nama_toko: 'abc', jumlah: 1, is_admin: true } });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error.code).toBe('VALIDATION_ERROR');
    expect(extra.json().error.message).toBe('Permintaan tidak valid');
    const wrongType = await t.app.inject({ method: 'POST', url: '/api/probe', payload: { nama_toko: 'abc', jumlah: 'satu' } });
    expect(wrongType.json()).toEqual({ error: { code: 'VALIDATION_ERROR', message: 'Permintaan tidak valid', field: 'jumlah' } });
  });

  it('answers malformed JSON and a foreign content type with 4xx in the error shape', async () => {
    const post = (contentType: string, payload: string) =>
      t.app.inject({ method: 'POST', url: '/api/probe', headers: { 'content-type': contentType }, payload });
    expectRefusal(await post('application/json', '{"nama_toko":'), 400, { code: 'INVALID_JSON', message: 'Format JSON tidak valid' });
    expectRefusal(await post('application/xml', '<a/>'), 415, {
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Jenis konten permintaan tidak didukung',
    });
  });

  it('passes an AppError through and hides the inside of a crash', async () => {
    const conflict = await t.app.inject({ method: 'GET', url: '/api/probe/app-error' });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toEqual({ error: { code: 'CONFLICT', message: 'Data sudah berubah' } });
    const crash = await t.app.inject({ method: 'GET', url: '/api/probe/crash' });
    expect(crash.statusCode).toBe(500);
    expect(crash.json()).toEqual({ error: { code: 'INTERNAL_ERROR', message: 'Terjadi kesalahan pada server. Silakan coba lagi.' } });
    expect(crash.body).not.toContain('secret');
  });

  it('publishes an OpenAPI document listing the routes', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toContain('/api/health');
  });
});
