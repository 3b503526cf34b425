import { z } from 'zod';

/** `page` in an admin list's query: from 1, a URL string made a number, 1 when left out. */
export const PageNumberSchema = z.coerce.number().int().min(1).max(100_000).default(1);

/** An admin list's query: its filters and `page`; any other field is refused. */
export function pagedQuery<F extends z.ZodRawShape>(filters: F) {
  return z.object({ ...filters, page: PageNumberSchema }).strict();
}

/** One page of an admin list: its rows, which page it is and the page size (each list adds how it goes on). */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), page: z.number().int(), page_size: z.number().int() });
}
