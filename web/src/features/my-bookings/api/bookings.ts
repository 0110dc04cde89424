import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Booking } from '@luxe/contracts';
import { BOOKINGS_KEY } from '../../../api/query-keys';
import { callApi } from '../../../lib/api-client';

/**
 * The member's booking lists, under BOOKINGS_KEY (a booking made or cancelled makes them stale). The
 * key carries the user id (docs/product.md#conventions-server), so another account never sees a cached list.
 */
export const myBookingKeys = {
  mine: (userId: string) => [...BOOKINGS_KEY, 'user', userId] as const,
  hosted: (userId: string) => [...BOOKINGS_KEY, 'host', userId] as const,
};

/** GET /api/bookings/user: the signed-in member's bookings (held, confirmed, cancelled, completed). */
export function getMyBookings(signal?: AbortSignal): Promise<Booking[]> {
  return callApi(api.bookings.mine, {}, { signal });
}

export function getMyBookingsQueryOptions(userId: string) {
  return queryOptions({ queryKey: myBookingKeys.mine(userId), queryFn: ({ signal }) => getMyBookings(signal) });
}

export function useMyBookings(userId: string) {
  return useQuery(getMyBookingsQueryOptions(userId));
}

/** GET /api/bookings/host: the signed-in host's confirmed bookings. */
export function getHostedBookings(signal?: AbortSignal): Promise<Booking[]> {
  return callApi(api.bookings.hosted, {}, { signal });
}

export function getHostedBookingsQueryOptions(userId: string) {
  return queryOptions({ queryKey: myBookingKeys.hosted(userId), queryFn: ({ signal }) => getHostedBookings(signal) });
}

export function useHostedBookings(userId: string) {
  return useQuery(getHostedBookingsQueryOptions(userId));
}
