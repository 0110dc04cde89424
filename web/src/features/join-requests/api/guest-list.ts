import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type GuestList, type JoinRequest } from '@luxe/contracts';
import { callApi } from '../../../lib/api-client';
import { joinRequestKeys } from './keys';

/** GET /api/bookings/{id}/guest-list: limit, capacity, approved guests and the waitlist in order. */
export function getGuestList(bookingId: string, signal?: AbortSignal): Promise<GuestList> {
  return callApi(api.guestList.get, { params: { id: bookingId } }, { signal });
}

export function getGuestListQueryOptions(bookingId: string) {
  return queryOptions({
    queryKey: joinRequestKeys.guestList(bookingId),
    queryFn: ({ signal }) => getGuestList(bookingId, signal),
  });
}

/** True while the server owes a promotion: someone waits and a place is free (a guest just left or was removed). */
export function promotionPending(list: GuestList | undefined): boolean {
  return !!list && list.waitlistCount > 0 && (list.guestLimit === null || list.approvedCount < list.guestLimit);
}

/** How often the lists are read again while a promotion is owed (it follows the departure's event). */
export const PROMOTION_POLL_MS = 1500;

export function useGuestList(bookingId: string) {
  return useQuery({
    ...getGuestListQueryOptions(bookingId),
    refetchInterval: (query) => (promotionPending(query.state.data) ? PROMOTION_POLL_MS : false),
  });
}

/** After any change, the event's requests and its guest list are read again (a promotion may follow). */
function useRefreshGuestList(bookingId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: joinRequestKeys.ofBooking(bookingId) }),
      queryClient.invalidateQueries({ queryKey: joinRequestKeys.guestList(bookingId) }),
    ]);
}

/** PUT /api/bookings/{id}/guest-limit: a whole number ≥ 1, or null to remove the limit. */
export function useSetGuestLimit(bookingId: string) {
  const refresh = useRefreshGuestList(bookingId);
  return useMutation({
    mutationFn: (guestLimit: number | null): Promise<GuestList> =>
      callApi(api.guestList.setLimit, { params: { id: bookingId }, body: { guestLimit } }),
    onSettled: refresh,
  });
}

/** POST /api/event-join-requests/{id}/remove: the host removes an approved or waitlisted guest. */
export function useRemoveGuest(bookingId: string) {
  const refresh = useRefreshGuestList(bookingId);
  return useMutation({
    mutationFn: (id: string): Promise<JoinRequest> => callApi(api.guestList.remove, { params: { id } }),
    onSettled: refresh,
  });
}

/** POST /api/event-join-requests/{id}/leave: the guest leaves an event (or its waitlist); his requests are read again. */
export function useLeaveEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string): Promise<JoinRequest> => callApi(api.guestList.leave, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: joinRequestKeys.guests }),
  });
}
