import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { PAGE_MESSAGES } from './errors/common';
import { PAGE_LIMITS } from './page-constants';
import { decodeCursor, encodeCursor, pageOf, pageQueryFields, pageQueryFieldsOf, type PageKey } from './paging';

const key = (i: number): PageKey => ({
  at: `2026-06-06T22:00:00.00000${i}Z`,
  id: `00000000-0000-4000-8000-00000000000${i}`,
});
const rows = (n: number) => Array.from({ length: n }, (_, i) => key(i));

describe('keyset pages', () => {
  it('a page is at most `limit` rows, its cursor the last one; the row read beyond it only says a page follows', () => {
    expect(pageOf(rows(6), 5, (r) => r)).toEqual({ items: rows(5), nextCursor: encodeCursor(key(4)) });
    expect(pageOf(rows(5), 5, (r) => r)).toEqual({ items: rows(5), nextCursor: null });
    // No limit (a list whose call answers every item): the rows are the whole list, its last page.
    expect(pageOf(rows(7), undefined, (r) => r)).toEqual({ items: rows(7), nextCursor: null });
  });

  it('a cursor holds the key it was written from, with every digit of the timestamp', () => {
    expect(decodeCursor(encodeCursor(key(3)))).toEqual(key(3));
    for (const bad of ['nonsense!', encodeCursor({ at: 'yesterday', id: key(1).id }), 'e30'])
      expect(decodeCursor(bad)).toBeNull();
  });

  it('both query styles come from one factory: a default page, or the whole list without a limit', () => {
    const paged = z.object(pageQueryFields);
    const whole = z.object(pageQueryFieldsOf({ defaultLimit: undefined }));
    expect(paged.parse({})).toEqual({ limit: PAGE_LIMITS.default });
    expect(whole.parse({})).toEqual({});
    const cursor = encodeCursor(key(2));
    expect(whole.parse({ limit: '100', cursor })).toEqual({ limit: 100, cursor: key(2) });
    for (const schema of [paged, whole]) {
      for (const limit of ['0', '101', '2.5', 'ten'])
        expect(schema.safeParse({ limit }).error?.issues[0]?.message).toBe(PAGE_MESSAGES.limit);
      expect(schema.safeParse({ cursor: 'nonsense' }).error?.issues[0]?.message).toBe(PAGE_MESSAGES.cursor);
    }
  });
});
