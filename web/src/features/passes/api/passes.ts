import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  api,
  type CheckIn,
  type CheckInInput,
  type DoorStaff,
  type DoorVenue,
  type Pass,
  type PassView,
} from '@luxe/contracts';
import { ApiError, callApi } from '../../../lib/api-client';

/** The passes feature's query keys, the one place they are spelt (reads and invalidations). */
export const passKeys = {
  mine: (bookingId: string) => ['passes', 'mine', bookingId] as const,
  friend: (inviteToken: string) => ['passes', 'friend', inviteToken] as const,
  view: (token: string) => ['passes', 'view', token] as const,
  doorVenues: ['door', 'venues'] as const,
  doorStaff: (venueId: string) => ['door', 'staff', venueId] as const,
};

/** GET /api/bookings/{id}/pass: the signed-in attendee's own pass for a booking. */
export function useMyPass(bookingId: string) {
  return useQuery({
    queryKey: passKeys.mine(bookingId),
    queryFn: ({ signal }): Promise<Pass> => callApi(api.passes.mine, { params: { id: bookingId } }, { signal }),
    retry: false,
  });
}

/** GET /api/friends/invite/{token}/pass: the pass of the friend an invite link is for (404 when he has none). */
export function useFriendPass(inviteToken: string) {
  return useQuery({
    queryKey: passKeys.friend(inviteToken),
    queryFn: ({ signal }): Promise<Pass> => callApi(api.passes.friend, { params: { token: inviteToken } }, { signal }),
    retry: false,
  });
}

/** GET /api/passes/{token}: what the pass page shows. */
export function usePassView(token: string) {
  return useQuery({
    queryKey: passKeys.view(token),
    queryFn: ({ signal }): Promise<PassView> => callApi(api.passes.view, { params: { token } }, { signal }),
    retry: false,
  });
}

/** POST /api/door/check-in. */
export function useCheckIn() {
  return useMutation({ mutationFn: (body: CheckInInput): Promise<CheckIn> => callApi(api.passes.checkIn, { body }) });
}

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** GET /api/door/venues: where the signed-in member may check guests in (owned, or as door staff). */
export function useDoorVenues() {
  return useQuery({
    queryKey: passKeys.doorVenues,
    queryFn: ({ signal }): Promise<DoorVenue[]> => callApi(api.passes.doorVenues, {}, { signal }),
  });
}

/** GET /api/door/venues/{id}/staff: the owner's door staff of a venue. */
export function useDoorStaff(venueId: string) {
  return useQuery({
    queryKey: passKeys.doorStaff(venueId),
    queryFn: ({ signal }): Promise<DoorStaff[]> =>
      callApi(api.passes.doorStaff, { params: { id: venueId } }, { signal }),
  });
}

/** POST /api/door/venues/{id}/staff, then the list is read again. */
export function useAddDoorStaff(venueId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string): Promise<DoorStaff> =>
      callApi(api.passes.addDoorStaff, { params: { id: venueId }, body: { email } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passKeys.doorStaff(venueId) }),
  });
}

/** DELETE /api/door/venues/{id}/staff/{userId}, then the list is read again. */
export function useRemoveDoorStaff(venueId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string): Promise<unknown> =>
      callApi(api.passes.removeDoorStaff, { params: { id: venueId, userId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passKeys.doorStaff(venueId) }),
  });
}
