import { QueryClient, type DefaultOptions } from '@tanstack/react-query';

/**
 * Data-fetching rules (docs/product.md#conventions-feedback): no automatic retry, data never stale,
 * no refetch on window focus, no polling.
 */
export const queryConfig = {
  queries: {
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchInterval: false,
  },
  mutations: {
    retry: false,
  },
} satisfies DefaultOptions;

/** The exception: venue lists retry 3 times and are not cached. */
export const venueListQueryDefaults = { retry: 3, gcTime: 0, staleTime: 0 } as const;

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryConfig });
}
