/** A list screen's view as its URL holds it (search, filters, page): shared by the admin lists. */

/** The server refuses pages beyond this; a hand-edited URL falls back to 1. */
const MAX_PAGE = 100_000;

export function parsePage(raw: string | null): number {
  if (raw === null || !/^\d+$/.test(raw)) return 1;
  const page = Number(raw);
  return page >= 1 && page <= MAX_PAGE ? page : 1;
}

/** The last page that holds rows (at least 1), for moving off a page left past the end. */
export function lastPage(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The search of a list's URL as the API takes it: trimmed, at most `max` characters (what the API accepts). */
export function parseSearch(raw: string | null, max = 100): string {
  return (raw ?? '').trim().slice(0, max).trim();
}

/**
 * One of a filter's choices from a shared or hand-edited link: anything else falls back to the default
 * instead of sending the server a query it would refuse with 400.
 */
export function parseChoice<Choice extends string>(raw: string | null, choices: readonly Choice[], fallback: Choice): Choice {
  return choices.find((choice) => choice === raw) ?? fallback;
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
