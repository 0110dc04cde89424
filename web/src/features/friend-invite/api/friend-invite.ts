import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@luxe/contracts';
import { ApiError, callApi } from '../../../lib/api-client';

/** GET /api/friends/invite/{token}: the invited friend's name and picture (public). */
export function getFriendInvite(token: string, signal?: AbortSignal) {
  return callApi(api.friends.invite, { params: { token } }, { signal });
}

export function getFriendInviteQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['friends', 'invite', token] as const,
    queryFn: ({ signal }) => getFriendInvite(token, signal),
  });
}

export function useFriendInvite(token: string) {
  return useQuery(getFriendInviteQueryOptions(token));
}

/**
 * An invite that does not exist: 404, or a token the server refuses as malformed (400), which
 * can only be a broken link.
 */
export function isInviteNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

/** PATCH /api/friends/claim/{token}: the friend's picture as a data URL; the answer replaces the invite. */
export function useClaimFriendInvite(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profilePicture: string) => callApi(api.friends.claim, { params: { token }, body: { profilePicture } }),
    onSuccess: (invite) => queryClient.setQueryData(getFriendInviteQueryOptions(token).queryKey, invite),
  });
}
