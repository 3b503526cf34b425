const numberFormat = new Intl.NumberFormat('id-ID');

export type PagerInput = {
  page: number;
  pageSize: number;
  total: number;
  /** The server stopped counting at `total` (a broad search, decision 0023): the figures are a floor. */
  totalCapped?: boolean;
  /** Whether a page follows, from the server; without it, from the total. */
  hasNext?: boolean;
  /** Rows on this page, for the range shown past a capped total. */
  itemCount?: number;
};

export type PagerFigures = { from: string; to: string; total: string; page: string; pages: string; hasNext: boolean };

/**
 * The pager's figures in Indonesian notation ("1.234"). A capped total reads "1.000+", and past it the
 * figures grow with the page, so they never claim fewer rows than the ones already shown.
 */
export function pagerFigures({ page, pageSize, total, totalCapped = false, hasNext, itemCount }: PagerInput): PagerFigures {
  let pages = Math.max(1, Math.ceil(total / pageSize));
  let from = total === 0 ? 0 : Math.min((page - 1) * pageSize + 1, total);
  let to = Math.min(page * pageSize, total);
  let atLeast = total;
  let more = '';
  if (totalCapped) {
    from = (page - 1) * pageSize + 1;
    to = from - 1 + (itemCount ?? pageSize);
    atLeast = Math.max(total, to);
    pages = Math.max(pages, page);
    // On the last page past the cap the rows are all counted: the total is exact again.
    if (hasNext === false && to > total) [atLeast, pages] = [to, page];
    else more = '+';
  }
  return {
    from: numberFormat.format(from),
    to: numberFormat.format(to),
    total: `${numberFormat.format(atLeast)}${more}`,
    page: numberFormat.format(page),
    pages: `${numberFormat.format(pages)}${more}`,
    hasNext: hasNext ?? page < pages,
  };
}
