import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type JoinRequest } from '@luxe/contracts';
import { callApi } from '../../../lib/api-client';
import { joinRequestKeys } from './keys';

/** The host's answer to a pending request. */
export type JoinRequestDecision = 'approve' | 'decline';

/** POST /api/event-join-requests/{id}/approve or /decline (the event's host only). */
export function decideJoinRequest(id: string, decision: JoinRequestDecision): Promise<JoinRequest> {
  return callApi(decision === 'approve' ? api.joinRequests.approve : api.joinRequests.decline, { params: { id } });
}

/**
 * Approve or decline one request of `bookingId`'s event. Whatever the outcome (a 409 means someone
 * already answered it), the event's requests are read again.
 */
export function useDecideJoinRequest(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: JoinRequestDecision }) => decideJoinRequest(id, decision),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: joinRequestKeys.ofBooking(bookingId) }),
        queryClient.invalidateQueries({ queryKey: joinRequestKeys.pendingCounts }),
        // An approval counts against the guest limit (or joins the waitlist).
        queryClient.invalidateQueries({ queryKey: joinRequestKeys.guestList(bookingId) }),
      ]),
  });
}
