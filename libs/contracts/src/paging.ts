import { z } from 'zod';
import { PAGE_MESSAGES } from './errors/common';
import { PAGE_LIMITS } from './page-constants';

/**
 * Keyset pages (docs/architecture.md#paged-lists): a page is the items after the last one the
 * previous page ended with, in the list's order. The cursor is that item's sort key, a timestamp
 * to the microsecond as PostgreSQL keeps it and the id that breaks ties, written as base64url
 * JSON; clients pass it back as they received it.
 */
export interface PageKey {
  /** `2026-06-06T22:00:00.123456Z`: the sort column, in UTC, with every digit the database has. */
  at: string;
  id: string;
}

/** One page of a list: its items, and the cursor of the page after it (null: the last page). */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

const AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;
const pageKeySchema = z.tuple([z.string().regex(AT), z.uuid()]);

// btoa/atob with UTF-8 bytes: the same in Node and in browsers (the contract runs in both).
function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
function fromBase64Url(text: string): string {
  const bin = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
}

export function encodeCursor(key: PageKey): string {
  return toBase64Url(JSON.stringify([key.at, key.id]));
}

/** The key a cursor holds, or null when it is not one this API wrote. */
export function decodeCursor(cursor: string): PageKey | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) return null;
  try {
    const r = pageKeySchema.safeParse(JSON.parse(fromBase64Url(cursor)));
    return r.success ? { at: r.data[0], id: r.data[1] } : null;
  } catch {
    return null;
  }
}

const limitField = z.coerce
  .number({ error: PAGE_MESSAGES.limit })
  .int(PAGE_MESSAGES.limit)
  .min(1, PAGE_MESSAGES.limit)
  .max(PAGE_LIMITS.max, PAGE_MESSAGES.limit);
const cursorField = z
  .string({ error: PAGE_MESSAGES.cursor })
  .transform((c, ctx) => {
    const key = decodeCursor(c);
    if (!key) ctx.addIssue({ code: 'custom', message: PAGE_MESSAGES.cursor });
    return key ?? z.NEVER;
  })
  .optional();

/**
 * The `?limit=&cursor=` fields of a paged list, the one shape every paged route's query comes from
 * (docs/architecture.md#paged-lists). `defaultLimit` is the page a call without `limit` gets;
 * `undefined` answers the whole list, for the member lists whose spec'd call (and today's web
 * client) reads every item: a client pages them by sending `limit`.
 */
export function pageQueryFieldsOf(options: { defaultLimit: number }): {
  limit: z.ZodDefault<typeof limitField>;
  cursor: typeof cursorField;
};
export function pageQueryFieldsOf(options: { defaultLimit: undefined }): {
  limit: z.ZodOptional<typeof limitField>;
  cursor: typeof cursorField;
};
export function pageQueryFieldsOf(options: { defaultLimit: number | undefined }) {
  const { defaultLimit } = options;
  return {
    limit: defaultLimit === undefined ? limitField.optional() : limitField.default(defaultLimit),
    cursor: cursorField,
  };
}

/** `?limit=&cursor=` of a paged list: the first page without a cursor, `PAGE_LIMITS.default` items without a limit. */
export const pageQueryFields = pageQueryFieldsOf({ defaultLimit: PAGE_LIMITS.default });

/**
 * What a paged read asks its repository for: at most `limit` items after `after` (none: from the
 * start). A list whose query has no default limit (`pageQueryFieldsOf({ defaultLimit: undefined })`)
 * reads `PageRequest<number | undefined>`, `undefined` being every item.
 */
export interface PageRequest<Limit extends number | undefined = number> {
  limit: Limit;
  after?: PageKey;
}

/**
 * A page from `limit + 1` rows read: the extra row only says there is a next page, whose cursor
 * is the key of the page's last item. Without a limit the rows are the whole list, its last page.
 */
export function pageOf<T>(rows: readonly T[], limit: number | undefined, keyOf: (row: T) => PageKey): Page<T> {
  if (limit === undefined) return { items: [...rows], nextCursor: null };
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? encodeCursor(keyOf(last)) : null };
}
