import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type JoinRequest, type PendingJoinRequests } from '@luxe/contracts';
import { callApi } from '../../../lib/api-client';

/** GET /api/event-join-requests?bookingId=: the requests to join one event (its host only). */
export function getBookingJoinRequests(bookingId: string, signal?: AbortSignal): Promise<JoinRequest[]> {
  return callApi(api.joinRequests.ofBooking, { query: { bookingId } }, { signal });
}

export function getBookingJoinRequestsQueryOptions(bookingId: string) {
  return queryOptions({
    queryKey: ['event-join-requests', 'booking', bookingId] as const,
    queryFn: ({ signal }) => getBookingJoinRequests(bookingId, signal),
  });
}

/** `refetchEvery`: read again every so many ms (while a promotion from the waitlist is owed), or not. */
export function useBookingJoinRequests(bookingId: string, refetchEvery: number | false = false) {
  return useQuery({ ...getBookingJoinRequestsQueryOptions(bookingId), refetchInterval: refetchEvery });
}

/** GET /api/event-join-requests/pending-counts: the host's events with requests waiting for him (issue 31.2.15). */
export const PENDING_COUNTS_KEY = ['event-join-requests', 'pending-counts'] as const;
export function usePendingJoinRequestCounts() {
  return useQuery({ queryKey: PENDING_COUNTS_KEY, queryFn: ({ signal }): Promise<PendingJoinRequests[]> => callApi(api.joinRequests.pendingCounts, {}, { signal }) });
}
