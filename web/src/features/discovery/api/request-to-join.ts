import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type JoinRequest } from '@luxe/contracts';
import { JOIN_REQUESTS_KEY } from '../../../api/query-keys';
import { callApi } from '../../../lib/api-client';
import { DEFAULT_VENUE_LOCATION } from '../location';
import { getAvailableEventsQueryOptions } from './available-events';

/** POST /api/event-join-requests: the guest is the session's user, the host comes from the booking. */
export function requestToJoin(bookingId: string, message: string): Promise<JoinRequest> {
  const trimmed = message.trim();
  return callApi(api.joinRequests.create, { body: { bookingId, message: trimmed ? trimmed : null } });
}

/**
 * Asks to join an event. Once sent, the available events (of every place) are read again: the
 * server leaves out the events the member has asked to join, so the event leaves the deck. The
 * guest's own requests (home: Pending Requests) live under the same path's key and are re-read too.
 */
export function useRequestToJoin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bookingId, message }: { bookingId: string; message: string }) => requestToJoin(bookingId, message),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({
          queryKey: getAvailableEventsQueryOptions(DEFAULT_VENUE_LOCATION).queryKey.slice(0, 1),
        }),
        queryClient.invalidateQueries({ queryKey: JOIN_REQUESTS_KEY }),
      ]),
  });
}
