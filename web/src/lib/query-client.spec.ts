import { describe, expect, it } from 'vitest';
import { createQueryClient, venueListQueryDefaults } from './query-client';

describe('query client defaults (docs/product.md#conventions-feedback)', () => {
  it('never retries, never goes stale, never refetches on focus, never polls', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries?.retry).toBe(false);
    expect(queries?.staleTime).toBe(Infinity);
    expect(queries?.refetchOnWindowFocus).toBe(false);
    expect(queries?.refetchInterval).toBe(false);
    expect(mutations?.retry).toBe(false);
  });

  it('a failing query is called once, and fresh data is not fetched again', async () => {
    const client = createQueryClient();
    let failing = 0;
    await client
      .fetchQuery({
        queryKey: ['fails'],
        queryFn: () => {
          failing += 1;
          throw new Error('nope');
        },
      })
      .catch(() => undefined);
    expect(failing).toBe(1);

    let calls = 0;
    const options = { queryKey: ['ok'], queryFn: () => ++calls };
    await client.fetchQuery(options);
    await client.fetchQuery(options);
    expect(calls).toBe(1);
  });

  it('venue lists are the exception: 3 retries and no caching', () => {
    expect(venueListQueryDefaults).toEqual({ retry: 3, gcTime: 0, staleTime: 0 });
  });
});
