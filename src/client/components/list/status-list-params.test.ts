import { describe, expect, it } from 'vitest';
import { updateListView } from './list-view';
import { statusListParams } from './status-list-params';

const list = statusListParams(['baru', 'dikirim', 'selesai'] as const, 12);
const read = (search: string | Record<string, string>) => list.parse(new URLSearchParams(search));

describe('statusListParams: the view from the URL', () => {
  it('fills the defaults for an empty URL', () => {
    expect(read('')).toEqual({ q: '', status: 'all', page: 1 });
    expect(list.defaults).toEqual({ q: '', status: 'all', page: 1 });
  });

  it('reads every value of a shared link, the search trimmed', () => {
    expect(read('q=%20AB-12%20&status=dikirim&page=3')).toEqual({ q: 'AB-12', status: 'dikirim', page: 3 });
    expect(read('status=selesai').status).toBe('selesai');
  });

  it('falls back to defaults for values the server would refuse', () => {
    expect(read('status=lunas&page=-2')).toEqual(list.defaults);
    expect(read('status=Dikirim&page=1.5')).toEqual(list.defaults);
    expect(read('page=100001').page).toBe(1);
  });

  it('cuts the search to the longest the API accepts, and trims what the cut leaves', () => {
    expect(read({ q: 'x'.repeat(20) }).q).toHaveLength(12);
    expect(read({ q: 'abcdefghijk mnop' }).q).toBe('abcdefghijk');
  });
});

describe('statusListParams: the URL of a view', () => {
  it('leaves defaults out', () => {
    expect(list.toSearchParams(list.defaults).toString()).toBe('');
  });

  it('round-trips through parse', () => {
    const view = { q: 'Toko Berkah', status: 'selesai', page: 4 } as const;
    expect(list.toSearchParams(view).toString()).toBe('q=Toko+Berkah&status=selesai&page=4');
    expect(list.parse(list.toSearchParams(view))).toEqual(view);
  });

  it('goes back to page 1 when the search or the filter changes', () => {
    const onPage5 = { ...list.defaults, page: 5 };
    expect(list.toSearchParams(updateListView(onPage5, { status: 'baru' })).toString()).toBe('status=baru');
    expect(list.toSearchParams(updateListView(onPage5, { q: 'AIP' })).toString()).toBe('q=AIP');
    expect(list.toSearchParams(updateListView(onPage5, { page: 6 })).toString()).toBe('page=6');
  });
});

describe('statusListParams: the API query', () => {
  it('sends neither an empty search nor the status "all"', () => {
    expect(list.toQuery(list.defaults)).toEqual({ page: 1 });
  });

  it('sends the search, the status and the page', () => {
    expect(list.toQuery({ q: 'AB-', status: 'baru', page: 2 })).toEqual({ q: 'AB-', status: 'baru', page: 2 });
  });
});
