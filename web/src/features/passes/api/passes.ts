import { useMutation, useQuery } from '@tanstack/react-query';
import { api, type CheckIn, type CheckInInput, type Pass, type PassView } from '@luxe/contracts';
import { ApiError, callApi } from '../../../lib/api-client';

/** GET /api/bookings/{id}/pass: the signed-in attendee's own pass for a booking. */
export function useMyPass(bookingId: string) {
  return useQuery({ queryKey: ['passes', 'mine', bookingId] as const, queryFn: ({ signal }): Promise<Pass> => callApi(api.passes.mine, { params: { id: bookingId } }, { signal }), retry: false });
}

/** GET /api/friends/invite/{token}/pass: the pass of the friend an invite link is for (404 when he has none). */
export function useFriendPass(inviteToken: string) {
  return useQuery({ queryKey: ['passes', 'friend', inviteToken] as const, queryFn: ({ signal }): Promise<Pass> => callApi(api.passes.friend, { params: { token: inviteToken } }, { signal }), retry: false });
}

/** GET /api/passes/{token}: what the pass page shows. */
export function usePassView(token: string) {
  return useQuery({ queryKey: ['passes', 'view', token] as const, queryFn: ({ signal }): Promise<PassView> => callApi(api.passes.view, { params: { token } }, { signal }), retry: false });
}

/** POST /api/door/check-in. */
export function useCheckIn() {
  return useMutation({ mutationFn: (body: CheckInInput): Promise<CheckIn> => callApi(api.passes.checkIn, { body }) });
}

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;
