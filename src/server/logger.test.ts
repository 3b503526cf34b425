import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { REDACT_PATHS, serializeError } from './logger.js';

describe('serializeError', () => {
  it('keeps the query but drops the values of a failed database query, in message, stack and params', () => {
    const cause = new Error('connection terminated');
    const error = new DrizzleQueryError('insert into "merchants" ("nik", "no_rekening") values ($1, $2)', ['3174015503900001', '1234567890'], cause);
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
