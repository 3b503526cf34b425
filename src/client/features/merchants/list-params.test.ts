import { describe, expect, it } from 'vitest';
import { parsePage, updateListView } from '../../components/list/list-view';
import { DEFAULT_LIST_VIEW, lastPage, listViewToQuery, listViewToSearchParams, parseListView } from './list-params';

describe('parseListView', () => {
  it('fills the defaults for an empty URL', () => {
    expect(parseListView(new URLSearchParams())).toEqual(DEFAULT_LIST_VIEW);
  });

  it('reads every value of a shared link', () => {
    const view = parseListView(new URLSearchParams('q=%20Berkah%20&status=verified&sort=nama_toko&page=3&page_size=100'));
    expect(view).toEqual({ q: 'Berkah', status: 'verified', sort: 'nama_toko', page: 3, page_size: 100 });
  });

  it('falls back to defaults for values the server would refuse', () => {
    const view = parseListView(new URLSearchParams('status=aktif&sort=random&page=-2&page_size=30'));
    expect(view).toEqual(DEFAULT_LIST_VIEW);
  });

  it('caps the search at the 100 characters the API accepts', () => {
    expect(parseListView(new URLSearchParams({ q: 'x'.repeat(150) })).q).toHaveLength(100);
  });
});

describe('parsePage', () => {
  it.each([
    [null, 1],
    ['2', 2],
    ['0', 1],
    ['1.5', 1],
    ['abc', 1],
    ['100001', 1],
  ])('%s → %s', (raw, page) => {
    expect(parsePage(raw)).toBe(page);
  });
});

describe('listViewToSearchParams', () => {
  it('leaves defaults out', () => {
    expect(listViewToSearchParams(DEFAULT_LIST_VIEW).toString()).toBe('');
  });

  it('round-trips through parseListView', () => {
    const view = { q: '0813 5555', status: 'data_tidak_lengkap', sort: 'status', page: 4, page_size: 50 } as const;
    expect(parseListView(listViewToSearchParams(view))).toEqual(view);
  });
});

describe('updateListView', () => {
  const onPage5 = { ...DEFAULT_LIST_VIEW, page: 5 };

  it('goes back to page 1 when the search, filter, sort or size changes', () => {
    expect(updateListView(onPage5, { q: 'toko' }).page).toBe(1);
    expect(updateListView(onPage5, { status: 'rejected' }).page).toBe(1);
    expect(updateListView(onPage5, { page_size: 100 }).page).toBe(1);
  });

  it('keeps the filters when only the page changes', () => {
    const view = { ...onPage5, q: 'toko', status: 'verified' as const };
    expect(updateListView(view, { page: 6 })).toEqual({ ...view, page: 6 });
  });
});

describe('listViewToQuery', () => {
  it('omits an empty search', () => {
    expect(listViewToQuery(DEFAULT_LIST_VIEW)).toEqual({ status: 'all', sort: 'newest', page: 1, page_size: 25 });
    expect(listViewToQuery({ ...DEFAULT_LIST_VIEW, q: 'AIP-' }).q).toBe('AIP-');
  });
});

describe('lastPage', () => {
  it('is at least 1 and rounds up', () => {
    expect(lastPage(0, 25)).toBe(1);
    expect(lastPage(25, 25)).toBe(1);
    expect(lastPage(26, 25)).toBe(2);
  });
});
