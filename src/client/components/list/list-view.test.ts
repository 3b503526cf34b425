import { describe, expect, it } from 'vitest';
import { lastPage, parseChoice, parsePage, parseSearch } from './list-view';

describe('parsePage', () => {
  it('reads a whole page number from 1 to the 100000 the server accepts', () => {
    for (const page of [1, 2, 100_000]) expect(parsePage(String(page))).toBe(page);
  });

  it('falls back to page 1 for anything else', () => {
    for (const raw of [null, '', '0', '-2', '1.5', 'abc', '100001']) expect(parsePage(raw)).toBe(1);
  });
});

describe('lastPage', () => {
  it('is at least 1 and rounds up', () => {
    expect(lastPage(0, 25)).toBe(1);
    expect(lastPage(25, 25)).toBe(1);
    expect(lastPage(26, 25)).toBe(2);
  });
});

describe('parseSearch and parseChoice', () => {
  it('trims the search and cuts it at the 100 characters the API accepts', () => {
    expect(parseSearch(' Berkah ')).toBe('Berkah');
    expect(parseSearch(null)).toBe('');
    expect(parseSearch('x'.repeat(150))).toHaveLength(100);
  });

  it('keeps a known choice and falls back to the default for any other', () => {
    const sizes = ['kecil', 'besar'] as const;
    expect(parseChoice('besar', sizes, 'kecil')).toBe('besar');
    expect(parseChoice('raksasa', sizes, 'kecil')).toBe('kecil');
    expect(parseChoice(null, sizes, 'kecil')).toBe('kecil');
  });
});
