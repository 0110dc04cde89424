import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type AvailableEvent } from '@luxe/contracts';
import { callApi } from '../../../lib/api-client';
import type { VenueLocation } from './venues';

/** GET /api/available-events?city=&state=: other hosts' upcoming events in a city the member may ask to join, soonest first. */
export function getAvailableEvents({ city, state }: VenueLocation, signal?: AbortSignal): Promise<AvailableEvent[]> {
  return callApi(api.discovery.availableEvents, { query: { city, state } }, { signal });
}

/** Keyed by the place; `queryKey.slice(0, 1)` covers every place (what a join request or a block invalidates). */
export function getAvailableEventsQueryOptions({ city, state }: VenueLocation) {
  return queryOptions({
    queryKey: ['available-events', city.toLowerCase(), state.toLowerCase()] as const,
    queryFn: ({ signal }) => getAvailableEvents({ city, state }, signal),
  });
}

export function useAvailableEvents(location: VenueLocation) {
  return useQuery(getAvailableEventsQueryOptions(location));
}
