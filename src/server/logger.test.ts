import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { serializeError } from './logger.js';

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
