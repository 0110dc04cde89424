import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, VENUE_TYPE_FILTERS } from '@luxe/contracts';
import { callApi } from '../../../lib/api-client';
import { venueListQueryDefaults } from '../../../lib/query-client';

/** The type filter of the location list: all, club or yacht. */
export type VenueTypeFilter = (typeof VENUE_TYPE_FILTERS)[number];

/** A place to list venues for: a city name ('Miami') and its full state name ('Florida'). */
export interface VenueLocation {
  city: string;
  state: string;
}

export interface VenuesByLocationArgs extends VenueLocation {
  type: VenueTypeFilter;
}

/** GET /api/venues/{city}/{state}/{type}: approved, active venues of a city, of a type. */
export function getVenuesByLocation({ city, state, type }: VenuesByLocationArgs, signal?: AbortSignal) {
  return callApi(api.venues.byLocation, { params: { city, state, type } }, { signal });
}

/** Venue lists are the exception to the fetching rules: 3 retries, never cached (spec doc 1 §9, doc 2 §9). */
export function getVenuesByLocationQueryOptions({ city, state, type }: VenuesByLocationArgs) {
  return queryOptions({
    queryKey: ['venues', 'by-location', city.toLowerCase(), state.toLowerCase(), type] as const,
    queryFn: ({ signal }) => getVenuesByLocation({ city, state, type }, signal),
    ...venueListQueryDefaults,
  });
}

export function useVenuesByLocation(args: VenuesByLocationArgs) {
  return useQuery(getVenuesByLocationQueryOptions(args));
}
