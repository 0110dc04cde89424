import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type OwnerBooking, type OwnerBookingsQuery } from '@luxe/contracts';
import { BOOKINGS_KEY } from '../../../api/query-keys';
import { callApi } from '../../../lib/api-client';

/**
 * GET /api/venue-owner-bookings: bookings at the signed-in owner's venues (the owner's view), filtered
 * by the server (?from=&to=&venueId=): the server decides what the owner sees.
 */
export function getOwnerBookings(filter: OwnerBookingsQuery = {}, signal?: AbortSignal): Promise<OwnerBooking[]> {
  const query = Object.fromEntries(Object.entries(filter).filter(([, v]) => v)) as OwnerBookingsQuery;
  return callApi(api.bookings.atMyVenues, { query }, { signal });
}

export function getOwnerBookingsQueryOptions(filter: OwnerBookingsQuery = {}) {
  return queryOptions({
    queryKey: [...BOOKINGS_KEY, 'at-my-venues', filter.from ?? '', filter.to ?? '', filter.venueId ?? ''] as const,
    queryFn: ({ signal }) => getOwnerBookings(filter, signal),
  });
}

export function useOwnerBookings(filter: OwnerBookingsQuery = {}) {
  // The list stays on screen while a changed filter loads.
  return useQuery({ ...getOwnerBookingsQueryOptions(filter), placeholderData: keepPreviousData });
}
