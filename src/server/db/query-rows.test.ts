import { describe, expect, it } from 'vitest';
import { testAppPerSuite } from '../../../tests/support/build-test-app.js';
import { preparedRows, sqlLiteral } from './query-rows.js';

describe('prepared statements (decision 0028)', () => {
  const t = testAppPerSuite();
  const ECHO = { name: 'test_echo', text: 'select $1::text as v, length($1) as n' };

  it('writes a literal as libpq does: quotes and backslashes doubled inside E-quotes', () => {
    expect(sqlLiteral(`AIP-'X\\Y`)).toBe(`E'AIP-''X\\\\Y'`);
  });

  it('refuses NUL and a lone surrogate itself, whatever the caller checked', () => {
    for (const value of ['AIP-\u0000', '\ud800x', 'x\udc00'])
      expect(() => sqlLiteral(value), JSON.stringify(value)).toThrow('sqlLiteral: NUL or a lone surrogate has no SQL literal');
    expect(sqlLiteral('é🙂')).toBe("E'é🙂'");
  });

  it('hands every value to the statement unchanged, quotes, backslashes and all, call after call', async () => {
    for (const value of ['AIP-S0001', `x'; drop table merchants; --`, 'a\\b\\\\c', `'`, 'Warung "Bu" Siti', 'é🙂']) {
      const rows = await preparedRows<{ v: string; n: number }>(t.database.db, ECHO, [value]);
      expect(rows).toEqual([{ v: value, n: [...value].length }]);
    }
    const [merchants] = await preparedRows<{ n: string }>(
      t.database.db,
      { name: 'test_count', text: 'select count(*)::text as n from merchants where kode_pendaftaran = $1' },
      ['x'],
    );
    expect(merchants).toEqual({ n: '0' });
  });
});
