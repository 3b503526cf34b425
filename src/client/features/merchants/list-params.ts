import { isIdentityTerm } from '../../../domain/identity-search';
import { MERCHANT_SORTS, PAGE_SIZES, type MerchantListQuery } from '../../../domain/merchants';
import { CLAIM_FILTERS, type ClaimFilter } from '../../../domain/review-claims';
import { MERCHANT_STATUSES } from '../../../domain/vocabularies';
import { parseChoice, parsePage, parseSearch } from '../../components/list/list-view';

/** The list view as the URL holds it: every value present, defaults filled in; the filters are the API query's. */
export type MerchantListView = Pick<MerchantListQuery, 'status' | 'sort' | 'page'> & {
  q: string;
  page_size: (typeof PAGE_SIZES)[number];
  /**
   * Keyset paging: the id of the last row of the page before (`after`, reached by "Berikutnya") or of the
   * first row of the page after (`before`, by "Sebelumnya"). Kept beside the page number so a reload
   * shows the same rows; the server falls back to the page number when the row is gone (decision 0023).
   */
  after: string;
  before: string;
  /** 'ada': only merchants a machine check warned about ('Ada peringatan'). */
  peringatan: '' | 'ada';
  /** The queue's claim filter ('Milik saya', 'Belum diambil'); empty: every case. */
  klaim: '' | ClaimFilter;
};

export type StatusFilter = MerchantListView['status'];
export type PageSize = MerchantListView['page_size'];

export const DEFAULT_LIST_VIEW: MerchantListView = {
  q: '',
  status: 'all',
  sort: 'newest',
  page: 1,
  page_size: 25,
  after: '',
  before: '',
  peringatan: '',
  klaim: '',
};

const CURSOR = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const STATUS_FILTERS: readonly StatusFilter[] = ['all', ...MERCHANT_STATUSES];
const SIZES: readonly number[] = PAGE_SIZES;
/**
 * A shared or hand-edited link may hold anything: an unknown value falls back to its default instead
 * of sending the server a query it would refuse with 400.
 */
export function parseListView(params: URLSearchParams, state: unknown = null): MerchantListView {
  const size = Number(params.get('page_size'));
  const page = parsePage(params.get('page'));
  // A cursor means something only past page 1 and never with the other one; a bad one is dropped.
  const cursor = (name: 'after' | 'before') => {
    const value = params.get(name) ?? '';
    return page > 1 && CURSOR.test(value) ? value : '';
  };
  const after = cursor('after');
  return {
    q: parseSearch(params.get('q') ?? stateSearch(state)),
    status: parseChoice(params.get('status'), STATUS_FILTERS, DEFAULT_LIST_VIEW.status),
    sort: parseChoice(params.get('sort'), MERCHANT_SORTS, DEFAULT_LIST_VIEW.sort),
    page,
    page_size: SIZES.includes(size) ? (size as PageSize) : DEFAULT_LIST_VIEW.page_size,
    after,
    before: after ? '' : cursor('before'),
    peringatan: params.get('peringatan') === 'ada' ? 'ada' : '',
    klaim: parseChoice<MerchantListView['klaim']>(params.get('klaim'), CLAIM_FILTERS, ''),
  };
}

/**
 * A whole NIK or account number typed as the search never goes into the URL (browser history, request
 * logs, a shared link): the history entry's state holds it instead, and the list asks with a POST body.
 */
export function listViewToState(view: Pick<MerchantListView, 'q'>): { q: string } | null {
  return view.q && isIdentityTerm(view.q) ? { q: view.q } : null;
}

function stateSearch(state: unknown): string {
  if (!state || typeof state !== 'object' || !('q' in state)) return '';
  return typeof state.q === 'string' ? state.q : '';
}

/** Defaults are left out so the plain /admin/merchants link and the default view are the same URL. */
export function listViewToSearchParams(view: MerchantListView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.q && !isIdentityTerm(view.q)) params.set('q', view.q);
  if (view.status !== DEFAULT_LIST_VIEW.status) params.set('status', view.status);
  if (view.sort !== DEFAULT_LIST_VIEW.sort) params.set('sort', view.sort);
  if (view.page !== DEFAULT_LIST_VIEW.page) params.set('page', String(view.page));
  if (view.page_size !== DEFAULT_LIST_VIEW.page_size) params.set('page_size', String(view.page_size));
  if (view.peringatan) params.set('peringatan', view.peringatan);
  if (view.klaim) params.set('klaim', view.klaim);
  // Any change but paging starts again at page 1, where no cursor applies.
  if (view.page > 1 && view.after) params.set('after', view.after);
  else if (view.page > 1 && view.before) params.set('before', view.before);
  return params;
}

/** The API query (GET /api/admin/merchants) for a view; an empty search is not sent. */
export function listViewToQuery(view: MerchantListView): MerchantListQuery {
  const cursor = view.page === 1 ? {} : view.after ? { after: view.after } : view.before ? { before: view.before } : {};
  const warned = view.peringatan ? { peringatan: view.peringatan } : {};
  const claimed = view.klaim ? { klaim: view.klaim } : {};
  return {
    ...(view.q ? { q: view.q } : {}),
    status: view.status,
    sort: view.sort,
    page: view.page,
    page_size: view.page_size,
    ...cursor,
    ...warned,
    ...claimed,
  };
}

/**
 * The view of the page next to the shown one: by the cursor of its edge row when the list is in a
 * keyset order (newest, oldest), so the server reads an index range instead of skipping rows.
 */
export function adjacentPage(view: MerchantListView, items: readonly { id: string }[], page: number): Partial<MerchantListView> {
  const keyset = view.sort === 'newest' || view.sort === 'oldest';
  const forward = page === view.page + 1;
  const edge = forward ? items.at(-1) : page === view.page - 1 ? items[0] : undefined;
  if (!keyset || !edge || page === 1) return { page, after: '', before: '' };
  return forward ? { page, after: edge.id, before: '' } : { page, after: '', before: edge.id };
}
