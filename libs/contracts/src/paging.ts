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
