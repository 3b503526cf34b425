/** A list screen's view as its URL holds it (search, filters, page): shared by the admin lists. */

/** The server refuses pages beyond this; a hand-edited URL falls back to 1. */
const MAX_PAGE = 100_000;

export function parsePage(raw: string | null): number {
  if (raw === null || !/^\d+$/.test(raw)) return 1;
  const page = Number(raw);
  return page >= 1 && page <= MAX_PAGE ? page : 1;
}

/**
 * The next view after a change: any change other than the page itself starts again at page 1, since
 * page 7 of the old results means nothing for the new ones.
 */
export function updateListView<View extends { page: number }>(view: View, change: Partial<View>): View {
  const next = { ...view, ...change };
  if (change.page === undefined) next.page = 1;
  return next;
}
