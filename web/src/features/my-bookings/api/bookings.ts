import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Booking } from '@luxe/contracts';
import { callApi } from '../../../lib/api-client';

/** GET /api/bookings/user: the signed-in member's bookings (held, confirmed, cancelled, completed). */
export function getMyBookings(signal?: AbortSignal): Promise<Booking[]> {
  return callApi(api.bookings.mine, {}, { signal });
}

/** The key carries the user id (docs/product.md#conventions-server), so another account never sees a cached list. */
export function getMyBookingsQueryOptions(userId: string) {
  return queryOptions({ queryKey: ['bookings', 'user', userId] as const, queryFn: ({ signal }) => getMyBookings(signal) });
}

export function useMyBookings(userId: string) {
  return useQuery(getMyBookingsQueryOptions(userId));
}

/** GET /api/bookings/host: the signed-in host's confirmed bookings. */
export function getHostedBookings(signal?: AbortSignal): Promise<Booking[]> {
  return callApi(api.bookings.hosted, {}, { signal });
}

export function getHostedBookingsQueryOptions(userId: string) {
  return queryOptions({ queryKey: ['bookings', 'host', userId] as const, queryFn: ({ signal }) => getHostedBookings(signal) });
}

export function useHostedBookings(userId: string) {
  return useQuery(getHostedBookingsQueryOptions(userId));
}
