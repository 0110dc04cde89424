/**
 * The zod-free constants of the paged lists (no schema, no import), for the web client's public
 * pages as ./venue-constants; the schemas are in ./paging.
 */

/** How many items one page of a paged list holds: `?limit=` from 1 to `max`, `default` without it. */
export const PAGE_LIMITS = { max: 100, default: 20 } as const;

/**
 * The response header naming the next page of a paged list (`?cursor=` it), absent on the last
 * page. A header, not a field: the body stays the array the spec's clients read
 * (docs/architecture.md#paged-lists).
 */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';
