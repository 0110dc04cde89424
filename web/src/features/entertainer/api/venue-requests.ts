import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type EntertainerRequest } from '@luxe/contracts';
import { callApi } from '../../../lib/api-client';

/** GET /api/entertainer/venue-requests: the signed-in entertainer's requests to join venues, newest first. */
export function getMyVenueRequests(signal?: AbortSignal): Promise<EntertainerRequest[]> {
  return callApi(api.entertainers.myRequests, {}, { signal });
}

export function getMyVenueRequestsQueryOptions() {
  return queryOptions({
    queryKey: ['entertainer', 'venue-requests'] as const,
    queryFn: ({ signal }) => getMyVenueRequests(signal),
  });
}

export function useMyVenueRequests() {
  return useQuery(getMyVenueRequestsQueryOptions());
}

/** POST /api/entertainer/venue-requests {venueId}: ask to join a strip club; the list is read again. */
export function requestVenue(venueId: string): Promise<EntertainerRequest> {
  return callApi(api.entertainers.requestVenue, { body: { venueId } });
}

export function useRequestVenue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestVenue,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getMyVenueRequestsQueryOptions().queryKey }),
  });
}
