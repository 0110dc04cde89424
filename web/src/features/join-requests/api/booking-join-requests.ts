import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type JoinRequest, type PendingJoinRequests } from '@luxe/contracts';
import { callApi } from '../../../lib/api-client';
import { joinRequestKeys } from './keys';

/** GET /api/event-join-requests?bookingId=: the requests to join one event (its host only). */
export function getBookingJoinRequests(bookingId: string, signal?: AbortSignal): Promise<JoinRequest[]> {
  return callApi(api.joinRequests.ofBooking, { query: { bookingId } }, { signal });
}

export function getBookingJoinRequestsQueryOptions(bookingId: string) {
  return queryOptions({
    queryKey: joinRequestKeys.ofBooking(bookingId),
    queryFn: ({ signal }) => getBookingJoinRequests(bookingId, signal),
  });
}

/** `refetchEvery`: read again every so many ms (while a promotion from the waitlist is owed), or not. */
export function useBookingJoinRequests(bookingId: string, refetchEvery: number | false = false) {
  return useQuery({ ...getBookingJoinRequestsQueryOptions(bookingId), refetchInterval: refetchEvery });
}

/**
 * GET /api/event-join-requests/pending-counts: the host's events with requests waiting for him
 * (docs/product.md#dashboard-my-bookings).
 */
export function usePendingJoinRequestCounts() {
  return useQuery({
    queryKey: joinRequestKeys.pendingCounts,
    queryFn: ({ signal }): Promise<PendingJoinRequests[]> => callApi(api.joinRequests.pendingCounts, {}, { signal }),
  });
}
