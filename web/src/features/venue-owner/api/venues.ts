import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type Venue, type VenueInput } from '@luxe/contracts';
import { callApi } from '../../../lib/api-client';

/** GET /api/my-venues: the signed-in owner's venues, whatever their approval status. */
export function getMyVenues(): Promise<Venue[]> {
  return callApi(api.venues.mine, {});
}

export function getMyVenuesQueryOptions() {
  return queryOptions({ queryKey: ['venues', 'mine'] as const, queryFn: getMyVenues });
}

export function useMyVenues() {
  return useQuery(getMyVenuesQueryOptions());
}

/** After a venue changes, the owner's list is read again. */
function useInvalidateMyVenues() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: getMyVenuesQueryOptions().queryKey });
}

/** POST /api/venues (the owner is the session's user: no userId is sent). */
export function useCreateVenue() {
  const invalidate = useInvalidateMyVenues();
  return useMutation({
    mutationFn: (body: VenueInput) => callApi(api.venues.create, { body }),
    onSuccess: invalidate,
  });
}

/** PUT /api/venues/{id}. */
export function useUpdateVenue() {
  const invalidate = useInvalidateMyVenues();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: VenueInput }) =>
      callApi(api.venues.update, { params: { id }, body }),
    onSuccess: invalidate,
  });
}

/** DELETE /api/venues/{id}. */
export function useDeleteVenue() {
  const invalidate = useInvalidateMyVenues();
  return useMutation({
    mutationFn: (id: string) => callApi(api.venues.remove, { params: { id } }),
    onSuccess: invalidate,
  });
}
