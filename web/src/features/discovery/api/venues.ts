import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VenueTypeFilter } from '@luxe/contracts';
import { callApi } from '../../../lib/api-client';
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
  return callApi(apiRefs.venues.byLocation, { params: { city, state, type } }, { signal });
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
