import { describe, expect, it } from 'vitest';
import { rangeBetween } from './use-row-selection';

describe('rangeBetween', () => {
  const order = ['a', 'b', 'c', 'd', 'e'];
  it('takes the rows between the two clicks in either direction, both included', () => {
    expect(rangeBetween(order, 'b', 'd')).toEqual(['b', 'c', 'd']);
    expect(rangeBetween(order, 'e', 'c')).toEqual(['c', 'd', 'e']);
    expect(rangeBetween(order, 'c', 'c')).toEqual(['c']);
  });
  it('only the clicked row when the first one is no longer shown', () => {
    expect(rangeBetween(order, 'z', 'c')).toEqual(['c']);
  });
});
