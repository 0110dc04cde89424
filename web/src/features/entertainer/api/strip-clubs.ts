import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Venue } from '@luxe/contracts';
import { callApi } from '../../../lib/api-client';
import { venueListQueryDefaults } from '../../../lib/query-client';

/** Only strip clubs take entertainers (club venues of subtype strip_club). */
export function isStripClub(venue: Venue): boolean {
  return venue.type === 'club' && venue.subtype === 'strip_club';
}

/** GET /api/venues?type=club (every approved, active club), kept to the approved strip clubs. */
export async function getStripClubs(signal?: AbortSignal): Promise<Venue[]> {
  const venues = await callApi(api.venues.list, { query: { type: 'club' } }, { signal });
  return venues.filter((v) => isStripClub(v) && v.approvalStatus === 'approved');
}

/** A venue list: the exception to the fetching rules (3 retries, never cached). */
export function getStripClubsQueryOptions() {
  return queryOptions({
    queryKey: ['venues', 'strip-clubs'] as const,
    queryFn: ({ signal }) => getStripClubs(signal),
    ...venueListQueryDefaults,
  });
}

export function useStripClubs() {
  return useQuery(getStripClubsQueryOptions());
}

/** Venues whose name, city or state contains the search (any case); all of them for an empty search. */
export function searchVenues(venues: readonly Venue[], search: string): Venue[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [...venues];
  return venues.filter((v) => [v.name, v.city, v.state].some((field) => field.toLowerCase().includes(needle)));
}
