import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type OwnerBooking } from '@luxe/contracts';
import { callApi } from '../../../lib/api-client';

/** GET /api/venue-owner-bookings: bookings at the signed-in owner's venues (the owner's view). */
export function getOwnerBookings(signal?: AbortSignal): Promise<OwnerBooking[]> {
  return callApi(api.bookings.atMyVenues, {}, { signal });
}

export function getOwnerBookingsQueryOptions() {
  return queryOptions({ queryKey: ['bookings', 'at-my-venues'] as const, queryFn: ({ signal }) => getOwnerBookings(signal) });
}

export function useOwnerBookings() {
  return useQuery(getOwnerBookingsQueryOptions());
}
