import { parseChoice, parsePage, parseSearch } from './list-view';

/** A list searched, filtered by one status (or all of them) and paged, as its URL holds it: every value present. */
export type StatusListView<Status extends string> = { q: string; status: 'all' | Status; page: number };

/** Its API query: no status means every status, and an empty search is not sent. */
type StatusListQuery<Status extends string> = { q?: string; status?: Status; page: number };

/**
 * The URL state of a list filtered by status (the orders, the devices). A shared or hand-edited link may hold
 * anything: an unknown value falls back to its default instead of sending the server a query it would refuse
 * with 400, and the search is cut to `maxSearch`, the longest the API accepts.
 */
export function statusListParams<Status extends string>(statuses: readonly Status[], maxSearch: number) {
  const defaults: StatusListView<Status> = { q: '', status: 'all', page: 1 };
  const filters: readonly StatusListView<Status>['status'][] = ['all', ...statuses];

  return {
    defaults,

    parse: (params: URLSearchParams): StatusListView<Status> => ({
      q: parseSearch(params.get('q'), maxSearch),
      status: parseChoice(params.get('status'), filters, defaults.status),
      page: parsePage(params.get('page')),
    }),

    /** Defaults are left out so the plain link and the default view are the same URL. */
    toSearchParams: (view: StatusListView<Status>): URLSearchParams => {
      const params = new URLSearchParams();
      if (view.q) params.set('q', view.q);
      if (view.status !== defaults.status) params.set('status', view.status);
      if (view.page !== defaults.page) params.set('page', String(view.page));
      return params;
    },

    toQuery: (view: StatusListView<Status>): StatusListQuery<Status> => ({
      ...(view.q ? { q: view.q } : {}),
      ...(view.status === 'all' ? {} : { status: view.status }),
      page: view.page,
    }),
  };
}
