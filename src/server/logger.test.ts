import { DrizzleQueryError } from 'drizzle-orm';
import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { Config } from './config.js';
import { completionLogger, loggerOptions, OneLinePerRequest, REDACT_PATHS, serializeError } from './logger.js';

describe('serializeError', () => {
  it('keeps the query but drops the values of a failed database query, in message, stack and params', () => {
    const cause = new Error('connection terminated');
    const error = new DrizzleQueryError(
      'insert into "merchants" ("nik", "no_rekening") values ($1, $2)',
      ['3174015503900001', '1234567890'],
      cause,
    );
    const text = JSON.stringify(serializeError(error));
    expect(text).toContain('insert into \\"merchants\\"');
    expect(text).toContain('connection terminated');
    expect(text).not.toContain('3174015503900001');
    expect(text).not.toContain('1234567890');
  });

  it('leaves an ordinary error as pino would write it', () => {
    const serialized = serializeError(new Error('disk full')) as { message: string; type: string; stack: string };
    expect(serialized.message).toBe('disk full');
    expect(serialized.type).toBe('Error');
    expect(serialized.stack).toContain('disk full');
  });
});

describe('REDACT_PATHS', () => {
  function logged(entry: object): string {
    const lines: string[] = [];
    const logger = pino({ redact: { paths: REDACT_PATHS, censor: '[redacted]' } }, { write: (line: string) => lines.push(line) });
    logger.info(entry, 'entry');
    return lines.join('');
  }

  it('blanks secrets at the top level and one or two levels down', () => {
    const text = logged({
      password: 'top-secret-pass',
      user: { newPassword: 'second-level-pass', token: 'tok-abc' },
      req: { body: { nik: '3174015503900001', no_rekening: '1234567890', code: '123456' } },
    });
    for (const secret of ['top-secret-pass', 'second-level-pass', 'tok-abc', '3174015503900001', '1234567890', '123456']) {
      expect(text).not.toContain(secret);
    }
    expect(text.match(/\[redacted\]/g)).toHaveLength(6);
  });

  it('keeps an error code, which names no secret', () => {
    expect(logged({ err: { code: 'ECONNREFUSED', message: 'connect failed' } })).toContain('"code":"ECONNREFUSED"');
  });
});

describe('request log lines', () => {
  async function requestLog(urls: string[], lines: string[] = []): Promise<string> {
    // As buildApp wires them: one stream for the app's logger and the completed-request lines.
    const config = { NODE_ENV: 'production', LOG_LEVEL: 'info' } as Config;
    const stream = { write: (line: string) => lines.push(line) };
    const app = Fastify({ logger: loggerOptions(config, stream), logController: new OneLinePerRequest(completionLogger(config, stream)) });
    app.get('/api/perbaikan/:token', async () => ({ ok: true }));
    app.get('/api/uploads/:id', async () => ({ ok: true }));
    app.get('/api/admin/merchants', async () => ({ items: [] }));
    app.setNotFoundHandler(async (_request, reply) => reply.code(200).send('page'));
    for (const url of urls) await app.inject({ method: 'GET', url });
    await app.close();
    return lines.join('');
  }

  it('name the route template and never a token, an upload id, a searched NIK or an order token', async () => {
    const text = await requestLog([
      '/api/perbaikan/tok_fixlink_secret_value',
      '/api/uploads/7c1a1f3e-5b0e-4c57-9a41-2f1d7d3f0c11',
      '/api/admin/merchants?q=3174015503900001',
      '/perbaikan/tok_fixpage_secret_value?x=1',
      '/pesanan/ORD-AB12CD34?t=order_page_token_value',
      '/status?code=AIP-AB12C',
    ]);
    for (const secret of [
      'tok_fixlink_secret_value',
      '7c1a1f3e-5b0e-4c57-9a41-2f1d7d3f0c11',
      '3174015503900001',
      'tok_fixpage_secret_value',
      'order_page_token_value',
      'AIP-AB12C',
    ]) {
      expect(text, secret).not.toContain(secret);
    }
    for (const url of [
      '/api/perbaikan/:token',
      '/api/uploads/:id',
      '/api/admin/merchants',
      '/perbaikan/:token',
      '/pesanan/ORD-AB12CD34',
      '/status',
    ]) {
      expect(text, url).toContain(`"url":"${url}"`);
    }
  });

  it('are one line per request, written when it completes, with its route, status and time', async () => {
    const lines: string[] = [];
    await requestLog(['/api/uploads/7c1a1f3e-5b0e-4c57-9a41-2f1d7d3f0c11', '/status'], lines);
    const requests = lines
      .map(
        (line) =>
          JSON.parse(line) as {
            msg: string;
            reqId?: string;
            pid?: number;
            req?: { method: string; url: string };
            res?: { statusCode: number };
            responseTime?: number;
          },
      )
      .filter((line) => line.req);
    expect(requests.map((line) => [line.msg, line.req?.method, line.req?.url, line.res?.statusCode])).toEqual([
      ['request completed', 'GET', '/api/uploads/:id', 200],
      ['request completed', 'GET', '/status', 200],
    ]);
    expect(requests.every((line) => typeof line.responseTime === 'number')).toBe(true);
    // The fields every other line carries too: the request's id and the process.
    expect(requests.map((line) => [line.reqId, line.pid])).toEqual([
      ['req-1', process.pid],
      ['req-2', process.pid],
    ]);
    expect(lines.some((line) => line.includes('incoming request'))).toBe(false);
  });
});
