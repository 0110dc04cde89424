import { z } from 'zod';
import { PAGE_ERRORS, PAGE_LIMIT_MAX } from './errors/paging';

/**
 * The response header naming the next page of a keyset-paged list: absent on its last page. The
 * body stays the array the spec describes; the service sets it and the gateway passes it on.
 */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';

/**
 * `?limit=&cursor=` of a keyset-paged list. Without `limit` the list answers every item (what the
 * spec's call answers); a cursor is the id of the last item of the page before.
 */
export const pageQuerySchema = z.object({
  limit: z.coerce
    .number({ error: PAGE_ERRORS.LIMIT.message })
    .int(PAGE_ERRORS.LIMIT.message)
    .min(1, PAGE_ERRORS.LIMIT.message)
    .max(PAGE_LIMIT_MAX, PAGE_ERRORS.LIMIT.message)
    .optional(),
  cursor: z.uuid({ error: PAGE_ERRORS.CURSOR.message }).optional(),
});
export type PageQuery = z.output<typeof pageQuerySchema>;

/** One page of a keyset-paged list: its items, and the cursor of the next page (null: the last). */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/**
 * The page of rows read in the list's order with `limit + 1` (one more tells whether a page
 * follows): at most `limit` of them, the cursor the last one's id. No limit: every row, the last page.
 */
export function pageOf<T extends { id: string }>(rows: T[], limit: number | undefined): Page<T> {
  if (limit === undefined || rows.length <= limit) return { items: rows, nextCursor: null };
  const items = rows.slice(0, limit);
  return { items, nextCursor: items[items.length - 1]!.id };
}
