import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@luxe/contracts';
import { callApi } from '../../../lib/api-client';

/** GET /api/entertainer/venue-requests: the signed-in entertainer's requests to join venues, newest first. */
const myRequestsQuery = queryOptions({
  queryKey: ['entertainer', 'venue-requests'] as const,
  queryFn: ({ signal }) => callApi(api.entertainers.myRequests, {}, { signal }),
});

export function useMyVenueRequests() {
  return useQuery(myRequestsQuery);
}

/** POST /api/entertainer/venue-requests {venueId}: ask to join a strip club; the list is read again. */
export function useRequestVenue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (venueId: string) => callApi(api.entertainers.requestVenue, { body: { venueId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myRequestsQuery.queryKey }),
  });
}
