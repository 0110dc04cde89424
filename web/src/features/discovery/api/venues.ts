import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Venue, VenueTypeFilter } from '@luxe/contracts';
import { callApi, callApiPage, type ApiPage } from '../../../lib/api-client';
import { venueListQueryDefaults } from '../../../lib/query-client';
import { apiRefs } from '../../../lib/route-refs';

/** The type filter of the location list: all, club or yacht. */
export type { VenueTypeFilter };

/** A place to list venues for: a city name ('Miami') and its full state name ('Florida'). */
export interface VenueLocation {
  city: string;
  state: string;
}

/** What the venue list searches: a city in a state, or a whole state (a state-only search: no city). */
export interface VenuePlace {
  city?: string;
  state: string;
}

export interface VenuesByLocationArgs extends VenuePlace {
  type: VenueTypeFilter;
}

/**
 * GET /api/venues/{city}/{state}/{type}: approved, active venues of a city, of a type; without a
 * city, GET /api/venues?state=&type= (the whole state). Called through route refs: the public
 * /events page loads no zod and no schema.
 */
export function getVenuesByLocation({ city, state, type }: VenuesByLocationArgs, signal?: AbortSignal) {
  if (!city) return callApi(apiRefs.venues.list, { query: { state, type } }, { signal });
  return callApi(apiRefs.venues.byLocation, { params: { city, state, type }, query: {} }, { signal });
}

/** Venue lists are the exception to the fetching rules: 3 retries, never cached (docs/product.md#conventions-feedback). */
export function getVenuesByLocationQueryOptions({ city, state, type }: VenuesByLocationArgs) {
  return queryOptions({
    queryKey: ['venues', 'by-location', city?.toLowerCase() ?? '', state.toLowerCase(), type] as const,
    queryFn: ({ signal }) => getVenuesByLocation({ city, state, type }, signal),
    ...venueListQueryDefaults,
  });
}

export function useVenuesByLocation(args: VenuesByLocationArgs) {
  return useQuery(getVenuesByLocationQueryOptions(args));
}

/**
 * One page of the list: a city's venues from `cursor` on (the first page without one; the
 * server's default size); a whole state's in one page (that read is not paged).
 */
export async function getVenuesPage(
  { city, state, type }: VenuesByLocationArgs,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ApiPage<Venue[]>> {
  if (!city)
    return { items: await callApi(apiRefs.venues.list, { query: { state, type } }, { signal }), nextCursor: null };
  return callApiPage(
    apiRefs.venues.byLocation,
    { params: { city, state, type }, query: cursor ? { cursor } : {} },
    { signal },
  );
}

/** The list page by page, the next one asked for as the member scrolls (docs/architecture.md#paged-lists). */
export function getVenuePagesQueryOptions({ city, state, type }: VenuesByLocationArgs) {
  return infiniteQueryOptions({
    queryKey: ['venues', 'pages', city?.toLowerCase() ?? '', state.toLowerCase(), type] as const,
    queryFn: ({ pageParam, signal }) => getVenuesPage({ city, state, type }, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    ...venueListQueryDefaults,
  });
}

export function useVenuePages(args: VenuesByLocationArgs) {
  return useInfiniteQuery(getVenuePagesQueryOptions(args));
}
