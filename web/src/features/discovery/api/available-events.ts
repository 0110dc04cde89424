import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, PAGE_LIMITS, type AvailableEvent } from '@luxe/contracts';
import { callApi } from '../../../lib/api-client';
import type { VenueLocation } from './venues';

/**
 * GET /api/available-events?city=&state=: other hosts' upcoming events in a city the member may ask
 * to join, soonest first. One page of the largest size: the deck shows one event at a time and its
 * member swipes through them (as many as the list held before it was paged).
 */
export function getAvailableEvents({ city, state }: VenueLocation, signal?: AbortSignal): Promise<AvailableEvent[]> {
  return callApi(api.discovery.availableEvents, { query: { city, state, limit: PAGE_LIMITS.max } }, { signal });
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
