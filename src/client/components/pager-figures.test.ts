import { describe, expect, it } from 'vitest';
import { pagerFigures } from './pager-figures';

describe('pagerFigures', () => {
  it('shows an exact total in Indonesian notation and ends at the last page', () => {
    expect(pagerFigures({ page: 2, pageSize: 25, total: 1234 })).toEqual({
      from: '26',
      to: '50',
      total: '1.234',
      page: '2',
      pages: '50',
      hasNext: true,
    });
    expect(pagerFigures({ page: 50, pageSize: 25, total: 1234 })).toMatchObject({ from: '1.226', to: '1.234', hasNext: false });
    expect(pagerFigures({ page: 1, pageSize: 25, total: 0 })).toMatchObject({ from: '0', to: '0', total: '0', pages: '1', hasNext: false });
  });

  it('reads a capped total as "10.000+" and pages on while the server says a page follows', () => {
    const first = pagerFigures({ page: 1, pageSize: 25, total: 10_000, totalCapped: true, hasNext: true, itemCount: 25 });
    expect(first).toEqual({ from: '1', to: '25', total: '10.000+', page: '1', pages: '400+', hasNext: true });
    // Past the counted rows: never fewer than the rows already shown, and exact on the last page.
    const beyond = pagerFigures({ page: 402, pageSize: 25, total: 10_000, totalCapped: true, hasNext: true, itemCount: 25 });
    expect(beyond).toEqual({ from: '10.026', to: '10.050', total: '10.050+', page: '402', pages: '402+', hasNext: true });
    const last = pagerFigures({ page: 403, pageSize: 25, total: 10_000, totalCapped: true, hasNext: false, itemCount: 7 });
    expect(last).toEqual({ from: '10.051', to: '10.057', total: '10.057', page: '403', pages: '403', hasNext: false });
  });
});
