import { describe, expect, it } from '@jest/globals';
import { PAGE_ERRORS } from './errors/paging';
import { pageOf, pageQuerySchema } from './paging';

const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `id-${i}` }));

describe('keyset pages', () => {
  it('a page is at most `limit` rows, its cursor the last one; the row read beyond it only says a page follows', () => {
    expect(pageOf(rows(6), 5)).toEqual({ items: rows(5), nextCursor: 'id-4' });
    expect(pageOf(rows(5), 5)).toEqual({ items: rows(5), nextCursor: null });
    expect(pageOf(rows(7), undefined)).toEqual({ items: rows(7), nextCursor: null });
  });

  it('reads limit and cursor, refusing the rest with their defined messages', () => {
    expect(pageQuerySchema.parse({})).toEqual({});
    expect(pageQuerySchema.parse({ limit: '100' })).toEqual({ limit: 100 });
    for (const limit of ['0', '101', '2.5', 'ten'])
      expect(pageQuerySchema.safeParse({ limit }).error?.issues[0]?.message).toBe(PAGE_ERRORS.LIMIT.message);
    expect(pageQuerySchema.safeParse({ cursor: 'nonsense' }).error?.issues[0]?.message).toBe(
      PAGE_ERRORS.CURSOR.message,
    );
  });
});
