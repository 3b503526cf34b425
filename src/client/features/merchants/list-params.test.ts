import { describe, expect, it } from 'vitest';
import { updateListView } from '../../components/list/list-view';
import { adjacentPage, DEFAULT_LIST_VIEW, listViewToQuery, listViewToSearchParams, listViewToState, parseListView } from './list-params';

describe('an identity number as the search', () => {
  const nik = '3171011708900001';

  it('never goes into the URL: the history state holds it, and the page is read back from it', () => {
    const view = { ...DEFAULT_LIST_VIEW, q: nik, status: 'verified' as const };
    expect(listViewToSearchParams(view).toString()).toBe('status=verified');
    expect(listViewToSearchParams({ ...view, q: '1234-5678-90' }).toString()).toBe('status=verified');
    expect(listViewToState(view)).toEqual({ q: nik });
    expect(parseListView(new URLSearchParams('status=verified'), { q: nik })).toEqual(view);
  });

  it('keeps a name, a short number and a phone in +62 form in the URL as before', () => {
    for (const q of ['Berkah', '1234', '+6281234567890']) {
      expect(listViewToSearchParams({ ...DEFAULT_LIST_VIEW, q }).get('q')).toBe(q);
      expect(listViewToState({ q })).toBeNull();
    }
    // The URL's own search wins over a stale state.
    expect(parseListView(new URLSearchParams('q=Berkah'), { q: nik }).q).toBe('Berkah');
    expect(parseListView(new URLSearchParams(), { q: 7 }).q).toBe('');
  });
});

describe('parseListView', () => {
  it('fills the defaults for an empty URL', () => {
    expect(parseListView(new URLSearchParams())).toEqual(DEFAULT_LIST_VIEW);
  });

  it('reads every value of a shared link', () => {
    const view = parseListView(
      new URLSearchParams('q=%20Berkah%20&status=verified&sort=nama_toko&page=3&page_size=100&peringatan=ada&klaim=saya'),
    );
    expect(view).toEqual({
      q: 'Berkah',
      status: 'verified',
      sort: 'nama_toko',
      page: 3,
      page_size: 100,
      after: '',
      before: '',
      peringatan: 'ada',
      klaim: 'saya',
    });
    expect(parseListView(new URLSearchParams('klaim=orang-lain')).klaim).toBe('');
  });

  it('falls back to defaults for values the server would refuse', () => {
    const view = parseListView(new URLSearchParams('status=aktif&sort=random&page=-2&page_size=30'));
    expect(view).toEqual(DEFAULT_LIST_VIEW);
  });

  it('caps the search at the 100 characters the API accepts', () => {
    expect(parseListView(new URLSearchParams({ q: 'x'.repeat(150) })).q).toHaveLength(100);
  });
});

describe('listViewToSearchParams', () => {
  it('leaves defaults out', () => {
    expect(listViewToSearchParams(DEFAULT_LIST_VIEW).toString()).toBe('');
  });

  it('round-trips through parseListView', () => {
    const view = {
      q: '0813 5555',
      status: 'data_tidak_lengkap',
      sort: 'status',
      page: 4,
      page_size: 50,
      after: '',
      before: '',
      peringatan: 'ada',
      klaim: 'belum',
    } as const;
    // A phone typed with 0 has the shape of an account number: it goes through the history state.
    expect(parseListView(listViewToSearchParams(view), listViewToState(view))).toEqual(view);
    const keyed = { ...DEFAULT_LIST_VIEW, page: 7, after: ID };
    expect(listViewToSearchParams(keyed).toString()).toBe(`page=7&after=${ID}`);
    expect(parseListView(listViewToSearchParams(keyed))).toEqual(keyed);
  });

  it('drops a cursor on page 1, and after a change that goes back to page 1', () => {
    expect(listViewToSearchParams({ ...DEFAULT_LIST_VIEW, before: ID }).toString()).toBe('');
    expect(listViewToSearchParams(updateListView({ ...DEFAULT_LIST_VIEW, page: 4, after: ID }, { status: 'verified' })).toString()).toBe(
      'status=verified',
    );
  });
});

const ID = '0b7c3c52-6f1e-4d7a-9a0e-2b5f7d9e1c11';
const OTHER = '9d2f4e61-1a3b-4c5d-8e7f-0a1b2c3d4e5f';

describe('cursors in the URL', () => {
  it('reads one valid cursor past page 1 and drops anything else', () => {
    expect(parseListView(new URLSearchParams(`page=3&before=${ID}`))).toMatchObject({ page: 3, after: '', before: ID });
    expect(parseListView(new URLSearchParams(`page=3&after=${ID}&before=${OTHER}`))).toMatchObject({ after: ID, before: '' });
    expect(parseListView(new URLSearchParams(`after=${ID}`))).toMatchObject({ page: 1, after: '' });
    expect(parseListView(new URLSearchParams('page=2&after=1%27%20or%201=1'))).toMatchObject({ page: 2, after: '' });
  });

  it('steps to the next page after its last row and back before its first, in the keyset orders only', () => {
    const view = { ...DEFAULT_LIST_VIEW, page: 4, after: OTHER };
    const items = [{ id: ID }, { id: 'x' }, { id: OTHER }];
    expect(adjacentPage(view, items, 5)).toEqual({ page: 5, after: OTHER, before: '' });
    expect(adjacentPage(view, items, 3)).toEqual({ page: 3, after: '', before: ID });
    expect(adjacentPage({ ...view, page: 2 }, items, 1)).toEqual({ page: 1, after: '', before: '' });
    expect(adjacentPage({ ...view, sort: 'nama_toko' }, items, 5)).toEqual({ page: 5, after: '', before: '' });
    expect(adjacentPage(view, items, 9)).toEqual({ page: 9, after: '', before: '' });
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

  it('sends the cursor with the page number', () => {
    expect(listViewToQuery({ ...DEFAULT_LIST_VIEW, page: 3, before: ID })).toEqual({
      status: 'all',
      sort: 'newest',
      page: 3,
      page_size: 25,
      before: ID,
    });
  });
});
