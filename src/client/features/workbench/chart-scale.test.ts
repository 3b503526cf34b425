import { describe, expect, it } from 'vitest';
import { linePoints, niceMax } from './chart-scale';

describe('niceMax', () => {
  it('rounds up to 1, 2 or 5 times a power of ten', () => {
    expect(niceMax(0)).toBe(1);
    expect(niceMax(1)).toBe(1);
    expect(niceMax(3)).toBe(5);
    expect(niceMax(7)).toBe(10);
    expect(niceMax(12)).toBe(20);
    expect(niceMax(20)).toBe(20);
    expect(niceMax(430)).toBe(500);
    expect(niceMax(5001)).toBe(10_000);
  });
});

describe('linePoints', () => {
  it('puts the first value left, the last right, zero at the bottom and the top value at the top', () => {
    expect(linePoints([0, 5, 10], 10, 200, 100)).toBe('0,100 100,50 200,0');
  });

  it('draws one value at the left edge and nothing for none', () => {
    expect(linePoints([2], 4, 200, 100)).toBe('0,50');
    expect(linePoints([], 4, 200, 100)).toBe('');
  });
});
